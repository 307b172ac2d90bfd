import prisma from "./db.server";
import { getEnv } from "./env.server";
import { getLogger } from "./lib/logger.server";
import { preflightForApp } from "./lib/preflight.server";
import { printClientFor } from "./lib/print-client.server";
import { shopifyAdmin } from "./lib/shopify-admin.server";
import { onWorkAvailable } from "./lib/worker-signal.server";
import { recheckExpiredPrices } from "./models/price-watch.server";
import { FulfilmentWorker } from "./services/fulfilment/worker";
import { unauthenticated } from "./shopify.server";

/** The composition root of the fulfilment worker: real database, print client, Shopify. */
export function createFulfilmentWorker(options: { workerId?: string } = {}) {
  const env = getEnv();
  return new FulfilmentWorker(
    {
      db: prisma,
      printClientFor,
      shopify: shopifyAdmin,
      preflight: preflightForApp,
      logger: getLogger().child({ component: "worker" }),
    },
    {
      ...(options.workerId ? { workerId: options.workerId } : {}),
      concurrency: env.workerConcurrency,
      followIntervalMs: env.followIntervalMs,
    },
  );
}

/** The first check of print prices waits for the app to settle; then one an hour. */
const PRICE_WATCH_FIRST_MS = 5 * 60_000;
const PRICE_WATCH_EVERY_MS = 60 * 60_000;

/**
 * Quotes the print cost of created products again once the print service's
 * promise on their price has run out (models/price-watch.server.ts). Returns
 * its stop, which waits for a check in hand.
 */
function startPriceWatch(): () => Promise<void> {
  const log = getLogger().child({ component: "price-watch" });
  let current: Promise<void> | undefined;
  const tick = () => {
    current ??= recheckExpiredPrices({
      adminFor: async (shop) => (await unauthenticated.admin(shop)).admin,
    })
      .then((run) => {
        if (run.shops > 0)
          log.info(
            { shops: run.shops, checked: run.checked, changed: run.changed },
            "print prices checked again",
          );
        for (const { shop, problem } of run.problems)
          log.warn({ shop, problem }, "print prices not checked");
      })
      .catch((error: unknown) => log.warn({ err: error }, "price watch failed"))
      .finally(() => (current = undefined));
  };
  const first = setTimeout(tick, PRICE_WATCH_FIRST_MS);
  const every = setInterval(tick, PRICE_WATCH_EVERY_MS);
  first.unref();
  every.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(every);
    await current;
  };
}

let running:
  | { worker: FulfilmentWorker; unsubscribe: () => void; stopPriceWatch: () => Promise<void> }
  | undefined;

export function startFulfilmentWorker(): FulfilmentWorker {
  if (running) return running.worker;
  const worker = createFulfilmentWorker();
  worker.start();
  running = {
    worker,
    unsubscribe: onWorkAvailable(() => worker.nudge()),
    stopPriceWatch: startPriceWatch(),
  };
  getLogger().info({ worker: worker.id }, "fulfilment worker started");
  return worker;
}

export async function stopFulfilmentWorker(): Promise<void> {
  if (!running) return;
  const { worker, unsubscribe, stopPriceWatch } = running;
  running = undefined;
  unsubscribe();
  await Promise.all([worker.stop(), stopPriceWatch()]);
}
