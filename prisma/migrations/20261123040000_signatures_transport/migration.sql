-- AlterTable
ALTER TABLE "Shop" ADD COLUMN "carrierCallbackToken" TEXT;

-- AlterTable
ALTER TABLE "OrderEvent" ADD COLUMN "dedupeKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Shop_carrierCallbackToken_key" ON "Shop"("carrierCallbackToken");

-- CreateIndex
CREATE UNIQUE INDEX "OrderEvent_shop_dedupeKey_key" ON "OrderEvent"("shop", "dedupeKey");
