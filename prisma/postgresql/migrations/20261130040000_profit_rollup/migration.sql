-- The Profit page's rollup (decision 30): its tables, the triggers that mark what a write may
-- move, and every existing (shop, day) marked so that the first read fills the rollup.

-- CreateTable
CREATE TABLE "ProfitStale" (
    "shop" TEXT NOT NULL,
    "day" TEXT NOT NULL,

    CONSTRAINT "ProfitStale_pkey" PRIMARY KEY ("shop","day")
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

    CONSTRAINT "ProfitQuarter_pkey" PRIMARY KEY ("shop","quarter","isProof","currency")
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
CREATE UNIQUE INDEX "ProfitDayProduct_shop_day_isProof_variantId_revenueCurrency_key" ON "ProfitDayProduct"("shop", "day", "isProof", "variantId", "revenueCurrency", "costCurrency");

-- Each write that may move the sums marks its print order's (shop, UTC day of createdAt). Only
-- columns the sums read, and only a real change of them (for the status: into or out of
-- 'cancelled', the one status the sums tell apart). An item finds its print order's day through
-- printOrderRowId; an item deleted with its print order finds none, and the print order's own
-- trigger marked the day.
--
-- Before marking, a writer takes its shop's advisory lock in shared mode until it commits:
-- writers never wait on each other for it, and the refresh (app/data/profit-refresh.server.ts)
-- takes it exclusively, so it starts only once every writer that may have found a mark already
-- there (and added nothing) has committed, and reads their rows. The key is (1349676902, the
-- shop's hashtext); 1349676902 is "Prof" in ASCII.
--
-- The functions keep the search_path this migration runs with (where its tables are made),
-- whatever search_path the writing connection has: the app names its schema with ?schema=.
CREATE FUNCTION "PrintOrder_profit_mark"() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_advisory_xact_lock_shared(1349676902, hashtext(OLD."shop"));
    INSERT INTO "ProfitStale" ("shop", "day")
    VALUES (OLD."shop", to_char(OLD."createdAt", 'YYYY-MM-DD')) ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_advisory_xact_lock_shared(1349676902, hashtext(NEW."shop"));
    INSERT INTO "ProfitStale" ("shop", "day")
    VALUES (NEW."shop", to_char(NEW."createdAt", 'YYYY-MM-DD')) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION "PrintOrderItem_profit_mark"() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  orders TEXT[];
  o RECORD;
BEGIN
  IF TG_OP = 'INSERT' THEN
    orders := ARRAY[NEW."printOrderRowId"];
  ELSIF TG_OP = 'DELETE' THEN
    orders := ARRAY[OLD."printOrderRowId"];
  ELSE
    orders := ARRAY[OLD."printOrderRowId", NEW."printOrderRowId"];
  END IF;
  FOR o IN SELECT p."shop", p."createdAt" FROM "PrintOrder" p WHERE p."id" = ANY (orders) LOOP
    PERFORM pg_advisory_xact_lock_shared(1349676902, hashtext(o."shop"));
    INSERT INTO "ProfitStale" ("shop", "day")
    VALUES (o."shop", to_char(o."createdAt", 'YYYY-MM-DD')) ON CONFLICT DO NOTHING;
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER "PrintOrder_profit_insert_delete" AFTER INSERT OR DELETE ON "PrintOrder"
FOR EACH ROW EXECUTE FUNCTION "PrintOrder_profit_mark"();

CREATE TRIGGER "PrintOrder_profit_update"
AFTER UPDATE OF "status", "kind", "currency", "wholesaleTotalMinor", "createdAt", "shop" ON "PrintOrder"
FOR EACH ROW
WHEN ((OLD."status" = 'cancelled') IS DISTINCT FROM (NEW."status" = 'cancelled')
  OR OLD."kind" IS DISTINCT FROM NEW."kind"
  OR OLD."currency" IS DISTINCT FROM NEW."currency"
  OR OLD."wholesaleTotalMinor" IS DISTINCT FROM NEW."wholesaleTotalMinor"
  OR OLD."createdAt" IS DISTINCT FROM NEW."createdAt"
  OR OLD."shop" IS DISTINCT FROM NEW."shop")
EXECUTE FUNCTION "PrintOrder_profit_mark"();

CREATE TRIGGER "PrintOrderItem_profit_insert_delete" AFTER INSERT OR DELETE ON "PrintOrderItem"
FOR EACH ROW EXECUTE FUNCTION "PrintOrderItem_profit_mark"();

CREATE TRIGGER "PrintOrderItem_profit_update"
AFTER UPDATE OF "quantity", "revenueMinor", "revenueCurrency", "variantId", "title", "printOrderRowId", "shop" ON "PrintOrderItem"
FOR EACH ROW
WHEN (OLD."quantity" IS DISTINCT FROM NEW."quantity"
  OR OLD."revenueMinor" IS DISTINCT FROM NEW."revenueMinor"
  OR OLD."revenueCurrency" IS DISTINCT FROM NEW."revenueCurrency"
  OR OLD."variantId" IS DISTINCT FROM NEW."variantId"
  OR OLD."title" IS DISTINCT FROM NEW."title"
  OR OLD."printOrderRowId" IS DISTINCT FROM NEW."printOrderRowId"
  OR OLD."shop" IS DISTINCT FROM NEW."shop")
EXECUTE FUNCTION "PrintOrderItem_profit_mark"();

-- Every (shop, day) that has print orders: the first read of each day fills its rollup rows.
INSERT INTO "ProfitStale" ("shop", "day")
SELECT DISTINCT "shop", to_char("createdAt", 'YYYY-MM-DD') FROM "PrintOrder"
ON CONFLICT DO NOTHING;
