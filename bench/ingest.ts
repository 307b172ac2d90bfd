/**
 * Webhook ingest: signed orders/paid deliveries per second and p50/p99
 * latency at a fixed concurrency, through the real built server (express +
 * @remix-run/express, as server.js serves it), against a bare route that only
 * calls `authenticate.webhook` and answers 200: the framework's ceiling.
 * Load comes from a child process (bench/load.mjs). Zero loss is checked by
 * counting the print orders afterwards.
 *
 *   npm run bench:ingest            BENCH_INGEST_N=3000 BENCH_CONCURRENCY=32 BENCH_MAX_MS=20000
 */
import { benchDir } from "./env";
import { rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import prisma from "../app/db.server";
import { saveMapping } from "../app/models/mapping.server";
import { recordInstall } from "../app/models/shop.server";
import { deliveries, runLoad, serve } from "./http";
import { ensureBuild, writeResult } from "./lib";

const N = Number(process.env.BENCH_INGEST_N ?? 3_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const MAX_MS = Number(process.env.BENCH_MAX_MS ?? 20_000);
const WARMUP = 200;
const SHOP = "bench-shop.myshopify.com";
const VARIANT = 20001;
const load = (origin: string, requests: ReturnType<typeof deliveries>) =>
  runLoad(origin, requests, { concurrency: CONCURRENCY, maxMs: MAX_MS });

async function main() {
  const build = (await import(pathToFileURL(ensureBuild()).href)) as ServerBuild;
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
  const server = await serve(build);
  try {
    // Warm both paths (JIT, prepared statements, connections), then measure each.
    await load(server.origin, deliveries(WARMUP, "/bare", SHOP, VARIANT));
    await load(server.origin, deliveries(WARMUP, "", SHOP, VARIANT));
    const before = await prisma.printOrder.count({ where: { shop: SHOP } });
    const reference = await load(server.origin, deliveries(N, "/bare", SHOP, VARIANT));
    const ours = await load(server.origin, deliveries(N, "", SHOP, VARIANT));
    const printOrders = (await prisma.printOrder.count({ where: { shop: SHOP } })) - before;
    const accepted = ours.statuses["200"] ?? 0;
    const result = {
      settings: {
        orders: N,
        concurrency: CONCURRENCY,
        maxMs: MAX_MS,
        warmup: WARMUP,
        database: `SQLite file (libSQL) in the OS temp dir, the app's client (app/db.server.ts)`,
      },
      ours: {
        path: "POST /webhooks/orders/paid (authenticate + parse + ingest transaction)",
        ...ours,
      },
      reference: { path: "bare route: authenticate.webhook + 200", ...reference },
      ratio: {
        throughput: Math.round((ours.perSecond / reference.perSecond) * 1000) / 1000,
        p50: Math.round((ours.latency.p50Ms / reference.latency.p50Ms) * 100) / 100,
        p99: Math.round((ours.latency.p99Ms / reference.latency.p99Ms) * 100) / 100,
      },
      loss: {
        accepted200: accepted,
        printOrdersCreated: printOrders,
        lost: accepted - printOrders,
      },
    };
    console.log(JSON.stringify(result, null, 2));
    writeResult("ingest", result);
    if (accepted !== printOrders) {
      process.exitCode = 1;
      console.error(
        `LOSS: ${accepted} deliveries answered 200 but ${printOrders} print orders exist`,
      );
    }
  } finally {
    await server.close();
    await prisma.$disconnect();
    rmSync(benchDir, { recursive: true, force: true });
  }
}

await main();
