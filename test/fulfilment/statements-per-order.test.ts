/**
 * What one order costs the database, from its orders/paid webhook to paid at
 * the print service: SQL statements counted as the app's client sends them
 * (./statement-count.ts). The throughput of the pipeline is bound by these
 * (bench/results/README.md, "End to end"), so the counts are pinned here and
 * cannot grow unnoticed. The print file is a real PDF the sandbox serves: the
 * first order downloads and checks it, the orders counted reuse the result
 * stored on the mapping, as a shop's orders do.
 */
import "../support/app-env";
import { statementsOf } from "./statement-count";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { fulfilmentStore } from "~/data/fulfilment.server";
import { paymentSecret } from "~/services/print";
import { applyStatusUpdates } from "~/services/fulfilment/status-updates";
import { recordStatusCallback } from "~/lib/fulfilment-commands.server";
import {
  ADDRESS_NL,
  MAPPINGS,
  SANDBOX_KEYS,
  SHOP,
  startHarness,
  type Harness,
} from "../support/fulfilment-harness";

/**
 * Budgets per order; lower them when a change saves statements, never raise
 * them unexplained. The webhook's: one INSERT of the delivery (the shop's row
 * was read by an earlier delivery and is remembered for a minute). The
 * worker's: planning, which the orders of a claim share (the claim of the
 * deliveries, the shop read, one mappings read, one batch of five multi-row
 * INSERTs and its COMMIT, the delete of the batch: 2 per order here, 7.83 when
 * each was planned on its own, and less in a larger claim), then four steps in
 * two commits (check and quote with create, pay with the first read after
 * paying: decision 0004), each commit one batch of the order's row, its events
 * and an item's change, then COMMIT; the claim of the six orders and the reads
 * they share (shop, mapping) come to 1.5 per order. Each round also reads the status callbacks
 * received (decision 28): one statement per round, two rounds for six orders,
 * 0.33 per order here and less in a larger batch.
 */
const WEBHOOK_STATEMENTS = 1;
const WORKER_STATEMENTS = 12;
/** Worked in one claim; more orders share the claim's statements further. */
const ORDERS = 6;

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  // Status callbacks arrive whenever the sandbox sends them; without them the count is exact.
  h.sandbox.control.setCallbackUrl(SANDBOX_KEYS.merchantApiKey, null);
  await h.map({
    ...MAPPINGS.novel,
    contentUrl: `${h.sandbox.url}/files/generate/320p-154x216mm.pdf`,
  });
});
afterAll(async () => {
  await h?.close();
});

const perOrder = (statements: string[]) => statements.length / ORDERS;

/** Which statements were sent how often, for a failure's message. */
function tally(statements: string[]): string {
  const counts = new Map<string, number>();
  for (const s of statements) counts.set(s.slice(0, 100), (counts.get(s.slice(0, 100)) ?? 0) + 1);
  return [...counts].map(([statement, n]) => `${n} x ${statement}`).join("\n");
}

/** Places a paid order in the Shopify stand-in and delivers its orders/paid webhook. */
async function paidOrder(): Promise<void> {
  const { order } = await h.shopify.control.createOrder(
    {
      lineItems: [{ variantId: MAPPINGS.novel.variantId }],
      email: "anna@example.com",
      shippingAddress: ADDRESS_NL,
    },
    { deliver: false },
  );
  const paid = await h.shopify.control.markOrderPaid(order.id, { topics: ["orders/paid"] });
  expect(paid.deliveries.map((d) => d.attempts.at(-1)?.status)).toEqual([200]);
}

describe("statements per order, webhook to paid", () => {
  it("stay within their budgets", async () => {
    const worker = h.worker({ batchSize: 50, concurrency: 4 });
    await paidOrder();
    await worker.drain();

    const webhooks = await statementsOf(async () => {
      for (let i = 0; i < ORDERS; i++) await paidOrder();
    });
    const working = await statementsOf(() => worker.drain());

    const rows = await prisma.printOrder.findMany({
      where: { shop: SHOP },
      include: { items: true },
    });
    expect(rows).toHaveLength(ORDERS + 1);
    for (const row of rows) {
      expect(row.status).toBe("paid");
      expect(JSON.parse(row.items[0]!.preflight!)).toMatchObject({ status: "passed" });
    }
    const atService = h.sandbox.control.orders({ merchantApiKey: SANDBOX_KEYS.merchantApiKey });
    expect(atService.filter((o) => o.history.some((t) => t.to === "PAID"))).toHaveLength(
      ORDERS + 1,
    );
    // The print file was downloaded for the first order only.
    expect(rows.filter((r) => r.items[0]!.preflight === rows[0]!.items[0]!.preflight)).toHaveLength(
      ORDERS + 1,
    );

    expect(perOrder(webhooks), tally(webhooks)).toBeLessThanOrEqual(WEBHOOK_STATEMENTS);
    expect(perOrder(working), tally(working)).toBeLessThanOrEqual(WORKER_STATEMENTS);
  });
});

