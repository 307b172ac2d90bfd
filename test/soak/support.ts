/**
 * Shared pieces of the soak tests: a seeded order mix, bounded polling, the
 * fault profile, and the checks that every order ended paid once and
 * fulfilled once. Import "../support/app-env" before this file.
 */
import prisma from "~/db.server";
import { fulfilmentStore } from "~/data/fulfilment.server";
import { printClientFor } from "~/lib/print-client.server";
import { shopifyAdmin } from "~/lib/admin-client.server";
import { onWorkAvailable } from "~/lib/worker-signal.server";
import { FulfilmentWorker, type WorkerOptions } from "~/services/fulfilment/worker";
import type { FaultRule } from "../../sandbox/faults";
import { mulberry32 } from "../../sandbox/prng";
import {
  ADDRESS_NL,
  fastRetry,
  MAPPINGS,
  SANDBOX_KEYS,
  SHOP,
  type Harness,
} from "../support/fulfilment-harness";

/**
 * The fault profile of the issue: 10% 5xx (500/502, no Retry-After so no real
 * waits), 5% connection resets, 2% answers lost after the service committed,
 * and latency jitter. Rules are evaluated in order and the first fault wins,
 * so each rate is the share of the requests the earlier rules left over.
 */
export const FAULT_PROFILE: FaultRule[] = [
  { latencyMs: [0, 3] },
  { errorRate: 0.05, errorStatus: 500 },
  { errorRate: 0.05 / 0.95, errorStatus: 502 },
  { resetRate: 0.05 / 0.9 },
  { lostAfterCommitRate: 0.02 / 0.85 },
];

export type LineSpec = { variantId: string; quantity?: number };

/**
 * A deterministic mix of orders: mostly one or two books (one print order),
 * and every 40th order also a boxed frame from another facility (the worker
 * splits it into two print orders).
 */
export function orderMix(count: number, seed: number): LineSpec[][] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, (_, i) => {
    const lines: LineSpec[] = [];
    const r = random();
    if (r < 0.45) lines.push({ variantId: MAPPINGS.photoBook.variantId });
    else if (r < 0.8) lines.push({ variantId: MAPPINGS.novel.variantId, quantity: 2 });
    else
      lines.push(
        { variantId: MAPPINGS.photoBook.variantId },
        { variantId: MAPPINGS.novel.variantId },
      );
    if (i % 40 === 39) lines.push({ variantId: MAPPINGS.framedPrint.variantId });
    return lines;
  });
}

/** How many print orders an order of the mix becomes. */
export const expectedPrintOrders = (lines: LineSpec[]) =>
  lines.some((l) => l.variantId === MAPPINGS.framedPrint.variantId) ? 2 : 1;

/** Runs `fn` over `items` with at most `width` calls in flight. */
export async function pool<T, R>(
  items: T[],
  width: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]!, i);
      }
    }),
  );
  return results;
}

