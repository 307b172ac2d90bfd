import { z } from "zod";
import {
  addMoney,
  FacilityConflictError,
  multiplyMoney,
  subtractMoney,
  sumMoney,
  type MoneyMinor,
  type Quote,
} from "../services/print";
import { cachedRead, type ServiceResult } from "./catalogue.server";
import type { PrintProblem } from "./print-problem.server";

/**
 * Quotes for the admin: per item and summed, with the margin against the
 * Shopify price, and the groups when items cannot be produced together.
 * Quotes are cached for a few minutes per shop and parameters.
 */

const QUOTE_TTL_MS = 10 * 60_000;
import { MAX_QUOTE_ITEMS } from "./admin-shared";

export { MAX_QUOTE_ITEMS };

export const quoteItemSchema = z.object({
  offeringId: z.coerce.number().int().positive("Choose an offering"),
  numberOfPages: z.coerce.number().int().positive("Enter the pages"),
  quantity: z.coerce.number().int().positive("Enter a quantity of at least 1").max(100_000),
});

export const quoteRequestSchema = z.object({
  countryCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "Use a two-letter country code, e.g. NL"),
  state: z
    .string()
    .trim()
    .max(50)
    .optional()
    .transform((v) => v || undefined),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "Use a three-letter currency code, e.g. EUR"),
  items: z.array(quoteItemSchema).min(1, "Add at least one item").max(MAX_QUOTE_ITEMS),
});

export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

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
function summarise(lines: QuotedLine[], quote: Quote, currency: string): QuotedGroup["summary"] {
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
function combine(groups: QuotedGroup[], currency: string): QuotedGroup["summary"] {
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

function matchLines(lines: QuoteLine[], quote: Quote, currency: string): QuotedLine[] {
  // The service answers one quoted item per requested item, in order.
  return lines.map((line, i) => {
    const q = quote.items[i] ?? quote.items.find((x) => x.offeringId === line.offeringId);
    if (!q) throw new Error(`The quote has no item for offering ${line.offeringId}`);
    return lineFrom(line, q, currency);
  });
}

/**
 * Quotes the lines together; when the service says they need several
 * facilities, quotes each group on its own and lists what cannot be made.
 */
export async function quoteLines({
  shop,
  countryCode,
  state,
  currency,
  lines,
}: {
  shop: string;
  countryCode: string;
  state?: string | undefined;
  currency: string;
  lines: QuoteLine[];
}): Promise<ServiceResult<QuoteView>> {
  const request = { countryCode, state, currency };
  const first = await quoteRaw(shop, request, lines);
  if (first.status === "ok") {
    const quoted = matchLines(lines, first.data, currency);
    const group = { lines: quoted, summary: summarise(quoted, first.data, currency) };
    return {
      status: "ok",
      data: {
        currency,
        countryCode,
        state: state ?? null,
        groups: [group],
        together: true,
        unproducible: [],
        total: group.summary,
      },
    };
  }
  if (first.status !== "conflict") return first;

  const { groups: idGroups, unproducible: badIds } = first.conflict;
  const remaining = [...lines];
  const take = (ids: number[]) => {
    const out: QuoteLine[] = [];
    for (const id of ids) {
      const at = remaining.findIndex((l) => l.offeringId === id);
      if (at >= 0) out.push(...remaining.splice(at, 1));
    }
    // Further lines of the same offerings go with their group.
    for (let i = remaining.length - 1; i >= 0; i--) {
      if (ids.includes(remaining[i]!.offeringId)) out.push(...remaining.splice(i, 1));
    }
    return out;
  };
  const grouped = idGroups.map(take).filter((g) => g.length > 0);
  const unproducible = take(badIds);
  unproducible.push(...remaining.splice(0));
  const quotedGroups: QuotedGroup[] = [];
  for (const groupLines of grouped) {
    const r = await quoteRaw(shop, request, groupLines);
    if (r.status === "conflict") {
      unproducible.push(...groupLines);
      continue;
    }
    if (r.status !== "ok") return r;
    const quoted = matchLines(groupLines, r.data, currency);
    quotedGroups.push({ lines: quoted, summary: summarise(quoted, r.data, currency) });
  }
  return {
    status: "ok",
    data: {
      currency,
      countryCode,
      state: state ?? null,
      groups: quotedGroups,
      together: false,
      unproducible,
      total: combine(quotedGroups, currency),
    },
  };
}

type RawResult =
  | { status: "ok"; data: Quote }
  | { status: "conflict"; conflict: { groups: number[][]; unproducible: number[] } }
  | { status: "no_credentials" }
  | { status: "error"; problem: PrintProblem };

/** One cached quote call; a facility conflict is kept apart from other failures. */
async function quoteRaw(
  shop: string,
  request: { countryCode: string; state?: string | undefined; currency: string },
  lines: QuoteLine[],
): Promise<RawResult> {
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
}
