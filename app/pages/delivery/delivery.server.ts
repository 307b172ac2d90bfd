import {
  daysBefore,
  HEALTH_PERIOD_DAYS,
  listFoundByCheck,
  loadDeliveryHealth,
} from "../../data/handoff.server";

/**
 * Delivery health's own page: handoff time for 7 and 30 days, immediate orders
 * apart from held and approved ones, the orders the regular check with Shopify
 * found, the last orders/paid webhook and the check's last look.
 */

export async function loadDeliveryPage({ shop, now = new Date() }: { shop: string; now?: Date }) {
  const [health, found] = await Promise.all([
    loadDeliveryHealth({ shop, now }),
    listFoundByCheck({ shop, since: daysBefore(now, HEALTH_PERIOD_DAYS) }),
  ]);
  return { health, found };
}

/** What the delivery page's view reads. */
export type DeliveryPageView = Awaited<ReturnType<typeof loadDeliveryPage>>;
