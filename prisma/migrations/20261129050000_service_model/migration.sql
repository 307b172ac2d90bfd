-- AlterTable
ALTER TABLE "Shop" ADD COLUMN "serviceMoveAt" DATETIME;
ALTER TABLE "Shop" ADD COLUMN "serviceModelSince" DATETIME;
ALTER TABLE "Shop" ADD COLUMN "serviceRoundDueAt" DATETIME;

-- CreateTable
CREATE TABLE "ServiceStocking" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shop" TEXT NOT NULL,
    "variantId" TEXT NOT NULL,
    "stockedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "Shop_serviceRoundDueAt_idx" ON "Shop"("serviceRoundDueAt");

-- CreateIndex
CREATE UNIQUE INDEX "ServiceStocking_shop_variantId_key" ON "ServiceStocking"("shop", "variantId");
