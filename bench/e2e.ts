/**
 * End to end: N orders from signed orders/paid webhook (through the built
 * server) to paid print order at the print-service sandbox, which answers
 * every call after a fixed latency. Reference: the bound that latency and the
 * worker's concurrency set, lanes / (calls per order x latency), with the calls
 * per order counted in the sandbox's own request log. Orders per second are timed
 * from the first webhook's arrival at the door to the last order paid.
 *
 * The app (the built server with the webhook door, and the fulfilment worker) runs in this
 * process, the worker on the server's own thread: a harder setting than `npm start`, whose
 * worker has a thread of its own (decision 38); the print sandbox runs in a process of its
 * own (bench/sandbox-process.ts), as the real service runs elsewhere, so the CPU per order is
 * the app's alone. BENCH_E2E_SANDBOX=inline runs the sandbox in this process, as records before
 * 2026-11-30 did (its CPU then counts as the app's).
 *
 * The mapping's print file is a real PDF the sandbox serves, so the print-file
 * check runs on its real path: the first orders, worked at once, wait for one
 * download and check of it; the rest reuse the result stored on the mapping.
 * The file is made on the sandbox before the run, as a merchant's file is on
 * its host before the orders come.
 *
 *   npm run bench:e2e      BENCH_E2E_N=400 BENCH_LATENCY_MS=20 BENCH_WORKER_CONCURRENCY=8
 *                          BENCH_E2E_SANDBOX=process|inline BENCH_E2E_WORKERS=0
 *
 * BENCH_E2E_WORKERS=N (N >= 1) runs the worker as N processes of its own instead, as
 * `WORKER=off npm start` and `npm run worker` run them (bench/worker-process.mjs), sharing
 * the same lanes (BENCH_WORKER_CONCURRENCY / N each), so the latency bound is the same; the
 * app's CPU is then this process's (the web door) plus the workers'. Results:
 * e2e-worker-processes.json, e2e-postgresql-worker-processes.json.
 *
 * On PostgreSQL: BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432 names a server; the
 * bench creates a database of its own there and drops it afterwards (e2e-postgresql.json).
 */
import { benchDir } from "./env";
import { rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { ensureBuild, summarize, writeResult } from "./lib";
import { benchDatabase, startWorkerProcess } from "./web-process";
import type { SandboxProcess } from "./print-shop";

const N = Number(process.env.BENCH_E2E_N ?? 400);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 20);
const CONCURRENCY = Number(process.env.BENCH_WORKER_CONCURRENCY ?? 8);
const MAX_MS = Number(process.env.BENCH_MAX_MS ?? 60_000);
const SANDBOX_MODE = process.env.BENCH_E2E_SANDBOX?.trim() || "process";
const WORKER_PROCESSES = Number(process.env.BENCH_E2E_WORKERS ?? 0);
if (
  !Number.isInteger(WORKER_PROCESSES) ||
  WORKER_PROCESSES < 0 ||
  CONCURRENCY % Math.max(1, WORKER_PROCESSES) !== 0
) {
  throw new Error(
    `BENCH_E2E_WORKERS must be 0 or a whole number that divides BENCH_WORKER_CONCURRENCY (${CONCURRENCY})`,
  );
}
const SHOP = "bench-e2e.myshopify.com";
const VARIANT = 20003;
/** 148 x 210 mm pages with 3 mm bleed on every side, as the check expects. */
const PRINT_FILE = "/files/generate/320p-154x216mm.pdf";
const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** The sandbox in this process, asked as the one in a process of its own is. */
async function inlineSandbox(): Promise<SandboxProcess> {
  const { shopOnSlowSandbox, SANDBOX_KEYS } = await import("./print-shop");
  const sandbox = await shopOnSlowSandbox(SHOP, { latencyMs: LATENCY_MS });
  return {
    url: sandbox.url,
    calls: async () =>
      sandbox.control
        .requests({ limit: 100_000 })
        .filter((r) => r.op !== "offering.list" && !r.path.startsWith("/__sandbox")).length,
    orders: async () => {
      const atService = sandbox.control.orders({ merchantApiKey: SANDBOX_KEYS.merchantApiKey });
      return {
        paidAtService: atService.filter((o) => o.history.some((t) => t.to === "PAID")).length,
        distinctReferences: new Set(atService.map((o) => o.reference)).size,
      };
    },
    // Its CPU is this process's, counted with the app's.
    cpuMs: async () => 0,
    close: () => sandbox.close(),
  };
}

