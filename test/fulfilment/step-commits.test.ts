/**
 * Two steps, one commit (docs/decisions/0004): check and quote is committed with create, pay
 * with the first read after paying. A worker that stops or loses its claim between the two
 * leaves no duplicate at the print service and pays once; a step that fails after the first
 * keeps what the first found, written with the failure.
 */
import "../support/app-env";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { fulfilmentStore } from "~/data/fulfilment.server";
import { printClientFor } from "~/lib/print-client.server";
import { preflightForApp } from "~/lib/preflight.server";
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

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  // A real PDF the sandbox serves (a short one), so the print-file check has a result to keep.
  await h.map({
    ...MAPPINGS.photoBook,
    contentUrl: `${h.sandbox.url}/files/generate/24p-216x303mm.pdf`,
  });
});
afterAll(async () => {
  await h?.close();
});
afterEach(() => {
  h.sandbox.control.clearFaults();
});

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const ordersAtService = (reference: string) =>
  h.sandbox.control.orders().filter((o) => o.reference === reference);
const paymentsOf = (id: number) =>
  h.sandbox.control.order(id)!.history.filter((t) => t.to === "PAID").length;
const ofType = <E extends { type: string }>(events: E[], type: string) =>
  events.filter((e) => e.type === type);

/**
 * A worker whose print client stops once at `where` for the print order `reference` (after the
 * service created it, or in the first read of its details) until released, as a worker stalled
 * there would. Other print orders it holds go on.
 */
