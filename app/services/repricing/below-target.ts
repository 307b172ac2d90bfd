import { checkPrintPrices, type CheckResult } from "./check";
import { quoteExpired } from "./due";
import type { PrintCosts, QuotedCost, RepricingStore, ShopifyPrices } from "./ports";
import { liveVariants, rowOf, variantName, type RepriceRow } from "./rows";

export interface RecheckSummary extends CheckResult {
  /** Why the page asked the service again on its own. */
  reason: "expired" | "missing";
}

export interface BelowTargetList {
  rows: RepriceRow[];
  /** Variants of created products watched here (with a kept quote and a Shopify price). */
  watched: number;
  /** When the oldest kept print price was quoted; null when none is kept. */
  checkedAt: string | null;
  /** The earliest date until which the print service promised its prices, when it gave one. */
  validUntil: string | null;
  /** The main market the print costs are quoted for (ISO country code), when any is kept. */
  countryCode: string | null;
  /** The check the page made on its own before listing, if it made one. */
  recheck: RecheckSummary | null;
  /** Plain sentences about variants that could not be compared. */
  notes: string[];
}

const count = (n: number) => (n === 1 ? "1 variant" : `${n} variants`);

/**
 * The variants of created products whose margin is under their target, with the price their
 * rule gives now. Kept quotes that ran out, and variants with no quote for their current
 * mapping, are checked again first; the Shopify prices read are remembered for the count.
 */
export async function listBelowTarget<C extends QuotedCost>(
  ports: { store: RepricingStore; costs: PrintCosts<C>; shopify: ShopifyPrices },
  { shop, now = Date.now() }: { shop: string; now?: number },
): Promise<BelowTargetList> {
  const { store, shopify } = ports;
  let watched = await store.watchedVariants(shop);
  let recheck: RecheckSummary | null = null;
  const missing = watched.filter((w) => !w.quote).map((w) => w.mapping.variantId);
  const expired = watched
    .filter((w) => w.quote && quoteExpired(w.quote, now))
    .map((w) => w.mapping.variantId);
  if (missing.length + expired.length > 0) {
    // Quotes the app remembered for a few minutes may do for a variant never quoted; not for
    // prices whose promise ran out.
    const result = await checkPrintPrices(ports, {
      shop,
      variantIds: [...expired, ...missing],
      fresh: expired.length > 0,
    });
    recheck = { reason: expired.length > 0 ? "expired" : "missing", ...result };
    watched = await store.watchedVariants(shop);
  }

  const live = await liveVariants(
    shopify,
    watched.map((w) => w.mapping.variantId),
  );
  await store.rememberPrices(
    shop,
    watched.flatMap((w) => {
      const v = live.get(w.mapping.variantId);
      return v ? [{ creationId: w.creation.id, variantId: v.id, price: v.price }] : [];
    }),
  );

  const rows: RepriceRow[] = [];
  let compared = 0;
  let gone = 0;
  let otherCurrency = 0;
  let unquoted = 0;
  for (const w of watched) {
    const v = live.get(w.mapping.variantId);
    if (!v) {
      gone += 1;
      continue;
    }
    if (!w.quote) {
      unquoted += 1;
      continue;
    }
    if (w.quote.currency !== v.price.currency) {
      otherCurrency += 1;
      continue;
    }
    compared += 1;
    const row = rowOf(w, v.price, v.productTitle, variantName(v));
    if (row) rows.push(row);
  }

  const notes: string[] = [];
  if (unquoted)
    notes.push(
      `${count(unquoted)} could not be quoted by the print service, so ${unquoted === 1 ? "its" : "their"} margin is unknown. Check print prices again later, or open the mapping to see why.`,
    );
  if (otherCurrency)
    notes.push(
      `${count(otherCurrency)} ${otherCurrency === 1 ? "is" : "are"} quoted in another currency than your shop's, so the margin cannot be compared.`,
    );
  if (gone)
    notes.push(
      `${count(gone)} no longer ${gone === 1 ? "exists" : "exist"} in Shopify and ${gone === 1 ? "is" : "are"} left out.`,
    );

  const quoted = watched.flatMap((w) => (w.quote ? [w.quote] : []));
  const oldest = quoted.reduce<Date | null>(
    (min, q) => (min === null || q.quotedAt < min ? q.quotedAt : min),
    null,
  );
  const until = quoted.reduce<Date | null>(
    (min, q) => (q.validUntil && (min === null || q.validUntil < min) ? q.validUntil : min),
    null,
  );
  rows.sort(
    (a, b) =>
      a.productTitle.localeCompare(b.productTitle) || a.variantTitle.localeCompare(b.variantTitle),
  );
  return {
    rows,
    watched: compared,
    checkedAt: oldest?.toISOString() ?? null,
    validUntil: until?.toISOString() ?? null,
    countryCode: quoted[0]?.countryCode ?? null,
    recheck,
    notes,
  };
}

/**
 * How many variants of created products are under their target, from the kept quotes and the
 * last known Shopify prices: no call to Shopify or the print service.
 */
export async function countBelowTarget(
  store: Pick<RepricingStore, "watchedVariants" | "knownPrices">,
  { shop }: { shop: string },
): Promise<number> {
  return (await countPriceProblems(store, { shop })).belowTarget;
}

/** Those under their target, and of them those whose price does not cover the print cost. */
export async function countPriceProblems(
  store: Pick<RepricingStore, "watchedVariants" | "knownPrices">,
  { shop }: { shop: string },
): Promise<{ belowTarget: number; atLoss: number }> {
  const watched = (await store.watchedVariants(shop)).filter((w) => w.quote);
  const known = store.knownPrices(watched);
  let belowTarget = 0;
  let atLoss = 0;
  for (const w of watched) {
    const price = known.get(w.mapping.variantId);
    const row = price ? rowOf(w, price, "", "") : null;
    if (!row) continue;
    belowTarget += 1;
    if (row.priceMinor < row.costMinor) atLoss += 1;
  }
  return { belowTarget, atLoss };
}
