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
 * The hour of "createdAt" (shifted), as each database computes it cheaply: what the rows are
 * grouped by, and the bucket selected from it. On SQLite for whole-hour zones the stored UTC
 * text cut at the hour ("2026-03-29T23"), which needs no date function per row; otherwise hours
 * since the epoch. PostgreSQL groups by the timestamp cut at the hour and turns only each group
 * into hours: EXTRACT(EPOCH) is numeric arithmetic, a third of the day sums' time when it ran
 * on every row. The shift is written into the statement (a whole number of seconds, checked)
 * so that the selected bucket names the very expression grouped by.
 */
function hourBucket(
  provider: "sqlite" | "postgresql",
  shift: number,
): { select: Prisma.Sql; group: Prisma.Sql } {
  if (provider === "postgresql") {
    if (!Number.isInteger(shift)) throw new Error(`hour shift must be whole seconds: ${shift}`);
    const hour = Prisma.raw(`date_trunc('hour', p."createdAt" + INTERVAL '${shift} seconds')`);
    return { select: Prisma.sql`CAST(EXTRACT(EPOCH FROM ${hour}) / 3600 AS BIGINT)`, group: hour };
  }
  const group = Prisma.sql`1`;
  if (shift === 0) return { select: Prisma.sql`substr(p."createdAt", 1, 13)`, group };
  return {
    select: Prisma.sql`((CAST(strftime('%s', p."createdAt") AS INTEGER) + ${shift}) / 3600)`,
    group,
  };
}
type Bucket = ReturnType<typeof hourBucket>;

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

/**
 * The proof copies among them, on the (shop, kind, createdAt) index: proofs are few, so their
 * sums read only their own rows. They are taken back out of the sums of all print orders
 * (which stay on the covering index of the day sums) instead of filtering every print order
 * by kind, which would read each row of the table.
 */
function countedProofs(start: Date, end: Date, shop: string): Prisma.Sql {
  return Prisma.sql`p."shop" = ${shop} AND p."kind" = 'proof' AND p."createdAt" >= ${start} AND p."createdAt" < ${end} AND p."status" <> 'cancelled' AND p."wholesaleTotalMinor" IS NOT NULL`;
}

/**
 * The sums, each hour bucket as hours since the epoch (shifted). `days`, `revenue` and
 * `products` are of sales only; `proofs` are the proof copies' (their cost, orders, copies).
 */
