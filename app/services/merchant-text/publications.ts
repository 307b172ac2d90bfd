import { countryName } from "../country-names";
import { countOf } from "./orders";

/** Words of the Publications page: where a listing comes from, and what its shopper pays. */

/** Why a listing's shopper price is not shown, and where it is. */
export const SHOPPER_PRICE_TEXT = {
  noLegacyKey: "Shown at checkout. Add your legacy application API key in Settings to see it here.",
  category: "Set at checkout by your markup, for the product the shopper chooses.",
  noCountry: "Shown at checkout: your Shopify address has no country to price it for.",
  unavailable: "Shown at checkout: the print service did not give a price just now.",
} as const;

/** "From Novel", "From a variant no longer mapped" or "From a print file". */
export function publicationSourceText(source: { variant: boolean; name: string | null }): string {
  if (!source.variant) return "From a print file";
  return source.name ? `From ${source.name}` : "From a Shopify variant that is no longer mapped";
}

/** Under a shopper price: "1 copy to NL, shipping and VAT included". */
export function shopperPriceDetail(quantity: number, countryCode: string): string {
  return `${countOf(quantity, "copy", "copies")} to ${countryName(countryCode)}, shipping and VAT included`;
}

/** The price line of a listing: "Shopper pays €26.79". */
export const shopperPays = (amount: string) => `Shopper pays ${amount}`;

/** What the merchant keeps of a checkout's price: the markup (amounts already formatted). */
export function merchantEarns(earns: string, zero: boolean): string {
  return zero
    ? "You earn nothing on it: your markup in the print service's account is 0 %."
    : `You earn ${earns}: your markup over the print cost, before VAT`;
}
