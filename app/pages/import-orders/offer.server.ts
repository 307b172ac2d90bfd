import { importOfferState } from "../../data/import-orders.server";
import { getLogger } from "../../lib/logger.server";
import type { AdminApi } from "../../services/shopify-admin";
import { dayOf, earliestDay } from "./period";
import { judgePeriod } from "./preview.server";

/**
 * Home's one-time offer: paid orders placed before the app was installed that it would print.
 * Made until the merchant dismisses it or imports; one page of Shopify's orders is read for it.
 */

export interface ImportOffer {
  /** Printable orders on the page read; `more` when Shopify has further ones. */
  count: number;
  more: boolean;
  /** The import page's period: Shopify's first readable day to the day of the install. */
  from: string;
  to: string;
}

export async function findImportOffer({
  shop,
  admin,
  now = new Date(),
}: {
  shop: string;
  admin: AdminApi;
  now?: Date;
}): Promise<ImportOffer | null> {
  try {
    const state = await importOfferState({ shop });
    if (!state || state.importOfferDismissedAt || state.uninstalledAt) return null;
    // From the start of the first day Shopify lets the app read, as the import page's period:
    // a whole day, so that every Home visit that day asks for the same look, which
    // readPastOrders keeps for a while instead of spending a page of Shopify's query budget
    // (about 680 of its 2,000 points) on each visit.
    const windowStart = new Date(`${earliestDay(now)}T00:00:00Z`);
    // Installed longer ago than Shopify lets the app look back: no earlier order is in reach.
    if (state.installedAt <= windowStart) return null;
    const judged = await judgePeriod({
      shop,
      admin,
      // Shopify's search compares whole seconds: the install's own second is counted in.
      period: {
        start: windowStart,
        end: new Date(Math.ceil((state.installedAt.getTime() + 1) / 1000) * 1000),
      },
      pages: 1,
    });
    if (judged.printable.length === 0) return null;
    return {
      count: judged.printable.length,
      more: judged.continueAfter !== null,
      from: earliestDay(now),
      to: dayOf(state.installedAt),
    };
  } catch (error) {
    // Home shows without the offer; the next visit asks again.
    getLogger().warn(
      { shop, err: error instanceof Error ? error.message : String(error) },
      "import offer: past orders could not be read",
    );
    return null;
  }
}
