-- AlterTable
ALTER TABLE "ShopOrder" ADD COLUMN "shopifyUpdatedAt" DATETIME;
ALTER TABLE "ShopOrder" ADD COLUMN "shopifyTriggeredAt" DATETIME;
