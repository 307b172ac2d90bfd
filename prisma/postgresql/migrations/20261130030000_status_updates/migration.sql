-- CreateTable
CREATE TABLE "StatusUpdate" (
    "id" SERIAL NOT NULL,
    "shop" TEXT NOT NULL,
    "printOrderId" INTEGER NOT NULL,
    "orderReference" TEXT,
    "oldStatus" TEXT,
    "newStatus" TEXT NOT NULL,
    "trackingCode" TEXT,
    "trackingUrl" TEXT,
    "dedupeKey" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StatusUpdate_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "StatusUpdate_shop_dedupeKey_key" ON "StatusUpdate"("shop", "dedupeKey");
