import type { CostItem, PrintCosts, QuotedCost, RepricingStore, WatchedVariant } from "./ports";

export interface CheckResult {
  checked: number;
  changed: number;
  problem: string | null;
}

const itemKey = (m: WatchedVariant["mapping"]) =>
  [m.offeringId, m.numberOfPages, m.contentWidth ?? "", m.contentHeight ?? ""].join("|");

/**
 * Asks the print service again for the cost of each watched variant's smallest sale to the main
 * market (one quote per distinct item) and keeps it. `changed` counts the variants whose cost
 * or currency moved. With `fresh`, the app's own quote and price-list caches are skipped.
 * A cost that differs from one kept before is stamped with the check's time, and so is the
 * shop (store.pricesChanged): what the prices alert tells, once.
 */
export async function checkPrintPrices<C extends QuotedCost>(
  ports: {
    store: Pick<RepricingStore, "watchedVariants" | "pricesChanged">;
    costs: PrintCosts<C>;
  },
  {
    shop,
    variantIds,
    fresh = true,
  }: {
    shop: string;
    /** Only these (GIDs); all watched variants when left out. */
    variantIds?: readonly string[] | undefined;
    /** Ask the service even if the app remembers a quote from the last few minutes (default). */
    fresh?: boolean;
  },
): Promise<CheckResult> {
  const watched = await ports.store.watchedVariants(shop, variantIds);
  if (watched.length === 0) return { checked: 0, changed: 0, problem: null };
  const items: CostItem[] = [];
  const indexOf = new Map<string, number>();
  for (const w of watched) {
    const key = itemKey(w.mapping);
    if (indexOf.has(key)) continue;
    indexOf.set(key, items.length);
    items.push({
      offeringId: w.mapping.offeringId,
      numberOfPages: w.mapping.numberOfPages,
      width: w.mapping.contentWidth,
      height: w.mapping.contentHeight,
    });
  }
  // "Now" means now: not the quote or price list the app remembered for a few minutes.
  if (fresh) ports.costs.forgetRecent();
  const result = await ports.costs.quote(items);
  if (result.status === "no_credentials")
    return {
      checked: 0,
      changed: 0,
      problem:
        "Print Connect has no print service account to ask. Add your API keys in Settings, then check again.",
    };
  if (result.status === "unavailable") return { checked: 0, changed: 0, problem: result.reason };

  const now = new Date();
  let checked = 0;
  let changed = 0;
  let repriced = 0;
  let unpriced = 0;
  for (const w of watched) {
    const cost = result.costs[indexOf.get(itemKey(w.mapping)) ?? -1];
    if (!cost || cost.offeringId !== w.mapping.offeringId) {
      unpriced += 1;
      continue;
    }
    const before = w.quote;
    const moved =
      !before ||
      before.currency !== cost.currency ||
      before.quantity !== cost.quantity ||
      before.printMinor + before.shippingMinor + before.vatMinor !== cost.totalMinor;
    // The service's price changed, as against a first quote of the variant.
    const costChanged = before !== null && moved;
    await ports.costs.keep({
      variantId: w.mapping.variantId,
      numberOfPages: w.mapping.numberOfPages,
      countryCode: result.countryCode,
      cost,
      ...(costChanged ? { costChangedAt: now } : {}),
    });
    checked += 1;
    if (moved) changed += 1;
    if (costChanged) repriced += 1;
  }
  if (repriced > 0) await ports.store.pricesChanged(shop, now);
  return {
    checked,
    changed,
    problem: unpriced
      ? `The print service gave no price for ${unpriced === 1 ? "1 variant" : `${unpriced} variants`} to ${result.countryName}.`
      : null,
  };
}