export interface Raw {
  days: { bucket: number; currency: string; cost: Num; orders: Num }[];
  proofs: { bucket: number; currency: string; cost: Num; orders: Num; copies: Num }[];
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

/**
 * The sums per product. A print order of several products shares its cost by what each line
 * sold for (by copies when nothing was paid); the shares are rounded down, the rest goes nowhere
 * else. On SQLite each line asks its order's line count from the items index (a covering probe)
 * and only a line of a several-line order adds up its order: about half the work of window
 * functions there, which buffer every order. PostgreSQL keeps the window functions.
 */
function productSums(
  provider: "sqlite" | "postgresql",
  t: { printOrder: Prisma.Sql; item: Prisma.Sql },
  where: Prisma.Sql,
): Promise<Raw["products"]> {
  if (provider === "sqlite")
    return prisma.$queryRaw<
      Raw["products"]
    >`SELECT i."variantId" AS "variantId", MAX(i."title") AS "title",
      i."revenueCurrency" AS "revenueCurrency", p."currency" AS "costCurrency",
      SUM(i."quantity") AS "copies", SUM(i."revenueMinor") AS "revenue",
      SUM(CASE WHEN (SELECT COUNT(*) FROM ${t.item} o WHERE o."shop" = p."shop" AND o."printOrderRowId" = p."id") = 1
            THEN CAST(p."wholesaleTotalMinor" AS BIGINT)
          ELSE (SELECT CASE WHEN SUM(COALESCE(o."revenueMinor", 0)) > 0
                  THEN CAST(p."wholesaleTotalMinor" AS BIGINT) * COALESCE(i."revenueMinor", 0) / SUM(COALESCE(o."revenueMinor", 0))
                  ELSE CAST(p."wholesaleTotalMinor" AS BIGINT) * i."quantity" / SUM(o."quantity") END
                FROM ${t.item} o WHERE o."shop" = p."shop" AND o."printOrderRowId" = p."id") END) AS "cost"
    FROM ${t.printOrder} p JOIN ${t.item} i ON i."shop" = p."shop" AND i."printOrderRowId" = p."id"
    WHERE ${where}
    GROUP BY i."variantId", i."revenueCurrency", p."currency"`;
  return prisma.$queryRaw<Raw["products"]>`WITH lines AS (
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
    FROM lines GROUP BY "variantId", "revenueCurrency", "costCurrency"`;
}

type DayRow = Omit<Raw["days"][number], "bucket"> & { bucket: Num };
type RevenueRow = Omit<Raw["revenue"][number], "bucket"> & { bucket: Num };

/** The cost and order sums per hour and currency of the print orders `where` picks. */
function daySums(t: { printOrder: Prisma.Sql }, bucket: Bucket, where: Prisma.Sql) {
  return prisma.$queryRaw<
    DayRow[]
  >`SELECT ${bucket.select} AS "bucket", p."currency" AS "currency", SUM(p."wholesaleTotalMinor") AS "cost", COUNT(*) AS "orders" FROM ${t.printOrder} p WHERE ${where} GROUP BY ${bucket.group}, 2`;
}

/** The revenue sums per hour and currency of the lines of the print orders `where` picks. */
function revenueSums(
  t: { printOrder: Prisma.Sql; item: Prisma.Sql },
  bucket: Bucket,
  where: Prisma.Sql,
) {
  return prisma.$queryRaw<
    RevenueRow[]
  >`SELECT ${bucket.select} AS "bucket", i."revenueCurrency" AS "currency", SUM(i."revenueMinor") AS "revenue" FROM ${t.printOrder} p JOIN ${t.item} i ON i."shop" = p."shop" AND i."printOrderRowId" = p."id" WHERE ${where} AND i."revenueMinor" IS NOT NULL GROUP BY ${bucket.group}, 2`;
}

/** The proofs' cost, orders and copies per hour and currency. */
function proofSums(
  t: { printOrder: Prisma.Sql; item: Prisma.Sql },
  bucket: Bucket,
  where: Prisma.Sql,
) {
  return prisma.$queryRaw<
    (DayRow & { copies: Num })[]
  >`SELECT ${bucket.select} AS "bucket", p."currency" AS "currency", SUM(p."wholesaleTotalMinor") AS "cost", COUNT(*) AS "orders",
      SUM((SELECT SUM(i."quantity") FROM ${t.item} i WHERE i."shop" = p."shop" AND i."printOrderRowId" = p."id")) AS "copies"
    FROM ${t.printOrder} p WHERE ${where} GROUP BY ${bucket.group}, 2`;
}

/** `all` less `part`, row by row on `key`; what is left at zero orders is dropped. */
function without<R>(
  all: R[],
  part: R[],
  key: (r: R) => string,
  less: (a: R, b: R) => R | null,
): R[] {
  const parts = new Map(part.map((r) => [key(r), r]));
  return all.flatMap((r) => {
    const p = parts.get(key(r));
    if (!p) return [r];
    const left = less(r, p);
    return left ? [left] : [];
  });
}

const keyOf = (...parts: unknown[]) => parts.map((p) => String(p ?? "")).join("|");

/**
 * The sums of the print orders created in [start, end), hours shifted by `shift` seconds:
 * sales apart from proof copies. Each sum of all print orders is asked again of the proofs
 * alone, and the proofs' part taken out (see countedProofs). The reads are not one snapshot:
 * a proof written while they run can move that hour's figures until the page is read again;
 * a row left with no sale's order or copy is dropped rather than shown below zero.
 */
export async function aggregate(
  shop: string,
  period: { start: Date; end: Date; shift: number },
  withProducts: boolean,
): Promise<Raw> {
  const t = {
    printOrder: appTable("PrintOrder"),
    item: appTable("PrintOrderItem"),
  };
  const provider = appDatabaseProvider();
  const bucket = hourBucket(provider, period.shift);
  const where = counted(period.start, period.end, shop);
  const proofWhere = countedProofs(period.start, period.end, shop);
  const [days, revenue, products, unpriced, proofs, proofRevenue, proofProducts] =
    await Promise.all([
      daySums(t, bucket, where),
      revenueSums(t, bucket, where),
      // Only when products are shown: it is the costliest of these sums.
      withProducts ? productSums(provider, t, where) : Promise.resolve([]),
      prisma.$queryRaw<
        { count: Num }[]
      >`SELECT COUNT(*) AS "count" FROM ${t.printOrder} p WHERE p."shop" = ${shop} AND p."createdAt" >= ${period.start} AND p."createdAt" < ${period.end} AND p."status" <> 'cancelled' AND p."wholesaleTotalMinor" IS NULL`,
      proofSums(t, bucket, proofWhere),
      // A proof's line has no revenue (revenueMinor is null); taken out all the same.
      revenueSums(t, bucket, proofWhere),
      withProducts ? productSums(provider, t, proofWhere) : Promise.resolve([]),
    ]);
  const salesDays = without<DayRow>(
    days,
    proofs,
    (r) => keyOf(r.bucket, r.currency),
    (a, b) =>
      n(a.orders) - n(b.orders) > 0
        ? { ...a, cost: n(a.cost) - n(b.cost), orders: n(a.orders) - n(b.orders) }
        : null,
  );
  const salesRevenue = without<RevenueRow>(
    revenue,
    proofRevenue,
    (r) => keyOf(r.bucket, r.currency),
    (a, b) => ({ ...a, revenue: n(a.revenue) - n(b.revenue) }),
  );
  const salesProducts = without<Raw["products"][number]>(
    products,
    proofProducts,
    (r) => keyOf(r.variantId, r.revenueCurrency, r.costCurrency),
    (a, b) =>
      n(a.copies) - n(b.copies) > 0
        ? {
            ...a,
            copies: n(a.copies) - n(b.copies),
            revenue: n(a.revenue) - n(b.revenue),
            cost: n(a.cost) - n(b.cost),
          }
        : null,
  );
  return {
    days: salesDays.map((r) => ({ ...r, bucket: bucketHours(r.bucket) })),
    proofs: proofs.map((r) => ({ ...r, bucket: bucketHours(r.bucket) })),
    revenue: salesRevenue.map((r) => ({ ...r, bucket: bucketHours(r.bucket) })),
    products: salesProducts,
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
