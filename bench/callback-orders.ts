/**
 * bench:callbacks' print orders: created and paid at the print sandbox through its JSON
 * interface, the same orders recorded in the app's database as the pay step leaves them (paid,
 * with the service's order id and reference), the status callbacks the service sends for their
 * way to SHIPPED (signed as it signs them), and the check of each order's final state.
 * Import "./env" before this file.
 */
import prisma from "../app/db.server";
import type { Sandbox } from "../sandbox";
import type { CallbackPayload } from "../sandbox/callbacks";
import { mulberry32 } from "../sandbox/prng";
import { paymentSecret } from "../sandbox/signatures";
import { DEFAULT_MERCHANT, type Order } from "../sandbox/store";

const OFFERING = 228478;
const ADDRESS = {
  first_name: "Anna",
  last_name: "de Vries",
  address_line_1: "Keizersgracht 1",
  zip_code: "1015 CJ",
  city: "Amsterdam",
  country_code: "NL",
};

/** Runs `fn` over 0..count-1 with at most `width` calls in flight. */
async function inParallel(count: number, width: number, fn: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) await fn(next++);
    }),
  );
}

async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * `count` one-item orders created and paid at the sandbox as the app's create and pay steps do
 * (the default merchant, its callback address unset: the bench sends the callbacks itself),
 * then walked to SHIPPED with a tracking number each. Returns them in creation order.
 */
export async function shippedSandboxOrders(sandbox: Sandbox, count: number, runId: string) {
  const key = DEFAULT_MERCHANT.merchantApiKey;
  sandbox.control.updateMerchant(key, { credit: "100000000.00", callbackUrl: null });
  const ids = new Array<number>(count);
  await inParallel(count, 16, async (i) => {
    const created = await post(`${sandbox.jsonBaseUrl}/order`, {
      merchant_api_key: key,
      order_reference: `CB-${runId}-${i + 1}`,
      currency: "EUR",
      item_details: [
        {
          item_reference: "1",
          offering_id: OFFERING,
          quantity: 1,
          title: "Photo book",
          file_details: {
            content_url: "https://files.example.com/book.pdf",
            content_width: 210,
            content_height: 297,
            number_of_pages: 24,
          },
        },
      ],
      address_details: { email_address: "anna@example.com", shipping_address: ADDRESS },
    });
    const orderId = Number(created.order_id);
    await post(`${sandbox.jsonBaseUrl}/order/payment`, {
      merchant_api_key: key,
      order_id: orderId,
      secret: paymentSecret(DEFAULT_MERCHANT.secretKey, orderId),
    });
    ids[i] = orderId;
  });
  sandbox.control.advance({ to: "SHIPPED" });
  return ids.map((id) => sandbox.control.order(id)!);
}

/** The same orders in the app's database, paid, as the pay step leaves them (in chunks). */
export async function recordPaidPrintOrders(
  shop: string,
  orders: Order[],
  followIntervalMs: number,
) {
  const now = new Date();
  for (let start = 0; start < orders.length; start += 500) {
    const chunk = orders.slice(start, start + 500);
    await prisma.shopOrder.createMany({
      data: chunk.map((o) => ({
        id: `so-${o.id}`,
        shop,
        shopifyOrderId: String(7_000_000 + o.id),
        name: `#${1000 + o.id}`,
        email: "anna@example.com",
        currency: "EUR",
        lineItems: JSON.stringify([
          { id: String(o.id * 10), title: "Photo book", quantity: 1, price: "29.95" },
        ]),
      })),
    });
    await prisma.printOrder.createMany({
      data: chunk.map((o) => ({
        id: `po-${o.id}`,
        shop,
        shopOrderId: `so-${o.id}`,
        shopifyOrderId: String(7_000_000 + o.id),
        shopifyOrderName: `#${1000 + o.id}`,
        orderReference: o.reference,
        printOrderId: o.id,
        status: "paid",
        serviceState: "PAID",
        currency: "EUR",
        servicePaidAt: now,
        // The pay step's next look: one follow interval later; until then only a callback wakes it.
        nextAttemptAt: new Date(now.getTime() + followIntervalMs),
      })),
    });
    await prisma.printOrderItem.createMany({
      data: chunk.map((o) => ({
        id: `pi-${o.id}`,
        shop,
        printOrderRowId: `po-${o.id}`,
        itemReference: "1",
        shopifyLineItemId: String(o.id * 10),
        variantId: "gid://shopify/ProductVariant/20001",
        offeringId: OFFERING,
        quantity: 1,
        title: "Photo book",
        serviceState: "QUEUED_FOR_PROCESSING",
        revenueMinor: 2995,
        revenueCurrency: "EUR",
      })),
    });
  }
}

/**
 * The status callbacks of each order's way from PAID to SHIPPED (one per state change, tracking
 * on the SHIPPED one), each signed as the service signs it, a share of them sent twice, all
 * shuffled (seeded): late, twice and out of order, as the service's facts allow.
 */
export function statusCallbacks(
  orders: Order[],
  secretKey: string,
  { duplicateRate, seed }: { duplicateRate: number; seed: number },
) {
  const random = mulberry32(seed);
  const bodies: string[] = [];
  let distinct = 0;
  for (const o of orders) {
    const paidAt = o.history.findIndex((t) => t.to === "PAID");
    for (const t of o.history.slice(paidAt + 1)) {
      if (!t.from) continue;
      const payload: CallbackPayload = {
        signature: paymentSecret(secretKey, o.id),
        order_id: o.id,
        order_reference: o.reference,
        old_status: t.from,
        new_status: t.to,
        tracking_code: t.to === "SHIPPED" ? o.trackingCode || null : null,
        tracking_url: t.to === "SHIPPED" ? o.trackingUrl || null : null,
      };
      const body = JSON.stringify(payload);
      distinct += 1;
      bodies.push(body);
      if (random() < duplicateRate) bodies.push(body);
    }
  }
  for (let i = bodies.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [bodies[i], bodies[j]] = [bodies[j]!, bodies[i]!];
  }
  return { bodies, distinct, duplicates: bodies.length - distinct };
}

/** The app's print orders against the service's: right when shipped (or further) with its tracking. */
export async function finalStates(shop: string, orders: Order[]) {
  const rows = await prisma.printOrder.findMany({
    where: { shop },
    select: {
      printOrderId: true,
      status: true,
      resumeStatus: true,
      lastErrorCode: true,
      serviceState: true,
      trackingCode: true,
    },
  });
  const expected = new Map(orders.map((o) => [o.id, o.trackingCode]));
  const byStatus: Record<string, number> = {};
  let right = 0;
  for (const r of rows) {
    byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    // Shipped, and then stopped for the merchant by the fulfil step: the bench's shop has no
    // Shopify session, as a shop whose access was lost (services/fulfilment/failures.ts).
    const waitsForSignIn =
      r.status === "needs_attention" &&
      r.resumeStatus === "shipped" &&
      r.lastErrorCode === "SHOPIFY_NOT_CONNECTED";
    if (
      (r.status === "shipped" || r.status === "fulfilled" || waitsForSignIn) &&
      r.serviceState === "SHIPPED" &&
      r.trackingCode !== null &&
      r.trackingCode === expected.get(r.printOrderId ?? -1)
    )
      right += 1;
  }
  return { right, byStatus };
}