/** Polls `probe` until it returns true; fails with `describe()` after `timeoutMs`. */
export async function waitUntil(
  probe: () => Promise<boolean>,
  timeoutMs: number,
  describe: () => Promise<string>,
  intervalMs = 50,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms: ${await describe()}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Counts of print orders by status, for progress and failure messages. */
export async function statusCounts(): Promise<Record<string, number>> {
  const rows = await prisma.printOrder.groupBy({ by: ["status"], _count: { _all: true } });
  return Object.fromEntries(rows.map((r) => [r.status, r._count._all]));
}

export async function describeProgress(): Promise<string> {
  const counts = await statusCounts();
  const stuck = await prisma.printOrder.findMany({
    where: { status: { notIn: ["fulfilled", "paid", "in_production"] } },
    take: 3,
    select: {
      orderReference: true,
      status: true,
      attempts: true,
      lastErrorCode: true,
      lastErrorMessage: true,
      nextAttemptAt: true,
      leaseOwner: true,
      leaseExpiresAt: true,
    },
  });
  return JSON.stringify({ counts, sample: stuck });
}

/** Places one paid order in the Shopify stand-in; its webhook is delivered `copies` times. */
export async function placeOrder(
  h: Harness,
  lines: LineSpec[],
  options: { copies: number; concurrent: boolean; shop?: string },
) {
  const { order } = await h.shopify.control.createOrder(
    {
      ...(options.shop ? { shop: options.shop } : {}),
      lineItems: lines,
      email: "anna@example.com",
      shippingAddress: ADDRESS_NL,
    },
    { deliver: false },
  );
  const paid = await h.shopify.control.markOrderPaid(order.id, {
    topics: ["orders/paid"],
    duplicates: options.copies - 1,
    concurrent: options.concurrent,
  });
  return { order, deliveries: paid.deliveries };
}

/** Walks every paid order at the sandbox to SHIPPED (one status callback per step). */
export function shipEverything(h: Harness): number {
  const paid = h.sandbox.control
    .orders({ merchantApiKey: SANDBOX_KEYS.merchantApiKey })
    .filter((o) => o.state !== "SHIPPED" && o.history.some((t) => t.to === "PAID"));
  for (const o of paid) h.sandbox.control.advance({ orderId: o.id, to: "SHIPPED" });
  return paid.length;
}

/** Callbacks the sandbox gave up on (all attempts failed). */
export function lostCallbacks(h: Harness) {
  return h.sandbox.control
    .callbacks()
    .filter((c) => !c.delivered && c.attempts >= 5)
    .map((c) => `${c.payload.order_reference} ${c.payload.new_status}: ${c.lastError}`);
}

/**
 * The end state the issue asks for, checked from the outside: the print
 * service's own order list has each reference once, paid exactly once and
 * shipped; Shopify has exactly one fulfillment per print order, carrying its
 * tracking number; and the app's rows agree.
 */
export async function checkEndState(
  h: Harness,
  shopifyOrders: { id: string; legacyId: string | number; lines: LineSpec[] }[],
  shop = SHOP,
): Promise<string[]> {
  const problems: string[] = [];
  const atService = h.sandbox.control.orders({ merchantApiKey: SANDBOX_KEYS.merchantApiKey });
  const byReference = new Map<string, typeof atService>();
  for (const o of atService)
    byReference.set(o.reference, [...(byReference.get(o.reference) ?? []), o]);

  const rows = await prisma.printOrder.findMany({ where: { shop } });
  const rowsByOrder = new Map<string, typeof rows>();
  for (const r of rows)
    rowsByOrder.set(r.shopifyOrderId, [...(rowsByOrder.get(r.shopifyOrderId) ?? []), r]);

  let expectedTotal = 0;
  for (const o of shopifyOrders) {
    const want = expectedPrintOrders(o.lines);
    expectedTotal += want;
    const mine = rowsByOrder.get(String(o.legacyId)) ?? [];
    if (mine.length !== want) {
      problems.push(`order ${o.legacyId}: ${mine.length} print orders, expected ${want}`);
      continue;
    }
    const fulfillments = h.shopify.control.getOrder(o.id)?.fulfillments ?? [];
    if (fulfillments.length !== want) {
      problems.push(
        `order ${o.legacyId}: ${fulfillments.length} Shopify fulfillments, expected ${want}`,
      );
    }
    for (const row of mine) {
      if (row.status !== "fulfilled") {
        problems.push(
          `${row.orderReference}: ${row.status} (${row.lastErrorCode ?? "-"}: ${row.lastErrorMessage ?? ""})`,
        );
      }
      const service = byReference.get(row.orderReference) ?? [];
      if (service.length !== 1) {
        problems.push(`${row.orderReference}: ${service.length} orders at the print service`);
        continue;
      }
      const s = service[0]!;
      const payments = s.history.filter((t) => t.to === "PAID").length;
      if (payments !== 1) problems.push(`${row.orderReference}: paid ${payments} times`);
      if (s.state !== "SHIPPED") problems.push(`${row.orderReference}: ${s.state} at the service`);
      if (row.printOrderId !== s.id)
        problems.push(
          `${row.orderReference}: row points at ${row.printOrderId}, service has ${s.id}`,
        );
      const tracked = fulfillments.filter((f) =>
        f.trackingInfo.some((t) => t.number === s.trackingCode),
      );
      if (tracked.length !== 1) {
        problems.push(
          `${row.orderReference}: ${tracked.length} fulfillments with its tracking ${s.trackingCode}`,
        );
      }
    }
  }
  if (rows.length !== expectedTotal)
    problems.push(`${rows.length} print orders, expected ${expectedTotal}`);
  const ours = atService.filter((o) => rows.some((r) => r.orderReference === o.reference));
  if (ours.length !== expectedTotal)
    problems.push(`${ours.length} orders at the service, expected ${expectedTotal}`);
  return problems;
}

/**
 * A fulfilment worker like the harness's (fast retries, silent), with a clock
 * the test can move forward: `clock.skip(ms)` makes the worker act as if that
 * much time had passed, so the poller's re-reads (`followIntervalMs`) come due
 * without waiting for them. It wakes when a route stores new work.
 */
export function soakWorker(options: WorkerOptions, clock: SoakClock): FulfilmentWorker {
  const worker = new FulfilmentWorker(
    {
      store: fulfilmentStore(prisma),
      printClientFor: (shop) => printClientFor(shop, { retry: fastRetry }),
      shopify: shopifyAdmin,
      logger: silent,
      now: () => new Date(Date.now() + clock.offsetMs),
    },
    { baseBackoffMs: 1, maxBackoffMs: 5, leaseMs: 5_000, ...options },
  );
  const unsubscribe = onWorkAvailable(() => worker.nudge());
  const stop = worker.stop.bind(worker);
  worker.stop = async () => {
    unsubscribe();
    await stop();
  };
  return worker;
}

export class SoakClock {
  offsetMs = 0;
  skip(ms: number): void {
    this.offsetMs += ms;
  }
}

const silent = { debug() {}, info() {}, warn() {}, error() {} };
