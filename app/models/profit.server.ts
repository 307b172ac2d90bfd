import { Prisma } from "@prisma/client";
import prisma, { databaseProvider } from "../db.server";
import { getEnv } from "../env.server";
import { convertMoney, rateSentence } from "../services/margin";
import { schemaOfDatabaseUrl, sqlTable } from "../services/sql-table";
import type { AdminApi } from "../services/shopify-admin";
import { dayOf, hourShiftSeconds, periodFrom, type Period } from "../components/profit/period";
import { quoteLines } from "./quotes.server";
import { getShopInfo } from "./shop-info.server";

/**
 * Profit per day and per product over a period, added up in SQL.
 *
 * What counts (see CONTRACTS "Margin definition"): print orders of the shop created in the
 * period (the day is the shop's calendar day), not cancelled, whose print cost is known
 * (PrintOrder.wholesaleTotalMinor: what the service charges, product + shipping + VAT).
 * Revenue is what the shoppers paid for the lines those print orders print
 * (PrintOrderItem.revenueMinor, stored at planning). Margin = revenue − print cost. Print orders
 * not priced yet are counted apart, so they never show as pure profit.
 *
 * Amounts are reported in the shop's Shopify currency. Print costs in another currency are
 * converted with the print service's exchange rates (one cached quote per currency, see
 * services/margin.ts); without a rate, those orders are left out and counted apart.
 *
 * Days: the database adds up per hour (shifted for zones offset by half hours), the hours are
 * then put on the shop's calendar days, so daylight-saving changes fall on the right day and
 * the database does no time-zone work.
 */

export interface Amounts {
  revenueMinor: number;
  costMinor: number;
  marginMinor: number;
}

export interface DayRow extends Amounts {
  day: string;
  printOrders: number;
}

export interface ProductRow extends Amounts {
  variantId: string;
  title: string;
  copies: number;
}

export interface ProfitReport {
  currency: string;
  days: DayRow[];
  products: ProductRow[];
  total: Amounts & { printOrders: number };
  /** Print orders in the period without a known print cost yet. */
  unpriced: number;
  /** Print orders left out because their currency had no exchange rate. */
  unconverted: { currency: string; printOrders: number }[];
  /** "1 EUR = 1.0850 USD" per converted currency. */
  conversions: string[];
}

type Num = number | bigint | string | null;
const n = (v: Num): number => (v === null ? 0 : Number(v));

function tables() {
  const url = getEnv().databaseUrl;
  const schema = schemaOfDatabaseUrl(url);
  return {
    provider: databaseProvider(url),
    printOrder: sqlTable(schema, "PrintOrder"),
    item: sqlTable(schema, "PrintOrderItem"),
  };
}

/**
 * The hour of "createdAt" (shifted), as each database computes it cheaply: hours since the
 * epoch, or on SQLite for whole-hour zones the stored UTC text cut at the hour
 * ("2026-03-29T23"), which needs no date function per row.
 */
function hourBucket(provider: "sqlite" | "postgresql", shift: number): Prisma.Sql {
  if (provider === "postgresql")
    return Prisma.sql`FLOOR((EXTRACT(EPOCH FROM p."createdAt") + ${shift}) / 3600)::bigint`;
  if (shift === 0) return Prisma.sql`substr(p."createdAt", 1, 13)`;
  return Prisma.sql`((CAST(strftime('%s', p."createdAt") AS INTEGER) + ${shift}) / 3600)`;
}

/** Hours since the epoch (shifted) of a bucket as hourBucket returns it. */
function bucketHours(bucket: Num): number {
  if (typeof bucket === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}$/.test(bucket))
    return Date.parse(`${bucket}:00:00Z`) / 3_600_000;
  return n(bucket);
}

/** Print orders that count, in [start, end). */
function counted(start: Date, end: Date, shop: string): Prisma.Sql {
  return Prisma.sql`p."shop" = ${shop} AND p."createdAt" >= ${start} AND p."createdAt" < ${end} AND p."status" <> 'cancelled' AND p."wholesaleTotalMinor" IS NOT NULL`;
}

