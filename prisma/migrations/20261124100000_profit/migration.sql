-- AlterTable
ALTER TABLE "PrintOrderItem" ADD COLUMN "revenueCurrency" TEXT;
ALTER TABLE "PrintOrderItem" ADD COLUMN "revenueMinor" INTEGER;

-- CreateTable
CREATE TABLE "MappingQuote" (
    "shop" TEXT NOT NULL,
    "variantId" TEXT NOT NULL,
    "offeringId" INTEGER NOT NULL,
    "numberOfPages" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "countryCode" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "printMinor" INTEGER NOT NULL,
    "shippingMinor" INTEGER NOT NULL,
    "vatMinor" INTEGER NOT NULL,
    "exchangeRate" TEXT,
    "quotedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("shop", "variantId")
);

-- Backfill: the revenue of items planned before it was stored, from the line items kept with
-- the shop order (price as decimal text in the order currency, turned into minor units by the
-- ISO 4217 exponent of the currency, as app/services/print/money.ts does).
UPDATE "PrintOrderItem"
SET
  "revenueCurrency" = (
    SELECT s."currency" FROM "PrintOrder" p JOIN "ShopOrder" s ON s."id" = p."shopOrderId"
    WHERE p."id" = "PrintOrderItem"."printOrderRowId"
  ),
  "revenueMinor" = (
    SELECT CAST(ROUND(CAST(json_extract(j.value, '$.price') AS REAL) * (
      CASE
        WHEN upper(s."currency") IN ('BIF','CLP','DJF','GNF','ISK','JPY','KMF','KRW','PYG','RWF','UGX','UYI','VND','VUV','XAF','XOF','XPF') THEN 1
        WHEN upper(s."currency") IN ('BHD','IQD','JOD','KWD','LYD','OMR','TND') THEN 1000
        WHEN upper(s."currency") IN ('CLF','UYW') THEN 10000
        ELSE 100
      END)) AS INTEGER) * "PrintOrderItem"."quantity"
    FROM "PrintOrder" p
    JOIN "ShopOrder" s ON s."id" = p."shopOrderId"
    JOIN json_each(CASE WHEN json_valid(s."lineItems") THEN s."lineItems" ELSE '[]' END) j
    WHERE p."id" = "PrintOrderItem"."printOrderRowId"
      AND CAST(json_extract(j.value, '$.id') AS TEXT) = "PrintOrderItem"."shopifyLineItemId"
      AND json_extract(j.value, '$.price') IS NOT NULL
    LIMIT 1
  )
WHERE "revenueMinor" IS NULL;

-- Items whose line could not be found keep no currency either.
UPDATE "PrintOrderItem" SET "revenueCurrency" = NULL WHERE "revenueMinor" IS NULL;

-- The indexes on shop and date, and on items per print order, also cover the Profit sums.
DROP INDEX "PrintOrder_shop_createdAt_idx";
DROP INDEX "PrintOrderItem_shop_printOrderRowId_idx";
CREATE INDEX "PrintOrder_shop_createdAt_status_wholesaleTotalMinor_currency_id_idx" ON "PrintOrder"("shop", "createdAt", "status", "wholesaleTotalMinor", "currency", "id");
CREATE INDEX "PrintOrderItem_shop_printOrderRowId_revenueMinor_revenueCurrency_idx" ON "PrintOrderItem"("shop", "printOrderRowId", "revenueMinor", "revenueCurrency");
