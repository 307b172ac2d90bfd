/**
 * A step's commit (data/fulfilment-lease.server.ts commitStep: the lease's compare-and-set,
 * the item's change and the timeline entry in one transaction), sent straight to the client's
 * driver adapter as the app sends it (app/db/direct-sql.server.ts, decision 32), against the
 * same commit run in one of Prisma's interactive transactions (what a client the app did not
 * build gets, and what every commit cost before). CPU time of this process per commit, each
 * path warmed up first, the two paths taken in turn twice.
 *
 *   npm run bench:step-commit      BENCH_COMMITS=3000
 *
 * On PostgreSQL: BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432 names a server; the
 * bench creates a database of its own there and drops it afterwards (step-commit-postgresql.json).
 */
import { benchDir } from "./env";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import { PrismaClient } from "@prisma/client";
import { PrismaPg } from "@prisma/adapter-pg";
import { writeResult } from "./lib";
import { benchDatabase } from "./web-process";

const COMMITS = Number(process.env.BENCH_COMMITS ?? 3000);
const WARMUP = Math.max(100, Math.round(COMMITS / 10));
const SHOP = "bench-commit.myshopify.com";
const WORKER = "bench-worker";

async function main() {
  const database = await benchDatabase("step-commit");
  // App modules after the database is chosen: they read DATABASE_URL.
  const { default: prisma, databaseSchema, databaseProvider } = await import("../app/db.server");
  const { SingleConnectionLibSQL } = await import("../app/db/sqlite-client.server");
  const { leaseStore } = await import("../app/data/fulfilment-lease.server");
  const url = process.env.DATABASE_URL!;

  // The same database through a Prisma client the app did not build: its commits run in
  // Prisma's interactive transactions.
  let throughPrisma: PrismaClient;
  if (databaseProvider(url) === "postgresql") {
    const { PrismaClient: PgClient } = createRequire(import.meta.url)(".prisma/client-pg") as {
      PrismaClient: new (options: { adapter: PrismaPg }) => PrismaClient;
    };
    throughPrisma = new PgClient({ adapter: new PrismaPg({ connectionString: url }) });
  } else {
    throughPrisma = new PrismaClient({
      adapter: new SingleConnectionLibSQL({ url }),
      transactionOptions: { maxWait: 15_000, timeout: 30_000 },
    });
  }

  const shopOrder = await prisma.shopOrder.create({
    data: {
      shop: SHOP,
      shopifyOrderId: "gid://shopify/Order/1",
      name: "#1001",
      currency: "EUR",
      source: "webhook",
      lineItems: "[]",
    },
  });
  const order = await prisma.printOrder.create({
    data: {
      shop: SHOP,
      shopOrderId: shopOrder.id,
      shopifyOrderId: shopOrder.shopifyOrderId,
      shopifyOrderName: shopOrder.name,
      orderReference: "PC-1001-1",
      status: "created",
      currency: "EUR",
      nextAttemptAt: new Date("9999-12-31T00:00:00Z"),
      leaseOwner: WORKER,
      leaseExpiresAt: new Date(Date.now() + 3_600_000),
      items: {
        create: {
          shop: SHOP,
          itemReference: "1",
          shopifyLineItemId: "1",
          variantId: "gid://shopify/ProductVariant/20003",
          offeringId: 228500,
          quantity: 1,
          title: "Softcover novel",
        },
      },
    },
    include: { items: true },
  });
  const item = order.items[0]!;
  const commit = (i: number) => ({
    order: { id: order.id, shop: SHOP },
    holder: WORKER,
    columns: {
      status: i % 2 === 0 ? "paid" : "created",
      serviceState: "PAID",
      attempts: 0,
      leaseExpiresAt: new Date(Date.now() + 3_600_000),
      lastErrorCode: null,
    },
    items: [{ id: item.id, columns: { serviceState: i % 2 === 0 ? "PAID" : "CREATED" } }],
    events: [
      {
        shop: SHOP,
        shopOrderId: shopOrder.id,
        printOrderId: order.id,
        actor: "worker",
        type: "paid",
        message: `Paid at the print service (${i})`,
      },
    ],
    splits: [],
  });

  const paths = {
    direct: leaseStore(prisma, databaseSchema()),
    prismaTransaction: leaseStore(throughPrisma, databaseSchema()),
  };
  const cpuPerCommit: Record<keyof typeof paths, number[]> = { direct: [], prismaTransaction: [] };
  const wallPerCommit: Record<keyof typeof paths, number[]> = { direct: [], prismaTransaction: [] };
  let n = 0;
  for (const name of Object.keys(paths) as (keyof typeof paths)[]) {
    for (let i = 0; i < WARMUP; i++) await paths[name].commitStep(commit(n++));
  }
  for (let round = 0; round < 2; round++) {
    for (const name of Object.keys(paths) as (keyof typeof paths)[]) {
      const cpu = process.cpuUsage();
      const started = performance.now();
      for (let i = 0; i < COMMITS; i++) await paths[name].commitStep(commit(n++));
      const used = process.cpuUsage(cpu);
      cpuPerCommit[name].push((used.user + used.system) / 1000 / COMMITS);
      wallPerCommit[name].push((performance.now() - started) / COMMITS);
    }
  }
  const events = await prisma.orderEvent.count({ where: { shop: SHOP } });
  const expected = n;
  const round3 = (x: number) => Math.round(x * 1000) / 1000;
  const best = (xs: number[]) => round3(Math.min(...xs));
  const result = {
    settings: {
      commits: COMMITS,
      warmup: WARMUP,
      database: database.description,
      commit: "compare-and-set on the print order, one item's change, one timeline entry",
    },
    ours: {
      path: "directTransaction: the client's driver adapter (app/db/direct-sql.server.ts)",
      cpuMsPerCommit: cpuPerCommit.direct.map(round3),
      wallMsPerCommit: wallPerCommit.direct.map(round3),
    },
    reference: {
      path: "the same statements in prisma.$transaction(async (tx) => tx.$executeRaw(...))",
      cpuMsPerCommit: cpuPerCommit.prismaTransaction.map(round3),
      wallMsPerCommit: wallPerCommit.prismaTransaction.map(round3),
    },
    ratio: {
      cpu: round3(best(cpuPerCommit.prismaTransaction) / best(cpuPerCommit.direct)),
    },
    check: { timelineEntries: events, commits: expected, allWritten: events === expected },
  };
  console.log(JSON.stringify(result, null, 2));
  writeResult(database.resultName, result);
  await throughPrisma.$disconnect();
  await prisma.$disconnect();
  await database.drop();
  rmSync(benchDir, { recursive: true, force: true });
  if (events !== expected) process.exitCode = 1;
}

await main();
