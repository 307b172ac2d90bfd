/**
 * The worker's claim is one conditional UPDATE (compare-and-set) for the batch it read as due:
 *   UPDATE "PrintOrder" SET leaseOwner = me, leaseExpiresAt = now + lease
 *   WHERE id IN (...) AND status NOT IN (resting) AND nextAttemptAt <= now
 *     AND (leaseExpiresAt IS NULL OR leaseExpiresAt < now) RETURNING id
 * Under PostgreSQL's default READ COMMITTED, a second UPDATE of the same row
 * waits for the first writer's transaction, then re-checks its WHERE against the
 * row as committed (EvalPlanQual): it matches nothing if the first writer took
 * the lease, and takes it if the first writer rolled back. These tests put
 * three real workers (separate Prisma clients, so separate connections) in
 * exactly that wait, and count who won from the rows the UPDATE returned.
 */
import { testDatabaseProvider, testDatabaseUrl } from "../support/app-env";
import type { PrismaClient } from "@prisma/client";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import prisma, { createPrismaClient } from "~/db.server";
import { fulfilmentStore } from "~/data/fulfilment.server";
import { FulfilmentWorker } from "~/services/fulfilment/worker";

/** Installed, no print-service account: a claimed order goes to needs_attention in one step. */
const SHOP = "race.myshopify.com";
/** No shop row (uninstalled): a claimed order is rescheduled an hour ahead, still not resting. */
const GONE = "race-uninstalled.myshopify.com";
const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** Claims won: [workerId, printOrderId] for every row a claim UPDATE changed (and returned). */
let won: [string, string][] = [];

function recordingClient(): { db: PrismaClient; close: () => Promise<void> } {
  const base = createPrismaClient(testDatabaseUrl);
  const db = base.$extends({
    query: {
      printOrder: {
        async updateManyAndReturn({ args, query }) {
          const result = await query(args);
          const owner = (args.data as { leaseOwner?: unknown }).leaseOwner;
          if (typeof owner === "string") {
            for (const row of result as { id: string }[]) won.push([owner, row.id]);
          }
          return result;
        },
      },
    },
  }) as unknown as PrismaClient;
  return { db, close: () => base.$disconnect() };
}

const clients = Array.from({ length: 3 }, () => recordingClient());
const workers = clients.map(
  ({ db }, i) =>
    new FulfilmentWorker(
      {
        store: fulfilmentStore(db),
        printClientFor: async () => null,
        shopify: {} as never,
        logger: silent,
      },
      { workerId: `racer-${i + 1}`, leaseMs: 60_000 },
    ),
);
const holder = createPrismaClient(testDatabaseUrl);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await holder.$disconnect();
});

async function duePrintOrder(shop = SHOP): Promise<string> {
  const n = Math.random().toString(36).slice(2, 10);
  const shopOrder = await prisma.shopOrder.create({
    data: { shop, shopifyOrderId: n, name: `#${n}`, currency: "EUR", lineItems: "[]" },
  });
  const row = await prisma.printOrder.create({
    data: {
      shop,
      shopOrderId: shopOrder.id,
      shopifyOrderId: n,
      shopifyOrderName: `#${n}`,
      orderReference: `PC-${n}-0`,
      status: "pending",
      currency: "EUR",
      nextAttemptAt: new Date(Date.now() - 1_000),
    },
  });
  return row.id;
}

/** Sessions of this database waiting on a row lock. */
async function waitingOnLocks(): Promise<number> {
  const rows = await prisma.$queryRaw<{ n: bigint | number }[]>`
    SELECT count(*) AS n FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock'`;
  return Number(rows[0]?.n ?? 0);
}

/**
 * Takes the row's lease in an open transaction, lets all three workers run
 * into the row lock, then commits or rolls back.
 */
async function raceAgainstOpenClaim(id: string, outcome: "commit" | "rollback") {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let taken: () => void = () => {};
  const isTaken = new Promise<void>((resolve) => (taken = resolve));
  const holding = holder
    .$transaction(
      async (tx) => {
        const now = new Date();
        const { count } = await tx.printOrder.updateMany({
          where: { id, OR: [{ leaseExpiresAt: null }, { leaseExpiresAt: { lt: now } }] },
          data: { leaseOwner: "holder", leaseExpiresAt: new Date(now.getTime() + 60_000) },
        });
        expect(count).toBe(1);
        taken();
        await released;
        if (outcome === "rollback") throw new Error("rolled back on purpose");
      },
      { timeout: 20_000 },
    )
    .catch((error: Error) => {
      if (error.message !== "rolled back on purpose") throw error;
    });
  await isTaken;
  const racing = workers.map((w) => w.runOnce());
  const deadline = Date.now() + 10_000;
  while ((await waitingOnLocks()) < workers.length) {
    if (Date.now() > deadline) throw new Error("the workers never reached the row lock");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  release();
  await holding;
  return Promise.all(racing);
}

describe.skipIf(testDatabaseProvider !== "postgresql")(
  "claims under READ COMMITTED (PostgreSQL)",
  () => {
    beforeEach(async () => {
      won = [];
      await prisma.shop.upsert({ where: { shop: SHOP }, create: { shop: SHOP }, update: {} });
      await prisma.printOrder.deleteMany({ where: { shop: { in: [SHOP, GONE] } } });
    });

    it("a worker that waited for a committed claim gets nothing", async () => {
      const id = await duePrintOrder();
      const claimed = await raceAgainstOpenClaim(id, "commit");
      expect(claimed).toEqual([0, 0, 0]);
      expect(won).toEqual([]);
      const row = await prisma.printOrder.findUniqueOrThrow({ where: { id } });
      expect(row.leaseOwner).toBe("holder");
      expect(row.status).toBe("pending");
    });

    it("exactly one of the waiting workers gets a claim that was rolled back", async () => {
      const id = await duePrintOrder();
      const claimed = await raceAgainstOpenClaim(id, "rollback");
      expect(claimed.reduce((a, b) => a + b, 0)).toBe(1);
      expect(won).toHaveLength(1);
      expect(won[0]![1]).toBe(id);
      const row = await prisma.printOrder.findUniqueOrThrow({
        where: { id },
        include: { events: true },
      });
      expect(row.status).toBe("needs_attention");
      expect(row.events.filter((e) => e.type === "needs_attention")).toHaveLength(1);
    });

    it("many due rows, three workers at once, 20 rounds: each row is claimed once", async () => {
      // The rows are rescheduled, not put to rest, after their step: a worker that
      // read a row as due before another worked it must not claim it again.
      for (let round = 0; round < 20; round++) {
        const ids = await Promise.all(Array.from({ length: 10 }, () => duePrintOrder(GONE)));
        await Promise.all(workers.map((w) => w.runOnce()));
        const winners = new Map<string, string[]>();
        for (const [owner, id] of won) winners.set(id, [...(winners.get(id) ?? []), owner]);
        for (const id of ids) expect(winners.get(id), id).toHaveLength(1);
        won = [];
      }
    });
  },
);
