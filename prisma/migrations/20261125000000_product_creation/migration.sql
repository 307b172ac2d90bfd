-- AlterTable
ALTER TABLE "Shop" ADD COLUMN "productPricing" TEXT;

-- AlterTable
ALTER TABLE "MappingQuote" ADD COLUMN "validUntil" DATETIME;

-- CreateTable
CREATE TABLE "ProductCreation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "requestKey" TEXT NOT NULL,
    "handle" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'started',
    "title" TEXT NOT NULL,
    "productId" TEXT,
    "request" TEXT NOT NULL,
    "pricingMode" TEXT NOT NULL,
    "pricingPercent" REAL NOT NULL,
    "rounding" TEXT NOT NULL,
    "targetMarginBps" INTEGER NOT NULL,
    "publicationId" TEXT,
    "problem" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "ProductCreation_shop_requestKey_key" ON "ProductCreation"("shop", "requestKey");

-- CreateIndex
CREATE INDEX "ProductCreation_shop_productId_idx" ON "ProductCreation"("shop", "productId");

-- CreateIndex
CREATE INDEX "ProductCreation_shop_createdAt_idx" ON "ProductCreation"("shop", "createdAt");
