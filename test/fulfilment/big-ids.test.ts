import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { saveMapping } from "~/data/mapping.server";
import { recordInstall } from "~/data/shop.server";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import { action as ordersUpdated } from "~/routes/webhooks.orders.updated";
import { action as ordersCancelled } from "~/routes/webhooks.orders.cancelled";
import { paymentSecret } from "~/services/print";
import { exactJson } from "../support/exact-json";
import {
  ADDRESS_NL,
  MAPPINGS,
  SANDBOX_KEYS,
  SHOP as HARNESS_SHOP,
  printOrdersOf,
  startHarness,
  type Harness,
} from "../support/fulfilment-harness";
import { paidOrderPayload } from "../support/orders";
import { routeArgs, signedWebhookRequest } from "../support/shopify-webhook";
import { planRecordedOrders } from "../support/plan-recorded";

/**
 * Shopify ids beyond 2^53 (its documented payloads carry 18-digit ones): two
 * orders whose ids differ by 2 round to the same double, so anything that
 * reads an id as a JS number takes them for one order.
 */
const ORDER_A = 820982911946154508n;
const ORDER_B = 820982911946154510n;
const SHOP = "big-ids.myshopify.com";
const PHOTO_BOOK_VARIANT = 1001n;
const NOTEBOOK_VARIANT = 642667041472713922n; // also beyond 2^53

type Action = typeof ordersPaid;

