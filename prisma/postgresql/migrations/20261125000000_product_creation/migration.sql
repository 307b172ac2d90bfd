-- AlterTable
ALTER TABLE "MappingQuote" ADD COLUMN     "validUntil" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "productPricing" TEXT;

-- CreateTable
CREATE TABLE "ProductCreation" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "requestKey" TEXT NOT NULL,
    "handle" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'started',
    "title" TEXT NOT NULL,
    "productId" TEXT,
    "request" TEXT NOT NULL,
    "pricingMode" TEXT NOT NULL,
    "pricingPercent" DOUBLE PRECISION NOT NULL,
    "rounding" TEXT NOT NULL,
    "targetMarginBps" INTEGER NOT NULL,
    "publicationId" TEXT,
    "problem" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProductCreation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ProductCreation_shop_productId_idx" ON "ProductCreation"("shop", "productId");

-- CreateIndex
CREATE INDEX "ProductCreation_shop_createdAt_idx" ON "ProductCreation"("shop", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ProductCreation_shop_requestKey_key" ON "ProductCreation"("shop", "requestKey");

