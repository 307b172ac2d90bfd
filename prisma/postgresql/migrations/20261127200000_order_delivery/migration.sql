-- CreateTable
CREATE TABLE "OrderDelivery" (
    "shop" TEXT NOT NULL,
    "webhookId" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "triggeredAt" TEXT,
    "source" TEXT NOT NULL DEFAULT 'webhook',
    "shopifyPaidAt" TIMESTAMP(3),
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "planAfter" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimedBy" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,

    CONSTRAINT "OrderDelivery_pkey" PRIMARY KEY ("shop","webhookId")
);

-- CreateIndex
CREATE INDEX "OrderDelivery_planAfter_idx" ON "OrderDelivery"("planAfter");
