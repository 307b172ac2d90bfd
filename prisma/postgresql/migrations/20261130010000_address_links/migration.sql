-- AlterTable
ALTER TABLE "MailMessage" ADD COLUMN "fromName" TEXT;
ALTER TABLE "MailMessage" ADD COLUMN "replyTo" TEXT;
ALTER TABLE "Shop" ADD COLUMN     "customerAddressLinks" TEXT NOT NULL DEFAULT 'stopped';
ALTER TABLE "ShopOrder" ADD COLUMN     "customerLinkAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "AddressLink" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "shopOrderId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "sentTo" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "replacedAt" TIMESTAMP(3),

    CONSTRAINT "AddressLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AddressLink_tokenHash_key" ON "AddressLink"("tokenHash");
CREATE INDEX "AddressLink_shop_shopOrderId_idx" ON "AddressLink"("shop", "shopOrderId");

-- AddForeignKey
ALTER TABLE "AddressLink" ADD CONSTRAINT "AddressLink_shopOrderId_fkey" FOREIGN KEY ("shopOrderId") REFERENCES "ShopOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;
