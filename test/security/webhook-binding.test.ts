import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { recordInstall } from "~/data/shop.server";
import { APP_WEBHOOK_SUBSCRIPTIONS } from "~/dev/webhook-subscriptions.server";
import { action as appScopesUpdate } from "~/routes/webhooks.app.scopes_update";
import { action as appUninstalled } from "~/routes/webhooks.app.uninstalled";
import { action as dataRequest } from "~/routes/webhooks.customers.data_request";
import { action as customersRedact } from "~/routes/webhooks.customers.redact";
import { action as ordersCancelled } from "~/routes/webhooks.orders.cancelled";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import { planRecordedOrders } from "../support/plan-recorded";
import { action as ordersUpdated } from "~/routes/webhooks.orders.updated";
import { action as shopRedact } from "~/routes/webhooks.shop.redact";
import { loader as ordersPage } from "~/routes/app.orders._index";
import { loader as productInfo } from "~/routes/proxy.product-info";
import { loader as publication } from "~/routes/proxy.publication";
import { mintSessionToken, sendWebhook, signHs256Jwt } from "../../sandbox/shopify";
import { TEST_API_KEY, TEST_API_SECRET } from "../support/app-env";
import {
  ADDRESS_NL,
  MAPPINGS,
  placePaidOrder,
  SHOP,
  startHarness,
  type Harness,
} from "../support/fulfilment-harness";
import { paidOrderPayload } from "../support/orders";
import { startRouteServer, type RouteHandler } from "../support/route-server";
import { appProxyRequest } from "../rates/harness";

/**
 * What a valid signature does not vouch for, over real HTTP to the app's
 * routes: the topic header, the order of order updates, the shop being one
 * the app serves, the shop being a Shopify shop domain, a session token's
 * expiry.
 */

const ROUTE_OF_PATH: Record<string, RouteHandler> = {
  "/webhooks/orders/paid": ordersPaid as RouteHandler,
  "/webhooks/orders/updated": ordersUpdated as RouteHandler,
  "/webhooks/orders/cancelled": ordersCancelled as RouteHandler,
  "/webhooks/app/uninstalled": appUninstalled as RouteHandler,
  "/webhooks/app/scopes_update": appScopesUpdate as RouteHandler,
  "/webhooks/customers/data_request": dataRequest as RouteHandler,
  "/webhooks/customers/redact": customersRedact as RouteHandler,
  "/webhooks/shop/redact": shopRedact as RouteHandler,
};

/** What browsers send; the Shopify library answers self-identifying bots (Node's fetch) with 410. */
const BROWSER = {
  "User-Agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
};

let h: Harness;
let app: Awaited<ReturnType<typeof startRouteServer>>;

beforeAll(async () => {
  h = await startHarness();
  await h.map(MAPPINGS.photoBook);
  // Print orders stay with the app until approved: no worker is needed here.
  await h.settings({ routingMode: "manual" });
  const exact = (path: string) => new RegExp(`^${path.replace(/[.]/g, "\\.")}$`);
  app = await startRouteServer(
    [
      ...Object.entries(ROUTE_OF_PATH).map(([path, handler]) => ({ path: exact(path), handler })),
      { path: /^\/app\/orders$/, handler: ordersPage as RouteHandler },
      { path: /^\/proxy\/product-info$/, handler: productInfo as RouteHandler },
      { path: /^\/proxy\/publication$/, handler: publication as RouteHandler },
    ],
    "https://print-connect.test",
  );
});
afterAll(async () => {
  await app?.close();
  await h?.close();
});

/** Sends a signed webhook; what the route recorded is then planned, as the worker's next round would. */
async function deliver(options: {
  path: string;
  topic: string;
  shop: string;
  payload: unknown;
  webhookId?: string;
  triggeredAt?: string;
}) {
  const response = await sendWebhook({
    url: `${app.url}${options.path}`,
    topic: options.topic,
    shop: options.shop,
    payload: options.payload,
    secret: TEST_API_SECRET,
    ...(options.webhookId ? { webhookId: options.webhookId } : {}),
    ...(options.triggeredAt ? { triggeredAt: options.triggeredAt } : {}),
  });
  await planRecordedOrders();
  return response;
}