describe("statements per status callback", () => {
  /** A callback for the order, signed as the service signs it. */
  const callbackBody = (orderId: number, tracking: string) => ({
    order_id: orderId,
    signature: paymentSecret(SANDBOX_KEYS.secretKey, orderId),
    old_status: "SHIPPED",
    new_status: "SHIPPED",
    tracking_code: tracking,
  });
  const anOrderId = async () => {
    const [order] = await prisma.printOrder.findMany({
      where: { shop: SHOP, printOrderId: { not: null } },
      take: 1,
    });
    return order!.printOrderId!;
  };
  const onlyInboxInserts = (statements: string[]) => {
    const writes = statements.filter((s) => !/COMMIT/.test(s));
    expect(
      writes.every((s) => /^INSERT INTO [^(]*StatusUpdate/.test(s)),
      tally(statements),
    ).toBe(true);
    return writes;
  };

  it("at the door, at most one INSERT each (the shop's key remembered); the worker applies them", async () => {
    const orderId = await anOrderId();
    const post = (tracking: string) =>
      fetch(`${h.appUrl}/webhooks/print/${h.callbackId}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(callbackBody(orderId, tracking)),
      });
    expect((await post("WARM-UP")).status).toBe(200);
    const CALLBACKS = 10;
    const oneByOne = await statementsOf(async () => {
      for (let i = 0; i < CALLBACKS; i++) expect((await post(`PARCEL-${i}`)).status).toBe(200);
    });
    // Each alone in its turn of the event loop: its own INSERT.
    expect(onlyInboxInserts(oneByOne).length, tally(oneByOne)).toBe(CALLBACKS);
    // Sent at once: those that arrive in the same turn share an INSERT.
    const burst = await statementsOf(async () => {
      const answers = await Promise.all(
        Array.from({ length: CALLBACKS }, (_, i) => post(`BURST-${i}`)),
      );
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    });
    const burstWrites = onlyInboxInserts(burst);
    expect(burstWrites.length, tally(burst)).toBeGreaterThanOrEqual(1);
    expect(burstWrites.length, tally(burst)).toBeLessThanOrEqual(CALLBACKS);
    const applied = await applyStatusUpdates(fulfilmentStore(prisma), {
      now: new Date(),
      logger: { warn() {} },
    });
    expect(applied).toEqual({ applied: 2 * CALLBACKS + 1, dropped: 0 });
  });

  it("callbacks kept in the same turn of the event loop are one INSERT, a repeat among them too", async () => {
    const orderId = await anOrderId();
    const CALLBACKS = 10;
    const received = (tracking: string) => ({
      shop: SHOP,
      printOrderId: String(orderId),
      oldStatus: "SHIPPED",
      newStatus: "SHIPPED",
      trackingCode: tracking,
    });
    let results: string[] = [];
    const door = await statementsOf(async () => {
      results = await Promise.all([
        ...Array.from({ length: CALLBACKS }, (_, i) => recordStatusCallback(received(`SAME-${i}`))),
        recordStatusCallback(received("SAME-0")),
      ]);
    });
    expect(onlyInboxInserts(door).length, tally(door)).toBe(1);
    expect(results).toEqual([...Array<string>(CALLBACKS).fill("received"), "duplicate"]);
    // Sent again while they wait: each a duplicate, in one INSERT that adds nothing.
    const again = await statementsOf(async () => {
      results = await Promise.all(
        Array.from({ length: CALLBACKS }, (_, i) => recordStatusCallback(received(`SAME-${i}`))),
      );
    });
    expect(onlyInboxInserts(again).length, tally(again)).toBe(1);
    expect(results).toEqual(Array<string>(CALLBACKS).fill("duplicate"));
    expect(await prisma.statusUpdate.count({ where: { shop: SHOP } })).toBe(CALLBACKS);
    const applied = await applyStatusUpdates(fulfilmentStore(prisma), {
      now: new Date(),
      logger: { warn() {} },
    });
    expect(applied).toEqual({ applied: CALLBACKS, dropped: 0 });
  });
});
