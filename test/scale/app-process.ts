/**
 * One more app process for test/scale: it serves the webhook and status
 * callback routes and runs fulfilment workers, all against the database in
 * DATABASE_URL (the parent test's own). Run with `node --import tsx`.
 *
 * Environment: the app's own (DATABASE_URL, ENCRYPTION_KEY, SHOPIFY_*), plus
 *   SCALE_WORKERS        how many workers (each its own Prisma client)
 *   SCALE_PROCESS        a name for worker ids
 *   SCALE_SHOPIFY_URL    the Shopify stand-in, for the app's Admin API calls
 *   SCALE_LEASE_MS       how long a claim lasts (default 30 s)
 * Prints `READY <url>` when listening; on SIGTERM stops, prints `CLAIMS <json>`
 * (print orders each worker claimed) and exits.
 */
import { installShopifyRedirect } from "../../sandbox/shopify";
import { startRouteServer, type RouteHandler } from "../support/route-server";
import { createPrismaClient } from "~/db.server";
import { fulfilmentStore } from "~/data/fulfilment.server";
import { printClientFor } from "~/lib/print-client.server";
import { shopifyAdmin } from "~/lib/admin-client.server";
import { FulfilmentWorker } from "~/services/fulfilment/worker";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import { action as printCallback } from "~/routes/webhooks.print.$callbackId";

const name = process.env.SCALE_PROCESS ?? `app-${process.pid}`;
const workerCount = Number(process.env.SCALE_WORKERS ?? 1);
const uninstallRedirect = installShopifyRedirect({ target: process.env.SCALE_SHOPIFY_URL! });
const silent = { debug() {}, info() {}, warn() {}, error() {} };

const server = await startRouteServer(
  [
    { path: /^\/webhooks\/orders\/paid$/, handler: ordersPaid as RouteHandler },
    { path: /^\/webhooks\/print\/(?<callbackId>[^/]+)$/, handler: printCallback as RouteHandler },
  ],
  process.env.SHOPIFY_APP_URL!,
);

const claims: Record<string, number> = {};
let running = true;
const loops = Array.from({ length: workerCount }, async (_, i) => {
  const db = createPrismaClient(process.env.DATABASE_URL!);
  const worker = new FulfilmentWorker(
    {
      store: fulfilmentStore(db),
      printClientFor: (shop) =>
        printClientFor(shop, { retry: { baseDelayMs: 1, maxDelayMs: 5, maxAttempts: 4 } }),
      shopify: shopifyAdmin,
      logger: silent,
    },
    {
      workerId: `${name}-w${i + 1}`,
      leaseMs: Number(process.env.SCALE_LEASE_MS ?? 30_000),
      baseBackoffMs: 1,
      maxBackoffMs: 5,
    },
  );
  claims[worker.id] = 0;
  let failed = false;
  while (running) {
    // As the app's own worker loop does: a failed round (a database busy with
    // another process, say) is logged and the next round goes on.
    let n = 0;
    try {
      n = await worker.runOnce();
    } catch (error) {
      // Said once for a run of failures (a database restarting fails every round).
      if (!failed) {
        process.stderr.write(
          `${worker.id}: round failed: ${String(error).replace(/\s+/g, " ").slice(-300)}\n`,
        );
      }
      failed = true;
      n = -1;
    }
    if (n >= 0) {
      failed = false;
      claims[worker.id]! += n;
    }
    // After a failed round (a database restarting) the next waits a moment.
    if (n <= 0) await new Promise((resolve) => setTimeout(resolve, n < 0 ? 200 : 5));
  }
  await db.$disconnect();
});

process.stdout.write(`READY ${server.url}\n`);

process.once("SIGTERM", async () => {
  running = false;
  await Promise.all(loops);
  await server.close();
  await uninstallRedirect();
  process.stdout.write(`CLAIMS ${JSON.stringify(claims)}\n`);
  process.exit(0);
});
