/**
 * The worker's looks at each moved shop's fulfillment service, wired: the app's database, each
 * shop's offline session, and its print client for cancellations
 * (services/fulfillment-service/round.ts). Started by the worker (app/worker.server.ts).
 */
import { markServiceLookDue, serviceStore } from "../data/fulfillment-service.server";
import { runDueServiceLooks, type ServiceRoundDeps } from "../services/fulfillment-service/round";
import { startPeriodicJob } from "../services/periodic-job";
import { PrintApiError } from "../services/print";
import { shopifyAdmin } from "./admin-client.server";
import { getLogger } from "./logger.server";
import { printClientFor } from "./print-client.server";

const log = () => getLogger().child({ component: "fulfillment-service" });

/** The looks, wired: the app's database, each shop's offline session, its print client. */
export function serviceRoundDeps(overrides: Partial<ServiceRoundDeps> = {}): ServiceRoundDeps {
  return {
    store: serviceStore,
    shopify: shopifyAdmin,
    logger: log(),
    async cancelAtService(shop, printOrderId) {
      const client = await printClientFor(shop);
      if (!client) throw new Error("The print service is not connected for this shop.");
      try {
        await client.orders.cancel({ orderId: printOrderId });
        return "cancelled";
      } catch (error) {
        // The service refuses once the order is in its print queue (ORD_CANCEL_STATE), and also
        // an order it cancelled already (a look that died before it wrote down the cancel).
        if (!(error instanceof PrintApiError) || error.customCode !== "ORD_CANCEL_STATE")
          throw error;
        const { orderState } = await client.orders.details({ orderId: printOrderId });
        return orderState === "CANCELLED" ? "cancelled" : "too_late";
      }
    },
    ...overrides,
  };
}

/** How often the worker asks which shops are due: a ping is answered within this. */
export const SERVICE_LOOK_INTERVAL_MS = 2_000;

/** After Shopify's ping: the shop's look is due now, so the worker's next round answers it. */
export async function lookAtServiceSoon({ shop }: { shop: string }): Promise<void> {
  await markServiceLookDue({ shop });
}

export function startServiceLooks(everyMs = SERVICE_LOOK_INTERVAL_MS): () => Promise<void> {
  return startPeriodicJob({
    firstMs: everyMs,
    everyMs,
    run: async () => {
      await runDueServiceLooks(serviceRoundDeps());
    },
    onError: (error) => log().warn({ err: error }, "fulfillment service round failed"),
  });
}
