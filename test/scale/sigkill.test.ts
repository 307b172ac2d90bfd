import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import {
  MAPPINGS,
  placePaidOrder,
  printOrdersOf,
  startHarness,
  type Harness,
} from "../support/fulfilment-harness";
import { testDatabaseProvider } from "../support/app-env";
import { startChild, type Child } from "./children";

/**
 * Worker processes killed with SIGKILL at seeded random moments, three times,
 * while orders stream in through a faulty print service: after restarts every
 * order is still created and paid exactly once, and fulfilled once.
 *
 * PostgreSQL only, like test/scale/multi-worker.test.ts: several processes are
 * the PostgreSQL deployment (docs/operations.md). On one SQLite file, writes of
 * the surviving processes can time out after a writer is killed.
 */
const ORDERS = Number(process.env.SIGKILL_ORDERS ?? 60);
const LEASE_MS = 800;

function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 60_000,
  explain?: () => Promise<string>,
) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) {
      throw new Error(`timed out waiting for ${what}${explain ? `: ${await explain()}` : ""}`);
    }
    await sleep(50);
  }
}

if (testDatabaseProvider !== "postgresql") {
  console.warn("test/scale/sigkill: runs on PostgreSQL only (npm run test:pg); skipped on SQLite");
}

describe.skipIf(testDatabaseProvider !== "postgresql")(
  "worker processes killed with SIGKILL",
  () => {
    let h: Harness;
    let current: Child | undefined;
    const random = mulberry32(20261122);

    const startWorkerProcess = (n: number) =>
      startChild(`worker${n}`, h.shopify.url, {
        SCALE_WORKERS: "2",
        SCALE_LEASE_MS: String(LEASE_MS),
      });

    beforeAll(async () => {
      h = await startHarness({
        sandbox: {
          seed: 7,
          faults: {
            rules: [
              { errorRate: 0.05, errorStatus: 502 },
              { resetRate: 0.03 },
              { op: "order.create", lostAfterCommitRate: 0.05 },
              { op: "order.payment", lostAfterCommitRate: 0.05 },
              { latencyMs: [1, 15] },
            ],
          },
        },
      });
      for (const mapping of Object.values(MAPPINGS)) await h.map(mapping);
    }, 60_000);

    afterAll(async () => {
      if (current && current.process.exitCode === null) current.process.kill("SIGKILL");
      await h?.close();
    });

    it(`pays and fulfils each of ${ORDERS} orders exactly once across three kills`, async () => {
      let generation = 1;
      current = await startWorkerProcess(generation);

      // Orders stream in while the worker process is killed three times.
      const killAt = Array.from({ length: 3 }, () => Math.floor(random() * ORDERS)).sort(
        (a, b) => a - b,
      );
      const placed: Awaited<ReturnType<typeof placePaidOrder>>["order"][] = [];
      for (let i = 0; i < ORDERS; i++) {
        const variants = [MAPPINGS.photoBook, MAPPINGS.novel, MAPPINGS.framedPrint];
        const { order } = await placePaidOrder(h, [{ variantId: variants[i % 3]!.variantId }], {
          duplicates: i % 4 === 0 ? 2 : 0,
          concurrent: true,
        });
        placed.push(order);
        while (killAt[0] === i) {
          killAt.shift();
          await sleep(random() * 300); // land somewhere in the middle of its work
          current.process.kill("SIGKILL");
          await new Promise((resolve) => current!.process.once("exit", resolve));
          generation += 1;
          current = await startWorkerProcess(generation);
        }
      }
      expect(generation).toBe(4);

      // The last process finishes the work, taking over the dead ones' leases.
      const ids = placed.map((o) => String(o.legacyId));
      await waitUntil(
        "every order paid",
        async () => {
          const rows = await prisma.printOrder.findMany({ where: { shopifyOrderId: { in: ids } } });
          return rows.length === ORDERS && rows.every((r) => r.status === "paid");
        },
        60_000,
        async () => {
          const rows = await prisma.printOrder.findMany({ where: { shopifyOrderId: { in: ids } } });
          const stuck = rows.filter((r) => r.status !== "paid");
          return `${rows.length}/${ORDERS} planned; not paid: ${JSON.stringify(
            stuck
              .slice(0, 5)
              .map((r) => [
                r.orderReference,
                r.status,
                r.leaseOwner,
                r.nextAttemptAt,
                r.lastErrorCode,
                r.lastErrorMessage?.slice(0, 120),
              ]),
          )}`;
        },
      );

      for (const row of await prisma.printOrder.findMany({
        where: { shopifyOrderId: { in: ids } },
      })) {
        h.sandbox.control.advance({ orderId: row.printOrderId!, to: "SHIPPED" });
      }
      await h.sandbox.control.waitForCallbacks();
      await waitUntil("every order fulfilled", async () => {
        const rows = await prisma.printOrder.findMany({ where: { shopifyOrderId: { in: ids } } });
        return rows.every((r) => r.status === "fulfilled");
      });

      // Exactly once, by the print service's and Shopify's own records.
      const atService = h.sandbox.control.orders();
      for (const order of placed) {
        const [printOrder, ...more] = await printOrdersOf(order.legacyId);
        expect(more).toHaveLength(0);
        const created = atService.filter((o) => o.reference === printOrder!.orderReference);
        expect(created).toHaveLength(1);
        expect(created[0]!.history.filter((t) => t.to === "PAID")).toHaveLength(1);
        expect(h.shopify.control.getOrder(order.id)!.fulfillments).toHaveLength(1);
      }
      current.process.kill("SIGTERM");
    }, 180_000);
  },
);
