import { Prisma } from "@prisma/client";
import prisma, { appDatabaseProvider } from "../db.server";
import { rollupFits, rollupParts } from "./profit-rollup.server";
import { counted, countedProofs, productSumsSql, profitTables } from "./profit-sql.server";

/**
 * The Profit page's sums, added up in SQL (see pages/profit/report.server.ts for what counts).
 * The database adds up per hour, shifted for zones offset by half hours; the page puts the
 * hours on the shop's calendar days, so the database does no time-zone work. Most periods are
 * added up from the rollup (data/profit-rollup.server.ts, decision 30); the sums of the print
 * orders themselves, here, answer the others and are what the rollup is held to.
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
  // The driver binds the shift as a floating-point value: cast, or the division keeps fractions.
  return {
    select: Prisma.sql`((CAST(strftime('%s', p."createdAt") AS INTEGER) + CAST(${shift} AS INTEGER)) / 3600)`,
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

/** The sums per product of the print orders `where` picks (productSumsSql). */
function productSums(
  provider: "sqlite" | "postgresql",
  t: { printOrder: Prisma.Sql; item: Prisma.Sql },
  where: Prisma.Sql,
): Promise<Raw["products"]> {
  return prisma.$queryRaw<Raw["products"]>(productSumsSql(provider, t, where));
}

export type DayRow = Omit<Raw["days"][number], "bucket"> & { bucket: Num };
export type RevenueRow = Omit<Raw["revenue"][number], "bucket"> & { bucket: Num };

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
 * The sums `aggregate` finishes, each of all print orders (sales and proofs) and of the proofs
 * alone, from the print orders themselves (rawParts) or from the rollup (rollupParts).
 */
export interface Parts {
  days: DayRow[];
  revenue: RevenueRow[];
  products: Raw["products"];
  unpriced: Num;
  proofs: (DayRow & { copies: Num })[];
  proofRevenue: RevenueRow[];
  proofProducts: Raw["products"];
}

export interface ProfitPeriod {
  start: Date;
  end: Date;
  shift: number;
}

/** The parts, added up from the print orders created in [start, end). */
async function rawParts(shop: string, period: ProfitPeriod, withProducts: boolean): Promise<Parts> {
  const t = profitTables();
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
  return {
    days,
    revenue,
    products,
    unpriced: unpriced[0]?.count ?? 0,
    proofs,
    proofRevenue,
    proofProducts,
  };
}

/**
 * Sales apart from proof copies: each sum of all print orders less the proofs' part (see
 * countedProofs). The reads are not one snapshot: a proof written while they run can move
 * that hour's figures until the page is read again; a row left with no sale's order or copy
 * is dropped rather than shown below zero.
 */
function finish(parts: Parts): Raw {
  const salesDays = without<DayRow>(
    parts.days,
    parts.proofs,
    (r) => keyOf(r.bucket, r.currency),
    (a, b) =>
      n(a.orders) - n(b.orders) > 0
        ? { ...a, cost: n(a.cost) - n(b.cost), orders: n(a.orders) - n(b.orders) }
        : null,
  );
  const salesRevenue = without<RevenueRow>(
    parts.revenue,
    parts.proofRevenue,
    (r) => keyOf(r.bucket, r.currency),
    (a, b) => ({ ...a, revenue: n(a.revenue) - n(b.revenue) }),
  );
  const salesProducts = without<Raw["products"][number]>(
    parts.products,
    parts.proofProducts,
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
    proofs: parts.proofs.map((r) => ({ ...r, bucket: bucketHours(r.bucket) })),
    revenue: salesRevenue.map((r) => ({ ...r, bucket: bucketHours(r.bucket) })),
    products: salesProducts,
    unpriced: parts.unpriced,
  };
}

/**
 * The sums of the print orders created in [start, end), hours shifted by `shift` seconds:
 * sales apart from proof copies. From the rollup when the period's bounds and shift are whole
 * quarter-hours (every real zone's are), else from the print orders.
 */
export async function aggregate(
  shop: string,
  period: ProfitPeriod,
  withProducts: boolean,
): Promise<Raw> {
  if (rollupFits(period)) return finish(await rollupParts(shop, period, withProducts));
  return aggregateRaw(shop, period, withProducts);
}

/** The same sums from the print orders themselves, whatever the period. */
export async function aggregateRaw(
  shop: string,
  period: ProfitPeriod,
  withProducts: boolean,
): Promise<Raw> {
  return finish(await rawParts(shop, period, withProducts));
}

/** The shop's first mapped offering: what a rate quote is asked for. */
export function firstMappedOffering(shop: string) {
  return prisma.variantMapping.findFirst({
    where: { shop },
    select: { offeringId: true, numberOfPages: true },
    orderBy: { createdAt: "asc" },
  });
}
