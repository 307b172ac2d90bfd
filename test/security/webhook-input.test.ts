import "../support/app-env";
import { createHmac } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { WEBHOOK_BODY_LIMIT_BYTES } from "~/lib/webhooks.server";
import { saveMapping } from "~/data/mapping.server";
import { recordInstall } from "~/data/shop.server";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import { planRecordedOrders } from "../support/plan-recorded";
import { action as ordersUpdated } from "~/routes/webhooks.orders.updated";
import { action as ordersCancelled } from "~/routes/webhooks.orders.cancelled";
import { action as customersRedact } from "~/routes/webhooks.customers.redact";
import { action as dataRequest } from "~/routes/webhooks.customers.data_request";
import { action as shopRedact } from "~/routes/webhooks.shop.redact";
import { paidOrderPayload } from "../support/orders";
import { routeArgs, signedWebhookRequest } from "../support/shopify-webhook";
import { TEST_API_SECRET, TEST_APP_URL } from "../support/app-env";

/** Malformed but correctly signed webhook bodies: a clear 4xx, never a 500, nothing written. */
const SHOP = "malformed-input.myshopify.com";
type Action = (args: ReturnType<typeof routeArgs>) => Promise<Response>;

async function respond(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const deliverRaw = (action: Action, topic: string, rawBody: string) =>
  respond(() =>
    action(routeArgs(signedWebhookRequest({ topic, shop: SHOP, payload: null, rawBody }))),
  );

/** Every row the webhooks could write, as text. */
async function everything() {
  const where = { shop: SHOP };
  const rows = await Promise.all([
    prisma.webhookReceipt.findMany({ orderBy: [{ shop: "asc" }, { webhookId: "asc" }] }),
    prisma.orderDelivery.findMany({ orderBy: [{ shop: "asc" }, { webhookId: "asc" }] }),
    prisma.shopOrder.findMany({ where, orderBy: { id: "asc" } }),
    prisma.printOrder.findMany({ where, orderBy: { id: "asc" } }),
    prisma.printOrderItem.findMany({ where, orderBy: { id: "asc" } }),
    prisma.orderEvent.findMany({ where, orderBy: { id: "asc" } }),
    prisma.complianceRequest.findMany({ orderBy: { id: "asc" } }),
    prisma.shop.findMany({ orderBy: { id: "asc" } }),
  ]);
  return JSON.stringify(rows);
}

beforeAll(async () => {
  await recordInstall({ shop: SHOP, scopes: "read_orders" });
  await saveMapping({
    shop: SHOP,
    mapping: {
      variantId: "gid://shopify/ProductVariant/1001",
      offeringId: 228478,
      title: "Photo book",
      contentUrl: "https://files.example.com/book.pdf",
      contentWidth: 210,
      contentHeight: 297,
      numberOfPages: 24,
    },
  });
  const payload = paidOrderPayload({
    id: 6001,
    lines: [{ id: 60011, variantId: 1001, quantity: 1, title: "Photo book" }],
  });
  const response = await deliverRaw(ordersPaid, "orders/paid", JSON.stringify(payload));
  expect(response.status).toBe(200);
  await planRecordedOrders();
  expect(await prisma.printOrder.count({ where: { shop: SHOP } })).toBe(1);
});

describe("a signed body that is valid JSON but an array", () => {
  const array = JSON.stringify([paidOrderPayload({ id: 6001, lines: [] })]);
  for (const [topic, action] of [
    ["orders/paid", ordersPaid],
    ["orders/updated", ordersUpdated],
    ["orders/cancelled", ordersCancelled],
    ["customers/data_request", dataRequest],
    ["customers/redact", customersRedact],
    ["shop/redact", shopRedact],
  ] as const) {
    it(`${topic}: 400 with a reason, nothing written`, async () => {
      const before = await everything();
      const response = await deliverRaw(action as Action, topic, array);
      expect(response.status).toBe(400);
      expect((await response.text()).length).toBeGreaterThan(0);
      expect(await everything()).toBe(before);
    });
  }
});

describe("an order body without line_items", () => {
  const { line_items: _omit, ...withoutLines } = paidOrderPayload({
    id: 6001,
    lines: [],
    address: { address1: "Somewhere else 9" },
  });

  it("orders/updated: 400 naming line_items, the stored order unchanged", async () => {
    const before = await everything();
    const response = await deliverRaw(
      ordersUpdated,
      "orders/updated",
      JSON.stringify(withoutLines),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/line_items/);
    expect(await everything()).toBe(before);
  });

  it("orders/cancelled: needs only the order id, so it is understood and cancels by id", async () => {
    const response = await deliverRaw(
      ordersCancelled,
      "orders/cancelled",
      JSON.stringify({ ...withoutLines, cancelled_at: "2026-11-22T11:00:00+01:00" }),
    );
    expect(response.status).toBe(200);
    const printOrder = await prisma.printOrder.findFirstOrThrow({
      where: { shop: SHOP, shopifyOrderId: "6001" },
    });
    expect(printOrder.status).toBe("cancelled");
  });

  it("orders/cancelled without an id: 400, nothing written", async () => {
    const before = await everything();
    // Neither `id` nor `admin_graphql_api_id` (either one names the order).
    const { id: _id, admin_graphql_api_id: _gid, ...noId } = withoutLines;
    const response = await deliverRaw(ordersCancelled, "orders/cancelled", JSON.stringify(noId));
    expect(response.status).toBe(400);
    expect(await everything()).toBe(before);
  });
});

describe("a body over the size limit on orders/paid", () => {
  function hugeOrder() {
    const payload = paidOrderPayload({
      id: 6002,
      lines: [{ id: 60021, variantId: 1001, quantity: 1, title: "Photo book" }],
    });
    return JSON.stringify({ ...payload, note: "x".repeat(WEBHOOK_BODY_LIMIT_BYTES) });
  }

  it("answers 413 with nothing written (declared length)", async () => {
    const before = await everything();
    const response = await deliverRaw(ordersPaid, "orders/paid", hugeOrder());
    expect(response.status).toBe(413);
    expect(await everything()).toBe(before);
    expect(await prisma.shopOrder.count({ where: { shop: SHOP, shopifyOrderId: "6002" } })).toBe(0);
  });

  it("answers 413 with nothing written when streamed without a length", async () => {
    const before = await everything();
    const body = hugeOrder();
    const hmac = createHmac("sha256", TEST_API_SECRET).update(body, "utf8").digest("base64");
    const bytes = new TextEncoder().encode(body);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 64 * 1024)
          controller.enqueue(bytes.slice(i, i + 64 * 1024));
        controller.close();
      },
    });
    const request = new Request(`${TEST_APP_URL}/webhooks/orders/paid`, {
      method: "POST",
      body: stream,
      headers: {
        "Content-Type": "application/json",
        "X-Shopify-Hmac-Sha256": hmac,
        "X-Shopify-Topic": "orders/paid",
        "X-Shopify-Shop-Domain": SHOP,
        "X-Shopify-Webhook-Id": "huge-streamed-1",
        "X-Shopify-API-Version": "2026-10",
      },
      duplex: "half",
    });
    expect(request.headers.get("content-length")).toBeNull();
    const response = await respond(() => ordersPaid(routeArgs(request)));
    expect(response.status).toBe(413);
    expect(await everything()).toBe(before);
  });
});
