import { Prisma } from "@prisma/client";
import prisma, { appDatabaseProvider } from "../db.server";
import { counted, productSumsSql, profitTables, type ProfitTables } from "./profit-sql.server";

/**
 * Keeps the Profit rollup (decision 30) up to date. Database triggers on PrintOrder and
 * PrintOrderItem (migration 20261130040000_profit_rollup) mark each (shop, UTC day) a write
 * may move in ProfitStale, whoever writes: worker, admin commands, seeding, compliance deletes.
 * Before its sums, a read refreshes the shop's marked days: it takes their marks, deletes their
 * rollup rows and adds them up again from the print orders of each day.
 *
 * Why no change is lost (no wrong rollup is left without a mark):
 * - SQLite has one writer at a time: the refresh is a write transaction (BEGIN IMMEDIATE), so
 *   no write commits between its taking the marks and reading the print orders.
 * - PostgreSQL (read committed): a writer that finds a mark already there adds nothing, so a
 *   refresh that took that mark while the writer was still open would read the rows without
 *   the writer's change and leave no mark behind. Hence the shop's advisory lock: each trigger
 *   takes it shared (writers never wait on each other for it) until its transaction ends, and
 *   the refresh takes it exclusively before anything else. Every writer that marked, or found
 *   a mark, has then committed or rolled back, and each statement of the refresh sees its rows.
 *   A writer whose trigger comes later waits for the refresh to commit and then marks the day
 *   afresh (the mark was deleted), so the next read refreshes it again. The refresh waits on
 *   nothing while holding the lock (no writer of the shop is past its trigger, and other
 *   refreshes of the shop wait for the lock), so it cannot deadlock with a writer.
 */

/** The key of a shop's advisory lock, as the triggers take it ("Prof" in ASCII, hashtext). */
const LOCK_CLASS = 1349676902;

/** Stale days of the period refreshed per transaction (one is enough for nearly every read). */
export const PERIOD_DAYS_PER_TRANSACTION = 31;
/**
 * Stale days outside the period refreshed per read, newest first. A shop with many of them
 * (after the migration marked its whole history, or a bulk change of old orders) catches up
 * over its next reads, while each read's work stays bounded by its own period and this.
 */
export const OTHER_DAYS_PER_READ = 31;

type Tx = Prisma.TransactionClient;
type Provider = "sqlite" | "postgresql";

const DAY_MS = 86_400_000;
const QUARTER_MS = 900_000;

/** The quarter-hour since the epoch of p."createdAt" (only the refreshed day's rows). */
function quarterOf(provider: Provider): Prisma.Sql {
  return provider === "postgresql"
    ? Prisma.sql`CAST(FLOOR(EXTRACT(EPOCH FROM p."createdAt") / 900) AS INTEGER)`
    : Prisma.sql`(CAST(strftime('%s', p."createdAt") AS INTEGER) / 900)`;
}

/** One day's rollup rows, added up again from its print orders: seven statements. */
async function refreshDay(tx: Tx, provider: Provider, t: ProfitTables, shop: string, day: string) {
  const start = new Date(`${day}T00:00:00.000Z`);
  const end = new Date(start.getTime() + DAY_MS);
  const [first, last] = [start.getTime() / QUARTER_MS, end.getTime() / QUARTER_MS];
  const quarter = quarterOf(provider);
  const isProof = Prisma.sql`(p."kind" = 'proof')`;
  await tx.$executeRaw`DELETE FROM ${t.quarter} WHERE "shop" = ${shop} AND "quarter" >= ${first} AND "quarter" < ${last}`;
  await tx.$executeRaw`DELETE FROM ${t.quarterRevenue} WHERE "shop" = ${shop} AND "quarter" >= ${first} AND "quarter" < ${last}`;
  await tx.$executeRaw`DELETE FROM ${t.dayProduct} WHERE "shop" = ${shop} AND "day" = ${day}`;
  // Every print order not cancelled: priced ones counted with their cost and copies, the
  // others as unpriced (what the page counts apart).
  await tx.$executeRaw`INSERT INTO ${t.quarter} ("shop", "quarter", "isProof", "currency", "printOrders", "costMinor", "copies", "unpriced")
    SELECT p."shop", ${quarter}, ${isProof}, p."currency",
      SUM(CASE WHEN p."wholesaleTotalMinor" IS NULL THEN 0 ELSE 1 END),
      COALESCE(SUM(p."wholesaleTotalMinor"), 0),
      COALESCE(SUM(CASE WHEN p."wholesaleTotalMinor" IS NULL THEN 0
        ELSE (SELECT SUM(i."quantity") FROM ${t.item} i WHERE i."shop" = p."shop" AND i."printOrderRowId" = p."id") END), 0),
      SUM(CASE WHEN p."wholesaleTotalMinor" IS NULL THEN 1 ELSE 0 END)
    FROM ${t.printOrder} p
    WHERE p."shop" = ${shop} AND p."createdAt" >= ${start} AND p."createdAt" < ${end} AND p."status" <> 'cancelled'
    GROUP BY p."shop", 2, 3, 4`;
  await tx.$executeRaw`INSERT INTO ${t.quarterRevenue} ("shop", "quarter", "isProof", "revenueCurrency", "revenueMinor")
    SELECT p."shop", ${quarter}, ${isProof}, i."revenueCurrency", SUM(i."revenueMinor")
    FROM ${t.printOrder} p JOIN ${t.item} i ON i."shop" = p."shop" AND i."printOrderRowId" = p."id"
    WHERE ${counted(start, end, shop)} AND i."revenueMinor" IS NOT NULL
    GROUP BY p."shop", 2, 3, 4`;
  // The page's own per-product sums (cost shares and all), sales and proofs apart.
  for (const proof of [false, true]) {
    const kind = proof ? Prisma.sql`p."kind" = 'proof'` : Prisma.sql`p."kind" <> 'proof'`;
    const sums = productSumsSql(provider, t, Prisma.sql`${counted(start, end, shop)} AND ${kind}`);
    await tx.$executeRaw`INSERT INTO ${t.dayProduct} ("shop", "day", "isProof", "variantId", "revenueCurrency", "costCurrency", "title", "copies", "revenueMinor", "costMinor")
      SELECT CAST(${shop} AS TEXT), CAST(${day} AS TEXT), ${Prisma.raw(proof ? "TRUE" : "FALSE")},
        s."variantId", s."revenueCurrency", s."costCurrency", s."title", s."copies", s."revenue", s."cost"
      FROM (${sums}) s`;
  }
}

