import { SHOPIFY_FAILURE_TEXT } from "../shopify-admin";
import type { CheckResult } from "./check";
import { variantsDueForCheck } from "./due";
import type { RepricingStore } from "./ports";

/**
 * The background side of "keep prices honest": products made with Create product keep a quote
 * of their print cost, which holds until the print service's pricingExpireDate. Once it has run
 * out, the quote is asked for again here, without anyone opening the Prices page, so the "below
 * your target margin" counts on Home and Products follow a new price list.
 */

export interface PriceWatchRun {
  shops: number;
  checked: number;
  changed: number;
  /** Per shop, what kept a check from running (merchant words), for the log. */
  problems: { shop: string; problem: string }[];
}

export async function recheckExpiredPrices(
  ports: {
    store: Pick<RepricingStore, "watchedVariants">;
    /** The shops with products created through the app. */
    shopsWatched(): Promise<string[]>;
    /** Checks these variants' print prices for the shop, acting for it in the background. */
    checkShop(shop: string, variantIds: string[]): Promise<CheckResult>;
  },
  { now = Date.now() }: { now?: number } = {},
): Promise<PriceWatchRun> {
  const run: PriceWatchRun = { shops: 0, checked: 0, changed: 0, problems: [] };
  for (const shop of await ports.shopsWatched()) {
    const due = await variantsDueForCheck(ports.store, { shop, now });
    if (due.length === 0) continue;
    run.shops += 1;
    try {
      const result = await ports.checkShop(shop, due);
      run.checked += result.checked;
      run.changed += result.changed;
      if (result.problem) run.problems.push({ shop, problem: result.problem });
    } catch (error) {
      // One shop's trouble (uninstalled, Shopify down) must not stop the others.
      const problem =
        error instanceof Response
          ? SHOPIFY_FAILURE_TEXT.httpStatus(error.status)
          : error instanceof Error
            ? error.message
            : String(error);
      run.problems.push({ shop, problem });
    }
  }
  return run;
}
