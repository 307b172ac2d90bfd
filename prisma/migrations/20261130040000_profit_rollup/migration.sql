-- The Profit page's rollup (decision 30): its tables, the triggers that mark what a write may
-- move, and every existing (shop, day) marked so that the first read fills the rollup.

-- CreateTable
CREATE TABLE "ProfitStale" (
    "shop" TEXT NOT NULL,
    "day" TEXT NOT NULL,

    PRIMARY KEY ("shop", "day")
);

-- CreateTable
CREATE TABLE "ProfitQuarter" (
    "shop" TEXT NOT NULL,
    "quarter" INTEGER NOT NULL,
    "isProof" BOOLEAN NOT NULL,
    "currency" TEXT NOT NULL,
    "printOrders" INTEGER NOT NULL,
    "costMinor" BIGINT NOT NULL,
    "copies" BIGINT NOT NULL,
    "unpriced" INTEGER NOT NULL,

    PRIMARY KEY ("shop", "quarter", "isProof", "currency")
);

-- CreateTable
CREATE TABLE "ProfitQuarterRevenue" (
    "shop" TEXT NOT NULL,
    "quarter" INTEGER NOT NULL,
    "isProof" BOOLEAN NOT NULL,
    "revenueCurrency" TEXT,
    "revenueMinor" BIGINT NOT NULL
);

-- CreateTable
CREATE TABLE "ProfitDayProduct" (
    "shop" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "isProof" BOOLEAN NOT NULL,
    "variantId" TEXT NOT NULL,
    "revenueCurrency" TEXT,
    "costCurrency" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "copies" BIGINT NOT NULL,
    "revenueMinor" BIGINT,
    "costMinor" BIGINT
);

-- CreateIndex
CREATE UNIQUE INDEX "ProfitQuarterRevenue_shop_quarter_isProof_revenueCurrency_key" ON "ProfitQuarterRevenue"("shop", "quarter", "isProof", "revenueCurrency");

-- CreateIndex
CREATE UNIQUE INDEX "ProfitDayProduct_shop_day_isProof_variantId_revenueCurrency_costCurrency_key" ON "ProfitDayProduct"("shop", "day", "isProof", "variantId", "revenueCurrency", "costCurrency");

-- Each write that may move the sums marks its print order's (shop, UTC day of createdAt): the
-- day is the stored UTC text cut at the date. Only columns the sums read, and only a real
-- change of them (for the status: into or out of 'cancelled', the one status the sums tell
-- apart). An item finds its print order's day through printOrderRowId; an item deleted with
-- its print order finds none, and the print order's own trigger marked the day.
CREATE TRIGGER "PrintOrder_profit_insert" AFTER INSERT ON "PrintOrder"
BEGIN
  INSERT OR IGNORE INTO "ProfitStale" ("shop", "day")
  VALUES (NEW."shop", substr(NEW."createdAt", 1, 10));
END;

CREATE TRIGGER "PrintOrder_profit_update"
AFTER UPDATE OF "status", "kind", "currency", "wholesaleTotalMinor", "createdAt", "shop" ON "PrintOrder"
WHEN (OLD."status" = 'cancelled') IS NOT (NEW."status" = 'cancelled')
  OR OLD."kind" IS NOT NEW."kind"
  OR OLD."currency" IS NOT NEW."currency"
  OR OLD."wholesaleTotalMinor" IS NOT NEW."wholesaleTotalMinor"
  OR OLD."createdAt" IS NOT NEW."createdAt"
  OR OLD."shop" IS NOT NEW."shop"
BEGIN
  INSERT OR IGNORE INTO "ProfitStale" ("shop", "day")
  VALUES (OLD."shop", substr(OLD."createdAt", 1, 10)), (NEW."shop", substr(NEW."createdAt", 1, 10));
END;

CREATE TRIGGER "PrintOrder_profit_delete" AFTER DELETE ON "PrintOrder"
BEGIN
  INSERT OR IGNORE INTO "ProfitStale" ("shop", "day")
  VALUES (OLD."shop", substr(OLD."createdAt", 1, 10));
END;

CREATE TRIGGER "PrintOrderItem_profit_insert" AFTER INSERT ON "PrintOrderItem"
BEGIN
  INSERT OR IGNORE INTO "ProfitStale" ("shop", "day")
  SELECT p."shop", substr(p."createdAt", 1, 10) FROM "PrintOrder" p WHERE p."id" = NEW."printOrderRowId";
END;

CREATE TRIGGER "PrintOrderItem_profit_update"
AFTER UPDATE OF "quantity", "revenueMinor", "revenueCurrency", "variantId", "title", "printOrderRowId", "shop" ON "PrintOrderItem"
WHEN OLD."quantity" IS NOT NEW."quantity"
  OR OLD."revenueMinor" IS NOT NEW."revenueMinor"
  OR OLD."revenueCurrency" IS NOT NEW."revenueCurrency"
  OR OLD."variantId" IS NOT NEW."variantId"
  OR OLD."title" IS NOT NEW."title"
  OR OLD."printOrderRowId" IS NOT NEW."printOrderRowId"
  OR OLD."shop" IS NOT NEW."shop"
BEGIN
  INSERT OR IGNORE INTO "ProfitStale" ("shop", "day")
  SELECT p."shop", substr(p."createdAt", 1, 10) FROM "PrintOrder" p
  WHERE p."id" IN (OLD."printOrderRowId", NEW."printOrderRowId");
END;

CREATE TRIGGER "PrintOrderItem_profit_delete" AFTER DELETE ON "PrintOrderItem"
BEGIN
  INSERT OR IGNORE INTO "ProfitStale" ("shop", "day")
  SELECT p."shop", substr(p."createdAt", 1, 10) FROM "PrintOrder" p WHERE p."id" = OLD."printOrderRowId";
END;

-- Every (shop, day) that has print orders: the first read of each day fills its rollup rows.
INSERT OR IGNORE INTO "ProfitStale" ("shop", "day")
SELECT DISTINCT "shop", substr("createdAt", 1, 10) FROM "PrintOrder";