/**
 * In one transaction: the shop's lock (PostgreSQL), the marked days `pick` chooses, their
 * marks deleted and their rollup rows refreshed. Returns the days refreshed.
 */
function refreshPicked(
  shop: string,
  pick: (tx: Tx, t: ProfitTables) => Promise<string[]>,
): Promise<string[]> {
  const provider = appDatabaseProvider();
  const t = profitTables();
  return prisma.$transaction(async (tx) => {
    if (provider === "postgresql")
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${Prisma.raw(String(LOCK_CLASS))}, hashtext(${shop}))`;
    const days = await pick(tx, t);
    if (days.length === 0) return days;
    await tx.$executeRaw`DELETE FROM ${t.stale} WHERE "shop" = ${shop} AND "day" IN (${Prisma.join(days)})`;
    for (const day of days) await refreshDay(tx, provider, t, shop, day);
    return days;
  });
}

/**
 * Refreshes the shop's marked days: all those from `first` to `last` (UTC "YYYY-MM-DD", the
 * days the read sums), PERIOD_DAYS_PER_TRANSACTION to a transaction, and at most
 * OTHER_DAYS_PER_READ others. Without any mark it costs one read of the marks and no lock.
 */
export async function refreshStaleDays(shop: string, first: string, last: string) {
  const t = profitTables();
  const marked = await prisma.$queryRaw<
    { day: string }[]
  >`SELECT "day" FROM ${t.stale} WHERE "shop" = ${shop} LIMIT 1`;
  if (marked.length === 0) return;
  let others = OTHER_DAYS_PER_READ;
  for (;;) {
    let inPeriod = 0;
    await refreshPicked(shop, async (tx) => {
      const period = await tx.$queryRaw<
        { day: string }[]
      >`SELECT "day" FROM ${t.stale} WHERE "shop" = ${shop} AND "day" >= ${first} AND "day" <= ${last} ORDER BY "day" LIMIT ${PERIOD_DAYS_PER_TRANSACTION}`;
      inPeriod = period.length;
      const outside =
        others > 0
          ? await tx.$queryRaw<
              { day: string }[]
            >`SELECT "day" FROM ${t.stale} WHERE "shop" = ${shop} AND ("day" < ${first} OR "day" > ${last}) ORDER BY "day" DESC LIMIT ${others}`
          : [];
      others = 0;
      return [...period, ...outside].map((r) => r.day);
    });
    if (inPeriod < PERIOD_DAYS_PER_TRANSACTION) return;
  }
}

/**
 * shop/redact: the shop's rollup rows and marks (the deletes of its print orders marked its
 * days again), under the shop's lock as any writer of it (PostgreSQL), so that no refresh puts
 * rows back behind this. How many rows.
 */
export async function deleteShopRollup(tx: Tx, shop: string): Promise<number> {
  const t = profitTables();
  if (appDatabaseProvider() === "postgresql")
    await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(${Prisma.raw(String(LOCK_CLASS))}, hashtext(${shop}))`;
  let rows = 0;
  for (const table of [t.stale, t.quarter, t.quarterRevenue, t.dayProduct])
    rows += await tx.$executeRaw`DELETE FROM ${table} WHERE "shop" = ${shop}`;
  return rows;
}
