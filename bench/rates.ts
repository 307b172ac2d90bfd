/**
 * Checkout rates: signed carrier-service rate requests (POST
 * /carrier/rates/<the shop's token>, as Shopify checkout sends them)
 * through the real built server, against the print sandbox answering every
 * quote after a fixed latency, at a fixed concurrency, from a child process
 * (bench/load.mjs).
 *
 * - cold: every request a new cart (destination x quantities), so each one
 *   misses the quote cache and waits for the print service. Reference: the
 *   bare print-service quote (the SDK's quotes.create against the same
 *   sandbox, same latency, same concurrency), the floor any rates path has.
 * - warm: one cart repeated, answered from the quote cache. Reference: a
 *   bare express route on the same server that answers a fixed rates JSON.
 *
 * Each phase also records this process's CPU time per request
 * (`cpuMsPerRequest`: the server and the sandbox, or the SDK and the
 * sandbox), which other load on a shared machine barely moves.
 *
 * Built for Shopify wants the rates callback's p95 <= 500 ms.
 *
 *   npm run bench:rates   BENCH_RATES_COLD_N=1500 BENCH_RATES_WARM_N=4000
 *                         BENCH_CONCURRENCY=16 BENCH_LATENCY_MS=50 BENCH_MAX_MS=20000
 */
