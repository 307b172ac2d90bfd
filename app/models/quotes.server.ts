import { z } from "zod";
import { parseForm } from "../services/form-errors";
import { MAX_QUOTE_ITEMS } from "./admin-shared";
import { FacilityConflictError, type Quote } from "../services/print";
import type { AdminApi } from "../services/shopify-admin";
import { cachedRead, listOfferings, type ServiceResult } from "./catalogue.server";
import { listMappingsForPicker } from "./mapping.server";
import { getPrintSettingsForDisplay } from "./print-settings.server";
import type { PrintProblem } from "./print-problem.server";
import { getVariants, legacyIdOf, variantGid } from "./products.server";
import type { ExchangeRate } from "../services/margin";
import {
  combine,
  conversionOf,
  matchLines,
  summarise,
  type QuotedGroup,
  type QuoteLine,
  type QuoteView,
} from "./quote-totals.server";
import { getShopInfo } from "./shop-info.server";

/**
 * Quotes for the admin: per item and summed, with the margin against the
 * Shopify price, and the groups when items cannot be produced together.
 * Quotes are cached for a few minutes per shop and parameters.
 */

const QUOTE_TTL_MS = 10 * 60_000;

export { MAX_QUOTE_ITEMS };
export type { QuotedGroup, QuotedLine, QuoteLine, QuoteView } from "./quote-totals.server";

/** Sane bounds for a quote line; the print service checks each offering's own limits. */
export const QUOTE_LIMITS = { pages: 10_000, quantity: 100_000 } as const;

const count = (n: number) => n.toLocaleString("en-US");

/** What each field takes: the message for any refusal of that field. */
const QUOTE_MESSAGES = {
  countryCode: "Use a two-letter country code, e.g. NL",
  state: "Use at most 50 characters for the state or province",
  currency: "Use a three-letter currency code, e.g. EUR",
  items: `Add from 1 to ${MAX_QUOTE_ITEMS} items`,
  "items.*.offeringId": "Choose a variant or offering",
  "items.*.numberOfPages": `Enter the pages, a whole number from 1 to ${count(QUOTE_LIMITS.pages)}`,
  "items.*.quantity": `Enter a quantity, a whole number from 1 to ${count(QUOTE_LIMITS.quantity)}`,
};

const wholeNumber = (message: string, max: number) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);

export const quoteItemSchema = z.object({
  offeringId: z.coerce
    .number()
    .int(QUOTE_MESSAGES["items.*.offeringId"])
    .positive(QUOTE_MESSAGES["items.*.offeringId"]),
  numberOfPages: wholeNumber(QUOTE_MESSAGES["items.*.numberOfPages"], QUOTE_LIMITS.pages),
  quantity: wholeNumber(QUOTE_MESSAGES["items.*.quantity"], QUOTE_LIMITS.quantity),
});

export const quoteRequestSchema = z.object({
  countryCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, QUOTE_MESSAGES.countryCode),
  state: z
    .string()
    .trim()
    .max(50, QUOTE_MESSAGES.state)
    .optional()
    .transform((v) => v || undefined),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, QUOTE_MESSAGES.currency),
  items: z
    .array(quoteItemSchema)
    .min(1, "Add at least one item")
    .max(MAX_QUOTE_ITEMS, QUOTE_MESSAGES.items),
});

export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

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
    const rates = await ratesFor(shop, request, lines, first.data);
    const quoted = matchLines(lines, first.data, rates);
    const group = { lines: quoted, summary: summarise(quoted, first.data, currency, rates) };
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
    const r = await quoteRaw(shop, request, groupLines);
    if (r.status === "conflict") {
      unproducible.push(...groupLines);
      continue;
    }
    if (r.status !== "ok") return r;
    const rates = await ratesFor(shop, request, groupLines, r.data);
    const quoted = matchLines(groupLines, r.data, rates);
    quotedGroups.push({ lines: quoted, summary: summarise(quoted, r.data, currency, rates) });
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

/**
 * The print service's rates of the quote's currency and of every other currency the lines are
 * priced in. A quote states only its own currency's rate, so a Shopify price in another
 * currency takes the same lines quoted in that currency (cached like any quote); a currency the
 * service does not quote in has no rate, and the margin says so.
 */
async function ratesFor(
  shop: string,
  request: { countryCode: string; state?: string | undefined; currency: string },
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
    const other = await quoteRaw(shop, { ...request, currency }, lines);
    if (other.status === "ok" && other.data.exchangeRate)
      rates.push({ currency: other.data.currency, rate: other.data.exchangeRate });
  }
  return rates;
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

// The Quote page -------------------------------------------------------------------------------

interface ItemParam {
  variant: string;
  offeringId: string;
  pages: string;
  quantity: string;
}