async function main() {
  const database = await benchDatabase("e2e");
  // App modules after the database is chosen: they read DATABASE_URL.
  const { default: prisma, databaseSchema } = await import("../app/db.server");
  const { fulfilmentStore } = await import("../app/data/fulfilment.server");
  const { preflightForApp } = await import("../app/lib/preflight.server");
  const { printClientFor } = await import("../app/lib/print-client.server");
  const { shopifyAdmin } = await import("../app/lib/admin-client.server");
  const { saveMapping } = await import("../app/data/mapping.server");
  const { FulfilmentWorker } = await import("../app/services/fulfilment/worker");
  const { deliveries, runLoad, serve } = await import("./http");
  const { shopOnSandboxProcess } = await import("./print-shop");
  const build = (await import(pathToFileURL(ensureBuild()).href)) as ServerBuild;
  const sandbox =
    SANDBOX_MODE === "inline"
      ? await inlineSandbox()
      : await shopOnSandboxProcess(SHOP, LATENCY_MS);
  await saveMapping({
    shop: SHOP,
    mapping: {
      variantId: `gid://shopify/ProductVariant/${VARIANT}`,
      title: "Softcover novel",
      offeringId: 228500,
      contentUrl: `${sandbox.url}${PRINT_FILE}`,
      contentWidth: 148,
      contentHeight: 210,
      numberOfPages: 320,
    },
  });
  // The file is on its host before the orders come, as a merchant's is: the sandbox makes a
  // generated file on its first request, which is the host's work, not the app's.
  const file = await fetch(`${sandbox.url}${PRINT_FILE}`);
  if (!file.ok) throw new Error(`the print file could not be made: HTTP ${file.status}`);
  await file.arrayBuffer();
  const server = await serve(build);
  // Worker processes read their lanes from the environment they inherit.
  process.env.WORKER_CONCURRENCY = String(CONCURRENCY / Math.max(1, WORKER_PROCESSES));
  const workerProcesses: Awaited<ReturnType<typeof startWorkerProcess>>[] = [];
  for (let i = 0; i < WORKER_PROCESSES; i++) workerProcesses.push(await startWorkerProcess());
  const workersCpuMs = async () =>
    (await Promise.all(workerProcesses.map((w) => w.cpuMs()))).reduce((a, b) => a + b, 0);
  const worker = new FulfilmentWorker(
    // The app's own print-file check: it reaches the sandbox on loopback (PRINT_ALLOWED_PRIVATE_HOSTS).
    {
      store: fulfilmentStore(prisma, databaseSchema()),
      printClientFor,
      shopify: shopifyAdmin,
      logger: silent,
      preflight: preflightForApp,
    },
    { concurrency: CONCURRENCY, batchSize: CONCURRENCY * 4, idlePollMs: 5, workerId: "bench" },
  );
  try {
    // Signed before the clock starts: they are Shopify's work, not the app's.
    const webhooks = deliveries(N, "", SHOP, VARIANT);
    const started = performance.now();
    // CPU time of this process (server, worker, sandbox): comparable across runs on a busy machine.
    const cpuBefore = process.cpuUsage();
    const sandboxCpuBefore = await sandbox.cpuMs();
    const workersCpuBefore = await workersCpuMs();
    if (WORKER_PROCESSES === 0) worker.start();
    const ingest = await runLoad(server.origin, webhooks, {
      concurrency: 8,
      maxMs: MAX_MS,
    });
    const deadline = started + MAX_MS;
    let paid = 0;
    while (performance.now() < deadline) {
      paid = await prisma.printOrder.count({ where: { shop: SHOP, status: "paid" } });
      if (paid >= N) break;
      // Seldom: this poll shares the process and the database with the work it waits for.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const waitedMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const sandboxCpuMs = (await sandbox.cpuMs()) - sandboxCpuBefore;
    const workerProcessesCpuMs = (await workersCpuMs()) - workersCpuBefore;
    await worker.stop();
    const workerExits = workerProcesses.map((w) => w.exitedEarly()).filter((e) => e !== null);
    await Promise.all(workerProcesses.map((w) => w.close()));

    // From the webhook's arrival at the door (the shop order's creation) to paid.
    const rows = await prisma.printOrder.findMany({
      where: { shop: SHOP, status: "paid" },
      select: {
        shopOrder: { select: { createdAt: true } },
        events: { where: { type: "paid" }, select: { at: true } },
      },
    });
    const latencies = rows
      .map((r) => (r.events[0] ? r.events[0].at.getTime() - r.shopOrder.createdAt.getTime() : NaN))
      .filter((n) => Number.isFinite(n));
    // From the first webhook's arrival at the door (not the load process's start, a few hundred
    // ms before it) until the last order was paid (its paid event's time, not the poll's notice).
    const firstArrivedAt = Math.min(...rows.map((r) => r.shopOrder.createdAt.getTime()));
    const lastPaidAt = Math.max(...rows.flatMap((r) => r.events.map((e) => e.at.getTime())));
    const elapsedMs =
      paid >= N && Number.isFinite(lastPaidAt) ? lastPaidAt - firstArrivedAt : waitedMs;
    const callsPerOrder = (await sandbox.calls()) / Math.max(1, paid);
    const atService = await sandbox.orders();
    const items = await prisma.printOrderItem.findMany({
      where: { shop: SHOP },
      select: { preflight: true },
    });
    const preflight = { passed: 0, other: 0 };
    for (const { preflight: stored } of items) {
      const status = stored ? (JSON.parse(stored) as { status?: string }).status : undefined;
      preflight[status === "passed" ? "passed" : "other"] += 1;
    }
    const boundPerSecond = CONCURRENCY / ((callsPerOrder * LATENCY_MS) / 1000);
    const perSecond = (paid / elapsedMs) * 1000;
    const result = {
      settings: {
        orders: N,
        latencyMsPerCall: LATENCY_MS,
        workers:
          WORKER_PROCESSES === 0
            ? "1, in this process on the server's thread (`npm start` gives it a thread of its own)"
            : `${WORKER_PROCESSES} processes of their own (bench/worker-process.mjs: scripts/worker.mjs, as \`npm run worker\` runs it), ${CONCURRENCY / WORKER_PROCESSES} lanes each`,
        workerConcurrency: CONCURRENCY,
        webhookConcurrency: 8,
        database: database.description,
        printSandbox:
          SANDBOX_MODE === "inline"
            ? "in this process (its CPU counted as the app's)"
            : "a process of its own (bench/sandbox-process.ts)",
      },
      ours: {
        paid,
        elapsedMs: Math.round(elapsedMs),
        ordersPerSecond: Math.round(perSecond * 10) / 10,
        webhookToPaid: summarize(latencies),
        webhooks: { perSecond: ingest.perSecond, statuses: ingest.statuses },
        callsPerOrder: Math.round(callsPerOrder * 100) / 100,
        // The app's: this process (the door, and the worker when inline) and the worker processes.
        cpuMsPerOrder:
          Math.round(
            (((cpu.user + cpu.system) / 1000 + workerProcessesCpuMs) / Math.max(1, paid)) * 10,
          ) / 10,
        ...(WORKER_PROCESSES > 0
          ? {
              workerProcessesCpuMsPerOrder:
                Math.round((workerProcessesCpuMs / Math.max(1, paid)) * 10) / 10,
            }
          : {}),
        sandboxCpuMsPerOrder: Math.round((sandboxCpuMs / Math.max(1, paid)) * 10) / 10,
      },
      reference: {
        what: "lanes / (calls per order x latency per call): the print service's latency bound",
        ordersPerSecond: Math.round(boundPerSecond * 10) / 10,
        minimumWebhookToPaidMs: Math.round(callsPerOrder * LATENCY_MS),
      },
      ratio: { throughput: Math.round((perSecond / boundPerSecond) * 1000) / 1000 },
      check: {
        paidAtService: atService.paidAtService,
        distinctReferences: atService.distinctReferences,
        itemsWithPrintFileChecked: preflight,
      },
    };
    console.log(JSON.stringify(result, null, 2));
    writeResult(
      WORKER_PROCESSES === 0 ? database.resultName : `${database.resultName}-worker-processes`,
      result,
    );
    if (workerExits.length > 0) console.error(`worker processes exited early: ${workerExits}`);
    if (paid < N || preflight.passed < N || workerExits.length > 0) process.exitCode = 1;
  } finally {
    await worker.stop();
    await Promise.all(workerProcesses.map((w) => w.close()));
    await server.close();
    await sandbox.close();
    await prisma.$disconnect();
    await database.drop();
    rmSync(benchDir, { recursive: true, force: true });
  }
}

await main();
