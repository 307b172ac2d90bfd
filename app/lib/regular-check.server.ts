import { randomUUID } from "node:crypto";
import os from "node:os";
import { startPeriodicJob } from "../services/periodic-job";
import { regularCheckStore } from "../data/regular-check.server";
import { runRegularCheckRound, type RegularCheckRound } from "../services/regular-check/round";
import type { RegularCheckOptions, RegularCheckPorts } from "../services/regular-check/ports";
import { adminGraphql } from "../services/shopify-admin";
import { offlineAdmin } from "./admin-client.server";
import { recordFoundOrder } from "./fulfilment-commands.server";
import { getLogger } from "./logger.server";
import { keepContactIfMissing } from "./shop-contact.server";

/**
 * The regular check with Shopify, wired: RegularCheck rows for its state and lease, each shop's
 * offline session for the Admin API, and the orders/paid path (recordFoundOrder) for what it
 * finds. Started by the worker (app/worker.server.ts) every REGULAR_CHECK_INTERVAL_SECONDS.
 */

/** This instance's name in the shops' leases. */
const INSTANCE = `${os.hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;

/**
 * The Admin API of a shop's offline session; a shop without one fails its own look only. The
 * check reaches every installed shop, so it also keeps the contact of a shop that has none kept
 * yet (a failure there is logged and tried again at the next round; the look goes on).
 */
async function adminFor(shop: string) {
  const graphql = adminGraphql(await offlineAdmin(shop));
  await keepContactIfMissing(graphql, shop).catch((error: unknown) =>
    getLogger()
      .child({ component: "regular-check" })
      .warn({ shop, err: error }, "could not read the shop's contact from Shopify"),
  );
  return graphql;
}

export function regularCheckPorts(overrides: Partial<RegularCheckPorts> = {}): RegularCheckPorts {
  return {
    store: regularCheckStore,
    adminFor,
    record: recordFoundOrder,
    logger: getLogger().child({ component: "regular-check" }),
    ...overrides,
  };
}

/** One round over every installed shop, now. */
export function runRegularCheck(
  options: Partial<RegularCheckOptions> = {},
  ports: Partial<RegularCheckPorts> = {},
): Promise<RegularCheckRound> {
  return runRegularCheckRound(regularCheckPorts(ports), { owner: INSTANCE, ...options });
}

/** The first round a minute after start (a deploy settles first), then every interval. */
const FIRST_ROUND_MS = 60_000;

/** Runs a round every `intervalMs`; a round still running when the next is due is not doubled. */
export function startRegularCheck(intervalMs: number): () => Promise<void> {
  const log = getLogger().child({ component: "regular-check" });
  return startPeriodicJob({
    firstMs: Math.min(FIRST_ROUND_MS, intervalMs),
    everyMs: intervalMs,
    run: async () => {
      const round = await runRegularCheck();
      if (round.found > 0) log.info({ found: round.found }, "regular check round done");
    },
    onError: (error) => log.warn({ err: error }, "regular check round failed"),
  });
}
