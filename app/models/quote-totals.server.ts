import {
  addMoney,
  multiplyMoney,
  subtractMoney,
  sumMoney,
  type MoneyMinor,
  type Quote,
} from "../services/print";

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
  /** Revenue (Shopify price x quantity) and revenue minus total cost, in the quote currency. */
  revenue: MoneyMinor | null;
  margin: MoneyMinor | null;
  /** Why there is no margin (e.g. another currency). */
  marginNote: string | null;
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
}

function lineFrom(line: QuoteLine, q: Quote["items"][number], currency: string): QuotedLine {
  const quantity = Math.max(1, q.quantity);
  const perCopyExact = q.productPrice.amountMinor % quantity === 0;
  let revenue: MoneyMinor | null = null;
  let margin: MoneyMinor | null = null;
  let marginNote: string | null = null;
  if (line.unitPrice) {
    if (line.unitPrice.currency === currency) {
      revenue = multiplyMoney(line.unitPrice, line.quantity);
      margin = subtractMoney(revenue, q.totalItemPrice);
    } else {
      marginNote = `Quote in ${line.unitPrice.currency} to compare with the Shopify price`;
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

function revenueAndMargin(lines: QuotedLine[], total: MoneyMinor, currency: string) {
  const allRevenue = lines.length > 0 && lines.every((l) => l.revenue);
  const revenue = allRevenue
    ? sumMoney(
        lines.map((l) => l.revenue as MoneyMinor),
        currency,
      )
    : null;
  return { revenue, margin: revenue ? subtractMoney(revenue, total) : null };
}

/** A group's totals as the service states them in its quote summary. */
export function summarise(
  lines: QuotedLine[],
  quote: Quote,
  currency: string,
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
  return {
    ...parts,
    total,
    unexplained: unexplainedOf(parts, total),
    ...revenueAndMargin(lines, total, currency),
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
  return {
    product: sum((s) => s.product),
    discount: sum((s) => s.discount),
    shipping: sum((s) => s.shipping),
    vat: sum((s) => s.vat),
    total,
    unexplained: sum((s) => s.unexplained),
    ...revenueAndMargin(
      groups.flatMap((g) => g.lines),
      total,
      currency,
    ),
  };
}

export function matchLines(lines: QuoteLine[], quote: Quote, currency: string): QuotedLine[] {
  // The service answers one quoted item per requested item, in order.
  return lines.map((line, i) => {
    const q = quote.items[i] ?? quote.items.find((x) => x.offeringId === line.offeringId);
    if (!q) throw new Error(`The quote has no item for offering ${line.offeringId}`);
    return lineFrom(line, q, currency);
  });
}
