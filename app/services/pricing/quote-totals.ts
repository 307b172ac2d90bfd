import {
  addMoney,
  multiplyMoney,
  subtractMoney,
  sumMoney,
  type MoneyMinor,
  type Quote,
} from "../print";
import { convertMoney, marginOf, rateSentence, ratesByCurrency, type ExchangeRate } from "./margin";

/**
 * A quote's lines and groups as the admin shows them: each amount as the
 * service states it, the margin against the Shopify price, and the totals.
 */

export interface QuoteLine {
  /** What the merchant sees for the item (variant or offering name). */
  label: string;
  offeringId: number;
  numberOfPages: number;
  quantity: number;
  /** The variant's Shopify price per copy, when the item is a variant. */
  unitPrice?: MoneyMinor | null | undefined;
}

/**
 * One quoted item. Every amount is for the whole line (all copies) except `perCopy`, and
 * `productPrice - discount + shipping + vat = total` as the service quotes them.
 */
export interface QuotedLine extends QuoteLine {
  /** Product price of one copy (base price plus pages): the line's product price / quantity. */
  perCopy: MoneyMinor;
  /** False when the line's product price does not divide by the quantity (perCopy is rounded). */
  perCopyExact: boolean;
  /** All copies, before the quantity discount. */
  productPrice: MoneyMinor;
  discount: MoneyMinor;
  shipping: MoneyMinor;
  vat: MoneyMinor;
  vatPercentage: number;
  /** The service's totalItemPrice. */
  total: MoneyMinor;
  /** Revenue (Shopify price x quantity), in the Shopify price's currency. */
  revenue: MoneyMinor | null;
  /** Revenue minus total cost, in the revenue's currency (the cost converted when need be). */
  margin: MoneyMinor | null;
  /** Why there is no margin (no exchange rate for the two currencies). */
  marginNote: string | null;
  /** "1 EUR = 1.0850 USD" when the cost was converted to the price's currency for the margin. */
  converted: string | null;
}

export interface QuotedGroup {
  lines: QuotedLine[];
  summary: {
    product: MoneyMinor;
    discount: MoneyMinor;
    shipping: MoneyMinor;
    vat: MoneyMinor;
    /** The service's own total for the group (quoteSummary.totalWholesalePrice). */
    total: MoneyMinor;
    /**
     * What the service's total differs from product - discount + shipping + VAT (its own
     * rounding); zero when the shown columns add up, which is what the sandbox answers.
     */
    unexplained: MoneyMinor;
    /**
     * What the service's summary differs from the sum of its lines, column by column (combined
     * shipping, rounding), shown as a row of its own so every column adds up; null when nothing.
     */
    adjustment: {
      discount: MoneyMinor;
      shipping: MoneyMinor;
      vat: MoneyMinor;
      total: MoneyMinor;
      /** The adjustment's share of the margin (minus its total, converted like the lines). */
      margin: MoneyMinor | null;
    } | null;
    /** Sums of the lines' revenue and margin plus the adjustment's margin. */
    revenue: MoneyMinor | null;
    margin: MoneyMinor | null;
  };
}

export interface QuoteView {
  currency: string;
  countryCode: string;
  state: string | null;
  /** One group when everything ships together; several when the service says they cannot. */
  groups: QuotedGroup[];
  together: boolean;
  /** Lines no facility can produce for this destination. */
  unproducible: QuoteLine[];
  total: QuotedGroup["summary"];
  /** "1 EUR = 1.0850 USD" when margins were converted to the Shopify price's currency. */
  conversion: string | null;
  /** The quote's own exchangeRate (its currency per unit of the service's base currency). */
  exchangeRate: string | null;
}

function lineFrom(
  line: QuoteLine,
  q: Quote["items"][number],
  rates: readonly ExchangeRate[],
): QuotedLine {
  const quantity = Math.max(1, q.quantity);
  const perCopyExact = q.productPrice.amountMinor % quantity === 0;
  let revenue: MoneyMinor | null = null;
  let margin: MoneyMinor | null = null;
  let marginNote: string | null = null;
  let converted: string | null = null;
  if (line.unitPrice) {
    revenue = multiplyMoney(line.unitPrice, line.quantity);
    const result = marginOf({ price: revenue, cost: q.totalItemPrice, rates });
    if (result.status === "ok") {
      margin = result.margin;
      converted = result.conversion
        ? rateSentence(result.conversion.from, result.conversion.to)
        : null;
    } else {
      marginNote = result.reason;
    }
  }
  return {
    ...line,
    perCopy: {
      amountMinor: Math.round(q.productPrice.amountMinor / quantity),
      currency: q.productPrice.currency,
    },
    perCopyExact,
    productPrice: q.productPrice,
    discount: q.totalQuantityDiscount,
    shipping: q.shippingWholesale,
    vat: q.vat,
    vatPercentage: q.vatPercentage,
    total: q.totalItemPrice,
    revenue,
    margin,
    marginNote,
    converted,
  };
}

/** What product - discount + shipping + VAT leaves unexplained of a total. */
function unexplainedOf(
  parts: { product: MoneyMinor; discount: MoneyMinor; shipping: MoneyMinor; vat: MoneyMinor },
  total: MoneyMinor,
): MoneyMinor {
  const shown = addMoney(
    addMoney(subtractMoney(parts.product, parts.discount), parts.shipping),
    parts.vat,
  );
  return subtractMoney(total, shown);
}

