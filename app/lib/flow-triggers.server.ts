import { flowTriggerStore } from "../data/flow-triggers.server";
import { getEnv } from "../env.server";
import { sendDueFlowTriggers, type FlowSenderDeps } from "../services/flow-triggers/send";
import { startPeriodicJob } from "../services/periodic-job";
import { shopifyAdmin } from "./admin-client.server";
import { getLogger } from "./logger.server";

/**
 * The Shopify Flow triggers, wired: the app's database, each shop's offline session, and the
 * print order's page in the shop's admin (the embedded app at /app/orders/<id>). Started by
 * the worker (app/worker.server.ts); a round every FLOW_TRIGGER_INTERVAL_MS.
 */
export function flowSenderDeps(overrides: Partial<FlowSenderDeps> = {}): FlowSenderDeps {
  const apiKey = getEnv().shopifyApiKey;
  return {
    triggers: flowTriggerStore,
    shopify: shopifyAdmin,
    logger: getLogger().child({ component: "flow-triggers" }),
    pageUrl: (shop, printOrderId) =>
      `https://${shop}/admin/apps/${apiKey}/app/orders/${encodeURIComponent(printOrderId)}`,
    ...overrides,
  };
}

/** Soon after the change: a merchant's workflow answers within seconds, not minutes. */
export const FLOW_TRIGGER_INTERVAL_MS = 5_000;

export function startFlowTriggers(everyMs = FLOW_TRIGGER_INTERVAL_MS): () => Promise<void> {
  const log = getLogger().child({ component: "flow-triggers" });
  return startPeriodicJob({
    firstMs: everyMs,
    everyMs,
    run: async () => {
      // Rounds until nothing is left due (each takes a batch), so a burst is not spread out.
      for (let round = 0; round < 20; round++) {
        const done = await sendDueFlowTriggers(flowSenderDeps());
        const handled = done.sent + done.retried + done.givenUp + done.skipped;
        if (done.sent > 0 || done.givenUp > 0) log.info(done, "Flow triggers sent");
        if (handled === 0) return;
      }
    },
    onError: (error) => log.warn({ err: error }, "Flow trigger round failed"),
  });
}
