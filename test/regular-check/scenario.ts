/**
 * The regular check's scenario of issue 26, on the fulfilment harness: 50 orders paid in the
 * Shopify stand-in whose webhooks are lost, 10 whose webhooks come late (after the regular
 * check took them), 10 delivered normally. And the checks that each of the 70 is printed and
 * paid exactly once, at the app and at the print service.
 */
import { expect } from "vitest";
import prisma from "~/db.server";
import { ARRIVAL_TEXT } from "~/services/fulfilment/ingest";
import { planRecordedOrders } from "../support/plan-recorded";
import {
  ADDRESS_NL,
  MAPPINGS,
  placePaidOrder,
  SANDBOX_KEYS,
  SHOP,
  type Harness,
} from "../support/fulfilment-harness";

export const LOST = 50;
export const LATE = 10;
export const DELIVERED = 10;
export const ALL = LOST + LATE + DELIVERED;

const PRODUCTS = [MAPPINGS.photoBook, MAPPINGS.novel, MAPPINGS.framedPrint];

/** A paid order whose orders/paid webhook Shopify does not deliver. */
async function paidWithoutWebhook(h: Harness, i: number) {
  const { order } = await h.shopify.control.createOrder(
    {
      lineItems: [{ variantId: PRODUCTS[i % PRODUCTS.length]!.variantId, quantity: 1 + (i % 2) }],
      email: `buyer${i}@example.com`,
      shippingAddress: ADDRESS_NL,
    },
    { deliver: false },
  );
  await h.shopify.control.markOrderPaid(order.id, { deliver: false });
  return String(order.id);
}

export interface PlacedOrders {
  lost: string[];
  late: string[];
  delivered: string[];
}

/** Maps the products and places the 70 orders (the 10 delivered ones through their webhook). */
export async function placeOrders(h: Harness): Promise<PlacedOrders> {
  for (const mapping of PRODUCTS) await h.map(mapping);
  const lost: string[] = [];
  const late: string[] = [];
  const delivered: string[] = [];
  for (let i = 0; i < LOST; i++) lost.push(await paidWithoutWebhook(h, i));
  for (let i = 0; i < LATE; i++) late.push(await paidWithoutWebhook(h, LOST + i));
  for (let i = 0; i < DELIVERED; i++) {
    const { order, deliveries } = await placePaidOrder(h, [
      { variantId: PRODUCTS[i % PRODUCTS.length]!.variantId },
    ]);
    expect(deliveries.map((d) => d.attempts.at(-1)?.status)).toEqual([200]);
    delivered.push(String(order.id));
  }
  return { lost, late, delivered };
}

/** The late orders' orders/paid webhooks, signed and sent by the stand-in now; their answers. */
/**
 * The late orders/paid webhooks of these orders, each recorded at the door, then planned as the
 * worker's next round would: the planning's outcome of each.
 */
export async function deliverLateWebhooks(h: Harness, late: readonly string[]) {
  for (const orderId of late) {
    const [delivery] = await h.shopify.control.sendWebhook({ topic: "orders/paid", orderId });
    expect(delivery?.attempts.at(-1)?.status).toBe(200);
    expect(JSON.parse(delivery!.attempts.at(-1)!.body).outcome).toBe("recorded");
  }
  return (await planRecordedOrders()).map((p) => p.outcome);
}

const stripId = (id: string) => id.replace(/\D/g, "");

/** Everything a second round or a late webhook must not change, to compare before and after. */
export async function appState() {
  const [shopOrders, printOrders, events, items] = await Promise.all([
    prisma.shopOrder.findMany({
      where: { shop: SHOP },
      select: { shopifyOrderId: true, source: true, shopifyPaidAt: true, updatedAt: true },
      orderBy: { shopifyOrderId: "asc" },
    }),
    prisma.printOrder.findMany({
      where: { shop: SHOP },
      select: { shopifyOrderId: true, status: true, printOrderId: true, servicePaidAt: true },
      orderBy: { shopifyOrderId: "asc" },
    }),
    prisma.orderEvent.count({ where: { shop: SHOP } }),
    prisma.printOrderItem.count({ where: { shop: SHOP } }),
  ]);
  return { shopOrders, printOrders, events, items };
}

/** Each of the orders printed and paid exactly once: one row each here, one paid order there. */
export async function expectEachPrintedAndPaidOnce(h: Harness, placed: PlacedOrders) {
  const ids = [...placed.lost, ...placed.late, ...placed.delivered].map(stripId);
  expect(new Set(ids).size).toBe(ALL);

  const shopOrders = await prisma.shopOrder.findMany({ where: { shop: SHOP } });
  expect(shopOrders.map((o) => o.shopifyOrderId).sort()).toEqual([...ids].sort());
  const printOrders = await prisma.printOrder.findMany({ where: { shop: SHOP } });
  expect(printOrders.map((p) => p.shopifyOrderId).sort()).toEqual([...ids].sort());
  for (const p of printOrders) {
    expect(p.status, p.shopifyOrderName).toBe("paid");
    expect(p.servicePaidAt, p.shopifyOrderName).not.toBeNull();
  }

  // How each arrived: the regular check took the lost and the late ones.
  const sourceOf = new Map(shopOrders.map((o) => [o.shopifyOrderId, o.source]));
  for (const id of [...placed.lost, ...placed.late])
    expect(sourceOf.get(stripId(id))).toBe("reconcile");
  for (const id of placed.delivered) expect(sourceOf.get(stripId(id))).toBe("webhook");
  for (const o of shopOrders) expect(o.shopifyPaidAt, o.name).not.toBeNull();

  const found = await prisma.orderEvent.findMany({
    where: { shop: SHOP, type: "found_by_check" },
    select: { message: true, shopOrderId: true, actor: true },
  });
  expect(found).toHaveLength(LOST + LATE);
  expect(new Set(found.map((e) => e.shopOrderId)).size).toBe(LOST + LATE);
  for (const e of found) {
    expect(e.message).toBe(ARRIVAL_TEXT.reconcile);
    expect(e.actor).toBe("reconcile");
  }

  // The print service's side: its own orders and request log.
  const serviceOrders = h.sandbox.control.orders({ merchantApiKey: SANDBOX_KEYS.merchantApiKey });
  expect(serviceOrders).toHaveLength(ALL);
  expect(new Set(serviceOrders.map((o) => o.reference))).toEqual(
    new Set(printOrders.map((p) => p.orderReference)),
  );
  for (const order of serviceOrders) {
    expect(order.state, order.reference).toBe("PAID");
    expect(
      order.history.filter((e) => e.to === "PAID"),
      order.reference,
    ).toHaveLength(1);
  }
  const requests = (op: string) => h.sandbox.control.requests({ op, limit: 100_000 });
  expect(requests("order.create").filter((r) => r.status < 300)).toHaveLength(ALL);
  expect(requests("order.payment").filter((r) => r.status < 300)).toHaveLength(ALL);
  expect(requests("order.create").filter((r) => r.status >= 400)).toHaveLength(0);
  expect(requests("order.payment").filter((r) => r.status >= 400)).toHaveLength(0);
}
