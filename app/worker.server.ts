import prisma, { databaseSchema } from "./db.server";
import { getEnv } from "./env.server";
import { getLogger } from "./lib/logger.server";
import { preflightForApp } from "./lib/preflight.server";
import { printClientFor } from "./lib/print-client.server";
import { shopifyAdmin } from "./lib/admin-client.server";
import { onWorkAvailable } from "./lib/worker-signal.server";
import { startPriceWatch } from "./lib/repricing.server";
import { startReconciliation } from "./lib/reconciliation.server";
import { startFlowTriggers } from "./lib/flow-triggers.server";
import { startMail } from "./lib/mail.server";
import { startServiceLooks } from "./lib/fulfillment-service-looks.server";
import { FulfilmentWorker } from "./services/fulfilment/worker";
import { unauthenticated } from "./shopify.server";

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
      db: prisma,
      schema: databaseSchema(),
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
      stopPriceWatch: () => Promise<void>;
      stopReconciliation: () => Promise<void>;
      stopFlowTriggers: () => Promise<void>;
      stopMail: () => Promise<void>;
      stopServiceLooks: () => Promise<void>;
    }
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
    // Asks Shopify for paid orders whose webhook never arrived (docs/operations.md).
    stopReconciliation: startReconciliation(getEnv().reconcileIntervalMs),
    // Tells Shopify Flow of print orders that need attention, shipped or were cancelled.
    stopFlowTriggers: startFlowTriggers(),
    // Alerts for the merchant, queued in the database and sent by e-mail.
    stopMail: startMail(),
    // Stocks print variants at the app's fulfillment service and answers Shopify's requests.
    stopServiceLooks: startServiceLooks(),
  };
  getLogger().info({ worker: worker.id }, "fulfilment worker started");
  return worker;
}

export async function stopFulfilmentWorker(): Promise<void> {
  if (!running) return;
  const {
    worker,
    unsubscribe,
    stopPriceWatch,
    stopReconciliation,
    stopFlowTriggers,
    stopMail,
    stopServiceLooks,
  } = running;
  running = undefined;
  unsubscribe();
  await Promise.all([
    worker.stop(),
    stopPriceWatch(),
    stopReconciliation(),
    stopFlowTriggers(),
    stopMail(),
    stopServiceLooks(),
  ]);
}
