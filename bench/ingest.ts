/**
 * Webhook ingest: signed orders/paid deliveries per second and p50/p99
 * latency at a fixed concurrency, through the real built server (express +
 * @remix-run/express, as server.js serves it), against a bare route that only
 * calls `authenticate.webhook` and answers 200: the framework's ceiling.
 * Load comes from a child process (bench/load.mjs). Zero loss is checked by
 * counting the print orders afterwards; the server's peak resident memory
 * (this process: it serves the load) is recorded.
 *
 *   npm run bench:ingest            BENCH_INGEST_N=3000 BENCH_CONCURRENCY=32 BENCH_MAX_MS=20000
 *
 * On PostgreSQL: BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432 names
 * a server; the benchmark creates a database of its own there, migrates it
 * with the PostgreSQL migrations, and drops it afterwards. The result is
 * ingest-postgresql.json.
 */
import { benchDir } from "./env";
import { rmSync } from "node:fs";
import { ensureBuild, writeResult } from "./lib";
import { benchDatabase, startWebProcess } from "./web-process";
import { WEB_NODE_FLAGS } from "../server/node-flags.js";

const N = Number(process.env.BENCH_INGEST_N ?? 3_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const MAX_MS = Number(process.env.BENCH_MAX_MS ?? 20_000);
const WARMUP = 200;
const SHOP = "bench-shop.myshopify.com";
const VARIANT = 20001;
const TARGETS = { throughputRatio: 0.75, p99Ms: 60, peakRssMb: 300 };

/**
 * Plans every recorded delivery as the worker does, in rounds of 50, and says how fast: the
 * worker's share of an order's cost, after the door.
 */
async function planEverything(
  plan: typeof import("../app/services/fulfilment/planner").planRecordedDeliveries,
  store: import("../app/services/fulfilment/ports").FulfilmentStore,
) {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const silent = { debug() {}, info() {}, warn() {}, error() {} };
  let planned = 0;
  for (;;) {
    const round = await plan(store, {
      workerId: "bench-planner",
      now: new Date(),
      leaseMs: 60_000,
      batchSize: 50,
      logger: silent,
    });
    if (round.length === 0) break;
    planned += round.filter((r) => r.outcome === "planned").length;
  }
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    planned,
    perSecond: Math.round((planned / Math.max(ms, 1)) * 1000 * 10) / 10,
    cpuMsPerOrder:
      Math.round(((cpu.user + cpu.system) / 1000 / Math.max(planned, 1)) * 1000) / 1000,
  };
}

async function main() {
  const database = await benchDatabase("ingest");
  ensureBuild();
  const { default: prisma } = await import("../app/db.server");
  const { saveMapping } = await import("../app/data/mapping.server");
  const { recordInstall } = await import("../app/data/shop.server");
  const { deliveries, runLoad } = await import("./http");
  const { planRecordedDeliveries } = await import("../app/services/fulfilment/planner");
  const { fulfilmentStore } = await import("../app/data/fulfilment.server");
  const store = fulfilmentStore(prisma);
  let server: Awaited<ReturnType<typeof startWebProcess>> | undefined;
  // The web process's CPU time per answered delivery (the load runs in another child): a cost
  // that other work on the machine hardly moves.
  const load = async (requests: ReturnType<typeof deliveries>) => {
    const cpuBefore = await server!.cpuMs();
    const run = await runLoad(server!.origin, requests, {
      concurrency: CONCURRENCY,
      maxMs: MAX_MS,
    });
    const cpuMsPerDelivery = ((await server!.cpuMs()) - cpuBefore) / Math.max(1, run.sent);
    return { ...run, cpuMsPerDelivery: Math.round(cpuMsPerDelivery * 1000) / 1000 };
  };
  try {
    await recordInstall({ shop: SHOP, scopes: "read_orders" });
    await saveMapping({
      shop: SHOP,
      mapping: {
        variantId: `gid://shopify/ProductVariant/${VARIANT}`,
        title: "Photo book",
        offeringId: 228478,
        contentUrl: "https://files.example.com/book.pdf",
        contentWidth: 210,
        contentHeight: 297,
        numberOfPages: 24,
      },
    });
    server = await startWebProcess();
    // Warm both paths (JIT, prepared statements, connections), then measure each.
    await load(deliveries(WARMUP, "/bare", SHOP, VARIANT));
    await load(deliveries(WARMUP, "", SHOP, VARIANT));
    await planEverything(planRecordedDeliveries, store);
    const before = await prisma.printOrder.count({ where: { shop: SHOP } });
    const reference = await load(deliveries(N, "/bare", SHOP, VARIANT));
    const ours = await load(deliveries(N, "", SHOP, VARIANT));
    // The door only records: the worker's planner turns every recorded delivery into its
    // print order, timed here on its own (the bench's server runs no worker).
    const planning = await planEverything(planRecordedDeliveries, store);
    const printOrders = (await prisma.printOrder.count({ where: { shop: SHOP } })) - before;
    const accepted = ours.statuses["200"] ?? 0;
    const ratio = {
      throughput: Math.round((ours.perSecond / reference.perSecond) * 1000) / 1000,
      p50: Math.round((ours.latency.p50Ms / reference.latency.p50Ms) * 100) / 100,
      p99: Math.round((ours.latency.p99Ms / reference.latency.p99Ms) * 100) / 100,
      /** Reference CPU per delivery over ours: the throughput ratio on an otherwise idle core. */
      cpuPerDelivery:
        Math.round((reference.cpuMsPerDelivery / ours.cpuMsPerDelivery) * 1000) / 1000,
    };
    // The web process's: the built app alone, before any delivery and at its peak under load.
    const serverMemory = {
      process: "bench/ingest-server.mjs",
      idleRssMb: server.idleRssMb,
      ...(await server.memory()),
    };
    const result = {
      settings: {
        orders: N,
        concurrency: CONCURRENCY,
        maxMs: MAX_MS,
        warmup: WARMUP,
        database: database.description,
        logLevel: process.env.LOG_LEVEL,
        webNodeFlags: WEB_NODE_FLAGS,
      },
      ours: {
        path: "POST /webhooks/orders/paid (signature + order check + one INSERT of the delivery)",
        ...ours,
      },
      reference: { path: "bare route: authenticate.webhook + 200", ...reference },
      ratio,
      planning,
      loss: {
        accepted200: accepted,
        printOrdersCreated: printOrders,
        lost: accepted - printOrders,
      },
      serverMemory,
      targets: {
        ...TARGETS,
        met: {
          throughputRatio: ratio.throughput >= TARGETS.throughputRatio,
          p99Ms: ours.latency.p99Ms <= TARGETS.p99Ms,
          peakRssMb: serverMemory.peakRssMb <= TARGETS.peakRssMb,
          zeroLoss: accepted === printOrders,
        },
      },
    };
    console.log(JSON.stringify(result, null, 2));
    writeResult(database.resultName, result);
    if (accepted !== printOrders) {
      process.exitCode = 1;
      console.error(
        `LOSS: ${accepted} deliveries answered 200 but ${printOrders} print orders exist`,
      );
    }
  } finally {
    await server?.close();
    await prisma.$disconnect();
    await database.drop();
    rmSync(benchDir, { recursive: true, force: true });
  }
}

await main();
