import type { RepricingStore } from "./ports";
import { rowOf, type RepriceRow } from "./rows";

/**
 * The variants whose print cost a check found changed within (after, upTo] and that are now
 * under their target margin, from the kept quotes and the last Shopify price the app knows: no
 * call to Shopify or the print service. Named by their mapping's title ("Book – Hardcover").
 */
export async function belowTargetAfterChange(
  store: Pick<RepricingStore, "watchedVariants" | "knownPrices">,
  { shop, after, upTo }: { shop: string; after: Date | null; upTo: Date },
): Promise<RepriceRow[]> {
  const changed = (await store.watchedVariants(shop)).filter((w) => {
    const at = w.quote?.costChangedAt;
    return at != null && at <= upTo && (after === null || at > after);
  });
  const known = store.knownPrices(changed);
  const rows: RepriceRow[] = [];
  for (const w of changed) {
    const price = known.get(w.mapping.variantId);
    const row = price ? rowOf(w, price, w.creation.title, w.mapping.title) : null;
    if (row) rows.push(row);
  }
  return rows.sort(
    (a, b) =>
      a.productTitle.localeCompare(b.productTitle) || a.variantTitle.localeCompare(b.variantTitle),
  );
}
