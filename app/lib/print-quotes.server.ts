import { cachedRead, listLegacyPrices } from "./catalogue.server";
import { FacilityConflictError } from "../services/print";
import {
  quoteInCurrency as quoteInCurrencyWith,
  quoteLines as quoteLinesWith,
  type QuoteAnswer,
  type QuoteDestination,
} from "../services/pricing/quote-lines";
import type { QuoteLine } from "../services/pricing/quote-totals";

/**
 * The print service's quotes for one shop, cached for a few minutes per shop
 * and parameters: the adapter the quote workflows (services/pricing) are given.
 */

const QUOTE_TTL_MS = 10 * 60_000;

function quoteOnceFor(shop: string) {
  return async (request: QuoteDestination, lines: QuoteLine[]): Promise<QuoteAnswer> => {
    const items = lines.map((l) => ({
      offeringId: l.offeringId,
      numberOfPages: l.numberOfPages,
      quantity: l.quantity,
    }));
    let conflict: FacilityConflictError | null = null;
    const params = {
      countryCode: request.countryCode,
      state: request.state,
      currency: request.currency,
      items,
    };
    const result = await cachedRead(shop, "quote", params, QUOTE_TTL_MS, async ({ client }) => {
      try {
        return {
          value: await client.quotes.create({
            countryCode: request.countryCode,
            ...(request.state ? { state: request.state } : {}),
            currency: request.currency,
            items,
          }),
        };
      } catch (error) {
        if (error instanceof FacilityConflictError) conflict = error;
        throw error;
      }
    });
    const c = conflict as FacilityConflictError | null;
    if (result.status === "error" && c) {
      return { status: "conflict", conflict: { groups: c.groups, unproducible: c.unproducible } };
    }
    return result;
  };
}

/** A shop's lines quoted together, or in groups (services/pricing/quote-lines.ts). */
export function quoteLines({
  shop,
  ...request
}: QuoteDestination & { shop: string; lines: QuoteLine[] }) {
  return quoteLinesWith(quoteOnceFor(shop), request);
}

/** A shop's lines quoted in a currency, or in the fallback when the service refuses it. */
export function quoteInCurrency({
  shop,
  ...request
}: Parameters<typeof quoteInCurrencyWith>[1] & { shop: string }) {
  return quoteInCurrencyWith(quoteOnceFor(shop), request);
}

/**
 * Until when the print service's prices of these offerings hold: the legacy price list's
 * pricingExpireDate, by offering id. Empty when the list cannot be had (no application API
 * key, the service is down): a quote is then kept without an end date.
 */
export async function pricesValidUntil({
  shop,
  offeringIds,
}: {
  shop: string;
  offeringIds: readonly number[];
}): Promise<Map<number, Date>> {
  const out = new Map<number, Date>();
  const prices = await listLegacyPrices({ shop }).catch(() => null);
  if (prices?.status !== "ok" || !prices.data.available) return out;
  for (const id of offeringIds) {
    const expires = prices.data.byOffering[id]?.pricingExpireDate;
    const at = expires ? new Date(expires) : null;
    if (at && Number.isFinite(at.getTime())) out.set(id, at);
  }
  return out;
}
