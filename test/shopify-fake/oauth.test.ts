import "@shopify/shopify-api/adapters/node";
import { ApiVersion, LogSeverity, RequestedTokenType, shopifyApi } from "@shopify/shopify-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintSessionToken, signHs256Jwt } from "../../sandbox/shopify";
import {
  API_KEY,
  API_SECRET,
  SHOP,
  startHarness,
  tokenExchange,
  type FakeHarness,
} from "./helpers";

const SHOP_QUERY = "{ shop { name myshopifyDomain currencyCode } }";

describe("OAuth token endpoint", () => {
  let h: FakeHarness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it("exchanges a minted session token for a non-expiring offline token that works on GraphQL", async () => {
    const { status, body } = await tokenExchange({});
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["access_token", "scope"]);
    const res = await h.gql(SHOP_QUERY, {}, { token: String(body.access_token) });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      shop: { name: "Print Connect Demo", myshopifyDomain: SHOP, currencyCode: "EUR" },
    });
  });

  it("issues expiring offline tokens with a refresh token when expiring=1", async () => {
    const { body } = await tokenExchange({ expiring: true });
    expect(body).toMatchObject({ expires_in: 3600, refresh_token_expires_in: 7776000 });
    expect(String(body.refresh_token)).toMatch(/^shprt_/);
  });

  it("issues online tokens with the associated user from the session token", async () => {
    const sessionToken = mintSessionToken({
      apiKey: API_KEY,
      apiSecret: API_SECRET,
      shop: SHOP,
      userId: 42,
    });
    const { status, body } = await tokenExchange({ requested: "online", sessionToken });
    expect(status).toBe(200);
    expect(body).toMatchObject({ expires_in: 86399, associated_user: { id: 42 } });
  });

  it.each([
    [
      "signed with another secret",
      mintSessionToken({ apiKey: API_KEY, apiSecret: "wrong", shop: SHOP }),
    ],
    [
      "for another app",
      mintSessionToken({ apiKey: "other-app", apiSecret: API_SECRET, shop: SHOP }),
    ],
    [
      "for another shop",
      mintSessionToken({ apiKey: API_KEY, apiSecret: API_SECRET, shop: "other.myshopify.com" }),
    ],
    [
      "expired",
      mintSessionToken({
        apiKey: API_KEY,
        apiSecret: API_SECRET,
        shop: SHOP,
        now: Date.now() - 5 * 60_000,
      }),
    ],
    ["not a JWT", "garbage"],
    [
      "with alg none",
      signHs256Jwt({ dest: `https://${SHOP}` }, API_SECRET).replace(
        /^[^.]+/,
        Buffer.from('{"alg":"none"}').toString("base64url"),
      ),
    ],
  ])("refuses a session token %s with 400 invalid_subject_token", async (_name, sessionToken) => {
    const { status, body } = await tokenExchange({ sessionToken });
    expect(status).toBe(400);
    expect(body.error).toBe("invalid_subject_token");
  });

  it("refuses a wrong client secret with 401 invalid_client", async () => {
    const { status, body } = await tokenExchange({ clientSecret: "nope" });
    expect(status).toBe(401);
    expect(body.error).toBe("invalid_client");
  });

  it("rotates tokens on refresh; the old access token then gets Shopify's 401", async () => {
    const first = (await tokenExchange({ expiring: true })).body;
    const refresh = async (refreshToken: unknown) => {
      const res = await fetch(`https://${SHOP}/admin/oauth/access_token`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          client_id: API_KEY,
          client_secret: API_SECRET,
          grant_type: "refresh_token",
          refresh_token: refreshToken,
        }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.access_token).not.toBe(first.access_token);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);

    const old = await h.gql(SHOP_QUERY, {}, { token: String(first.access_token) });
    expect(old.status).toBe(401);
    expect(old.body).toEqual({
      errors: "[API] Invalid API key or access token (unrecognized login or wrong password)",
    });
    expect((await h.gql(SHOP_QUERY, {}, { token: String(second.body.access_token) })).status).toBe(
      200,
    );

    // Using the new refresh token retires the one before it.
    const third = await refresh(second.body.refresh_token);
    expect(third.status).toBe(200);
    const reuse = await refresh(first.refresh_token);
    expect(reuse).toEqual({
      status: 400,
      body: expect.objectContaining({ error: "invalid_grant" }),
    });
  });

  it("expires access tokens after their lifetime (fake clock)", async () => {
    const { body } = await tokenExchange({ expiring: true });
    expect((await h.gql(SHOP_QUERY, {}, { token: String(body.access_token) })).status).toBe(200);
    h.fake.control.advanceClock(3601_000);
    try {
      expect((await h.gql(SHOP_QUERY, {}, { token: String(body.access_token) })).status).toBe(401);
    } finally {
      h.fake.control.advanceClock(-3601_000);
    }
  });

  it("is faithful to @shopify/shopify-api's real tokenExchange, refreshToken and GraphQL client", async () => {
    const shopify = shopifyApi({
      apiKey: API_KEY,
      apiSecretKey: API_SECRET,
      hostName: "print-connect.example.com",
      apiVersion: ApiVersion.July26,
      isEmbeddedApp: true,
      logger: { log: () => undefined, level: LogSeverity.Error },
    });
    const sessionToken = mintSessionToken({ apiKey: API_KEY, apiSecret: API_SECRET, shop: SHOP });

    const { session } = await shopify.auth.tokenExchange({
      shop: SHOP,
      sessionToken,
      requestedTokenType: RequestedTokenType.OfflineAccessToken,
      expiring: true,
    });
    expect(session.id).toBe(`offline_${SHOP}`);
    expect(session.isOnline).toBe(false);
    expect(session.refreshToken).toMatch(/^shprt_/);
    expect(session.expires!.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    expect(session.refreshTokenExpires!.getTime()).toBeGreaterThan(Date.now() + 89 * 86400_000);

    const client = new shopify.clients.Graphql({ session });
    const shop = await client.request<{ shop: { name: string } }>(SHOP_QUERY);
    expect(shop.data?.shop.name).toBe("Print Connect Demo");

    const { session: refreshed } = await shopify.auth.refreshToken({
      shop: SHOP,
      refreshToken: session.refreshToken!,
    });
    expect(refreshed.accessToken).not.toBe(session.accessToken);
    await expect(
      new shopify.clients.Graphql({ session }).request(SHOP_QUERY),
    ).rejects.toMatchObject({
      response: { code: 401 },
    });

    const { session: online } = await shopify.auth.tokenExchange({
      shop: SHOP,
      sessionToken,
      requestedTokenType: RequestedTokenType.OnlineAccessToken,
    });
    expect(online.isOnline).toBe(true);
    expect(online.onlineAccessInfo?.associated_user.id).toBe(1);
    expect(online.id).toBe(`${SHOP}_1`);

    // Migration of a non-expiring offline token to an expiring one.
    const { session: legacy } = await shopify.auth.tokenExchange({
      shop: SHOP,
      sessionToken,
      requestedTokenType: RequestedTokenType.OfflineAccessToken,
    });
    expect(legacy.expires).toBeUndefined();
    const { session: migrated } = await shopify.auth.migrateToExpiringToken({
      shop: SHOP,
      nonExpiringOfflineAccessToken: legacy.accessToken!,
    });
    expect(migrated.refreshToken).toMatch(/^shprt_/);
    await expect(
      new shopify.clients.Graphql({ session: legacy }).request(SHOP_QUERY),
    ).rejects.toMatchObject({
      response: { code: 401 },
    });

    // A token Shopify's own decoder rejects never reaches the fake; one it accepts, the fake accepts too.
    await expect(
      shopify.session.decodeSessionToken(
        mintSessionToken({ apiKey: API_KEY, apiSecret: API_SECRET, shop: SHOP }),
      ),
    ).resolves.toMatchObject({ dest: `https://${SHOP}`, aud: API_KEY });
  });
});
