-- AlterTable
ALTER TABLE "PrintOrder" ADD COLUMN "servicePaidAt" DATETIME;

-- AlterTable
ALTER TABLE "Shop" ADD COLUMN "importOfferDismissedAt" DATETIME;

-- AlterTable
ALTER TABLE "ShopOrder" ADD COLUMN "shopifyPaidAt" DATETIME;
ALTER TABLE "ShopOrder" ADD COLUMN "source" TEXT NOT NULL DEFAULT 'webhook';

-- CreateTable
CREATE TABLE "ShopSync" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "checkedThrough" DATETIME,
    "leaseOwner" TEXT,
    "leaseExpiresAt" DATETIME,
    "lastRunAt" DATETIME,
    "lastProblem" TEXT,
    "ordersFound" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "WebhookReceipt_shop_topic_receivedAt_idx" ON "WebhookReceipt"("shop", "topic", "receivedAt");

-- CreateIndex
CREATE INDEX "PrintOrder_shop_servicePaidAt_idx" ON "PrintOrder"("shop", "servicePaidAt");
