/**
 * Status callbacks under a flood: the print service's callbacks for 3,000 paid print orders on
 * their way to SHIPPED (one per state change, about 10 % sent twice, all shuffled), 64 in
 * flight over keep-alive connections from a child process (bench/callback-load.mjs), to
 * POST /webhooks/print/<callbackId> of the built app alone in its own process
 * (bench/ingest-server.mjs, the web process's node flags) with the fulfilment worker inline
 * (WORKER=inline, as `npm start` runs it: on a thread of its own in the web process), or with BENCH_CALLBACK_WORKER=process the web process
 * with WORKER=off and the worker as a process of its own, as `npm run worker` runs it
 * (bench/worker-process.mjs: scripts/worker.mjs, the same Node, environment and database),
 * stopped at the end. Meanwhile the same child GETs /healthz every 20 ms over a connection of
 * its own.
 *
 * The orders are created and paid at the print sandbox (in this process) through its JSON
 * interface and walked to SHIPPED before the flood; the app's database holds the same orders as
 * the pay step leaves them (paid, next look one follow interval away), so only the callbacks
 * make the worker re-read them. Measured first, as the floor: the same flood against
 * bench/bare-server.mjs, which answers each callback at once (the latency of the load, the
 * sockets and the machine alone). Then: every callback answered 200, its latency (also apart for
 * the first round, the cold process's first CONCURRENCY answers, and the rest), /healthz's
 * latency during the flood, and how many print orders reach their final state (shipped with the
 * service's tracking number; the fulfil step that follows needs the shop's Shopify session,
 * which this bench does not set up, so it stops each order for the merchant's next sign-in, as
 * for any shop whose Shopify access was lost), and how long until all did; the web process's CPU per
 * callback over the flood, and in process mode the worker process's CPU per callback over the
 * flood and until every order was right.
 *
 *   npm run bench:callbacks   BENCH_CALLBACK_ORDERS=3000 BENCH_CALLBACK_CONCURRENCY=64
 *     BENCH_CALLBACK_DUPLICATES=0.1 BENCH_HEALTH_EVERY_MS=20 BENCH_CALLBACK_WAIT_MS=120000
 *     BENCH_MAX_MS=120000 (the flood's bound) BENCH_SEED=1 BENCH_CALLBACK_WORKER=inline|process
 *     WORKER_CONCURRENCY (the app's own setting, default 4)
 *
 * On PostgreSQL: BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432 names a server; the
 * bench creates a database of its own there and drops it afterwards (callbacks-postgresql.json).
 * In process mode the results are callbacks-worker-process.json and
 * callbacks-postgresql-worker-process.json.
 * Exits 0 when it ran, whether or not the targets are met; 1 when it could not run.
 */
import { benchDir } from "./env";
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { ensureBuild, ROOT, summarize, writeResult } from "./lib";
import { benchDatabase, startWebProcess, startWorkerProcess } from "./web-process";
import { WEB_NODE_FLAGS } from "../server/node-flags.js";

const ORDERS = Number(process.env.BENCH_CALLBACK_ORDERS ?? 3_000);
const CONCURRENCY = Number(process.env.BENCH_CALLBACK_CONCURRENCY ?? 64);
const DUPLICATES = Number(process.env.BENCH_CALLBACK_DUPLICATES ?? 0.1);
const HEALTH_EVERY_MS = Number(process.env.BENCH_HEALTH_EVERY_MS ?? 20);
const WAIT_MS = Number(process.env.BENCH_CALLBACK_WAIT_MS ?? 120_000);
const MAX_MS = Number(process.env.BENCH_MAX_MS ?? 120_000);
const SEED = Number(process.env.BENCH_SEED ?? 1);
const WORKER_MODE = process.env.BENCH_CALLBACK_WORKER?.trim() || "inline";
const SHOP = "bench-callbacks.myshopify.com";
const TARGETS = { p99Ms: 50, healthzP99Ms: 100, all200: true, allFinal: true };

interface FloodResult {
  elapsedMs: number;
  sent: number;
  latencies: number[];
  latencies200: number[];
  statuses: Record<string, number>;
  answers: { known: number; unknown: number; duplicate: number };
  health: { latencies: number[]; statuses: Record<string, number> };
}

/** The flood and the /healthz poll, from the load child. */
async function flood(origin: string, callbackPath: string, bodies: string[]) {
  const plan = path.join(benchDir, `callbacks-plan-${Date.now()}.json`);
  const requests = bodies.map((body) => ({ path: callbackPath, body }));
  writeFileSync(
    plan,
    JSON.stringify({
      origin,
      concurrency: CONCURRENCY,
      maxMs: MAX_MS,
      healthPath: "/healthz",
      healthEveryMs: HEALTH_EVERY_MS,
      requests,
    }),
  );
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(ROOT, "bench", "callback-load.mjs"), plan],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  rmSync(plan);
  return JSON.parse(String(stdout)) as FloodResult;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The same flood, from the same load child, against bench/bare-server.mjs: a Node server that
 * answers every callback at once. Its latency is the load's, the sockets' and the machine's
 * alone, the floor under the app's.
 */
