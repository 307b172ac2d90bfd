import { multiplyMoney, subtractMoney, type MoneyMinor } from "../print/money";
import { isRate, marginOf } from "./margin";
import type { QuotedLine } from "./quote-totals";

/**
 * Margin at mapping time: what one sale of the variant earns once the print service has
 * printed it, shipped it to the shop's main market and charged VAT. The main market is the
 * shop's own country (its Shopify address). The quote is the Quote page's own, in the
 * variant's price currency so the two can be compared.
 */

export interface MappingMargin {
  countryCode: string;
  /** English name of the country, for the sentence on the page. */
  countryName: string;
  /** Copies in the smallest sale: one, or the offering's minimum quantity. */
  quantity: number;
  /** Shopify price of those copies. */
  price: MoneyMinor;
  /** Product price after any quantity discount. */
  print: MoneyMinor;
  shipping: MoneyMinor;
  vat: MoneyMinor;
  /** The service's total (print + shipping + VAT). */
  cost: MoneyMinor;
  /** price - cost; null when the quote is in another currency than the price. */
  margin: MoneyMinor | null;
  /** Whether the price covers print + shipping + VAT; null when they cannot be compared. */
  covers: boolean | null;
  /** Why the quote is not in the price's currency, when it is not. */
  note: string | null;
}

export type MappingMarginResult =
  | { status: "ok"; margin: MappingMargin }
  | { status: "no_credentials" }
  /** No quote could be had; `reason` says why in the merchant's words. */
  | { status: "unavailable"; reason: string };

/** Copies in the smallest sale: an offering sold in lots (minimum 5) is quoted for one lot. */
export function smallestSale(minimumQuantity: number | null | undefined): number {
  return Math.max(1, minimumQuantity ?? 1);
}

/** The margin of the smallest sale from its quoted line; `fellBackTo` names a fallback currency. */
export function mappingMarginOf({
  countryCode,
  countryName,
  quantity,
  unitPrice,
  quoted,
  fellBackTo,
}: {
  countryCode: string;
  countryName: string;
  quantity: number;
  unitPrice: MoneyMinor;
  quoted: QuotedLine;
  fellBackTo: string | null;
}): MappingMargin {
  const note = fellBackTo
    ? `The print service does not quote in ${unitPrice.currency}, so this is quoted in ${fellBackTo} (your print settings currency) and cannot be compared with the Shopify price.`
    : null;
  return {
    countryCode,
    countryName,
    quantity,
    price: { amountMinor: unitPrice.amountMinor * quantity, currency: unitPrice.currency },
    print: subtractMoney(quoted.productPrice, quoted.discount),
    shipping: quoted.shipping,
    vat: quoted.vat,
    cost: quoted.total,
    margin: quoted.margin,
    covers: quoted.margin ? quoted.margin.amountMinor >= 0 : null,
    note: note ?? quoted.marginNote,
  };
}

/** A kept quote of a variant's smallest sale (the MappingQuote row's amounts). */
export interface KeptQuote {
  offeringId: number;
  numberOfPages: number;
  quantity: number;
  countryCode: string;
  currency: string;
  printMinor: number;
  shippingMinor: number;
  vatMinor: number;
  exchangeRate: string | null;
}

/** The rate a quote is kept with: only text `parseRate` reads. */
export const keptRate = (rate: string | null): string | null => (isRate(rate) ? rate : null);

/** A mapped variant's margin as the Products list shows it. */
export type ListedMargin =
  | {
      status: "ok";
      quantity: number;
      countryCode: string;
      price: MoneyMinor;
      cost: MoneyMinor;
      margin: MoneyMinor;
    }
  /** Quoted in another currency than the price, without a rate for both. */
  | { status: "no_rate"; reason: string }
  /** Never worked out, or the mapping changed since. */
  | { status: "unknown" };

export interface ListedVariant {
  id: string;
  price: MoneyMinor;
  mapping: { offeringId: number | null; numberOfPages: number | null };
}

/**
 * The live Shopify price times the quoted quantity, minus print + shipping + VAT as quoted. A
 * quote of another offering or page count than the mapping has now is not used.
 */
export function listedMargin(variant: ListedVariant, quote: KeptQuote | undefined): ListedMargin {
  if (
    !quote ||
    quote.offeringId !== variant.mapping.offeringId ||
    quote.numberOfPages !== (variant.mapping.numberOfPages ?? 1)
  ) {
    return { status: "unknown" };
  }
  const cost = quote.printMinor + quote.shippingMinor + quote.vatMinor;
  const result = marginOf({
    price: multiplyMoney(variant.price, quote.quantity),
    cost: { amountMinor: cost, currency: quote.currency },
    rates: quote.exchangeRate ? [{ currency: quote.currency, rate: quote.exchangeRate }] : [],
  });
  return result.status === "ok"
    ? {
        status: "ok",
        quantity: quote.quantity,
        countryCode: quote.countryCode,
        price: result.price,
        cost: result.cost,
        margin: result.margin,
      }
    : { status: "no_rate", reason: result.reason };
}
