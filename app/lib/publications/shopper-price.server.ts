import type { MoneyMinor } from "../../services/print/money";
import { SHOPPER_PRICE_TEXT } from "../../services/merchant-text/publications";
import { CATALOGUE_TTL_MS, cachedRead } from "../catalogue.server";

/**
 * What a shopper pays at a publication's hosted checkout: the print service's legacy quote
 * `price`, its retail price with shipping and VAT (the account's markup included), for the
 * copies the checkout starts with, to one country. Cached like the catalogue.
 */

export type ShopperPrice =
  | { status: "ok"; price: MoneyMinor; quantity: number; countryCode: string }
  /** No price to show; `reason` in the merchant's words. */
  | { status: "unknown"; reason: string };

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
  const result = await cachedRead<MoneyMinor | null | "no_key">(
    shop,
    "shopper-price",
    params,
    CATALOGUE_TTL_MS,
    async (c) => {
      if (!c.hasLegacyKey) return { value: "no_key" };
      const quote = await c.client.legacy.quote(params);
      return { value: quote.price ?? null };
    },
  );
  if (result.status !== "ok" || result.data === null)
    return { status: "unknown", reason: SHOPPER_PRICE_TEXT.unavailable };
  if (result.data === "no_key")
    return { status: "unknown", reason: SHOPPER_PRICE_TEXT.noLegacyKey };
  return { status: "ok", price: result.data, quantity, countryCode };
}