async function floodFloor(callbackPath: string, bodies: string[]) {
  const bare = await startWebProcess("bare-server.mjs");
  try {
    const cpuBefore = await bare.cpuMs();
    const sent = await flood(bare.origin, callbackPath, bodies);
    const cpuMs = (await bare.cpuMs()) - cpuBefore;
    return {
      server: "bench/bare-server.mjs: node:http, reads the body, answers 200 at once",
      perSecond: Math.round((sent.sent / sent.elapsedMs) * 1000 * 10) / 10,
      statuses: sent.statuses,
      latency: summarize(sent.latencies),
      cpuMsPerCallback: perCallback(cpuMs, sent.sent),
      healthzP99Ms: summarize(sent.health.latencies).p99Ms,
    };
  } finally {
    await bare.close();
  }
}

const perCallback = (cpuMs: number, sent: number) =>
  Math.round((cpuMs / Math.max(1, sent)) * 1000) / 1000;

async function main() {
  if (WORKER_MODE !== "inline" && WORKER_MODE !== "process") {
    throw new Error(`BENCH_CALLBACK_WORKER must be inline or process, not "${WORKER_MODE}"`);
  }
  const inline = WORKER_MODE === "inline";
  const database = await benchDatabase("callbacks");
  ensureBuild();
  // The worker runs in the web process, as `npm start` runs it; or in a process of its own,
  // as `WORKER=off npm start` and `npm run worker` run them.
  process.env.WORKER = inline ? "inline" : "off";
  const { default: prisma } = await import("../app/db.server");
  const { getEnv } = await import("../app/env.server");
  const { recordInstall } = await import("../app/data/shop.server");
  const { savePrintSettings } = await import("../app/data/print-settings.server");
  const { startSandbox, DEFAULT_MERCHANT } = await import("../sandbox");
  const orders = await import("./callback-orders");
  const sandbox = await startSandbox({ port: 0, seed: SEED, requestLogSize: 100_000 });
  let server: Awaited<ReturnType<typeof startWebProcess>> | undefined;
  let worker: Awaited<ReturnType<typeof startWorkerProcess>> | undefined;
  try {
    await recordInstall({ shop: SHOP, scopes: "read_orders,write_fulfillments" });
    const { callbackId } = await savePrintSettings({
      shop: SHOP,
      input: {
        printEnvironment: "sandbox",
        printBaseUrl: sandbox.url,
        merchantApiKey: DEFAULT_MERCHANT.merchantApiKey,
        secretKey: DEFAULT_MERCHANT.secretKey,
        currency: "EUR",
      },
    });
    let t = performance.now();
    const runId = randomBytes(3).toString("hex");
    const atService = await orders.shippedSandboxOrders(sandbox, ORDERS, runId);
    const sandboxSetupMs = Math.round(performance.now() - t);
    t = performance.now();
    await orders.recordPaidPrintOrders(SHOP, atService, getEnv().followIntervalMs);
    const databaseSetupMs = Math.round(performance.now() - t);
    const callbacks = orders.statusCallbacks(atService, DEFAULT_MERCHANT.secretKey, {
      duplicateRate: DUPLICATES,
      seed: SEED,
    });

    // The floor first: the same flood against a server that answers at once (bench/bare-server.mjs).
    const floor = await floodFloor(`/webhooks/print/${callbackId}`, callbacks.bodies);
    server = await startWebProcess();
    if (!inline) worker = await startWorkerProcess();
    // Warm /healthz and Remix's routing; the callback address is not warmed: its limits count.
    for (let i = 0; i < 100; i++) await (await fetch(`${server.origin}/healthz`)).arrayBuffer();
    const detailsBefore = sandbox.control.requests({ op: "order.details" }).length;
    const cpuBefore = await server.cpuMs();
    const workerCpuBefore = (await worker?.cpuMs()) ?? 0;
    const started = performance.now();
    const sent = await flood(server.origin, `/webhooks/print/${callbackId}`, callbacks.bodies);
    const floodCpuMs = (await server.cpuMs()) - cpuBefore;
    const workerFloodCpuMs = ((await worker?.cpuMs()) ?? 0) - workerCpuBefore;
    const atFloodEnd = await orders.finalStates(SHOP, atService);

    // Bounded: until every print order is right, polled every 250 ms.
    let final = atFloodEnd;
    while (final.right < ORDERS && performance.now() - started < sent.elapsedMs + WAIT_MS) {
      await sleep(250);
      final = await orders.finalStates(SHOP, atService);
    }
    const allRightMs = final.right === ORDERS ? Math.round(performance.now() - started) : null;
    const workerUntilRightCpuMs = ((await worker?.cpuMs()) ?? 0) - workerCpuBefore;
    const noted = await prisma.orderEvent.count({ where: { shop: SHOP, type: "status_callback" } });
    const detailsReads = sandbox.control.requests({ op: "order.details" }).length - detailsBefore;
    const memory = await server.memory();
    const workerMemory = await worker?.memory();

    const latency = summarize(sent.latencies);
    const health = summarize(sent.health.latencies);
    const answered200 = sent.statuses["200"] ?? 0;
    const all200 = answered200 === callbacks.bodies.length;
    const notes: string[] = [];
    if (sent.statuses["429"]) {
      notes.push(
        `${sent.statuses["429"]} callbacks answered 429: the route's limit per callback address (app/lib/callback-limit.server.ts, a burst of 1,000 then 200 a second) refuses a flood of one shop's callbacks; the service would retry them later, this bench does not.`,
      );
    }
    const workerExit = worker?.exitedEarly() ?? null;
    if (workerExit !== null) {
      notes.push(`The worker process exited (${workerExit}) before the bench ended.`);
    }
    if (final.right < ORDERS) {
      notes.push(
        `${ORDERS - final.right} print orders not shipped with their tracking number ${Math.round(WAIT_MS / 1000)} s after the flood: an order none of whose callbacks was taken is re-read only at its next follow (${getEnv().followIntervalMs / 1000} s after payment).`,
      );
    }
    const result = {
      settings: {
        orders: ORDERS,
        concurrency: CONCURRENCY,
        duplicateRate: DUPLICATES,
        healthEveryMs: HEALTH_EVERY_MS,
        waitMs: WAIT_MS,
        maxMs: MAX_MS,
        seed: SEED,
        worker: WORKER_MODE,
        workerSetup: inline
          ? `inline: on a thread of its own in the web process (WORKER=inline), concurrency ${getEnv().workerConcurrency}`
          : `a process of its own as \`npm run worker\` runs it (scripts/worker.mjs, the same Node, environment and database), the web process with WORKER=off; concurrency ${getEnv().workerConcurrency}`,
        database: database.description,
        webNodeFlags: WEB_NODE_FLAGS,
        logLevel: process.env.LOG_LEVEL,
        setup: { sandboxOrdersMs: sandboxSetupMs, printOrdersMs: databaseSetupMs },
      },
      callbacks: {
        path: "POST /webhooks/print/<callbackId> (signature, one INSERT into the inbox; the worker applies it)",
        perOrder: "each state change from PAID to SHIPPED: 4, tracking on the last",
        distinct: callbacks.distinct,
        duplicatesSent: callbacks.duplicates,
        sent: sent.sent,
        elapsedMs: Math.round(sent.elapsedMs),
        perSecond: Math.round((sent.sent / sent.elapsedMs) * 1000 * 10) / 10,
        statuses: sent.statuses,
        answers200: sent.answers,
        recordedInTimeline: noted,
        latency,
        // In the order answered: the first round is a cold process's first CONCURRENCY answers
        // (code not yet optimized, the shop's row not yet read), which come out together.
        latencyFirstRound: summarize(sent.latencies.slice(0, CONCURRENCY)),
        latencyAfterFirstRound: summarize(sent.latencies.slice(CONCURRENCY)),
        latency200: summarize(sent.latencies200),
        webCpuMsPerCallback: perCallback(floodCpuMs, sent.sent),
        ...(worker
          ? {
              workerCpuMsPerCallback: perCallback(workerFloodCpuMs, sent.sent),
              workerCpuMsPerCallbackUntilAllRight: perCallback(workerUntilRightCpuMs, sent.sent),
            }
          : {}),
      },
      floor,
      healthz: {
        during: "the flood, one connection of its own",
        statuses: sent.health.statuses,
        ...health,
      },
      printOrders: {
        finalState:
          "shipped with the service's state SHIPPED and its tracking number; then stopped for the merchant's sign-in by the fulfil step (SHOPIFY_NOT_CONNECTED: this shop has no Shopify session)",
        rightAtFloodEnd: atFloodEnd.right,
        right: final.right,
        byStatus: final.byStatus,
        msUntilAllRight: allRightMs,
        serviceReadsOfOrderDetails: detailsReads,
      },
      webProcess: { process: "bench/ingest-server.mjs", idleRssMb: server.idleRssMb, ...memory },
      ...(worker
        ? {
            workerProcess: {
              process: "bench/worker-process.mjs (scripts/worker.mjs)",
              cpuMsDuringFlood: Math.round(workerFloodCpuMs),
              cpuMsUntilAllRight: Math.round(workerUntilRightCpuMs),
              idleRssMb: worker.idleRssMb,
              ...workerMemory,
            },
          }
        : {}),
      targets: {
        ...TARGETS,
        met: {
          p99Ms: latency.p99Ms <= TARGETS.p99Ms,
          healthzP99Ms: health.p99Ms <= TARGETS.healthzP99Ms,
          all200,
          allFinal: final.right === ORDERS,
        },
      },
      notes,
    };
    console.log(JSON.stringify(result, null, 2));
    writeResult(inline ? database.resultName : `${database.resultName}-worker-process`, result);
  } finally {
    await worker?.close();
    await server?.close();
    await sandbox.close();
    await prisma.$disconnect();
    await database.drop();
    rmSync(benchDir, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exit(1);
}
