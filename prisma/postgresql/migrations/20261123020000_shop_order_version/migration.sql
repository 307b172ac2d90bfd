-- AlterTable
ALTER TABLE "ShopOrder" ADD COLUMN "shopifyUpdatedAt" TIMESTAMP(3),
ADD COLUMN "shopifyTriggeredAt" TIMESTAMP(3);
