-- AlterTable
ALTER TABLE "MailMessage" ADD COLUMN "fromName" TEXT;
ALTER TABLE "MailMessage" ADD COLUMN "replyTo" TEXT;
ALTER TABLE "Shop" ADD COLUMN "customerAddressLinks" TEXT NOT NULL DEFAULT 'stopped';
ALTER TABLE "ShopOrder" ADD COLUMN "customerLinkAt" DATETIME;

-- CreateTable
CREATE TABLE "AddressLink" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "shopOrderId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "sentTo" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "replacedAt" DATETIME,
    CONSTRAINT "AddressLink_shopOrderId_fkey" FOREIGN KEY ("shopOrderId") REFERENCES "ShopOrder" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "AddressLink_tokenHash_key" ON "AddressLink"("tokenHash");
CREATE INDEX "AddressLink_shop_shopOrderId_idx" ON "AddressLink"("shop", "shopOrderId");
