import "@shopify/shopify-app-remix/adapters/node";
import { ApiVersion, LogSeverity, type Session } from "@shopify/shopify-api";
import { shopifyApp } from "@shopify/shopify-app-remix/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintSessionToken } from "../../sandbox/shopify";
import { API_KEY, API_SECRET, SHOP, startHarness, type FakeHarness } from "./helpers";

/** Minimal in-memory SessionStorage (the real app uses the Prisma one). */
class MemorySessionStorage {
  readonly sessions = new Map<string, Session>();
  async storeSession(session: Session) {
    this.sessions.set(session.id, session);
    return true;
  }
  async loadSession(id: string) {
    return this.sessions.get(id);
  }
  async deleteSession(id: string) {
    return this.sessions.delete(id);
  }
  async deleteSessions(ids: string[]) {
    ids.forEach((id) => this.sessions.delete(id));
    return true;
  }
  async findSessionsByShop(shop: string) {
    return [...this.sessions.values()].filter((s) => s.shop === shop);
  }
}

describe("@shopify/shopify-app-remix against the fake (real library code, unmodified)", () => {
  let h: FakeHarness;
  const storage = new MemorySessionStorage();
  let shopify: ReturnType<typeof shopifyApp>;

  beforeAll(async () => {
    h = await startHarness();
    shopify = shopifyApp({
      apiKey: API_KEY,
      apiSecretKey: API_SECRET,
      appUrl: "https://print-connect.example.com",
      scopes: ["read_products", "read_orders", "write_merchant_managed_fulfillment_orders"],
      apiVersion: ApiVersion.July26,
      sessionStorage: storage,
      isEmbeddedApp: true,
      future: { unstable_newEmbeddedAuthStrategy: true, expiringOfflineAccessTokens: true },
      logger: { log: () => undefined, level: LogSeverity.Error },
    });
  });
  afterAll(async () => {
    await h.close();
  });

  it("authenticate.admin exchanges the session token, admin.graphql reaches the fake, expiring tokens refresh", async () => {
    const sessionToken = mintSessionToken({ apiKey: API_KEY, apiSecret: API_SECRET, shop: SHOP });
    const request = new Request("https://print-connect.example.com/app/products", {
      headers: { Authorization: `Bearer ${sessionToken}` },
    });
    const { admin, session } = await shopify.authenticate.admin(request);
    expect(session).toMatchObject({ shop: SHOP, isOnline: false });
    expect(session.refreshToken).toMatch(/^shprt_/);

    const response = await admin.graphql(`#graphql
      query { products(first: 2) { nodes { title } } }`);
    expect(await response.json()).toMatchObject({
      data: {
        products: {
          nodes: [
            { title: "Hardcover Photo Book" },
            { title: "The Quiet Harbour (Softcover Novel)" },
          ],
        },
      },
    });

    // Background work: the stored offline token is about to expire -> unauthenticated.admin refreshes it.
    const stored = storage.sessions.get(`offline_${SHOP}`)!;
    const oldToken = stored.accessToken;
    stored.expires = new Date(Date.now() + 60_000);
    h.fake.control.expireAccessTokens(SHOP);
    const { admin: background } = await shopify.unauthenticated.admin(SHOP);
    const shop = await background.graphql("{ shop { currencyCode } }");
    expect(await shop.json()).toMatchObject({ data: { shop: { currencyCode: "EUR" } } });
    expect(storage.sessions.get(`offline_${SHOP}`)!.accessToken).not.toBe(oldToken);
    expect(h.fake.control.requestLog({ kind: "oauth" }).map((e) => e.grantType)).toContain(
      "refresh_token",
    );
  });
});
