import { importOfferState } from "../../data/import-orders.server";
import { getLogger } from "../../lib/logger.server";
import type { AdminApi } from "../../services/shopify-admin";
import { dayOf, earliestDay, SHOPIFY_ORDER_WINDOW_DAYS } from "./period";
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

const DAY_MS = 86_400_000;

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
    const windowStart = new Date(now.getTime() - SHOPIFY_ORDER_WINDOW_DAYS * DAY_MS);
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
      more: judged.continueFrom !== null,
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
