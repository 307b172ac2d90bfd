-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "serviceModelSince" TIMESTAMP(3),
ADD COLUMN     "serviceMoveAt" TIMESTAMP(3),
ADD COLUMN     "serviceRoundDueAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "ServiceStocking" (
    "id" SERIAL NOT NULL,
    "shop" TEXT NOT NULL,
    "variantId" TEXT NOT NULL,
    "stockedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ServiceStocking_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Shop_serviceRoundDueAt_idx" ON "Shop"("serviceRoundDueAt");

-- CreateIndex
CREATE UNIQUE INDEX "ServiceStocking_shop_variantId_key" ON "ServiceStocking"("shop", "variantId");
