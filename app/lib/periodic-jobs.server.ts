import { unauthenticated } from "../shopify.server";
import { getEnv } from "../env.server";
import { startFlowTriggers } from "./flow-triggers.server";
import { startMail } from "./mail.server";
import { startPriceWatch } from "./repricing.server";
import { startRegularCheck } from "./regular-check.server";
import { startServiceLooks } from "./fulfillment-service-looks.server";

/**
 * The scheduler of the periodic jobs that run beside the fulfilment worker, each on its own
 * timer (services/periodic-job.ts), never two runs of one job at once. Returns the stop, which
 * waits for the runs in hand.
 */
export function startPeriodicJobs(): () => Promise<void> {
  const stops = [
    // Quotes the print cost of created products again once the service's promise ran out.
    startPriceWatch(async (shop) => (await unauthenticated.admin(shop)).admin),
    // Asks Shopify for paid orders whose webhook never arrived (docs/operations.md).
    startRegularCheck(getEnv().regularCheckIntervalMs),
    // Tells Shopify Flow of print orders that need attention, shipped or were cancelled.
    startFlowTriggers(),
    // Alerts for the merchant, queued in the database and sent by e-mail.
    startMail(),
    // Stocks print variants at the app's fulfillment service and answers Shopify's requests.
    startServiceLooks(),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
