import { parseMoneyInput } from "../money-input";
import { currencyExponent } from "../print/money";
import { marginBps } from "../pricing/margin";
import { priceFor, type PricingRule } from "../pricing/price-rule";
import { variantField, type CheckedVariant, type FieldErrors } from "./form";

/**
 * Each variant's price: the merchant's own, or the rule's from the print cost
 * of its smallest sale. Prices are per copy (what the storefront shows); the
 * cost and margin are of the smallest sale (one copy, or the offering's
 * minimum), as the Products list shows them.
 */

export interface VariantCost {
  /** Copies in the smallest sale. */
  quantity: number;
  /** Print + shipping + VAT of those copies. */
  totalMinor: number;
  perCopyMinor: number;
}

export interface PricedVariant {
  index: number;
  quantity: number;
  costMinor: number;
  perCopyCostMinor: number;
  suggestedPriceMinor: number;
  /** Per copy, what the variant sells at. */
  priceMinor: number;
  /** Of the smallest sale: price × quantity − cost. */
  marginMinor: number;
  marginBps: number | null;
  /** The price does not cover print, shipping and VAT. */
  belowCost: boolean;
  overridden: boolean;
}

export function priceVariants({
  variants,
  costs,
  rule,
  currency,
  locale = "en",
}: {
  variants: CheckedVariant[];
  /** In the order of `variants`. */
  costs: VariantCost[];
  rule: PricingRule;
  currency: string;
  locale?: string;
}): { ok: true; priced: PricedVariant[] } | { ok: false; fieldErrors: FieldErrors } {
  const decimals = currencyExponent(currency);
  const errors: FieldErrors = {};
  const priced: PricedVariant[] = [];
  variants.forEach((v, i) => {
    const cost = costs[i];
    if (!cost) return;
    const suggested = priceFor(cost.perCopyMinor, rule, decimals);
    let price = suggested;
    if (v.priceText) {
      const typed = parseMoneyInput(v.priceText, locale, currency, { minMinor: 0 });
      if (!typed.ok) {
        errors[variantField(v.index, "price")] = typed.message;
        return;
      }
      price = typed.amountMinor;
    }
    const saleMinor = price * cost.quantity;
    priced.push({
      index: v.index,
      quantity: cost.quantity,
      costMinor: cost.totalMinor,
      perCopyCostMinor: cost.perCopyMinor,
      suggestedPriceMinor: suggested,
      priceMinor: price,
      marginMinor: saleMinor - cost.totalMinor,
      marginBps: marginBps(saleMinor, cost.totalMinor),
      belowCost: saleMinor < cost.totalMinor,
      overridden: Boolean(v.priceText),
    });
  });
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return { ok: true, priced };
}
