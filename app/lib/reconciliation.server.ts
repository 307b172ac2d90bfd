import { randomUUID } from "node:crypto";
import os from "node:os";
import { startPeriodicJob } from "../services/periodic-job";
import { shopSyncStore } from "../data/shop-sync.server";
import { runReconciliationRound, type ReconcileRound } from "../services/reconciliation/reconcile";
import type { ReconcileOptions, ReconcilePorts } from "../services/reconciliation/ports";
import { adminGraphql, type AdminApi } from "../services/shopify-admin";
import { unauthenticated } from "../shopify.server";
import { recordFoundOrder } from "./fulfilment-commands.server";
import { getLogger } from "./logger.server";

/**
 * The regular check with Shopify, wired: ShopSync rows for its state and lease, each shop's
 * offline session for the Admin API, and the orders/paid path (recordFoundOrder) for what it
 * finds. Started by the worker (app/worker.server.ts) every RECONCILE_INTERVAL_SECONDS.
 */

/** This instance's name in the shops' leases. */
const INSTANCE = `${os.hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;

/** The Admin API of a shop's offline session; a shop without one fails its own look only. */
async function adminFor(shop: string) {
  const { admin } = await unauthenticated.admin(shop);
  return adminGraphql(admin as AdminApi);
}

export function reconciliationPorts(overrides: Partial<ReconcilePorts> = {}): ReconcilePorts {
  return {
    store: shopSyncStore,
    adminFor,
    record: recordFoundOrder,
    logger: getLogger().child({ component: "reconcile" }),
    ...overrides,
  };
}

/** One round over every installed shop, now. */
export function reconcileAllShops(
  options: Partial<ReconcileOptions> = {},
  ports: Partial<ReconcilePorts> = {},
): Promise<ReconcileRound> {
  return runReconciliationRound(reconciliationPorts(ports), { owner: INSTANCE, ...options });
}

/** The first round a minute after start (a deploy settles first), then every interval. */
const FIRST_ROUND_MS = 60_000;

/** Runs a round every `intervalMs`; a round still running when the next is due is not doubled. */
export function startReconciliation(intervalMs: number): () => Promise<void> {
  const log = getLogger().child({ component: "reconcile" });
  return startPeriodicJob({
    firstMs: Math.min(FIRST_ROUND_MS, intervalMs),
    everyMs: intervalMs,
    run: async () => {
      const round = await reconcileAllShops();
      if (round.found > 0) log.info({ found: round.found }, "orders check round done");
    },
    onError: (error) => log.warn({ err: error }, "orders check round failed"),
  });
}
