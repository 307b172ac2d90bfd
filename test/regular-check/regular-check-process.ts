/**
 * A worker process for test/regular-check/two-workers.test.ts: on the line `GO` it runs one
 * round of the regular check with Shopify (the app's own composition root), prints
 * `ROUND <json>`, then runs a fulfilment worker until SIGTERM, prints `CLAIMS <json>` and exits.
 * Run with `node --import tsx`.
 *
 * Environment: the app's own (DATABASE_URL, ENCRYPTION_KEY, SHOPIFY_*), plus
 *   SCALE_PROCESS        a name for the lease owner and the worker id
 *   SCALE_SHOPIFY_URL    the Shopify stand-in, for the app's Admin API calls
 */
import { createInterface } from "node:readline";
import { installShopifyRedirect } from "../../sandbox/shopify";
import { createPrismaClient } from "~/db.server";
import { fulfilmentStore } from "~/data/fulfilment.server";
import { printClientFor } from "~/lib/print-client.server";
import { shopifyAdmin } from "~/lib/admin-client.server";
import { runRegularCheck } from "~/lib/regular-check.server";
import { FulfilmentWorker } from "~/services/fulfilment/worker";

const name = process.env.SCALE_PROCESS ?? `regular-check-${process.pid}`;
const uninstallRedirect = installShopifyRedirect({ target: process.env.SCALE_SHOPIFY_URL! });
const silent = { debug() {}, info() {}, warn() {}, error() {} };

let running = true;
let claims = 0;
const db = createPrismaClient(process.env.DATABASE_URL!);
const worker = new FulfilmentWorker(
  {
    store: fulfilmentStore(db),
    printClientFor: (shop) =>
      printClientFor(shop, { retry: { baseDelayMs: 1, maxDelayMs: 5, maxAttempts: 4 } }),
    shopify: shopifyAdmin,
    logger: silent,
  },
  { workerId: `${name}-w1`, leaseMs: 30_000, baseBackoffMs: 1, maxBackoffMs: 5 },
);

async function work() {
  while (running) {
    let n = 0;
    try {
      n = await worker.runOnce();
    } catch (error) {
      process.stderr.write(`${name}: round failed: ${String(error).slice(-300)}\n`);
    }
    claims += n;
    if (n === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

let loop: Promise<void> | undefined;
const lines = createInterface({ input: process.stdin });
lines.on("line", async (line) => {
  if (line.trim() !== "GO" || loop) return;
  loop = (async () => {
    const round = await runRegularCheck({ owner: name }, { logger: silent });
    process.stdout.write(`ROUND ${JSON.stringify(round)}\n`);
    await work();
  })();
});

process.stdout.write("READY\n");

process.once("SIGTERM", async () => {
  running = false;
  await loop;
  await db.$disconnect();
  await uninstallRedirect();
  process.stdout.write(`CLAIMS ${JSON.stringify({ [worker.id]: claims })}\n`);
  process.exit(0);
});