interface Raw {
  days: { bucket: Num; currency: string; cost: Num; orders: Num }[];
  revenue: { bucket: Num; currency: string | null; revenue: Num }[];
  products: {
    variantId: string;
    title: string | null;
    revenueCurrency: string | null;
    costCurrency: string;
    copies: Num;
    revenue: Num;
    cost: Num;
  }[];
  unpriced: Num;
}

async function aggregate(shop: string, period: Period, withProducts: boolean): Promise<Raw> {
  const t = tables();
  const shift = hourShiftSeconds(period.timeZone, period.start.getTime());
  const bucket = hourBucket(t.provider, shift);
  const where = counted(period.start, period.end, shop);
  const [days, revenue, products, unpriced] = await Promise.all([
    prisma.$queryRaw<
      Raw["days"]
    >`SELECT ${bucket} AS "bucket", p."currency" AS "currency", SUM(p."wholesaleTotalMinor") AS "cost", COUNT(*) AS "orders" FROM ${t.printOrder} p WHERE ${where} GROUP BY 1, 2`,
    prisma.$queryRaw<
      Raw["revenue"]
    >`SELECT ${bucket} AS "bucket", i."revenueCurrency" AS "currency", SUM(i."revenueMinor") AS "revenue" FROM ${t.printOrder} p JOIN ${t.item} i ON i."shop" = p."shop" AND i."printOrderRowId" = p."id" WHERE ${where} AND i."revenueMinor" IS NOT NULL GROUP BY 1, 2`,
    // A print order of several products shares its cost by what each line sold for (by
    // copies when nothing was paid); the shares are rounded down, the rest goes nowhere else.
    // Only when products are shown: it is the costliest of these sums.
    withProducts
      ? prisma.$queryRaw<Raw["products"]>`WITH lines AS (
      SELECT i."variantId" AS "variantId", i."title" AS "title", i."quantity" AS "quantity",
        i."revenueMinor" AS "revenue", i."revenueCurrency" AS "revenueCurrency",
        p."currency" AS "costCurrency", CAST(p."wholesaleTotalMinor" AS BIGINT) AS "cost",
        SUM(COALESCE(i."revenueMinor", 0)) OVER (PARTITION BY p."id") AS "orderRevenue",
        SUM(i."quantity") OVER (PARTITION BY p."id") AS "orderCopies",
        COUNT(*) OVER (PARTITION BY p."id") AS "lineCount"
      FROM ${t.printOrder} p JOIN ${t.item} i ON i."shop" = p."shop" AND i."printOrderRowId" = p."id"
      WHERE ${where}
    )
    SELECT "variantId", MAX("title") AS "title", "revenueCurrency", "costCurrency",
      SUM("quantity") AS "copies", SUM("revenue") AS "revenue",
      SUM(CASE WHEN "lineCount" = 1 THEN "cost"
               WHEN "orderRevenue" > 0 THEN "cost" * COALESCE("revenue", 0) / "orderRevenue"
               ELSE "cost" * "quantity" / "orderCopies" END) AS "cost"
    FROM lines GROUP BY "variantId", "revenueCurrency", "costCurrency"`
      : Promise.resolve([]),
    prisma.$queryRaw<
      { count: Num }[]
    >`SELECT COUNT(*) AS "count" FROM ${t.printOrder} p WHERE p."shop" = ${shop} AND p."createdAt" >= ${period.start} AND p."createdAt" < ${period.end} AND p."status" <> 'cancelled' AND p."wholesaleTotalMinor" IS NULL`,
  ]);
  return { days, revenue, products, unpriced: unpriced[0]?.count ?? 0 };
}

/** A converter of amounts to the report currency; null for a currency without a rate. */
type Converter = (amountMinor: number, currency: string) => number | null;

