/** Access and refresh tokens: issue, check and revoke. */
import { randomBytes } from "node:crypto";
import type { AccessTokenRecord, RefreshTokenRecord } from "./records";
import type { FakeStore } from "./store";

export interface IssueAccessTokenParams {
  shop: string;
  mode: "offline" | "online";
  userId?: string | null;
  ttlSeconds?: number | null;
  withRefresh?: { ttlSeconds: number; predecessor?: string | null };
}

export function issueAccessToken(
  store: FakeStore,
  params: IssueAccessTokenParams,
): { access: AccessTokenRecord; refresh: RefreshTokenRecord | null } {
  const now = store.now();
  const token = `shpua_${randomBytes(16).toString("hex")}`;
  const refreshToken = params.withRefresh ? `shprt_${randomBytes(16).toString("hex")}` : null;
  const access: AccessTokenRecord = {
    token,
    shop: params.shop,
    mode: params.mode,
    userId: params.userId ?? null,
    scope: store.scopesFor(params.shop),
    issuedAt: now,
    expiresAt: params.ttlSeconds ? now + params.ttlSeconds * 1000 : null,
    revoked: false,
    refreshToken,
  };
  store.accessTokens.set(token, access);
  let refresh: RefreshTokenRecord | null = null;
  if (refreshToken && params.withRefresh) {
    refresh = {
      token: refreshToken,
      shop: params.shop,
      accessToken: token,
      expiresAt: now + params.withRefresh.ttlSeconds * 1000,
      retired: false,
      predecessor: params.withRefresh.predecessor ?? null,
    };
    store.refreshTokens.set(refreshToken, refresh);
  }
  const shop = store.shop(params.shop);
  if (shop) shop.installed = true;
  return { access, refresh };
}

/** The token record if it is usable now for this shop. */
export function validAccessToken(
  store: FakeStore,
  token: string | undefined,
  shop: string,
): AccessTokenRecord | undefined {
  if (!token) return undefined;
  const record = store.accessTokens.get(token);
  if (!record || record.revoked || record.shop !== shop) return undefined;
  if (record.expiresAt !== null && record.expiresAt <= store.now()) return undefined;
  return record;
}

export function revokeTokens(
  store: FakeStore,
  shop: string,
  filter: (t: AccessTokenRecord) => boolean = () => true,
): number {
  let n = 0;
  for (const t of store.accessTokens.values()) {
    if (t.shop === shop && !t.revoked && filter(t)) {
      t.revoked = true;
      n++;
    }
  }
  return n;
}

/** The scopes a shop has granted from now on: its existing tokens carry them at once. */
export function setGrantedScopes(store: FakeStore, shop: string, scopes: string[]): void {
  const joined = scopes.join(",");
  store.grantedScopes.set(shop, joined);
  for (const t of store.accessTokens.values()) if (t.shop === shop) t.scope = joined;
}
