/**
 * POST /admin/oauth/access_token: token exchange (session token to offline or
 * online token), migration of a non-expiring offline token, and refresh.
 */
import { verifySessionToken } from "../session-token";
import type { FakeServerState } from "./context";
import type { RequestLogEntry } from "./records";
import { HttpReply } from "./reply";

const TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";
const ID_TOKEN = "urn:ietf:params:oauth:token-type:id_token";
const OFFLINE = "urn:shopify:params:oauth:token-type:offline-access-token";
const ONLINE = "urn:shopify:params:oauth:token-type:online-access-token";

export function handleAccessToken(
  fake: FakeServerState,
  shopDomain: string,
  params: Record<string, unknown>,
  entry: RequestLogEntry,
): HttpReply {
  const grantType = String(params.grant_type ?? "");
  entry.grantType = grantType;
  const shop = fake.state.shop(shopDomain);
  if (!shop) return new HttpReply(404, { errors: "Not Found" });
  if (params.client_id !== fake.options.apiKey || params.client_secret !== fake.options.apiSecret) {
    return new HttpReply(401, {
      error: "invalid_client",
      error_description:
        "Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.",
    });
  }
  const expiring = params.expiring === "1" || params.expiring === 1 || params.expiring === true;
  const offlineResponse = (withRefresh: boolean, predecessor: string | null = null) => {
    const { access, refresh } = fake.state.issueAccessToken({
      shop: shop.domain,
      mode: "offline",
      ttlSeconds: withRefresh ? fake.accessTtl : null,
      withRefresh: withRefresh ? { ttlSeconds: fake.refreshTtl, predecessor } : undefined,
    });
    return new HttpReply(200, {
      access_token: access.token,
      scope: access.scope,
      ...(refresh
        ? {
            expires_in: fake.accessTtl,
            refresh_token: refresh.token,
            refresh_token_expires_in: fake.refreshTtl,
          }
        : {}),
    });
  };
  const invalidSubject = () =>
    new HttpReply(400, {
      error: "invalid_subject_token",
      error_description: "Token exchange cannot be performed due to an invalid subject token.",
    });

  if (grantType === TOKEN_EXCHANGE) {
    const subjectToken = typeof params.subject_token === "string" ? params.subject_token : "";
    const subjectType = String(params.subject_token_type ?? "");
    const requested = String(params.requested_token_type ?? "");
    entry.requestedTokenType = requested;
    if (requested !== OFFLINE && requested !== ONLINE) {
      return new HttpReply(400, {
        error: "invalid_request",
        error_description: "The requested token type is not supported.",
      });
    }
    if (subjectType === OFFLINE) {
      // Migration of a non-expiring offline token to an expiring one.
      const old = fake.state.validAccessToken(subjectToken, shop.domain);
      if (!old || old.mode !== "offline" || old.expiresAt !== null || requested !== OFFLINE)
        return invalidSubject();
      old.revoked = true;
      return offlineResponse(true);
    }
    if (subjectType !== ID_TOKEN) {
      return new HttpReply(400, {
        error: "invalid_request",
        error_description: "The subject token type is not supported.",
      });
    }
    const check = verifySessionToken(subjectToken, {
      apiKey: fake.options.apiKey,
      apiSecret: fake.options.apiSecret,
      shop: shop.domain,
      now: fake.clock.now(),
    });
    if (!check.ok) return invalidSubject();
    if (requested === OFFLINE) return offlineResponse(expiring);
    const userId = check.payload.sub ?? "1";
    const { access } = fake.state.issueAccessToken({
      shop: shop.domain,
      mode: "online",
      userId,
      ttlSeconds: fake.onlineTtl,
    });
    return new HttpReply(200, {
      access_token: access.token,
      scope: access.scope,
      expires_in: fake.onlineTtl,
      associated_user_scope: access.scope,
      session: check.payload.sid,
      account_number: 0,
      associated_user: {
        id: Number(userId),
        first_name: "Demo",
        last_name: `Staff ${userId}`,
        email: `staff${userId}@${shop.domain.replace(/\.myshopify\.com$/, "")}.example`,
        account_owner: userId === "1",
        locale: "en",
        collaborator: false,
        email_verified: true,
      },
    });
  }

  if (grantType === "refresh_token") {
    const token = typeof params.refresh_token === "string" ? params.refresh_token : "";
    const record = fake.state.refreshTokens.get(token);
    if (
      !record ||
      record.shop !== shop.domain ||
      record.retired ||
      record.expiresAt <= fake.clock.now()
    ) {
      return new HttpReply(400, {
        error: "invalid_grant",
        error_description: "The refresh token is invalid, expired or revoked.",
      });
    }
    // Using a refresh token retires its predecessor; the access tokens of the grant are rotated.
    if (record.predecessor) {
      const prev = fake.state.refreshTokens.get(record.predecessor);
      if (prev) prev.retired = true;
    }
    fake.state.revokeTokens(shop.domain, (t) => t.mode === "offline" && t.refreshToken !== null);
    return offlineResponse(true, record.token);
  }

  if (grantType === "authorization_code" || grantType === "client_credentials") {
    return new HttpReply(400, {
      error: "unsupported_grant_type",
      error_description: `The fake does not support ${grantType}.`,
    });
  }
  return new HttpReply(400, {
    error: "invalid_request",
    error_description: "The grant type is missing or not supported.",
  });
}
