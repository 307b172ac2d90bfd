import { Prisma } from "@prisma/client";
import prisma, { appDatabaseProvider, appTable } from "../db.server";

/**
 * The Profit page's sums, added up in SQL (see pages/profit/report.server.ts for what counts).
 * The database adds up per hour, shifted for zones offset by half hours; the page puts the
 * hours on the shop's calendar days, so the database does no time-zone work.
 */

export type Num = number | bigint | string | null;
const n = (v: Num): number => (v === null ? 0 : Number(v));

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

/** The sums, each hour bucket as hours since the epoch (shifted). */
export interface Raw {
  days: { bucket: number; currency: string; cost: Num; orders: Num }[];
  revenue: { bucket: number; currency: string | null; revenue: Num }[];
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

/** The sums of the print orders created in [start, end), hours shifted by `shift` seconds. */
export async function aggregate(
  shop: string,
  period: { start: Date; end: Date; shift: number },
  withProducts: boolean,
): Promise<Raw> {
  const t = {
    printOrder: appTable("PrintOrder"),
    item: appTable("PrintOrderItem"),
  };
  const bucket = hourBucket(appDatabaseProvider(), period.shift);
  const where = counted(period.start, period.end, shop);
  const [days, revenue, products, unpriced] = await Promise.all([
    prisma.$queryRaw<
      (Omit<Raw["days"][number], "bucket"> & { bucket: Num })[]
    >`SELECT ${bucket} AS "bucket", p."currency" AS "currency", SUM(p."wholesaleTotalMinor") AS "cost", COUNT(*) AS "orders" FROM ${t.printOrder} p WHERE ${where} GROUP BY 1, 2`,
    prisma.$queryRaw<
      (Omit<Raw["revenue"][number], "bucket"> & { bucket: Num })[]
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
  return {
    days: days.map((r) => ({ ...r, bucket: bucketHours(r.bucket) })),
    revenue: revenue.map((r) => ({ ...r, bucket: bucketHours(r.bucket) })),
    products,
    unpriced: unpriced[0]?.count ?? 0,
  };
}

/** The shop's first mapped offering: what a rate quote is asked for. */
export function firstMappedOffering(shop: string) {
  return prisma.variantMapping.findFirst({
    where: { shop },
    select: { offeringId: true, numberOfPages: true },
    orderBy: { createdAt: "asc" },
  });
}