/** Every row the app could hold of a shop, as text. */
async function rowsOf(shop: string): Promise<string> {
  const where = { shop };
  const byId = { orderBy: { id: "asc" as const } };
  return JSON.stringify(
    await Promise.all([
      prisma.shop.findMany({ where, ...byId }),
      prisma.session.findMany({ where, ...byId }),
      prisma.shopOrder.findMany({ where, ...byId }),
      prisma.printOrder.findMany({ where, ...byId }),
      prisma.printOrderItem.findMany({ where, ...byId }),
      prisma.orderEvent.findMany({ where, ...byId }),
      prisma.webhookReceipt.findMany({ where, orderBy: { webhookId: "asc" } }),
      prisma.complianceRequest.findMany({ where, ...byId }),
      prisma.orderDelivery.findMany({ where, orderBy: { webhookId: "asc" } }),
    ]),
  );
}

/** An order of one mapped photo book (variant 20001). */
const orderBody = (orderId: number) =>
  paidOrderPayload({
    id: orderId,
    lines: [{ id: orderId * 10, variantId: 20001, quantity: 1, title: "Photo book" }],
  });

/** A body each topic's route understands. */
function bodyFor(topic: string, shop: string, orderId: number): unknown {
  switch (topic) {
    case "orders/paid":
    case "orders/updated":
    case "orders/cancelled":
      return orderBody(orderId);
    case "app/scopes_update":
      return { id: 1, current: ["read_orders"], previous: ["read_orders"] };
    case "customers/data_request":
      return {
        shop_id: 1,
        shop_domain: shop,
        customer: { id: 9001, email: "nobody@example.com" },
        orders_requested: [],
        data_request: { id: 1 },
      };
    case "customers/redact":
      return {
        shop_id: 1,
        shop_domain: shop,
        customer: { id: 9001, email: "nobody@example.com" },
        orders_to_redact: [],
      };
    default:
      return { id: 1, domain: shop, shop_id: 1, shop_domain: shop };
  }
}

