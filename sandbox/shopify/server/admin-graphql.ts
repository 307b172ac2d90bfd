/** POST /admin/api/<version>/graphql.json: check the token, run the request, log what it did. */
import type http from "node:http";
import { runAdminGraphql, type GraphqlContext } from "../graphql";
import type { InjectedUserErrors } from "../graphql/context";
import type { FakeServerState } from "./context";
import type { RequestLogEntry } from "./records";
import { DEFAULT_APP_ID, DEFAULT_SCOPES } from "./options";
import { HttpReply } from "./reply";
import { onApiChange } from "./webhook-delivery";

const INVALID_TOKEN_BODY = {
  errors: "[API] Invalid API key or access token (unrecognized login or wrong password)",
};

export function handleGraphql(
  fake: FakeServerState,
  shopDomain: string,
  req: http.IncomingMessage,
  params: Record<string, unknown>,
  entry: RequestLogEntry,
  injectedUserErrors?: InjectedUserErrors,
): HttpReply {
  const shop = fake.state.shop(shopDomain);
  if (!shop) return new HttpReply(404, { errors: "Not Found" });
  const tokenHeader = req.headers["x-shopify-access-token"];
  const token = fake.state.validAccessToken(
    typeof tokenHeader === "string" ? tokenHeader : undefined,
    shop.domain,
  );
  if (!token || !shop.installed) return new HttpReply(401, INVALID_TOKEN_BODY);
  if (typeof params.query !== "string" || !params.query.trim()) {
    return new HttpReply(400, { errors: { query: "Required parameter missing or invalid" } });
  }
  const ctx: GraphqlContext = {
    state: fake.state,
    shop,
    scopes: new Set(token.scope.split(",").map((s) => s.trim())),
    appId: fake.options.appId ?? DEFAULT_APP_ID,
    onChange: (change) => onApiChange(fake, change),
    assetOrigin: fake.appUrl,
    fileOrigin: fake.url,
    track: (work) => {
      fake.mediaWork.add(work);
      void work.finally(() => fake.mediaWork.delete(work));
    },
    apiKey: fake.options.apiKey,
    requestedScopes: fake.options.scopes ?? DEFAULT_SCOPES,
    injectedUserErrors,
  };
  const out = runAdminGraphql(ctx, params, fake.limiter, {
    rejectDeprecated: fake.options.rejectDeprecated ?? false,
  });
  if (out.deprecations.length) entry.deprecations = out.deprecations;
  entry.operationName = out.operationName;
  entry.operationType = out.operationType;
  entry.rootFields = out.rootFields;
  entry.variables = params.variables;
  entry.query = params.query;
  entry.cost = out.requestedCost;
  if (out.body.errors?.length) entry.errors = out.body.errors.map((e) => e.message);
  if (out.internalErrors.length)
    entry.errors = [
      ...(entry.errors ?? []),
      ...out.internalErrors.map((e) => `internal: ${e.stack ?? e.message}`),
    ];
  const data = out.body.data as
    Record<string, { userErrors?: unknown[] } | null> | null | undefined;
  if (out.operationType === "mutation" && data) {
    const userErrors = Object.values(data).flatMap((v) => v?.userErrors ?? []);
    if (userErrors.length) entry.userErrors = userErrors;
  }
  // As Shopify does from 2025-04: the deprecations used, by name.
  const headers: Record<string, string> = out.deprecations.length
    ? { "X-Shopify-API-Deprecated-Reason": out.deprecations.join(", ") }
    : {};
  return new HttpReply(200, out.body, headers);
}