import { benchDir, BENCH_API_SECRET } from "./env";
import { createHmac } from "node:crypto";
import { rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import prisma from "../app/db.server";
import { ensureCarrierCallbackToken, saveCarrierState } from "../app/data/carrier.server";
import { saveMapping } from "../app/data/mapping.server";
import { createPrintClient } from "../app/services/print";
import { runLoad, serve, type PlannedRequest } from "./http";
import { ensureBuild, summarize, writeResult } from "./lib";
import { SANDBOX_KEYS, shopOnSlowSandbox } from "./print-shop";

const COLD_N = Number(process.env.BENCH_RATES_COLD_N ?? 1_500);
const WARM_N = Number(process.env.BENCH_RATES_WARM_N ?? 4_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 50);
const MAX_MS = Number(process.env.BENCH_MAX_MS ?? 20_000);
const WARMUP = 200;
const BFS_P95_MS = 500;
const SHOP = "bench-rates.myshopify.com";
const BOOK = { variant: 20001, offeringId: 228478, pages: 24 };
const NOVEL = { variant: 20003, offeringId: 228500, pages: 320 };
const COUNTRIES = ["NL", "DE", "FR", "BE", "IT", "AT"];

/** Cart number i: a destination and quantities no other i has. */
function cart(i: number) {
  return {
    country: COUNTRIES[i % COUNTRIES.length]!,
    book: 1 + Math.floor(i / COUNTRIES.length),
    novel: 1 + (i % 3),
  };
}

function rateRequest(path: string, c: ReturnType<typeof cart>): PlannedRequest {
  const body = JSON.stringify({
    rate: {
      origin: { country: "NL", postal_code: "1015 CJ", city: "Amsterdam" },
      destination: { country: c.country, postal_code: "1000", city: "Somewhere" },
      items: [
        { name: "Photo book", variant_id: BOOK.variant, quantity: c.book, requires_shipping: true },
        { name: "Novel", variant_id: NOVEL.variant, quantity: c.novel, requires_shipping: true },
      ],
      currency: "EUR",
      locale: "en",
    },
  });
  return {
    path,
    body,
    headers: {
      "content-type": "application/json",
      "x-shopify-shop-domain": SHOP,
      "x-shopify-hmac-sha256": createHmac("sha256", BENCH_API_SECRET)
        .update(body, "utf8")
        .digest("base64"),
    },
  };
}

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

/**
 * CPU time of this process (the server and the sandbox, or the SDK and the
 * sandbox) per request during `run`: a figure that other load on the machine
 * barely moves, unlike latency.
 */
async function withCpu<T extends { sent: number }>(run: () => Promise<T>) {
  const before = process.cpuUsage();
  const result = await run();
  const used = process.cpuUsage(before);
  return { ...result, cpuMsPerRequest: round((used.user + used.system) / 1000 / result.sent, 3) };
}

async function main() {
  const build = (await import(pathToFileURL(ensureBuild()).href)) as ServerBuild;
  const sandbox = await shopOnSlowSandbox(SHOP, { op: "quote", latencyMs: LATENCY_MS });
  for (const [m, title] of [
    [BOOK, "Photo book"],
    [NOVEL, "Novel"],
  ] as const) {
    await saveMapping({
      shop: SHOP,
      mapping: {
        variantId: `gid://shopify/ProductVariant/${m.variant}`,
        title,
        offeringId: m.offeringId,
        contentUrl: "https://files.example.com/book.pdf",
        contentWidth: 210,
        contentHeight: 297,
        numberOfPages: m.pages,
      },
    });
  }
  await saveCarrierState({
    shop: SHOP,
    enabled: true,
    carrierServiceId: "gid://shopify/DeliveryCarrierService/1",
  });
  // The shop's own callback URL, as registered with Shopify.
  const { token } = await ensureCarrierCallbackToken({ shop: SHOP });
  const ratesPath = `/carrier/rates/${token}`;
  const server = await serve(build);
  const load = (requests: PlannedRequest[]) =>
    runLoad(server.origin, requests, { concurrency: CONCURRENCY, maxMs: MAX_MS });
  const quotes = () => sandbox.control.requests({ op: "quote", limit: 100_000 });
  let nextCart = 0;
  const coldRequests = (n: number) =>
    Array.from({ length: n }, () => rateRequest(ratesPath, cart(nextCart++)));

  try {
    // Is a cart quoted (not unshippable, not backup)? One real answer, checked.
    const probe = rateRequest(ratesPath, cart(nextCart++));
    const probeRes = await fetch(`${server.origin}${probe.path}`, {
      method: "POST",
      headers: probe.headers,
      body: probe.body,
    });
    const probeBody = (await probeRes.json()) as { rates?: { total_price: string }[] };
    if (probeRes.status !== 200 || !probeBody.rates?.length) {
      throw new Error(`probe rate request: ${probeRes.status} ${JSON.stringify(probeBody)}`);
    }

    // Warm-up: JIT, prepared statements, keep-alive connections to the sandbox.
    await load(coldRequests(WARMUP));
    const warmCart = rateRequest(ratesPath, cart(nextCart++));
    await load(Array.from({ length: WARMUP }, () => warmCart));
    await load(
      Array.from({ length: WARMUP }, () => ({ ...warmCart, path: "/bare/carrier/rates" })),
    );

    // Cold: every request a cache miss.
    const coldBefore = quotes();
    const cold = await withCpu(() => load(coldRequests(COLD_N)));
    const coldQuotes = quotes().slice(coldBefore.length);
    const coldQuoted2xx = coldQuotes.filter((r) => r.status >= 200 && r.status < 300).length;

    // Reference for cold: the SDK's quote, directly, same sandbox, same latency, same lanes.
    const client = createPrintClient({
      environment: "sandbox",
      baseUrl: sandbox.url,
      ...SANDBOX_KEYS,
    });
    const sdk = await withCpu(async () => {
      const sdkLatencies: number[] = [];
      let sdkNext = 0;
      let sdkErrors = 0;
      const sdkStarted = performance.now();
      const sdkDeadline = sdkStarted + MAX_MS;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (sdkNext < COLD_N && performance.now() < sdkDeadline) {
            const c = cart(nextCart + sdkNext++);
            const t = performance.now();
            try {
              await client.quotes.create({
                countryCode: c.country,
                currency: "EUR",
                items: [
                  { offeringId: BOOK.offeringId, numberOfPages: BOOK.pages, quantity: c.book },
                  { offeringId: NOVEL.offeringId, numberOfPages: NOVEL.pages, quantity: c.novel },
                ],
              });
            } catch {
              sdkErrors++;
            }
            sdkLatencies.push(performance.now() - t);
          }
        }),
      );
      const sdkElapsed = performance.now() - sdkStarted;
      return {
        sent: sdkLatencies.length,
        elapsedMs: Math.round(sdkElapsed),
        perSecond: round((sdkLatencies.length / sdkElapsed) * 1000, 1),
        errors: sdkErrors,
        latency: summarize(sdkLatencies),
      };
    });

    // Warm: one cart, repeated; answered from the cache.
    const warmBefore = quotes().length;
    const warm = await withCpu(() => load(Array.from({ length: WARM_N }, () => warmCart)));
    const warmQuotes = quotes().length - warmBefore;
    const bare = await withCpu(() =>
      load(Array.from({ length: WARM_N }, () => ({ ...warmCart, path: "/bare/carrier/rates" }))),
    );

    const ratio = (
      a: {
        latency: { p50Ms: number; p95Ms: number; p99Ms: number };
        perSecond: number;
        cpuMsPerRequest: number;
      },
      b: typeof a,
    ) => ({
      p50: round(a.latency.p50Ms / b.latency.p50Ms),
      p95: round(a.latency.p95Ms / b.latency.p95Ms),
      p99: round(a.latency.p99Ms / b.latency.p99Ms),
      throughput: round(a.perSecond / b.perSecond, 3),
      cpuPerRequest: round(a.cpuMsPerRequest / b.cpuMsPerRequest),
    });
    const result = {
      settings: {
        concurrency: CONCURRENCY,
        upstreamLatencyMs: LATENCY_MS,
        coldRequests: COLD_N,
        warmRequests: WARM_N,
        maxMsPerPhase: MAX_MS,
        warmup: WARMUP,
        checkoutBudgetMs: 1500,
        database: `SQLite file (libSQL) in the OS temp dir, the app's client (app/db.server.ts)`,
        sandbox: `in the bench process, fault rule { op: "quote", latencyMs: ${LATENCY_MS} }`,
      },
      builtForShopify: {
        bar: `rates callback p95 <= ${BFS_P95_MS} ms`,
        coldP95Ms: cold.latency.p95Ms,
        coldMeets: cold.latency.p95Ms <= BFS_P95_MS,
        warmP95Ms: warm.latency.p95Ms,
        warmMeets: warm.latency.p95Ms <= BFS_P95_MS,
      },
      cold: {
        ours: {
          path: "POST /carrier/rates, every cart new (cache miss, one upstream quote each)",
          ...cold,
          upstreamQuotes: coldQuotes.length,
          upstreamQuotes2xx: coldQuoted2xx,
        },
        reference: {
          path: "print SDK quotes.create directly against the sandbox (same latency, same lanes)",
          ...sdk,
        },
        ratio: ratio(cold, sdk),
      },
      warm: {
        ours: {
          path: "POST /carrier/rates, one cart repeated (quote cache hit)",
          ...warm,
          upstreamQuotes: warmQuotes,
        },
        reference: { path: "bare express route answering a fixed rates JSON", ...bare },
        ratio: ratio(warm, bare),
      },
    };
    console.log(JSON.stringify(result, null, 2));
    writeResult("rates", result);
    const ok200 = (r: { statuses: Record<string, number>; sent: number }) =>
      (r.statuses["200"] ?? 0) === r.sent;
    if (!ok200(cold) || !ok200(warm) || coldQuotes.length < cold.sent || warmQuotes !== 0) {
      process.exitCode = 1;
      console.error(
        "CHECK FAILED: non-200 answers, a cold request without a quote, or a warm one with one",
      );
    }
  } finally {
    await server.close();
    await sandbox.close();
    await prisma.$disconnect();
    rmSync(benchDir, { recursive: true, force: true });
  }
}

await main();