describe("the topic header is bound to the route", () => {
  it("an order body delivered as app/uninstalled to /webhooks/orders/paid is refused: 400, nothing printed", async () => {
    const before = await rowsOf(SHOP);
    const response = await deliver({
      path: "/webhooks/orders/paid",
      topic: "app/uninstalled",
      shop: SHOP,
      payload: bodyFor("orders/paid", SHOP, 8101),
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatch(/orders\/paid.*app\/uninstalled/);
    expect(await rowsOf(SHOP)).toBe(before);
  });

  const topics = Object.keys(APP_WEBHOOK_SUBSCRIPTIONS);
  topics.forEach((topic, index) => {
    const path = APP_WEBHOOK_SUBSCRIPTIONS[topic]!;
    const shop = `binding-${index}.myshopify.com`;
    const otherTopic = topics[(index + 1) % topics.length]!;

    it(`${path} refuses a ${otherTopic} delivery (400, nothing stored) and takes ${topic}`, async () => {
      await recordInstall({ shop, scopes: "read_orders" });
      const before = await rowsOf(shop);
      const wrong = await deliver({
        path,
        topic: otherTopic,
        shop,
        payload: bodyFor(topic, shop, 8200 + index),
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toContain(topic);
      expect(await rowsOf(shop)).toBe(before);

      const right = await deliver({
        path,
        topic,
        shop,
        payload: bodyFor(topic, shop, 8200 + index),
      });
      expect(right.status).toBe(200);
    });
  });
});

describe("orders/updated never applies an older state of the order", () => {
  const storedAddress = async (shopifyOrderId: string) => {
    const row = await prisma.shopOrder.findUniqueOrThrow({
      where: { shop_shopifyOrderId: { shop: SHOP, shopifyOrderId } },
    });
    return (JSON.parse(row.shippingAddress ?? "null") as { address1?: string } | null)?.address1;
  };
  const eventsOf = (shopifyOrderId: string) =>
    prisma.orderEvent.count({ where: { shop: SHOP, shopOrder: { shopifyOrderId } } });

  it("a replayed earlier orders/updated with a new webhook id does not roll the address back", async () => {
    const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
    const id = String(order.legacyId);
    h.shopify.control.advanceClock(2_000);
    const first = await h.shopify.control.updateShippingAddress(
      order.id,
      { ...ADDRESS_NL, address1: "Prinsengracht 263" },
      { topics: ["orders/updated"] },
    );
    h.shopify.control.advanceClock(2_000);
    await h.shopify.control.updateShippingAddress(
      order.id,
      { ...ADDRESS_NL, address1: "Herengracht 100" },
      { topics: ["orders/updated"] },
    );
    expect(await storedAddress(id)).toBe("Herengracht 100");
    const events = await eventsOf(id);

    const earlier = first.deliveries[0]!;
    const replay = await sendWebhook({
      url: `${h.appUrl}/webhooks/orders/updated`,
      topic: "orders/updated",
      shop: SHOP,
      payload: earlier.rawBody,
      secret: TEST_API_SECRET,
      triggeredAt: earlier.headers["X-Shopify-Triggered-At"],
    });
    expect(replay.headers["X-Shopify-Webhook-Id"]).not.toBe(earlier.webhookId);
    expect(replay.status).toBe(200);
    expect(JSON.parse(replay.body)).toEqual({ changed: 0, outdated: true });
    expect(await storedAddress(id)).toBe("Herengracht 100");
    expect(await eventsOf(id)).toBe(events);
  });

  it("orders/paid records the order's version: an orders/updated older than it is not applied", async () => {
    const paid = { ...orderBody(8301), updated_at: "2026-11-22T10:00:00+01:00" };
    const triggeredAt = "2026-11-22T09:00:00.500Z";
    const ingest = await deliver({
      path: "/webhooks/orders/paid",
      topic: "orders/paid",
      shop: SHOP,
      payload: paid,
      triggeredAt,
    });
    expect(ingest.status).toBe(200);
    const withAddress = (address1: string, updatedAt: string) => ({
      ...paid,
      updated_at: updatedAt,
      shipping_address: { ...paid.shipping_address, address1 },
    });

    const older = await deliver({
      path: "/webhooks/orders/updated",
      topic: "orders/updated",
      shop: SHOP,
      payload: withAddress("Damrak 1", "2026-11-22T09:59:00+01:00"),
      triggeredAt: "2026-11-22T09:01:00.000Z",
    });
    expect(JSON.parse(older.body)).toMatchObject({ outdated: true });
    expect(await storedAddress("8301")).toBe("Keizersgracht 1");

    // The same instant written in another offset, the same trigger time: already applied.
    const same = await deliver({
      path: "/webhooks/orders/updated",
      topic: "orders/updated",
      shop: SHOP,
      payload: withAddress("Damrak 2", "2026-11-22T09:00:00Z"),
      triggeredAt,
    });
    expect(JSON.parse(same.body)).toMatchObject({ outdated: true });
    expect(await storedAddress("8301")).toBe("Keizersgracht 1");

    const newer = await deliver({
      path: "/webhooks/orders/updated",
      topic: "orders/updated",
      shop: SHOP,
      payload: withAddress("Damrak 3", "2026-11-22T10:01:00+01:00"),
    });
    expect(JSON.parse(newer.body)).toEqual({ changed: 1 });
    expect(await storedAddress("8301")).toBe("Damrak 3");
  });

  it("tells two changes within one second apart by X-Shopify-Triggered-At; a full tie counts as applied", async () => {
    const base = orderBody(8302);
    const second = "2026-11-22T11:00:00+01:00";
    const version = (address1: string) => ({
      ...base,
      updated_at: second,
      shipping_address: { ...base.shipping_address, address1 },
    });
    const send = (address1: string, triggeredAt: string, topic = "orders/updated") =>
      deliver({
        path: `/webhooks/${topic}`,
        topic,
        shop: SHOP,
        payload: version(address1),
        triggeredAt,
      });

    expect((await send("Singel 1", "2026-11-22T10:00:00.100Z", "orders/paid")).status).toBe(200);
    expect(JSON.parse((await send("Singel 2", "2026-11-22T10:00:00.400Z")).body)).toEqual({
      changed: 1,
    });
    expect(JSON.parse((await send("Singel 3", "2026-11-22T10:00:00.700Z")).body)).toEqual({
      changed: 1,
    });
    expect(await storedAddress("8302")).toBe("Singel 3");

    // The middle change arriving again, late: older.
    expect(JSON.parse((await send("Singel 2", "2026-11-22T10:00:00.400Z")).body)).toMatchObject({
      outdated: true,
    });
    // Same second, same trigger time: nothing tells it apart, so it counts as applied.
    expect(JSON.parse((await send("Singel 9", "2026-11-22T10:00:00.700Z")).body)).toMatchObject({
      outdated: true,
    });
    expect(await storedAddress("8302")).toBe("Singel 3");
  });
});

describe("webhooks for a shop the app does not serve", () => {
  const NEVER = "never-installed.myshopify.com";

  it("order topics for a shop that never installed the app: 200, nothing stored", async () => {
    const receipts = await prisma.webhookReceipt.count();
    for (const topic of ["orders/paid", "orders/updated", "orders/cancelled"]) {
      const response = await deliver({
        path: `/webhooks/${topic}`,
        topic,
        shop: NEVER,
        payload: bodyFor(topic, NEVER, 8401),
      });
      expect(response.status).toBe(200);
    }
    expect(await rowsOf(NEVER)).toBe(JSON.stringify([[], [], [], [], [], [], [], [], []]));
    expect(await prisma.webhookReceipt.count()).toBe(receipts);
  });

  it("compliance topics for a shop the app holds nothing of: 200, no request recorded", async () => {
    const requests = await prisma.complianceRequest.count();
    for (const topic of ["customers/data_request", "customers/redact", "shop/redact"]) {
      const response = await deliver({
        path: `/webhooks/${topic}`,
        topic,
        shop: NEVER,
        payload: bodyFor(topic, NEVER, 8402),
      });
      expect(response.status).toBe(200);
    }
    expect(await prisma.complianceRequest.count()).toBe(requests);
    expect(await rowsOf(NEVER)).toBe(JSON.stringify([[], [], [], [], [], [], [], [], []]));
  });

  it("an uninstalled shop's compliance webhooks still erase its data; a late order after shop/redact stores nothing", async () => {
    const shop = "leaving.myshopify.com";
    await recordInstall({ shop, scopes: "read_orders" });
    const order = { ...orderBody(8403), email: "leaving@example.com" };
    const paid = await deliver({
      path: "/webhooks/orders/paid",
      topic: "orders/paid",
      shop,
      payload: order,
    });
    expect(paid.status).toBe(200);
    const gone = await deliver({
      path: "/webhooks/app/uninstalled",
      topic: "app/uninstalled",
      shop,
      payload: bodyFor("app/uninstalled", shop, 0),
    });
    expect(gone.status).toBe(200);
    expect((await prisma.shop.findUniqueOrThrow({ where: { shop } })).uninstalledAt).not.toBeNull();

    const redact = await deliver({
      path: "/webhooks/customers/redact",
      topic: "customers/redact",
      shop,
      payload: {
        shop_id: 1,
        shop_domain: shop,
        customer: { id: 700 + 8403, email: "leaving@example.com" },
        orders_to_redact: ["8403"],
      },
    });
    expect(JSON.parse(redact.body)).toMatchObject({ outcome: "redacted", orders: 1 });
    const redacted = await prisma.shopOrder.findFirstOrThrow({ where: { shop } });
    expect(redacted.email).toBeNull();
    expect(redacted.shippingAddress).toBeNull();

    const shopRedacted = await deliver({
      path: "/webhooks/shop/redact",
      topic: "shop/redact",
      shop,
      payload: bodyFor("shop/redact", shop, 0),
    });
    expect(JSON.parse(shopRedacted.body)).toMatchObject({ outcome: "shop_deleted" });
    expect(await prisma.shopOrder.count({ where: { shop } })).toBe(0);

    // Shopify retries a delivery for hours: one arriving now must not bring the data back.
    const late = await deliver({
      path: "/webhooks/orders/paid",
      topic: "orders/paid",
      shop,
      payload: order,
    });
    expect(late.status).toBe(200);
    expect(await prisma.shopOrder.count({ where: { shop } })).toBe(0);
    expect(await prisma.webhookReceipt.count({ where: { shop } })).toBe(0);
    expect(await prisma.orderDelivery.count({ where: { shop } })).toBe(0);
  });

  it("orders held without a Shop row are still erased by customers/redact", async () => {
    const shop = "held-without-shop-row.myshopify.com";
    await prisma.shopOrder.create({
      data: {
        shop,
        shopifyOrderId: "8404",
        name: "#8404",
        email: "held@example.com",
        currency: "EUR",
        lineItems: "[]",
        customerId: "9404",
      },
    });
    const response = await deliver({
      path: "/webhooks/customers/redact",
      topic: "customers/redact",
      shop,
      payload: {
        shop_id: 1,
        shop_domain: shop,
        customer: { id: 9404, email: "held@example.com" },
        orders_to_redact: [],
      },
    });
    expect(JSON.parse(response.body)).toMatchObject({ outcome: "redacted", orders: 1 });
    expect((await prisma.shopOrder.findFirstOrThrow({ where: { shop } })).email).toBeNull();
  });
});

describe("shop domains that are not *.myshopify.com", () => {
  it.each(["evil.example.com", "evil.shop.dev", `${SHOP}.evil.example`])(
    "a signed webhook from %s: 400 with the reason, nothing stored",
    async (shop) => {
      const receipts = await prisma.webhookReceipt.count();
      const response = await deliver({
        path: "/webhooks/orders/paid",
        topic: "orders/paid",
        shop,
        payload: bodyFor("orders/paid", shop, 8501),
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatch(/myshopify\.com/);
      expect(await prisma.shopOrder.count({ where: { shop } })).toBe(0);
      expect(await prisma.webhookReceipt.count()).toBe(receipts);
      expect(await prisma.orderDelivery.count({ where: { shop } })).toBe(0);
    },
  );

  it.each(["/proxy/product-info", "/proxy/publication"])(
    "a signed app proxy request to %s with shop=evil.example.com: 400",
    async (path) => {
      const signed = appProxyRequest(path, { variant_id: "20001" }, { shop: "evil.example.com" });
      const response = await fetch(`${app.url}${path}${new URL(signed.url).search}`);
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(/myshopify\.com/);
    },
  );

  it("a signed session token whose dest is not a shop: 401", async () => {
    const token = mintSessionToken({
      apiKey: TEST_API_KEY,
      apiSecret: TEST_API_SECRET,
      shop: SHOP,
      claims: { dest: "https://evil.example.com", iss: "https://evil.example.com/admin" },
    });
    const response = await fetch(`${app.url}/app/orders`, {
      headers: { ...BROWSER, Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(401);
  });
});

describe("session tokens", () => {
  const claims = () => {
    const now = Math.floor(Date.now() / 1000);
    return {
      iss: `https://${SHOP}/admin`,
      dest: `https://${SHOP}`,
      aud: TEST_API_KEY,
      sub: "1",
      nbf: now,
      iat: now,
      jti: crypto.randomUUID(),
      sid: "s",
    };
  };
  const ordersWith = (token: string) =>
    fetch(`${app.url}/app/orders`, { headers: { ...BROWSER, Authorization: `Bearer ${token}` } });

  it("a signed token without exp is refused with 401, on the header and as id_token", async () => {
    const token = signHs256Jwt(claims(), TEST_API_SECRET);
    const response = await ordersWith(token);
    expect(response.status).toBe(401);
    expect(await response.text()).toMatch(/exp/);
    const query = new URLSearchParams({
      embedded: "1",
      shop: SHOP,
      host: btoa("admin.shopify.com/store/print-connect-demo"),
      id_token: token,
    });
    const document = await fetch(`${app.url}/app/orders?${query}`, { headers: BROWSER });
    expect(document.status).toBe(401);
  });

  it("the same token with exp is accepted", async () => {
    const token = signHs256Jwt(
      { ...claims(), exp: Math.floor(Date.now() / 1000) + 60 },
      TEST_API_SECRET,
    );
    expect((await ordersWith(token)).status).toBe(200);
  });
});