function stallingWorker(where: "afterCreate" | "firstRead", workerId: string, reference: string) {
  let reached!: () => void;
  const stalled = new Promise<void>((resolve) => (reached = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let stopped = false;
  let orderId: number | undefined;
  const client = async (shop: Parameters<typeof printClientFor>[0]) => {
    const real = await printClientFor(shop, { retry: fastRetry });
    if (!real) return null;
    const orders = Object.create(real.orders) as PrintClient["orders"];
    const stall = async () => {
      if (stopped) return;
      stopped = true;
      reached();
      await released;
    };
    orders.createIdempotent = async (params, options) => {
      const created = await real.orders.createIdempotent(params, options);
      if (params.orderReference !== reference) return created;
      orderId = created.orderId;
      if (where === "afterCreate") await stall();
      return created;
    };
    orders.details = async (params, options) => {
      // A lookup by reference (create's recovery) is not the read after paying.
      if (where === "firstRead" && "orderId" in params && params.orderId === orderId) await stall();
      return real.orders.details(params, options);
    };
    return Object.assign(Object.create(real) as PrintClient, { orders });
  };
  const worker = new FulfilmentWorker(
    {
      store: fulfilmentStore(prisma),
      printClientFor: client,
      shopify: { graphql: () => new Promise<never>(() => {}) },
      logger: silent,
      preflight: preflightForApp,
    },
    { leaseMs: 300, workerId, baseBackoffMs: 1, maxBackoffMs: 5 },
  );
  const round = worker.runOnce();
  return { stalled, release, round };
}

/** Waits until the lease the stalled worker holds on the print order has run out. */
async function leaseRunsOut(printOrder: { leaseExpiresAt: Date | null }) {
  const left = (printOrder.leaseExpiresAt?.getTime() ?? 0) - Date.now();
  if (left >= 0) await new Promise((resolve) => setTimeout(resolve, left + 10));
}

describe("check and quote, committed with create", () => {
  it("a worker that loses its claim after the service created the order leaves one order, paid once", async () => {
    const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
    let [printOrder] = await printOrdersOf(order.legacyId);
    const slow = stallingWorker("afterCreate", "slow-create", printOrder!.orderReference);
    await slow.stalled;
    [printOrder] = await printOrdersOf(order.legacyId);
    // Checked and quoted, created at the service, and nothing of it written yet.
    expect(printOrder?.leaseOwner).toMatch(/^slow-create\//);
    expect(printOrder?.status).toBe("pending");
    expect(printOrder?.wholesaleTotalMinor).toBeNull();
    expect(ofType(printOrder!.events, "ready")).toHaveLength(0);
    expect(ordersAtService(printOrder!.orderReference)).toHaveLength(1);

    await leaseRunsOut(printOrder!);
    await settle(h.worker());
    // The stalled worker goes on: its commit finds the claim gone and writes nothing.
    slow.release();
    await slow.round;

    [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder?.status).toBe("paid");
    const atService = ordersAtService(printOrder!.orderReference);
    expect(atService).toHaveLength(1);
    expect(printOrder?.printOrderId).toBe(atService[0]!.id);
    expect(paymentsOf(atService[0]!.id)).toBe(1);
    const [ready] = ofType(printOrder!.events, "ready");
    const created = ofType(printOrder!.events, "created");
    expect(created).toHaveLength(1);
    expect(created[0]?.message).toMatch(/already created/);
    expect(ofType(printOrder!.events, "ready")).toHaveLength(1);
    // One commit wrote both steps.
    expect(ready?.at.getTime()).toBe(created[0]?.at.getTime());
    expect(ofType(printOrder!.events, "paid")).toHaveLength(1);
  });

  it("a temporary failure of create keeps the quote and the file check, written with the failure", async () => {
    h.sandbox.control.addFaultRule({ op: "order.create", errorRate: 1, errorStatus: 500 });
    const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
    const worker = h.worker();
    await worker.runOnce();

    let [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder?.status).toBe("ready");
    expect(printOrder?.printOrderId).toBeNull();
    expect(printOrder?.wholesaleTotalMinor).toBeGreaterThan(0);
    expect(printOrder?.attempts).toBe(1);
    expect(printOrder?.lastErrorCode).not.toBeNull();
    expect(JSON.parse(printOrder!.items[0]!.preflight!)).toMatchObject({ status: "passed" });
    const [ready] = ofType(printOrder!.events, "ready");
    const [retry] = ofType(printOrder!.events, "retry_scheduled");
    expect(ready).toBeDefined();
    expect(retry).toBeDefined();
    // Written in one commit, the step's events before the failure's.
    expect(ready!.at.getTime()).toBe(retry!.at.getTime());
    expect(ready!.id).toBeLessThan(retry!.id);
    expect(ordersAtService(printOrder!.orderReference)).toHaveLength(0);

    h.sandbox.control.clearFaults();
    await settle(worker);
    [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder?.status).toBe("paid");
    expect(printOrder?.lastErrorCode).toBeNull();
    expect(ordersAtService(printOrder!.orderReference)).toHaveLength(1);
    expect(ofType(printOrder!.events, "ready")).toHaveLength(1);
  });
});

describe("pay, committed with the first read after paying", () => {
  it("a worker that stops in the read after paying leaves the order paid once", async () => {
    const { order } = await placePaidOrder(h, [{ variantId: MAPPINGS.photoBook.variantId }]);
    let [printOrder] = await printOrdersOf(order.legacyId);
    const slow = stallingWorker("firstRead", "slow-read", printOrder!.orderReference);
    await slow.stalled;
    [printOrder] = await printOrdersOf(order.legacyId);
    // Paid at the service; the payment is written with the read.
    expect(printOrder?.leaseOwner).toMatch(/^slow-read\//);
    expect(printOrder?.status).toBe("created");
    expect(paymentsOf(printOrder!.printOrderId!)).toBe(1);

    await leaseRunsOut(printOrder!);
    await settle(h.worker());
    slow.release();
    await slow.round;

    [printOrder] = await printOrdersOf(order.legacyId);
    expect(printOrder?.status).toBe("paid");
    expect(printOrder?.lastSyncedAt).not.toBeNull();
    expect(ordersAtService(printOrder!.orderReference)).toHaveLength(1);
    expect(paymentsOf(printOrder!.printOrderId!)).toBe(1);
    const paid = ofType(printOrder!.events, "paid");
    expect(paid).toHaveLength(1);
    expect(paid[0]?.message).toMatch(/Already paid/);
  });
});
