import type { PrintProblem } from "../merchant-text/print-problem";
import type { Quote } from "../print";
import type { ExchangeRate } from "./margin";
import {
  combine,
  conversionOf,
  matchLines,
  summarise,
  type QuotedGroup,
  type QuoteLine,
  type QuoteView,
} from "./quote-totals";

/**
 * Quotes for the admin: per item and summed, with the margin against the
 * Shopify price, and the groups when items cannot be produced together. The
 * print service is a port (`QuoteOnce`): the app's adapter caches each call.
 */

export interface QuoteDestination {
  countryCode: string;
  state?: string | undefined;
  currency: string;
}

/** One quote call; a facility conflict is kept apart from other failures. */
export type QuoteAnswer =
  | { status: "ok"; data: Quote }
  | { status: "conflict"; conflict: { groups: number[][]; unproducible: number[] } }
  | { status: "no_credentials" }
  | { status: "error"; problem: PrintProblem };

export type QuoteOnce = (request: QuoteDestination, lines: QuoteLine[]) => Promise<QuoteAnswer>;

export type QuoteLinesResult =
  | Exclude<QuoteAnswer, { status: "ok" | "conflict" }>
  | {
      status: "ok";
      data: QuoteView;
    };

/**
 * Quotes the lines together; when the service says they need several
 * facilities, quotes each group on its own and lists what cannot be made.
 */
export async function quoteLines(
  quoteOnce: QuoteOnce,
  { countryCode, state, currency, lines }: QuoteDestination & { lines: QuoteLine[] },
): Promise<QuoteLinesResult> {
  const request = { countryCode, state, currency };
  const first = await quoteOnce(request, lines);
  if (first.status === "ok") {
    const group = await quotedGroup(quoteOnce, request, lines, first.data);
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
        conversion: conversionOf([group]),
        exchangeRate: first.data.exchangeRate ?? null,
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
    const r = await quoteOnce(request, groupLines);
    if (r.status === "conflict") {
      unproducible.push(...groupLines);
      continue;
    }
    if (r.status !== "ok") return r;
    quotedGroups.push(await quotedGroup(quoteOnce, request, groupLines, r.data));
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
      conversion: conversionOf(quotedGroups),
      exchangeRate: null,
    },
  };
}

/** Lines quoted together as one group: each line's amounts and margin, and the group's sums. */
async function quotedGroup(
  quoteOnce: QuoteOnce,
  request: QuoteDestination,
  lines: QuoteLine[],
  quote: Quote,
): Promise<QuotedGroup> {
  const rates = await ratesFor(quoteOnce, request, lines, quote);
  const quoted = matchLines(lines, quote, rates);
  return { lines: quoted, summary: summarise(quoted, quote, request.currency, rates) };
}

/**
 * The print service's rates of the quote's currency and of every other currency the lines are
 * priced in. A quote states only its own currency's rate, so a Shopify price in another
 * currency takes the same lines quoted in that currency (cached like any quote); a currency the
 * service does not quote in has no rate, and the margin says so.
 */
async function ratesFor(
  quoteOnce: QuoteOnce,
  request: QuoteDestination,
  lines: QuoteLine[],
  quote: Quote,
): Promise<ExchangeRate[]> {
  const rates: ExchangeRate[] = [];
  if (quote.exchangeRate) rates.push({ currency: quote.currency, rate: quote.exchangeRate });
  const others = new Set(
    lines
      .map((l) => l.unitPrice?.currency)
      .filter((c): c is string => Boolean(c) && c !== quote.currency),
  );
  for (const currency of others) {
    const other = await quoteOnce({ ...request, currency }, lines);
    if (other.status === "ok" && other.data.exchangeRate)
      rates.push({ currency: other.data.currency, rate: other.data.exchangeRate });
  }
  return rates;
}

/**
 * Quotes the lines in `currency`; when the print service does not quote in it (CURR_INVALID),
 * in `fallbackCurrency` (the print settings currency) instead, and says so with `fellBack`.
 */
export async function quoteInCurrency(
  quoteOnce: QuoteOnce,
  {
    countryCode,
    currency,
    fallbackCurrency,
    lines,
  }: {
    countryCode: string;
    currency: string;
    fallbackCurrency: string | null | undefined;
    lines: QuoteLine[];
  },
): Promise<{ result: QuoteLinesResult; fellBack: boolean }> {
  const result = await quoteLines(quoteOnce, { countryCode, currency, lines });
  if (
    result.status === "error" &&
    result.problem.code === "CURR_INVALID" &&
    fallbackCurrency &&
    fallbackCurrency !== currency
  ) {
    return {
      result: await quoteLines(quoteOnce, { countryCode, currency: fallbackCurrency, lines }),
      fellBack: true,
    };
  }
  return { result, fellBack: false };
}
