import prisma from "../db.server";
import type { AdminApi } from "../services/shopify-admin";
import { checkPrintPrices, variantsDueForCheck } from "./repricing.server";

/**
 * The background side of "keep prices honest": products made with Create
 * product keep a quote of their print cost, which holds until the print
 * service's pricingExpireDate. Once it has run out, the quote is asked for
 * again here, without anyone opening the Prices page, so the "below your
 * target margin" counts on Home and Products follow a new price list.
 */

export interface PriceWatchRun {
  shops: number;
  checked: number;
  changed: number;
  /** Per shop, what kept a check from running (merchant words), for the log. */
  problems: { shop: string; problem: string }[];
}

export async function recheckExpiredPrices({
  adminFor,
  now = Date.now(),
}: {
  /** The shop's Admin API in the background (the library's offline session). */
  adminFor: (shop: string) => Promise<AdminApi>;
  now?: number;
}): Promise<PriceWatchRun> {
  const shops = await prisma.productCreation.findMany({
    where: { state: "done", productId: { not: null } },
    distinct: ["shop"],
    select: { shop: true },
  });
  const run: PriceWatchRun = { shops: 0, checked: 0, changed: 0, problems: [] };
  for (const { shop } of shops) {
    const due = await variantsDueForCheck({ shop, now });
    if (due.length === 0) continue;
    run.shops += 1;
    try {
      const result = await checkPrintPrices({
        shop,
        admin: await adminFor(shop),
        variantIds: due,
      });
      run.checked += result.checked;
      run.changed += result.changed;
      if (result.problem) run.problems.push({ shop, problem: result.problem });
    } catch (error) {
      // One shop's trouble (uninstalled, Shopify down) must not stop the others.
      const problem =
        error instanceof Response
          ? `Shopify answered HTTP ${error.status}`
          : error instanceof Error
            ? error.message
            : String(error);
      run.problems.push({ shop, problem });
    }
  }
  return run;
}
