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
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import pg from "pg";
import { ensureBuild, ROOT, writeResult } from "./lib";

const N = Number(process.env.BENCH_INGEST_N ?? 3_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const MAX_MS = Number(process.env.BENCH_MAX_MS ?? 20_000);
const WARMUP = 200;
const SHOP = "bench-shop.myshopify.com";
const VARIANT = 20001;
const TARGETS = { throughputRatio: 0.5, p99Ms: 100, peakRssMb: 300 };

/** The database the app uses here: the SQLite file of ./env, or a new PostgreSQL database. */
async function benchDatabase() {
  const server = process.env.BENCH_DATABASE_URL?.trim();
  if (!server) {
    return {
      resultName: "ingest",
      description: `SQLite file (libSQL) in the OS temp dir, the app's client (app/db.server.ts)`,
      drop: async () => undefined,
    };
  }
  const name = `print_connect_bench_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString("hex")}`;
  const url = new URL(server);
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  url.pathname = `/${name}`;
  execFileSync(
    path.join(ROOT, "node_modules", ".bin", "prisma"),
    ["migrate", "deploy", "--config", path.join("prisma", "postgresql", "prisma.config.ts")],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url.toString() },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  // Before any app module reads its environment (they are imported below).
  process.env.DATABASE_URL = url.toString();
  return {
    resultName: "ingest-postgresql",
    description: `PostgreSQL ${url.host}, a database of its own, the app's client (app/db.server.ts, pg pool as configured by the URL)`,
    drop: async () => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Resident memory of this process, the server's: sampled while it serves, and the kernel's peak. */
function watchMemory() {
  let sampledPeak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, process.memoryUsage().rss);
  }, 50);
  const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  return () => {
    clearInterval(timer);
    // VmHWM: the most this process has held resident since it started (Linux).
    let kernelPeak: number | null = null;
    try {
      const line = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
      if (line) kernelPeak = Number(line[1]) * 1024;
    } catch {
      // Not Linux: the samples stand alone.
    }
    return {
      peakRssMb: mb(Math.max(sampledPeak, kernelPeak ?? 0)),
      sampledPeakRssMb: mb(sampledPeak),
      kernelPeakRssMb: kernelPeak === null ? null : mb(kernelPeak),
      heapUsedMbAtEnd: mb(process.memoryUsage().heapUsed),
    };
  };
}

async function main() {
  const database = await benchDatabase();
  const memory = watchMemory();
  const build = (await import(pathToFileURL(ensureBuild()).href)) as ServerBuild;
  const { default: prisma } = await import("../app/db.server");
  const { saveMapping } = await import("../app/data/mapping.server");
  const { recordInstall } = await import("../app/data/shop.server");
  const { deliveries, runLoad, serve } = await import("./http");
  // The server's CPU time per answered delivery (this process serves; the load
  // runs in a child): a cost that other work on the machine hardly moves.
  const load = async (origin: string, requests: ReturnType<typeof deliveries>) => {
    const cpuBefore = process.cpuUsage();
    const run = await runLoad(origin, requests, { concurrency: CONCURRENCY, maxMs: MAX_MS });
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMsPerDelivery = (cpu.user + cpu.system) / 1000 / Math.max(1, run.sent);
    return { ...run, cpuMsPerDelivery: Math.round(cpuMsPerDelivery * 1000) / 1000 };
  };
  let server: Awaited<ReturnType<typeof serve>> | undefined;
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
    server = await serve(build);
    // What the process holds before any delivery: the rest of the peak is the load's.
    const idleRssMb = Math.round((process.memoryUsage().rss / 1024 / 1024) * 10) / 10;
    // Warm both paths (JIT, prepared statements, connections), then measure each.
    await load(server.origin, deliveries(WARMUP, "/bare", SHOP, VARIANT));
    await load(server.origin, deliveries(WARMUP, "", SHOP, VARIANT));
    const before = await prisma.printOrder.count({ where: { shop: SHOP } });
    const reference = await load(server.origin, deliveries(N, "/bare", SHOP, VARIANT));
    const ours = await load(server.origin, deliveries(N, "", SHOP, VARIANT));
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
    const serverMemory = { idleRssMb, ...memory() };
    const result = {
      settings: {
        orders: N,
        concurrency: CONCURRENCY,
        maxMs: MAX_MS,
        warmup: WARMUP,
        database: database.description,
        logLevel: process.env.LOG_LEVEL,
      },
      ours: {
        path: "POST /webhooks/orders/paid (authenticate + parse + ingest transaction)",
        ...ours,
      },
      reference: { path: "bare route: authenticate.webhook + 200", ...reference },
      ratio,
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
