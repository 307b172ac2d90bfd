import type { MoneyMinor } from "../services/print/money";
import { SHOPPER_PRICE_TEXT } from "../services/merchant-text/publications";
import { CATALOGUE_TTL_MS, cachedRead } from "./catalogue.server";

/**
 * What a shopper pays at a publication's hosted checkout: the print service's legacy quote
 * `price`, its retail price with shipping and VAT (the account's markup included), for the
 * copies the checkout starts with, to one country. Cached like the catalogue.
 */

export type ShopperPrice =
  | {
      status: "ok";
      price: MoneyMinor;
      /**
       * What the merchant earns on it: the retail product price (the account's markup over the
       * print cost) less the wholesale one, before VAT; null when the quote does not say.
       */
      earns: MoneyMinor | null;
      quantity: number;
      countryCode: string;
    }
  /** No price to show; `reason` in the merchant's words. */
  | { status: "unknown"; reason: string };

/** Retail less wholesale product price (both before VAT, in one currency); null otherwise. */
function markupOf(quote: {
  priceRetail: MoneyMinor | undefined;
  priceWholesale: MoneyMinor | undefined;
}): MoneyMinor | null {
  const { priceRetail: retail, priceWholesale: wholesale } = quote;
  if (!retail || !wholesale || retail.currency !== wholesale.currency) return null;
  return { amountMinor: retail.amountMinor - wholesale.amountMinor, currency: retail.currency };
}

export async function shopperPrice({
  shop,
  offeringId,
  numberOfPages,
  quantity,
  currency,
  countryCode,
}: {
  shop: string;
  offeringId: number;
  numberOfPages: number;
  /** The copies the checkout starts with: one, or the offering's minimum. */
  quantity: number;
  currency: string;
  countryCode: string;
}): Promise<ShopperPrice> {
  const params = { offeringId, numberOfPages, quantity, currency, countryCode };
  const result = await cachedRead<
    { price: MoneyMinor | null; earns: MoneyMinor | null } | "no_key"
  >(shop, "shopper-price", params, CATALOGUE_TTL_MS, async (c) => {
    if (!c.hasLegacyKey) return { value: "no_key" };
    const quote = await c.client.legacy.quote(params);
    return { value: { price: quote.price ?? null, earns: markupOf(quote) } };
  });
  if (result.status !== "ok" || (result.data !== "no_key" && result.data.price === null))
    return { status: "unknown", reason: SHOPPER_PRICE_TEXT.unavailable };
  if (result.data === "no_key")
    return { status: "unknown", reason: SHOPPER_PRICE_TEXT.noLegacyKey };
  return {
    status: "ok",
    price: result.data.price!,
    earns: result.data.earns,
    quantity,
    countryCode,
  };
}