/**
 * The sum of the amounts there are (a line without a Shopify price shows none, so adds none);
 * null when there are none or they are in several currencies.
 */
function sumAll(items: (MoneyMinor | null)[]): MoneyMinor | null {
  const money = items.filter((m): m is MoneyMinor => m !== null);
  if (money.length === 0) return null;
  const currency = money[0]!.currency;
  if (money.some((m) => m.currency !== currency)) return null;
  return sumMoney(money, currency);
}

/** The adjustment's effect on the margin: minus its total, in the revenue's currency. */
function adjustmentMargin(
  total: MoneyMinor,
  revenueCurrency: string,
  rates: readonly ExchangeRate[],
): MoneyMinor | null {
  const negated = { amountMinor: -total.amountMinor, currency: total.currency };
  if (total.currency === revenueCurrency) return negated;
  const known = ratesByCurrency(rates);
  const from = known.get(total.currency);
  const to = known.get(revenueCurrency);
  if (!from || !to) return null;
  return convertMoney(
    negated,
    { currency: total.currency, rate: from },
    { currency: revenueCurrency, rate: to },
  );
}

/**
 * Revenue and margin columns as sums of what the rows show: the lines, plus the adjustment
 * row's margin when there is one, so the totals row is what a reader adds up.
 */
function revenueAndMargin(
  lines: QuotedLine[],
  adjustmentTotal: MoneyMinor | null,
  rates: readonly ExchangeRate[],
) {
  const revenue = sumAll(lines.map((l) => l.revenue));
  // A margin total only when every priced line has its margin (a missing rate says why).
  const complete = lines.every((l) => !l.revenue || l.margin);
  let margin = revenue && complete ? sumAll(lines.map((l) => l.margin)) : null;
  let adjustment: MoneyMinor | null = null;
  const allPriced = lines.every((l) => l.revenue);
  // The service's adjustment belongs to the whole group: it is only shared out when all is priced.
  if (margin && adjustmentTotal && adjustmentTotal.amountMinor !== 0 && !allPriced) margin = null;
  if (margin && adjustmentTotal && adjustmentTotal.amountMinor !== 0) {
    adjustment = adjustmentMargin(adjustmentTotal, margin.currency, rates);
    margin = adjustment ? addMoney(margin, adjustment) : null;
  }
  return { revenue, margin, adjustmentMargin: adjustment };
}

/** A group's totals as the service states them in its quote summary. */
export function summarise(
  lines: QuotedLine[],
  quote: Quote,
  currency: string,
  rates: readonly ExchangeRate[] = [],
): QuotedGroup["summary"] {
  const s = quote.summary;
  // The summary has no product total; the items' product prices are the only source.
  const product = sumMoney(
    lines.map((l) => l.productPrice),
    currency,
  );
  const parts = {
    product,
    discount: s.totalQuantityDiscount,
    shipping: s.totalShippingPrice,
    vat: sumMoney(
      s.vatSummary.map((v) => v.vat),
      currency,
    ),
  };
  const total = s.totalWholesalePrice;
  const column = (pick: (l: QuotedLine) => MoneyMinor) => sumMoney(lines.map(pick), currency);
  const diff = {
    discount: subtractMoney(
      parts.discount,
      column((l) => l.discount),
    ),
    shipping: subtractMoney(
      parts.shipping,
      column((l) => l.shipping),
    ),
    vat: subtractMoney(
      parts.vat,
      column((l) => l.vat),
    ),
    total: subtractMoney(
      total,
      column((l) => l.total),
    ),
  };
  const differs = Object.values(diff).some((m) => m.amountMinor !== 0);
  const money = revenueAndMargin(lines, differs ? diff.total : null, rates);
  return {
    ...parts,
    total,
    unexplained: unexplainedOf(parts, total),
    adjustment: differs ? { ...diff, margin: money.adjustmentMargin } : null,
    revenue: money.revenue,
    margin: money.margin,
  };
}

/** Several groups are several quotes (and print orders): their totals are added up. */
export function combine(groups: QuotedGroup[], currency: string): QuotedGroup["summary"] {
  const sum = (pick: (s: QuotedGroup["summary"]) => MoneyMinor) =>
    sumMoney(
      groups.map((g) => pick(g.summary)),
      currency,
    );
  const total = sum((s) => s.total);
  const revenue = sumAll(groups.map((g) => g.summary.revenue));
  return {
    product: sum((s) => s.product),
    discount: sum((s) => s.discount),
    shipping: sum((s) => s.shipping),
    vat: sum((s) => s.vat),
    total,
    unexplained: sum((s) => s.unexplained),
    adjustment: null,
    revenue,
    margin: revenue ? sumAll(groups.map((g) => g.summary.margin)) : null,
  };
}

/** The rate sentence of the first converted line, for the note under a table. */
export function conversionOf(groups: QuotedGroup[]): string | null {
  for (const g of groups) for (const l of g.lines) if (l.converted) return l.converted;
  return null;
}

export function matchLines(
  lines: QuoteLine[],
  quote: Quote,
  rates: readonly ExchangeRate[] = [],
): QuotedLine[] {
  // The service answers one quoted item per requested item, in order.
  return lines.map((line, i) => {
    const q = quote.items[i] ?? quote.items.find((x) => x.offeringId === line.offeringId);
    if (!q) throw new Error(`The quote has no item for offering ${line.offeringId}`);
    return lineFrom(line, q, rates);
  });
}