async function deliverRaw(action: Action, topic: string, rawBody: string, webhookId?: string) {
  try {
    return await action(
      routeArgs(signedWebhookRequest({ topic, shop: SHOP, payload: null, rawBody, webhookId })),
    );
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/**
 * orders/paid through the route, recorded at the door, then planned as the worker's next
 * round would: the planning's outcome.
 */
async function deliverPaid(rawBody: string) {
  const response = await deliverRaw(ordersPaid, "orders/paid", rawBody);
  expect(await response.json()).toEqual({ outcome: "recorded" });
  const planned = await planRecordedOrders();
  expect(planned).toHaveLength(1);
  return planned[0]!.outcome;
}

/** An orders/paid payload with exact 18-digit order, line item, customer and variant ids. */
function bigOrder(
  orderId: bigint,
  lineId: bigint,
  extra: Record<string, unknown> = {},
  variantId = PHOTO_BOOK_VARIANT,
) {
  const base = paidOrderPayload({ id: 1, lines: [] });
  return {
    ...base,
    id: orderId,
    admin_graphql_api_id: `gid://shopify/Order/${orderId}`,
    name: `#${String(orderId).slice(-4)}`,
    customer: {
      ...base.customer,
      id: orderId + 1000n,
      admin_graphql_api_id: `gid://shopify/Customer/${orderId + 1000n}`,
    },
    line_items: [
      {
        id: lineId,
        admin_graphql_api_id: `gid://shopify/LineItem/${lineId}`,
        variant_id: variantId,
        product_id: 788032119674292922n,
        title: "Photo book",
        variant_title: null,
        sku: null,
        quantity: 1,
        price: "24.95",
        properties: [],
      },
    ],
    ...extra,
  };
}

describe("orders/paid with ids beyond 2^53, through the signed webhook route", () => {
  beforeAll(async () => {
    await recordInstall({ shop: SHOP, scopes: "read_orders" });
    for (const variant of [PHOTO_BOOK_VARIANT, NOTEBOOK_VARIANT]) {
      await saveMapping({
        shop: SHOP,
        mapping: {
          variantId: `gid://shopify/ProductVariant/${variant}`,
          offeringId: 228478,
          title: "Photo book",
          contentUrl: "https://files.example.com/book.pdf",
          contentWidth: 210,
          contentHeight: 297,
          numberOfPages: 24,
        },
      });
    }
  });

  it("plans two orders whose ids differ by 2, each under its exact id", async () => {
    expect(await deliverPaid(exactJson(bigOrder(ORDER_A, 11n)))).toBe("planned");
    expect(await deliverPaid(exactJson(bigOrder(ORDER_B, 12n)))).toBe("planned");

    const orders = await prisma.shopOrder.findMany({
      where: { shop: SHOP },
      include: { printOrders: { include: { items: true } } },
      orderBy: { shopifyOrderId: "asc" },
    });
    expect(orders.map((o) => [o.shopifyOrderId, o.customerId])).toEqual([
      ["820982911946154508", "820982911946155508"],
      ["820982911946154510", "820982911946155510"],
    ]);
    expect(orders.map((o) => o.printOrders[0]?.orderReference)).toEqual([
      "PC-820982911946154508-1",
      "PC-820982911946154510-1",
    ]);
    expect(orders.map((o) => o.printOrders[0]?.items[0]?.shopifyLineItemId)).toEqual(["11", "12"]);
  });

  it("keys on admin_graphql_api_id: the same order by id only, by GID with a rounded id, and by orders/updated is one order", async () => {
    const lineId = 866550311766439020n;
    const order = (extra: Record<string, unknown> = {}) =>
      bigOrder(ORDER_A + 100n, lineId, extra, NOTEBOOK_VARIANT);
    expect(await deliverPaid(exactJson(order()))).toBe("planned");

    // Only the numeric id (older payloads, other senders): still the same order.
    const { admin_graphql_api_id: _gid, ...idOnly } = order();
    expect(await deliverPaid(exactJson(idOnly))).toBe("already_planned");

    // A relay that parsed the body with JSON.parse rounded `id`; the GID still names the order.
    const rounded = exactJson({ ...order(), id: Number(ORDER_A + 100n) });
    expect(rounded).toContain(`"id":${Number(ORDER_A + 100n)}`);
    expect(await deliverPaid(rounded)).toBe("already_planned");

    // orders/updated of the same order lands on the stored one.
    const moved = order({
      shipping_address: {
        ...paidOrderPayload({ id: 1, lines: [] }).shipping_address,
        city: "Utrecht",
      },
    });
    const updated = await deliverRaw(ordersUpdated, "orders/updated", exactJson(moved));
    expect(updated.status).toBe(200);

    const stored = await prisma.shopOrder.findMany({
      where: { shop: SHOP, shopifyOrderId: { startsWith: "8209829119461546" } },
    });
    expect(stored.map((o) => o.shopifyOrderId)).toEqual(["820982911946154608"]);
    expect(JSON.parse(stored[0]!.shippingAddress!)).toMatchObject({ city: "Utrecht" });
    const [printOrder] = await prisma.printOrder.findMany({
      where: { shop: SHOP, shopifyOrderId: "820982911946154608" },
      include: { items: true },
    });
    expect(printOrder?.items.map((i) => [i.shopifyLineItemId, i.variantId])).toEqual([
      ["866550311766439020", "gid://shopify/ProductVariant/642667041472713922"],
    ]);
  });

  it("cancels the order with the exact id, not its rounded neighbour", async () => {
    const response = await deliverRaw(
      ordersCancelled,
      "orders/cancelled",
      exactJson({ id: ORDER_B, admin_graphql_api_id: `gid://shopify/Order/${ORDER_B}` }),
    );
    expect(response.status).toBe(200);
    const [a, b] = await prisma.printOrder.findMany({
      where: { shop: SHOP, shopifyOrderId: { in: ["820982911946154508", "820982911946154510"] } },
      orderBy: { shopifyOrderId: "asc" },
    });
    expect([a?.status, b?.status]).toEqual(["pending", "cancelled"]);
  });
});

describe("18-digit Shopify ids through the whole path: stand-in, webhook, print service, fulfilment", () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({
      shopify: {
        idBases: {
          Order: String(ORDER_A),
          LineItem: "866550311766439020",
          Customer: "115310627314723954",
        },
      },
    });
    await h.map(MAPPINGS.photoBook);
  });
  afterAll(async () => {
    await h?.close();
  });

  async function placeOrder(paid: boolean) {
    const { order } = await h.shopify.control.createOrder(
      {
        lineItems: [{ variantId: MAPPINGS.photoBook.variantId }],
        email: "anna@example.com",
        shippingAddress: ADDRESS_NL,
      },
      { deliver: false },
    );
    if (!paid) return { order, deliveries: [] };
    const { deliveries } = await h.shopify.control.markOrderPaid(order.id, {
      topics: ["orders/paid"],
    });
    return { order, deliveries };
  }

  it("plans, prints and fulfils two orders whose ids differ by 2", async () => {
    const first = await placeOrder(true);
    await placeOrder(false); // takes the id in between
    const second = await placeOrder(true);
    expect([first.order.legacyId, second.order.legacyId]).toEqual([
      "820982911946154508",
      "820982911946154510",
    ]);
    // The stand-in sends the ids digit for digit, as Shopify does.
    expect(first.deliveries[0]?.rawBody).toContain('"id":820982911946154508,');
    for (const { deliveries } of [first, second]) {
      expect(deliveries.map((d) => [d.attempts.at(-1)?.status, d.attempts.at(-1)?.body])).toEqual([
        [200, JSON.stringify({ outcome: "recorded" })],
      ]);
    }

    const worker = h.worker();
    await worker.drain();
    const [printA] = await printOrdersOf(first.order.legacyId);
    const [printB] = await printOrdersOf(second.order.legacyId);
    expect([printA?.status, printB?.status]).toEqual(["paid", "paid"]);
    expect(printA?.orderReference).toBe("PC-820982911946154508-1");
    expect(printA?.items[0]?.shopifyLineItemId).toBe(first.order.lineItems[0]!.legacyId);

    // Shipped at the print service: its signed status callbacks name the 18-digit references.
    for (const p of [printA!, printB!]) {
      h.sandbox.control.advance({ orderId: p.printOrderId!, to: "SHIPPED" });
    }
    await h.sandbox.control.waitForCallbacks();
    await worker.drain();

    for (const { order } of [first, second]) {
      const [printOrder] = await printOrdersOf(order.legacyId);
      expect(printOrder?.status, printOrder?.lastErrorMessage ?? "").toBe("fulfilled");
      expect(printOrder?.events.map((e) => e.type)).toContain("status_callback");
      const inShopify = h.shopify.control.getOrder(order.id)!;
      expect(inShopify.fulfillments).toHaveLength(1);
      expect(inShopify.fulfillments[0]!.lineItems).toEqual([
        { lineItemId: order.lineItems[0]!.id, quantity: 1 },
      ]);
    }
    // The worker asked Shopify for exactly these orders' fulfillment orders.
    const asked = h.shopify.control
      .requestLog({ kind: "graphql", shop: HARNESS_SHOP })
      .filter((r) => r.operationName === "PrintConnectOrderFulfilment")
      .map((r) => (r.variables as { id: string }).id);
    // The worker may take the two orders in either order.
    expect(asked.sort()).toEqual([
      "gid://shopify/Order/820982911946154508",
      "gid://shopify/Order/820982911946154510",
    ]);
  });

  it("reads a status callback's order id beyond 2^53 exactly: the signature over its digits holds", async () => {
    const bigPrintOrderId = "9007199254740993"; // 2^53 + 1: JSON.parse reads 9007199254740992
    const send = (signedOver: string) =>
      fetch(`${h.appUrl}/webhooks/print/${h.callbackId}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: `{"signature":"${paymentSecret(SANDBOX_KEYS.secretKey, signedOver)}","order_id":${bigPrintOrderId},"old_status":"PAID","new_status":"SHIPPED"}`,
      });

    const kept = await prisma.statusUpdate.count();
    const exact = await send(bigPrintOrderId);
    expect(exact.status).toBe(200);
    // Acknowledged, and nothing kept: no print order of any shop has such an id.
    expect(await exact.json()).toEqual({ received: true });
    expect(await prisma.statusUpdate.count()).toBe(kept);

    const rounded = await send("9007199254740992");
    expect(rounded.status).toBe(401);
  });

  it("acknowledges a status callback whose order id is past what an order can be stored under", async () => {
    // Beyond the 32-bit column that holds print-service order ids: no order of ours.
    const kept = await prisma.statusUpdate.count();
    for (const id of ["3000000000", "18446744073709551617"]) {
      const response = await fetch(`${h.appUrl}/webhooks/print/${h.callbackId}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: `{"signature":"${paymentSecret(SANDBOX_KEYS.secretKey, id)}","order_id":${id},"old_status":"PAID","new_status":"SHIPPED"}`,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true });
    }
    expect(await prisma.statusUpdate.count()).toBe(kept);
  });
});
