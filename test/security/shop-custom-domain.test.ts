import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import prisma from "~/db.server";
import { recordInstall } from "~/data/shop.server";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import { loader as publication } from "~/routes/proxy.publication";
import { sendWebhook } from "../../sandbox/shopify";
import { TEST_API_SECRET, TEST_APP_URL } from "../support/app-env";
import { paidOrderPayload } from "../support/orders";
import { startRouteServer, type RouteHandler } from "../support/route-server";
import { appProxyRequest } from "../rates/harness";
import { planRecordedOrders } from "../support/plan-recorded";

/**
 * SHOP_CUSTOM_DOMAIN: shops at `<handle>.<that domain>` are served like
 * `*.myshopify.com` ones, by the Shopify library too; other domains still are not.
 */
vi.hoisted(() => {
  // Before any app module loads: the app reads its environment once.
  process.env.SHOP_CUSTOM_DOMAIN = "shops.example.test";
});
const CUSTOM = "acme.shops.example.test";

let app: Awaited<ReturnType<typeof startRouteServer>>;

beforeAll(async () => {
  await recordInstall({ shop: CUSTOM, scopes: "read_orders" });
  app = await startRouteServer(
    [
      { path: /^\/webhooks\/orders\/paid$/, handler: ordersPaid as RouteHandler },
      { path: /^\/proxy\/publication$/, handler: publication as RouteHandler },
    ],
    TEST_APP_URL,
  );
});
afterAll(async () => {
  await app?.close();
});

const paid = (shop: string) =>
  sendWebhook({
    url: `${app.url}/webhooks/orders/paid`,
    topic: "orders/paid",
    shop,
    payload: paidOrderPayload({
      id: 9701,
      lines: [{ id: 97011, variantId: 1, quantity: 1, title: "Poster" }],
    }),
    secret: TEST_API_SECRET,
  });

const proxy = (shop: string) => {
  const signed = appProxyRequest("/proxy/publication", { variant_ids: "1" }, { shop });
  return fetch(`${app.url}/proxy/publication${new URL(signed.url).search}`);
};

describe("SHOP_CUSTOM_DOMAIN", () => {
  it("takes a signed webhook from a shop on the custom domain", async () => {
    const response = await paid(CUSTOM);
    expect(response.status).toBe(200);
    await planRecordedOrders();
    expect(await prisma.shopOrder.count({ where: { shop: CUSTOM } })).toBe(1);
  });

  it("takes a signed app proxy request from a shop on the custom domain", async () => {
    expect((await proxy(CUSTOM)).status).toBe(200);
  });

  it("still refuses other domains with 400", async () => {
    expect((await paid("acme.elsewhere.test")).status).toBe(400);
    expect((await paid("acme.shops.example.test.evil.test")).status).toBe(400);
    expect((await proxy("acme.elsewhere.test")).status).toBe(400);
  });
});
