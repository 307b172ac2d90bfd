import prisma from "./db.server";
import { getEnv } from "./env.server";
import { getLogger } from "./lib/logger.server";
import { preflightForApp } from "./lib/preflight.server";
import { printClientFor } from "./lib/print-client.server";
import { shopifyAdmin } from "./lib/shopify-admin.server";
import { onWorkAvailable } from "./lib/worker-signal.server";
import { FulfilmentWorker } from "./services/fulfilment/worker";

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

let running: { worker: FulfilmentWorker; unsubscribe: () => void } | undefined;

export function startFulfilmentWorker(): FulfilmentWorker {
  if (running) return running.worker;
  const worker = createFulfilmentWorker();
  worker.start();
  running = { worker, unsubscribe: onWorkAvailable(() => worker.nudge()) };
  getLogger().info({ worker: worker.id }, "fulfilment worker started");
  return worker;
}

export async function stopFulfilmentWorker(): Promise<void> {
  if (!running) return;
  const { worker, unsubscribe } = running;
  running = undefined;
  unsubscribe();
  await worker.stop();
}
