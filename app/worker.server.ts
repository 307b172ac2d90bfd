import prisma, { databaseSchema } from "./db.server";
import { fulfilmentStore } from "./data/fulfilment.server";
import { getEnv } from "./env.server";
import { getLogger } from "./lib/logger.server";
import { preflightForApp } from "./lib/preflight.server";
import { printClientFor } from "./lib/print-client.server";
import { shopifyAdmin } from "./lib/admin-client.server";
import { onWorkAvailable } from "./lib/worker-signal.server";
import { startPeriodicJobs } from "./lib/periodic-jobs.server";
import { FulfilmentWorker } from "./services/fulfilment/worker";

/**
 * A dead worker's claims are free again within WORKER_LEASE_MS; a live one
 * extends its claims every WORKER_HEARTBEAT_MS while it works them
 * (docs/decisions/0018-recovery-of-a-dead-workers-claims.md).
 */
export const WORKER_LEASE_MS = 20_000;
export const WORKER_HEARTBEAT_MS = 5_000;

/** The composition root of the fulfilment worker: real database, print client, Shopify. */
export function createFulfilmentWorker(options: { workerId?: string } = {}) {
  const env = getEnv();
  return new FulfilmentWorker(
    {
      store: fulfilmentStore(prisma, databaseSchema()),
      printClientFor,
      shopify: shopifyAdmin,
      preflight: preflightForApp,
      logger: getLogger().child({ component: "worker" }),
    },
    {
      ...(options.workerId ? { workerId: options.workerId } : {}),
      concurrency: env.workerConcurrency,
      followIntervalMs: env.followIntervalMs,
      leaseMs: WORKER_LEASE_MS,
      heartbeatMs: WORKER_HEARTBEAT_MS,
    },
  );
}

let running:
  | {
      worker: FulfilmentWorker;
      unsubscribe: () => void;
      stopPeriodicJobs: () => Promise<void>;
    }
  | undefined;

/** The fulfilment worker, and beside it the periodic jobs (lib/periodic-jobs.server.ts). */
export function startFulfilmentWorker(): FulfilmentWorker {
  if (running) return running.worker;
  const worker = createFulfilmentWorker();
  worker.start();
  running = {
    worker,
    unsubscribe: onWorkAvailable(() => worker.nudge()),
    stopPeriodicJobs: startPeriodicJobs(),
  };
  getLogger().info({ worker: worker.id }, "fulfilment worker started");
  return worker;
}

export async function stopFulfilmentWorker(): Promise<void> {
  if (!running) return;
  const { worker, unsubscribe, stopPeriodicJobs } = running;
  running = undefined;
  unsubscribe();
  await Promise.all([worker.stop(), stopPeriodicJobs()]);
}
