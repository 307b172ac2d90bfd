/** The calling app, as the `app` query and a Shopify Function's `app` show it. */
import { gid } from "../../state";
import type { GraphqlContext, View } from "../context";

/** The calling app (the `app` query, and a function's `app`). */
export function appView(ctx: GraphqlContext): View {
  const { shop } = ctx;
  const scopeList = (text: string) =>
    text
      .split(",")
      .map((h) => h.trim())
      .filter(Boolean)
      .map((handle) => ({ handle, description: handle }));
  return {
    __typename: "App",
    id: gid("App", ctx.appId),
    title: "Print Connect",
    apiKey: ctx.apiKey ?? "",
    handle: "print-connect",
    requestedAccessScopes: scopeList(ctx.requestedScopes ?? [...ctx.scopes].join(",")),
    optionalAccessScopes: [],
    installation: {
      __typename: "AppInstallation",
      id: gid("AppInstallation", shop.id),
      accessScopes: [...ctx.scopes].map((handle) => ({ handle, description: handle })),
    },
  };
}
