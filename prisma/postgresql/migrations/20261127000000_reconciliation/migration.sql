-- AlterTable
ALTER TABLE "PrintOrder" ADD COLUMN     "servicePaidAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "importOfferDismissedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "ShopOrder" ADD COLUMN     "shopifyPaidAt" TIMESTAMP(3),
ADD COLUMN     "source" TEXT NOT NULL DEFAULT 'webhook';

-- CreateTable
CREATE TABLE "ShopSync" (
    "shop" TEXT NOT NULL,
    "checkedThrough" TIMESTAMP(3),
    "leaseOwner" TEXT,
    "leaseExpiresAt" TIMESTAMP(3),
    "lastRunAt" TIMESTAMP(3),
    "lastProblem" TEXT,
    "ordersFound" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ShopSync_pkey" PRIMARY KEY ("shop")
);


-- CreateIndex
CREATE INDEX "WebhookReceipt_shop_topic_receivedAt_idx" ON "WebhookReceipt"("shop", "topic", "receivedAt");

-- CreateIndex
CREATE INDEX "PrintOrder_shop_servicePaidAt_idx" ON "PrintOrder"("shop", "servicePaidAt");
