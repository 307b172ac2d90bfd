import prisma from "./db.server";
import { getEnv } from "./env.server";
import { getLogger } from "./lib/logger.server";
import { preflightForApp } from "./lib/preflight.server";
import { printClientFor } from "./lib/print-client.server";
import { shopifyAdmin } from "./lib/admin-client.server";
import { onWorkAvailable } from "./lib/worker-signal.server";
import { startPriceWatch } from "./lib/repricing.server";
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
    // Quotes the print cost of created products again once the service's promise ran out.
    stopPriceWatch: startPriceWatch(async (shop) => (await unauthenticated.admin(shop)).admin),
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
