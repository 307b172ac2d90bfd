import "../support/app-env";
import { removeSoakDb } from "./fast-db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import type { FulfilmentWorker } from "~/services/fulfilment/worker";
import { MAPPINGS, SHOP, startHarness, type Harness } from "../support/fulfilment-harness";
import {
  checkEndState,
  describeProgress,
  orderMix,
  placeOrder,
  pool,
  shipEverything,
  SoakClock,
  soakWorker,
  statusCounts,
  waitUntil,
} from "./support";

const SEED = 7;
const FOLLOW_INTERVAL_MS = 10 * 60_000;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ sandbox: { seed: SEED } });
  for (const mapping of Object.values(MAPPINGS)) await h.map(mapping);
});
// A test that failed half-way leaves its workers running: they stop before anything else.
let workers: FulfilmentWorker[] = [];
afterAll(async () => {
  try {
    await Promise.all(workers.map((w) => w.stop()));
    await h?.close();
  } finally {
    await prisma.$disconnect();
    removeSoakDb();
  }
}, 120_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const notWaiting = () =>
  prisma.printOrder.count({
    where: { shop: SHOP, status: { in: ["needs_attention", "cancelled"] } },
  });

describe("the print service goes down for a while, then comes back", () => {
  it("drains everything afterwards and marks nothing that was only waiting", async () => {
    const clock = new SoakClock();
    // Real backoff shape, shortened: 20 ms doubling up to 300 ms, with jitter.
    workers = [1, 2].map((n) =>
      soakWorker(
        {
          workerId: `outage-${n}`,
          concurrency: 4,
          batchSize: 16,
          idlePollMs: 20,
          baseBackoffMs: 20,
          maxBackoffMs: 300,
          followIntervalMs: FOLLOW_INTERVAL_MS,
        },
        clock,
      ),
    );
    for (const w of workers) w.start();
    const mix = orderMix(60, SEED);
    const place = (lines: (typeof mix)[number]) =>
      placeOrder(h, lines, { copies: 2, concurrent: true });

    // Part of the orders arrive while the service is up, the rest while it answers 503.
    const before = await pool(mix.slice(0, 20), 4, place);
    h.sandbox.control.setDown("503");
    const during = await pool(mix.slice(20, 40), 4, place);
    // 503 carries Retry-After: 1, which the client honours inside one step (up to 4 tries), so
    // the first recorded attempt takes a few seconds; how many depends on the machine's speed.
    const triedWhileDown = () =>
      prisma.printOrder.count({
        where: { shop: SHOP, status: { in: ["pending", "ready", "created"] }, attempts: { gt: 0 } },
      });
    await waitUntil(async () => (await triedWhileDown()) > 0, 30_000, describeProgress);
    expect(await notWaiting(), await describeProgress()).toBe(0);
    const waiting = await prisma.printOrder.findMany({
      where: { shop: SHOP, status: { in: ["pending", "ready", "created"] } },
    });
    expect(waiting.length).toBeGreaterThan(0);
    // They are waiting with a plain-language reason and a growing backoff.
    const tried = waiting.filter((p) => p.attempts > 0);
    expect(
      tried.length,
      JSON.stringify(waiting.map((p) => [p.status, p.attempts])),
    ).toBeGreaterThan(0);
    expect(
      tried.every((p) => p.lastErrorCode && /retried automatically/.test(p.lastErrorAction ?? "")),
    ).toBe(true);
    const attemptsWhileDown = Math.max(...waiting.map((p) => p.attempts));
    // Backoff, not a busy loop: a few seconds of Retry-After and backoff are a handful of attempts.
    expect(attemptsWhileDown).toBeLessThan(20);

    // Then the connection is reset instead of answered.
    h.sandbox.control.setDown("reset");
    const duringReset = await pool(mix.slice(40, 60), 4, place);
    await sleep(1_000);
    expect(await notWaiting(), await describeProgress()).toBe(0);

    h.sandbox.control.setDown(null);
    for (const w of workers) w.nudge();
    const all = [...before, ...during, ...duringReset].map(({ order }, i) => ({
      id: order.id,
      legacyId: order.legacyId,
      lines: mix[i]!,
    }));
    await waitUntil(
      async () => {
        const counts = await statusCounts();
        return Object.keys(counts).every((s) => s === "paid");
      },
      60_000,
      describeProgress,
    );

    // Down again while the orders ship: the re-reads the callbacks ask for fail, then succeed.
    h.sandbox.control.setDown("503");
    shipEverything(h);
    await h.sandbox.control.waitForCallbacks(10_000);
    await sleep(500);
    expect(await notWaiting(), await describeProgress()).toBe(0);
    expect(await prisma.printOrder.count({ where: { shop: SHOP, status: "fulfilled" } })).toBe(0);
    h.sandbox.control.setDown(null);
    for (const w of workers) w.nudge();
    // Re-reads refused while down are retried; callbacks refused or given up are found by the poller.
    await sleep(1_000);
    clock.skip(FOLLOW_INTERVAL_MS + 1_000);
    await waitUntil(
      async () =>
        (await prisma.printOrder.count({ where: { shop: SHOP, status: { not: "fulfilled" } } })) ===
        0,
      60_000,
      describeProgress,
    );
    await Promise.all(workers.map((w) => w.stop()));

    expect(await checkEndState(h, all)).toEqual([]);
    const retried = await prisma.orderEvent.count({
      where: { shop: SHOP, type: "retry_scheduled" },
    });
    expect(retried).toBeGreaterThan(0);
    expect(await prisma.orderEvent.count({ where: { shop: SHOP, type: "needs_attention" } })).toBe(
      0,
    );
  }, 240_000);
});
