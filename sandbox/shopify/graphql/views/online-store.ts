/**
 * Shopify Functions, validations and themes: the query fields and the views of their records.
 * The app's functions are the same for every shop; validations and themes are the shop's own.
 */
import { createHash } from "node:crypto";
import { GraphQLError } from "graphql";
import {
  gid,
  type ShopifyFunctionRecord,
  type ThemeRecord,
  type ValidationRecord,
} from "../../state";
import { requireAccess } from "../access";
import { idArg, iso, type Args, type GraphqlContext, type View } from "../context";
import { connection, type PagingArgs } from "../paging";
import { appView } from "./app";

/** Connections page over numeric ids; functions have string ids, so they are numbered in order. */
const numbered = <T>(items: T[]) => items.map((item, index) => ({ id: index + 1, item }));

export function shopifyFunctionView(ctx: GraphqlContext, f: ShopifyFunctionRecord): View {
  return {
    __typename: "ShopifyFunction",
    id: f.id,
    handle: f.handle,
    title: f.title,
    description: f.description,
    apiType: f.apiType,
    apiVersion: f.apiVersion,
    app: () => appView(ctx),
    appKey: ctx.apiKey ?? "",
    useCreationUi: false,
  };
}

export function validationView(ctx: GraphqlContext, v: ValidationRecord): View {
  const f = ctx.state.shopifyFunctions.get(v.functionId);
  if (!f) throw new GraphQLError("Internal error: the validation's function is gone.");
  return {
    __typename: "Validation",
    id: gid("Validation", v.id),
    title: v.title,
    enabled: v.enabled,
    blockOnFailure: v.blockOnFailure,
    errorHistory: null,
    shopifyFunction: shopifyFunctionView(ctx, f),
  };
}

function themeFileView(filename: string, content: string, createdAt: number, updatedAt: number) {
  return {
    __typename: "OnlineStoreThemeFile",
    filename,
    body: { __typename: "OnlineStoreThemeFileBodyText", content },
    checksumMd5: createHash("md5").update(content).digest("hex"),
    contentType: filename.endsWith(".json") ? "application/json" : "text/plain",
    size: String(Buffer.byteLength(content)),
    createdAt: iso(createdAt),
    updatedAt: iso(updatedAt),
  };
}

export function themeView(t: ThemeRecord): View {
  return {
    __typename: "OnlineStoreTheme",
    id: gid("OnlineStoreTheme", t.id),
    name: t.name,
    prefix: `/t/${t.id}`,
    processing: false,
    processingFailed: false,
    role: t.role,
    themeStoreId: null,
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
    files: (args: Args & PagingArgs) => {
      const asked = (args.filenames as string[] | null | undefined) ?? null;
      const names = asked ?? [...t.files.keys()].sort();
      const found = names.filter((name) => t.files.has(name));
      const view = connection(numbered(found), { ...args, first: args.first ?? 50 }, ({ item }) => {
        const file = t.files.get(item)!;
        return themeFileView(item, file.content, file.createdAt, file.updatedAt);
      });
      // A file asked for by name that the theme lacks is reported, not an error.
      const missing = (asked ?? [])
        .filter((name) => !t.files.has(name))
        .map((filename) => ({ filename, code: "NOT_FOUND" }));
      return { ...view, userErrors: missing };
    },
  };
}

export function onlineStoreQueries(ctx: GraphqlContext): View {
  const { state, shop } = ctx;
  const functions = () => [...state.shopifyFunctions.values()];
  const shopValidations = () =>
    [...state.validations.values()].filter((v) => v.shop === shop.domain);
  const shopThemes = () => [...state.themes.values()].filter((t) => t.shop === shop.domain);
  return {
    shopifyFunction: (args: Args) => {
      const f = state.shopifyFunctions.get(String(args.id));
      return f ? shopifyFunctionView(ctx, f) : null;
    },
    shopifyFunctions: (args: Args & PagingArgs) => {
      const list = functions().filter(
        (f) =>
          (args.apiType == null || f.apiType === args.apiType) &&
          (args.useCreationUi == null || args.useCreationUi === false),
      );
      return connection(numbered(list), args, ({ item }) => shopifyFunctionView(ctx, item));
    },
    validation: (args: Args) => {
      requireAccess(ctx, "validation", "read_validations");
      const v = state.validations.get(idArg(args.id, "Validation") ?? -1);
      return v && v.shop === shop.domain ? validationView(ctx, v) : null;
    },
    validations: (args: Args & PagingArgs) => {
      requireAccess(ctx, "validations", "read_validations");
      return connection(shopValidations(), args, (v) => validationView(ctx, v));
    },
    theme: (args: Args) => {
      requireAccess(ctx, "theme", "read_themes");
      const t = state.themes.get(idArg(args.id, "OnlineStoreTheme") ?? -1);
      return t && t.shop === shop.domain ? themeView(t) : null;
    },
    themes: (args: Args & PagingArgs) => {
      requireAccess(ctx, "themes", "read_themes");
      const roles = (args.roles as string[] | null | undefined) ?? null;
      const names = (args.names as string[] | null | undefined) ?? null;
      const list = shopThemes().filter(
        (t) => (!roles || roles.includes(t.role)) && (!names || names.includes(t.name)),
      );
      return connection(list, args, themeView);
    },
  };
}
