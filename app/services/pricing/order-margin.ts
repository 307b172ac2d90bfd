import type { OrderPrices } from "../print";
import { multiplyMoney, sumMoney, type MoneyMinor } from "../print/money";
import { isLoss, marginOf, marginShare, rateSentence, type PrintCost } from "./margin";

/**
 * What the merchant keeps of one print order's sale (margin.ts): the Shopify price of the
 * items this print order prints, minus what the print service charges (print, shipping and
 * VAT). Without a quote or a price, or without an exchange rate between two currencies, the
 * reason in words.
 */
export type OrderMargin =
  | {
      status: "ok";
      price: MoneyMinor;
      /** The print service's charges in its currency, by part (null when only the total is known). */
      parts: PrintCost | null;
      /** What the print service charges, in the price's currency. */
      cost: MoneyMinor;
      margin: MoneyMinor;
      loss: boolean;
      share: number | null;
      /** How the cost was converted ("1 EUR = 1.0850 USD"), when it was. */
      rate: string | null;
    }
  | { status: "unknown"; price: MoneyMinor | null; cost: MoneyMinor | null; reason: string };

/** What the print service charges, by part when its prices are known, else the quoted total. */
export function printCostOf(
  prices: OrderPrices | null,
  quotedTotal: MoneyMinor | null,
  currency: string,
): { parts: PrintCost | null; total: MoneyMinor } | null {
  const print = prices?.totalWholesaleProductPriceExTaxes;
  const shipping = prices?.totalWholesaleShippingExTaxes;
  if (prices && print && shipping) {
    const taxes = [...prices.wholesaleProductTaxes, ...prices.wholesaleShippingTaxes]
      .map((t) => t.amount)
      .filter((a): a is MoneyMinor => Boolean(a));
    const parts = { print, shipping, vat: sumMoney(taxes, print.currency) };
    const total = sumMoney([print, shipping, parts.vat], print.currency);
    return { parts, total };
  }
  const total = prices?.totalWholesalePriceIncTaxes ?? quotedTotal;
  return total ? { parts: null, total: { ...total, currency: total.currency || currency } } : null;
}

/** The Shopify price of the items: stored at planning, else the order's line price x quantity. */
export function itemsPrice(
  items: { revenueMinor: number | null; revenueCurrency: string | null; quantity: number }[],
  linePrices: (MoneyMinor | null)[],
  currency: string,
): MoneyMinor | null {
  const amounts: MoneyMinor[] = [];
  for (const [i, item] of items.entries()) {
    if (item.revenueMinor !== null && item.revenueCurrency)
      amounts.push({ amountMinor: item.revenueMinor, currency: item.revenueCurrency });
    else if (linePrices[i]) amounts.push(multiplyMoney(linePrices[i], item.quantity));
    else return null;
  }
  if (amounts.length === 0 || amounts.some((a) => a.currency !== currency)) return null;
  return sumMoney(amounts, currency);
}

export function orderMargin(
  price: MoneyMinor | null,
  cost: { parts: PrintCost | null; total: MoneyMinor } | null,
): OrderMargin {
  if (!price)
    return {
      status: "unknown",
      price: null,
      cost: cost?.total ?? null,
      reason: "Shopify's price of an item is not known, so the margin cannot be worked out.",
    };
  if (!cost)
    return {
      status: "unknown",
      price,
      cost: null,
      reason: "Known once the print service has quoted the order.",
    };
  // The print service gave no exchange rate with this order: a rate is not guessed.
  const result = marginOf({ price, cost: cost.parts ?? cost.total });
  if (result.status !== "ok")
    return { status: "unknown", price, cost: cost.total, reason: result.reason };
  return {
    status: "ok",
    price,
    parts: cost.parts,
    cost: result.cost,
    margin: result.margin,
    loss: isLoss(result.margin),
    share: marginShare(result.margin, price),
    rate: result.conversion ? rateSentence(result.conversion.from, result.conversion.to) : null,
  };
}
