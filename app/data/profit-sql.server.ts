import { Prisma } from "@prisma/client";
import { appTable } from "../db.server";

/**
 * What the Profit page's sums and its rollup share (data/profit.server.ts adds up print orders,
 * data/profit-rollup.server.ts and profit-refresh.server.ts keep and read the rollup): the
 * tables, which print orders count, and the per-product sums with their cost shares.
 */

/** The tables, named as a plain statement must name them (appTable). */
export function profitTables() {
  return {
    printOrder: appTable("PrintOrder"),
    item: appTable("PrintOrderItem"),
    stale: appTable("ProfitStale"),
    quarter: appTable("ProfitQuarter"),
    quarterRevenue: appTable("ProfitQuarterRevenue"),
    dayProduct: appTable("ProfitDayProduct"),
  };
}
export type ProfitTables = ReturnType<typeof profitTables>;

/** Print orders that count, in [start, end). */
export function counted(start: Date, end: Date, shop: string): Prisma.Sql {
  return Prisma.sql`p."shop" = ${shop} AND p."createdAt" >= ${start} AND p."createdAt" < ${end} AND p."status" <> 'cancelled' AND p."wholesaleTotalMinor" IS NOT NULL`;
}

/**
 * The proof copies among them, on the (shop, kind, createdAt) index: proofs are few, so their
 * sums read only their own rows. They are taken back out of the sums of all print orders
 * (which stay on the covering index of the day sums) instead of filtering every print order
 * by kind, which would read each row of the table.
 */
export function countedProofs(start: Date, end: Date, shop: string): Prisma.Sql {
  return Prisma.sql`${counted(start, end, shop)} AND p."kind" = 'proof'`;
}

/**
 * The sums per product (variantId, title, revenueCurrency, costCurrency, copies, revenue,
 * cost) of the print orders `where` picks. A print order of several products shares its cost
 * by what each line sold for (by copies when nothing was paid); the shares are rounded down,
 * the rest goes nowhere else. On SQLite each line asks its order's line count from the items
 * index (a covering probe) and only a line of a several-line order adds up its order: about
 * half the work of window functions there, which buffer every order. PostgreSQL keeps the
 * window functions.
 */
export function productSumsSql(
  provider: "sqlite" | "postgresql",
  t: { printOrder: Prisma.Sql; item: Prisma.Sql },
  where: Prisma.Sql,
): Prisma.Sql {
  if (provider === "sqlite")
    return Prisma.sql`SELECT i."variantId" AS "variantId", MAX(i."title") AS "title",
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
  return Prisma.sql`WITH lines AS (
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
