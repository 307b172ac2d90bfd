-- CreateTable
CREATE TABLE "StatusUpdate" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shop" TEXT NOT NULL,
    "printOrderId" INTEGER NOT NULL,
    "orderReference" TEXT,
    "oldStatus" TEXT,
    "newStatus" TEXT NOT NULL,
    "trackingCode" TEXT,
    "trackingUrl" TEXT,
    "dedupeKey" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "StatusUpdate_shop_dedupeKey_key" ON "StatusUpdate"("shop", "dedupeKey");