function converterFrom(currency: string, rates: Map<string, string>): Converter {
  return (amountMinor, from) => {
    if (from === currency) return amountMinor;
    const fromRate = rates.get(from);
    const toRate = rates.get(currency);
    if (!fromRate || !toRate) return null;
    return convertMoney(
      { amountMinor, currency: from },
      { currency: from, rate: fromRate },
      { currency, rate: toRate },
    ).amountMinor;
  };
}

/**
 * The report from the aggregates, converted to `currency` with `rates` (by currency). Pure
 * apart from the time-zone arithmetic; exported for tests.
 */
export function buildReport(
  raw: Raw,
  period: Period,
  currency: string,
  rates: Map<string, string>,
  conversions: string[] = [],
): ProfitReport {
  const convert = converterFrom(currency, rates);
  const shift = hourShiftSeconds(period.timeZone, period.start.getTime());
  const dayOfBucket = new Map<number, string>();
  const dayFor = (bucket: Num) => {
    const b = bucketHours(bucket);
    let day = dayOfBucket.get(b);
    if (day === undefined) {
      day = dayOf(period.timeZone, (b * 3600 - shift) * 1000);
      dayOfBucket.set(b, day);
    }
    return day;
  };
  const byDay = new Map<string, DayRow>(
    period.days.map((day) => [
      day,
      { day, revenueMinor: 0, costMinor: 0, marginMinor: 0, printOrders: 0 },
    ]),
  );
  const unconverted = new Map<string, number>();
  // Costs first: a bucket of a currency without a rate leaves out its revenue too.
  const leftOut = new Set<string>();
  for (const r of raw.days) {
    const row = byDay.get(dayFor(r.bucket));
    if (!row) continue;
    const cost = convert(n(r.cost), r.currency);
    if (cost === null) {
      unconverted.set(r.currency, (unconverted.get(r.currency) ?? 0) + n(r.orders));
      leftOut.add(`${bucketHours(r.bucket)}|${r.currency}`);
      continue;
    }
    row.costMinor += cost;
    row.printOrders += n(r.orders);
  }
  const costCurrencies = new Set(raw.days.map((r) => r.currency));
  for (const r of raw.revenue) {
    const row = byDay.get(dayFor(r.bucket));
    if (!row || !r.currency) continue;
    // Revenue of an hour whose costs could not be converted stays out with them.
    if ([...costCurrencies].some((c) => leftOut.has(`${bucketHours(r.bucket)}|${c}`))) continue;
    const revenue = convert(n(r.revenue), r.currency);
    if (revenue === null) {
      unconverted.set(r.currency, unconverted.get(r.currency) ?? 0);
      continue;
    }
    row.revenueMinor += revenue;
  }
  const days = [...byDay.values()].map((d) => ({
    ...d,
    marginMinor: d.revenueMinor - d.costMinor,
  }));

  const byProduct = new Map<string, ProductRow>();
  for (const r of raw.products) {
    const cost = convert(n(r.cost), r.costCurrency);
    const revenue = r.revenueCurrency ? convert(n(r.revenue), r.revenueCurrency) : 0;
    if (cost === null || revenue === null) continue;
    const row = byProduct.get(r.variantId) ?? {
      variantId: r.variantId,
      title: r.title ?? "",
      copies: 0,
      revenueMinor: 0,
      costMinor: 0,
      marginMinor: 0,
    };
    row.copies += n(r.copies);
    row.revenueMinor += revenue;
    row.costMinor += cost;
    row.marginMinor = row.revenueMinor - row.costMinor;
    byProduct.set(r.variantId, row);
  }
  const products = [...byProduct.values()].sort(
    (a, b) => b.revenueMinor - a.revenueMinor || a.title.localeCompare(b.title),
  );
  const total = days.reduce(
    (sum, d) => ({
      revenueMinor: sum.revenueMinor + d.revenueMinor,
      costMinor: sum.costMinor + d.costMinor,
      marginMinor: sum.marginMinor + d.marginMinor,
      printOrders: sum.printOrders + d.printOrders,
    }),
    { revenueMinor: 0, costMinor: 0, marginMinor: 0, printOrders: 0 },
  );
  return {
    currency,
    days,
    products,
    total,
    unpriced: n(raw.unpriced),
    unconverted: [...unconverted.entries()]
      .filter(([, orders]) => orders > 0)
      .map(([c, printOrders]) => ({ currency: c, printOrders })),
    conversions,
  };
}

