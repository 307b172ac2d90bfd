-- AlterTable
ALTER TABLE "PrintOrderItem" ADD COLUMN     "revenueCurrency" TEXT,
ADD COLUMN     "revenueMinor" INTEGER;

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
    "quotedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MappingQuote_pkey" PRIMARY KEY ("shop","variantId")
);

-- Backfill: the revenue of items planned before it was stored, from the line items kept with
-- the shop order (price as decimal text in the order currency, turned into minor units by the
-- ISO 4217 exponent of the currency, as app/services/print/money.ts does).
UPDATE "PrintOrderItem" AS i
SET
  "revenueCurrency" = s."currency",
  "revenueMinor" = (ROUND((e.elem ->> 'price')::numeric * (
      CASE
        WHEN upper(s."currency") IN ('BIF','CLP','DJF','GNF','ISK','JPY','KMF','KRW','PYG','RWF','UGX','UYI','VND','VUV','XAF','XOF','XPF') THEN 1
        WHEN upper(s."currency") IN ('BHD','IQD','JOD','KWD','LYD','OMR','TND') THEN 1000
        WHEN upper(s."currency") IN ('CLF','UYW') THEN 10000
        ELSE 100
      END)))::integer * i."quantity"
FROM "PrintOrder" AS p
JOIN "ShopOrder" AS s ON s."id" = p."shopOrderId"
CROSS JOIN LATERAL jsonb_array_elements(
  CASE WHEN s."lineItems" LIKE '[%' THEN s."lineItems"::jsonb ELSE '[]'::jsonb END
) AS e(elem)
WHERE p."id" = i."printOrderRowId"
  AND i."revenueMinor" IS NULL
  AND (e.elem ->> 'id') = i."shopifyLineItemId"
  AND (e.elem ->> 'price') ~ '^-?[0-9]+(\.[0-9]+)?$';

-- The indexes on shop and date, and on items per print order, also cover the Profit sums.
DROP INDEX "PrintOrder_shop_createdAt_idx";
DROP INDEX "PrintOrderItem_shop_printOrderRowId_idx";
CREATE INDEX "PrintOrder_shop_createdAt_status_wholesaleTotalMinor_curren_idx" ON "PrintOrder"("shop", "createdAt", "status", "wholesaleTotalMinor", "currency", "id");
CREATE INDEX "PrintOrderItem_shop_printOrderRowId_revenueMinor_revenueCur_idx" ON "PrintOrderItem"("shop", "printOrderRowId", "revenueMinor", "revenueCurrency");
