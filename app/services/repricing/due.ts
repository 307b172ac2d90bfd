import type { MappingQuote } from "@prisma/client";
import type { RepricingStore } from "./ports";

/** A kept quote without the service's own expiry is checked again after this long. */
export const QUOTE_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

/**
 * Whether the kept quote can no longer be trusted at `now`: the service's price list promised
 * its prices until `validUntil` and that has passed, or no date was given and the quote is older
 * than QUOTE_MAX_AGE_MS.
 */
export function quoteExpired(
  q: Pick<MappingQuote, "validUntil" | "quotedAt">,
  now = Date.now(),
): boolean {
  if (q.validUntil) return q.validUntil.getTime() <= now;
  return now - q.quotedAt.getTime() > QUOTE_MAX_AGE_MS;
}

/**
 * This shop's watched variants (GIDs) whose kept quote has run out at `now`, or that have
 * none for their current mapping: what a check of print prices should ask about.
 */
export async function variantsDueForCheck(
  store: Pick<RepricingStore, "watchedVariants">,
  { shop, now = Date.now() }: { shop: string; now?: number },
): Promise<string[]> {
  const watched = await store.watchedVariants(shop);
  return watched
    .filter((w) => !w.quote || quoteExpired(w.quote, now))
    .map((w) => w.mapping.variantId);
}