/**
 * The print service's rate of each currency: a cached quote of one of the shop's mapped
 * offerings in that currency (the quote states its currency's rate). A currency the service
 * does not quote in, or a shop without mappings, has none.
 */
async function serviceRates(
  shop: string,
  currencies: string[],
  countryCode: string,
): Promise<Map<string, string>> {
  const rates = new Map<string, string>();
  if (currencies.length < 2) return rates;
  const sample = await prisma.variantMapping.findFirst({
    where: { shop },
    select: { offeringId: true, numberOfPages: true },
    orderBy: { createdAt: "asc" },
  });
  if (!sample) return rates;
  // One quote per currency, asked together (each is cached by quoteLines).
  const quotes = await Promise.all(
    currencies.map((currency) =>
      quoteLines({
        shop,
        countryCode,
        currency,
        lines: [
          {
            label: "rate",
            offeringId: sample.offeringId,
            numberOfPages: sample.numberOfPages ?? 1,
            quantity: 1,
          },
        ],
      }),
    ),
  );
  quotes.forEach((result, i) => {
    if (result.status === "ok" && result.data.exchangeRate)
      rates.set(currencies[i]!, result.data.exchangeRate);
  });
  return rates;
}

/**
 * The shop's profit over a period, in its Shopify currency. `countryCode` is where a rate
 * quote is asked for (the shop's own country); rates are only asked when currencies differ.
 */
export async function profitReport({
  shop,
  period,
  currency,
  countryCode,
  withProducts = true,
}: {
  shop: string;
  period: Period;
  currency: string;
  countryCode: string;
  /** Whether to add up per product too (the page asks only when it shows them). */
  withProducts?: boolean;
}): Promise<ProfitReport> {
  const raw = await aggregate(shop, period, withProducts);
  const currencies = new Set<string>([currency]);
  for (const r of raw.days) currencies.add(r.currency);
  for (const r of raw.revenue) if (r.currency) currencies.add(r.currency);
  const rates = await serviceRates(shop, [...currencies], countryCode);
  const conversions = [...currencies]
    .filter((c) => c !== currency && rates.has(c) && rates.has(currency))
    .map((c) =>
      rateSentence({ currency: c, rate: rates.get(c)! }, { currency, rate: rates.get(currency)! }),
    );
  return buildReport(raw, period, currency, rates, conversions);
}

/**
 * The Profit page's (and its export's) data: the period asked in the URL and its report, or
 * why that period is refused (nothing is added up then).
 */
export async function loadProfitPage({
  shop,
  admin,
  searchParams,
  now,
  withProducts,
}: {
  shop: string;
  admin: AdminApi;
  searchParams: URLSearchParams;
  now?: Date;
  withProducts: boolean;
}) {
  const info = await getShopInfo({ shop, admin });
  const answer = periodFrom(searchParams, info?.ianaTimezone, now);
  if (!answer.ok) {
    return { refusal: answer.refusal, period: answer.asked, limits: answer.limits, report: null };
  }
  const { period } = answer;
  const currency = (info?.currencyCode ?? "EUR").toUpperCase();
  const report = await profitReport({
    shop,
    period,
    currency,
    countryCode: info?.shopAddress?.countryCodeV2?.toUpperCase() ?? "NL",
    withProducts,
  });
  return {
    refusal: null,
    period: {
      range: period.range,
      from: period.from,
      to: period.to,
      timeZone: period.timeZone,
    },
    limits: answer.limits,
    report,
  };
}