/** `item=<offeringId>:<pages>:<quantity>[:<variant legacy id>]`, repeated. */
function parseItems(params: URLSearchParams): ItemParam[] {
  return params
    .getAll("item")
    .slice(0, MAX_QUOTE_ITEMS)
    .map((raw) => {
      const [offeringId = "", pages = "", quantity = "", variant = ""] = raw.split(":");
      return { offeringId, pages, quantity, variant };
    });
}

/**
 * The Quote page's data: the form as asked in the URL (items, or "quote this
 * variant" prefilled from its mapping), the pickers' choices, and the quote
 * or why there is none.
 */
export async function loadQuotePage({
  shop,
  admin,
  searchParams,
}: {
  shop: string;
  admin: AdminApi;
  searchParams: URLSearchParams;
}) {
  const [settings, info, mappings, offerings] = await Promise.all([
    getPrintSettingsForDisplay({ shop }),
    getShopInfo({ shop, admin }),
    listMappingsForPicker({ shop }),
    listOfferings({ shop, filters: {} }),
  ]);
  const mappingByLegacy = new Map(mappings.map((m) => [legacyIdOf(m.variantId), m]));
  let items = parseItems(searchParams);
  // "Quote this variant": prefill one item from its mapping.
  for (const v of searchParams.getAll("variant").slice(0, MAX_QUOTE_ITEMS)) {
    const m = mappingByLegacy.get(v);
    if (m)
      items.push({
        variant: v,
        offeringId: String(m.offeringId),
        pages: String(m.numberOfPages ?? 1),
        quantity: "1",
      });
  }
  items = items.slice(0, MAX_QUOTE_ITEMS);
  const form = {
    country: (
      searchParams.get("country") ||
      info?.shopAddress?.countryCodeV2 ||
      "NL"
    ).toUpperCase(),
    state: searchParams.get("state") ?? "",
    currency: (
      searchParams.get("currency") ||
      settings?.currency ||
      info?.currencyCode ||
      "EUR"
    ).toUpperCase(),
    items,
  };
  const base = {
    form,
    mappings: mappings.map((m) => ({
      legacyId: legacyIdOf(m.variantId),
      title: m.title,
      offeringId: m.offeringId,
      numberOfPages: m.numberOfPages,
    })),
    offerings:
      offerings.status === "ok"
        ? offerings.data.map((o) => ({
            id: o.id,
            name: o.name,
            minNumberOfPages: o.minNumberOfPages ?? null,
          }))
        : [],
    noCredentials: offerings.status === "no_credentials",
  };
  if (items.length === 0 || offerings.status === "no_credentials")
    return { ...base, quote: null, problem: null, fieldErrors: null };

  const parsed = parseForm(
    quoteRequestSchema,
    {
      countryCode: form.country,
      state: form.state,
      currency: form.currency,
      items: items.map((i) => ({
        offeringId: i.offeringId,
        numberOfPages: i.pages,
        quantity: i.quantity,
      })),
    },
    QUOTE_MESSAGES,
    { key: "path" },
  );
  if (!parsed.ok) return { ...base, quote: null, problem: null, fieldErrors: parsed.fieldErrors };
  const variantIds = items.filter((i) => i.variant).map((i) => variantGid(i.variant));
  const variants = variantIds.length
    ? await getVariants({ admin, variantIds }).catch(() => [])
    : [];
  const variantByLegacy = new Map(variants.map((v) => [v.legacyId, v]));
  // A variant asked in the URL that is not mapped still gets its name in the form's picker.
  const unmapped = items.flatMap((item) => {
    const v = item.variant ? variantByLegacy.get(item.variant) : undefined;
    if (!v || mappingByLegacy.has(item.variant)) return [];
    return [
      {
        legacyId: item.variant,
        title: v.displayName,
        offeringId: Number(item.offeringId),
        numberOfPages: Number(item.pages) || null,
      },
    ];
  });
  const pickerMappings = [
    ...base.mappings,
    ...unmapped.filter((u, i) => unmapped.findIndex((x) => x.legacyId === u.legacyId) === i),
  ];
  const offeringName = new Map(
    offerings.status === "ok" ? offerings.data.map((o) => [o.id, o.name]) : [],
  );
  const lines: QuoteLine[] = parsed.data.items.map((item, i) => {
    const v = items[i]?.variant ? variantByLegacy.get(items[i]!.variant) : undefined;
    return {
      ...item,
      label: v?.displayName ?? offeringName.get(item.offeringId) ?? `Offering ${item.offeringId}`,
      unitPrice: v?.price ?? null,
    };
  });
  const result = await quoteLines({
    shop,
    countryCode: parsed.data.countryCode,
    state: parsed.data.state,
    currency: parsed.data.currency,
    lines,
  });
  return {
    ...base,
    mappings: pickerMappings,
    quote: result.status === "ok" ? result.data : null,
    problem: result.status === "error" ? result.problem : null,
    fieldErrors: null,
  };
}
