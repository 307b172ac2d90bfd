import { Prisma } from "@prisma/client";
import prisma, { appDatabaseProvider } from "../db.server";
import type { DayRow, Num, Parts, ProfitPeriod, Raw, RevenueRow } from "./profit.server";
import { refreshStaleDays } from "./profit-refresh.server";
import {
  counted,
  countedProofs,
  productSumsSql,
  profitTables,
  type ProfitTables,
} from "./profit-sql.server";

/**
 * The Profit page's sums from the rollup (decision 30): after the period's marked days are
 * refreshed (profit-refresh.server.ts), the day, revenue and proof sums come from the rows per
 * UTC quarter-hour, grouped by the shifted hour as data/profit.server.ts groups print orders;
 * the per-product sums from the rows per UTC day for the days wholly inside the period, and
 * from the print orders of the part-days at its two ends (each under 24 hours). The parts are
 * those of the print orders themselves, so aggregate() finishes both alike.
 */

const QUARTER_MS = 900_000;
const DAY_MS = 86_400_000;

/**
 * Whether the rollup can answer: bounds and shift whole quarter-hours (every real zone's
 * offset is a multiple of 15 minutes, so its days and hours are whole quarter-hours).
 */
export function rollupFits(period: ProfitPeriod): boolean {
  const [start, end] = [period.start.getTime(), period.end.getTime()];
  return (
    start < end &&
    start % QUARTER_MS === 0 &&
    end % QUARTER_MS === 0 &&
    Number.isInteger(period.shift) &&
    period.shift % 900 === 0
  );
}

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The shifted hour of a quarter-hour row, as profit.server.ts's hour buckets count hours. */
function hourOf(shift: number): Prisma.Sql {
  return Prisma.sql`((CAST(q."quarter" AS BIGINT) * 900 + CAST(${shift} AS BIGINT)) / 3600)`;
}

/** Cost, print orders (and copies) per shifted hour and cost currency: all, or proofs only. */
function quarterSums(
  t: ProfitTables,
  where: Prisma.Sql,
  shift: number,
  proofs: boolean,
): Promise<(DayRow & { copies: Num })[]> {
  return prisma.$queryRaw`SELECT ${hourOf(shift)} AS "bucket", q."currency" AS "currency",
      CAST(SUM(q."costMinor") AS BIGINT) AS "cost", CAST(SUM(q."printOrders") AS BIGINT) AS "orders",
      CAST(SUM(q."copies") AS BIGINT) AS "copies"
    FROM ${t.quarter} q WHERE ${where} ${proofs ? Prisma.sql`AND q."isProof"` : Prisma.empty}
    GROUP BY 1, 2 HAVING SUM(q."printOrders") > 0`;
}

/** Revenue per shifted hour and revenue currency: all, or proofs only. */
function revenueSums(
  t: ProfitTables,
  where: Prisma.Sql,
  shift: number,
  proofs: boolean,
): Promise<RevenueRow[]> {
  return prisma.$queryRaw`SELECT ${hourOf(shift)} AS "bucket", q."revenueCurrency" AS "currency",
      CAST(SUM(q."revenueMinor") AS BIGINT) AS "revenue"
    FROM ${t.quarterRevenue} q WHERE ${where} ${proofs ? Prisma.sql`AND q."isProof"` : Prisma.empty}
    GROUP BY 1, 2`;
}

/**
 * Per-product sums of the UTC days [days.from, days.to) from the day rows, and of each part-day
 * range from its print orders (productSumsSql, as the page's own sums), added up in one
 * statement so that MAX(title) compares as the database does: all, or proofs only.
 */
function productSums(
  t: ProfitTables,
  shop: string,
  days: { from: string; to: string } | null,
  parts: { start: Date; end: Date }[],
  proofs: boolean,
): Promise<Raw["products"]> {
  const provider = appDatabaseProvider();
  const branches: Prisma.Sql[] = [];
  if (days)
    branches.push(Prisma.sql`SELECT d."variantId" AS "variantId", d."title" AS "title",
        d."revenueCurrency" AS "revenueCurrency", d."costCurrency" AS "costCurrency",
        d."copies" AS "copies", d."revenueMinor" AS "revenue", d."costMinor" AS "cost"
      FROM ${t.dayProduct} d
      WHERE d."shop" = ${shop} AND d."day" >= ${days.from} AND d."day" < ${days.to}
        ${proofs ? Prisma.sql`AND d."isProof"` : Prisma.empty}`);
  for (const { start, end } of parts) {
    const where = proofs ? countedProofs(start, end, shop) : counted(start, end, shop);
    branches.push(Prisma.sql`SELECT s."variantId", s."title", s."revenueCurrency", s."costCurrency",
        s."copies", s."revenue", s."cost" FROM (${productSumsSql(provider, t, where)}) s`);
  }
  return prisma.$queryRaw`SELECT u."variantId" AS "variantId", MAX(u."title") AS "title",
      u."revenueCurrency" AS "revenueCurrency", u."costCurrency" AS "costCurrency",
      CAST(SUM(u."copies") AS BIGINT) AS "copies", CAST(SUM(u."revenue") AS BIGINT) AS "revenue",
      CAST(SUM(u."cost") AS BIGINT) AS "cost"
    FROM (${Prisma.join(branches, " UNION ALL ")}) u
    GROUP BY u."variantId", u."revenueCurrency", u."costCurrency"`;
}

/**
 * The period's parts from the rollup; `rollupFits(period)` must hold. The marked days it reads
 * are refreshed first, so the sums hold every change committed before the read began.
 */
export async function rollupParts(
  shop: string,
  period: ProfitPeriod,
  withProducts: boolean,
): Promise<Parts> {
  const [start, end] = [period.start.getTime(), period.end.getTime()];
  await refreshStaleDays(shop, dayText(start), dayText(end - 1));
  const t = profitTables();
  const inPeriod = Prisma.sql`q."shop" = ${shop} AND q."quarter" >= ${start / QUARTER_MS} AND q."quarter" < ${end / QUARTER_MS}`;
  // The UTC days wholly inside the period; the part-days at its ends are summed from print orders.
  const firstDay = Math.ceil(start / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(end / DAY_MS) * DAY_MS;
  const whole = firstDay < lastDay;
  const days = whole ? { from: dayText(firstDay), to: dayText(lastDay) } : null;
  const ends = whole
    ? [
        { start: period.start, end: new Date(firstDay) },
        { start: new Date(lastDay), end: period.end },
      ].filter((r) => r.start < r.end)
    : [{ start: period.start, end: period.end }];
  const [all, revenue, products, unpriced, proofs, proofRevenue, proofProducts] = await Promise.all(
    [
      quarterSums(t, inPeriod, period.shift, false),
      revenueSums(t, inPeriod, period.shift, false),
      withProducts ? productSums(t, shop, days, ends, false) : Promise.resolve([]),
      prisma.$queryRaw<
        { count: Num }[]
      >`SELECT CAST(COALESCE(SUM(q."unpriced"), 0) AS BIGINT) AS "count" FROM ${t.quarter} q WHERE ${inPeriod}`,
      quarterSums(t, inPeriod, period.shift, true),
      revenueSums(t, inPeriod, period.shift, true),
      withProducts ? productSums(t, shop, days, ends, true) : Promise.resolve([]),
    ],
  );
  return {
    days: all.map(({ copies: _copies, ...r }) => r),
    revenue,
    products,
    unpriced: unpriced[0]?.count ?? 0,
    proofs,
    proofRevenue,
    proofProducts,
  };
}
