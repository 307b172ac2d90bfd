import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import prisma from "~/db.server";
import { fulfilmentStore } from "~/data/fulfilment.server";
import { printClientFor } from "~/lib/print-client.server";
import type { PrintClient } from "~/services/print";
import { FulfilmentWorker } from "~/services/fulfilment/worker";
import {
  fastRetry,
  MAPPINGS,
  placePaidOrder,
  printOrdersOf,
  settle,
  startHarness,
  type Harness,
} from "../support/fulfilment-harness";

/**
 * The heartbeat of docs/decisions/0018: a live worker keeps its claim past the
 * lease while a slow step runs, and a claim it no longer renews (a step hung
 * past `maxHoldMs`, as a dead worker's) is taken over after one lease.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.map(MAPPINGS.photoBook);
});
afterAll(async () => {
  await h?.close();
});

const silent = { debug() {}, info() {}, warn() {}, error() {} };
// Ten heartbeats to a lease: a loaded machine that holds up one write still keeps the claim.
const LEASE_MS = 1_000;

/** A print client whose order creation waits until `release` is called (a slow step). */
async function slowCreateClient(
  shop: Parameters<typeof printClientFor>[0],
  gate: Promise<void>,
  onWaiting: () => void,
): Promise<PrintClient | null> {
  const real = await printClientFor(shop, { retry: fastRetry });
  if (!real) return null;
  const orders = Object.create(real.orders) as PrintClient["orders"];
  orders.createIdempotent = async (params, options) => {
    onWaiting();
    await gate;
    return real.orders.createIdempotent(params, options);
  };
  return Object.assign(Object.create(real) as PrintClient, { orders });
}

function slowWorker(workerId: string, options: { maxHoldMs?: number } = {}) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let waiting = false;
  const worker = new FulfilmentWorker(
    {
      store: fulfilmentStore(prisma),
      printClientFor: (shop) => slowCreateClient(shop, gate, () => (waiting = true)),
      shopify: { graphql: () => Promise.reject(new Error("not used")) },
      logger: silent,
    },
    {
      workerId,
      leaseMs: LEASE_MS,
      heartbeatMs: 100,
      baseBackoffMs: 1,
      maxBackoffMs: 5,
      ...options,
    },
  );
  return { worker, release, isWaiting: () => waiting };
}

describe("the claim heartbeat", () => {
  it("keeps a slow step's claim past its lease, so no other worker takes the order", async () => {
    const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
    const slow = slowWorker("slow-but-alive");
    const round = slow.worker.runOnce();
    await vi.waitUntil(slow.isWaiting, { timeout: 10_000, interval: 10 });

    // Three leases later the claim is still the slow worker's.
    const other = h.worker({ workerId: "other", leaseMs: LEASE_MS });
    const until = Date.now() + 3 * LEASE_MS;
    while (Date.now() < until) {
      expect(await other.runOnce()).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [held] = await printOrdersOf(order.legacyId);
    expect(held?.leaseOwner).toMatch(/^slow-but-alive\//);
    expect(held!.leaseExpiresAt!.getTime()).toBeGreaterThan(Date.now());

    slow.release();
    await round;
    await settle(h.worker());
    const [paid] = await printOrdersOf(order.legacyId);
    expect(paid?.status).toBe("paid");
    expect(
      h.sandbox.control.orders().filter((o) => o.reference === paid!.orderReference),
    ).toHaveLength(1);
  });

  it("refuses the commit of a lane whose claim ran out, even when its own worker took the order again", async () => {
    const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
    // The first creation waits (a step slower than its lease, no heartbeat); so does the second
    // claim's read after paying, which keeps that claim's lease held while the first lane wakes.
    let releaseCreate!: () => void;
    const createGate = new Promise<void>((resolve) => (releaseCreate = resolve));
    let releaseRead!: () => void;
    const readGate = new Promise<void>((resolve) => (releaseRead = resolve));
    let creations = 0;
    let readsWaiting = 0;
    const worker = new FulfilmentWorker(
      {
        store: fulfilmentStore(prisma),
        printClientFor: async (shop) => {
          const real = await printClientFor(shop, { retry: fastRetry });
          if (!real) return null;
          const orders = Object.create(real.orders) as PrintClient["orders"];
          orders.createIdempotent = async (params, options) => {
            if (++creations === 1) await createGate;
            return real.orders.createIdempotent(params, options);
          };
          orders.details = async (params, options) => {
            readsWaiting += 1;
            await readGate;
            return real.orders.details(params, options);
          };
          return Object.assign(Object.create(real) as PrintClient, { orders });
        },
        shopify: { graphql: () => Promise.reject(new Error("not used")) },
        logger: silent,
      },
      { workerId: "same-worker", leaseMs: 300, heartbeatMs: 0, baseBackoffMs: 1, maxBackoffMs: 5 },
    );
    const first = worker.runOnce();
    await vi.waitUntil(() => creations === 1, { timeout: 10_000, interval: 10 });
    await vi.waitUntil(
      async () => (await printOrdersOf(order.legacyId))[0]!.leaseExpiresAt!.getTime() < Date.now(),
      { timeout: 10_000, interval: 20 },
    );
    // The same worker claims the order again: created, paid, now reading the service's record.
    const second = worker.runOnce();
    await vi.waitUntil(() => readsWaiting === 1, { timeout: 10_000, interval: 10 });
    releaseCreate();
    let firstDone = false;
    void first.then(() => (firstDone = true));
    // The first lane either is refused at its commit (it ends) or goes on to the read.
    await vi.waitUntil(() => firstDone || readsWaiting === 2, { timeout: 10_000, interval: 10 });
    releaseRead();
    await Promise.all([first, second]);

    const [row] = await printOrdersOf(order.legacyId);
    expect(row).toMatchObject({ status: "paid", leaseOwner: null });
    const steps = await prisma.orderEvent.findMany({
      where: { printOrderId: row!.id, type: { in: ["created", "paid"] } },
      select: { type: true },
    });
    // One entry each: the first lane's late creation was not written over the second's work.
    expect(steps.map((e) => e.type).sort()).toEqual(["created", "paid"]);
    expect(
      h.sandbox.control.orders().filter((o) => o.reference === row!.orderReference),
    ).toHaveLength(1);
  });

  it("lets a claim go after maxHoldMs, and another worker finishes the order once", async () => {
    const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
    const stuck = slowWorker("stuck", { maxHoldMs: 200 });
    const stuckRound = stuck.worker.runOnce(); // its step does not end: as good as dead
    await vi.waitUntil(stuck.isWaiting, { timeout: 10_000, interval: 10 });

    const started = Date.now();
    const other = h.worker({ workerId: "taker", leaseMs: LEASE_MS });
    await vi.waitUntil(async () => (await other.runOnce()) > 0, { timeout: 15_000, interval: 20 });
    // Taken only after the heartbeat gave up (200 ms) and the lease then ran out.
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    await settle(h.worker());
    const [paid] = await printOrdersOf(order.legacyId);
    expect(paid?.status).toBe("paid");
    expect(
      h.sandbox.control.orders().filter((o) => o.reference === paid!.orderReference),
    ).toHaveLength(1);
    // Woken at last, its late result is dropped: the order stays paid once.
    stuck.release();
    await stuckRound;
    expect(
      h.sandbox.control.orders().filter((o) => o.reference === paid!.orderReference),
    ).toHaveLength(1);
  });
});
