-- CreateTable
CREATE TABLE "VariantMapping" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "variantId" TEXT NOT NULL,
    "productId" TEXT,
    "title" TEXT NOT NULL DEFAULT '',
    "offeringId" INTEGER NOT NULL,
    "contentUrl" TEXT,
    "contentWidth" REAL,
    "contentHeight" REAL,
    "numberOfPages" INTEGER,
    "coverUrl" TEXT,
    "spineCustomUrl" TEXT,
    "spineText" TEXT,
    "fileProperty" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "WebhookReceipt" (
    "shop" TEXT NOT NULL,
    "webhookId" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("shop", "webhookId")
);

-- CreateTable
CREATE TABLE "ShopOrder" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "shopifyOrderId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT,
    "currency" TEXT NOT NULL,
    "shippingAddress" TEXT,
    "lineItems" TEXT NOT NULL,
    "customerId" TEXT,
    "cancelledAt" DATETIME,
    "redactedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "PrintOrder" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "shopOrderId" TEXT NOT NULL,
    "shopifyOrderId" TEXT NOT NULL,
    "shopifyOrderName" TEXT NOT NULL,
    "groupIndex" INTEGER NOT NULL DEFAULT 0,
    "orderReference" TEXT NOT NULL,
    "printOrderId" INTEGER,
    "status" TEXT NOT NULL,
    "resumeStatus" TEXT,
    "serviceState" TEXT,
    "currency" TEXT NOT NULL,
    "wholesaleTotalMinor" INTEGER,
    "wholesaleShippingMinor" INTEGER,
    "wholesaleTaxMinor" INTEGER,
    "retailTotalMinor" INTEGER,
    "priceData" TEXT,
    "trackingCode" TEXT,
    "trackingUrl" TEXT,
    "trackingCompany" TEXT,
    "trackingPushed" TEXT NOT NULL DEFAULT '[]',
    "fulfillmentId" TEXT,
    "addressPending" BOOLEAN NOT NULL DEFAULT false,
    "holdUntil" DATETIME,
    "approvedAt" DATETIME,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseOwner" TEXT,
    "leaseExpiresAt" DATETIME,
    "lastErrorCode" TEXT,
    "lastErrorMessage" TEXT,
    "lastErrorAction" TEXT,
    "lastSyncedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "PrintOrder_shopOrderId_fkey" FOREIGN KEY ("shopOrderId") REFERENCES "ShopOrder" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PrintOrderItem" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "printOrderRowId" TEXT NOT NULL,
    "itemReference" TEXT NOT NULL,
    "shopifyLineItemId" TEXT NOT NULL,
    "variantId" TEXT NOT NULL,
    "offeringId" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "fileDetails" TEXT,
    "fileProperty" TEXT,
    "filesSentAt" DATETIME,
    CONSTRAINT "PrintOrderItem_printOrderRowId_fkey" FOREIGN KEY ("printOrderRowId") REFERENCES "PrintOrder" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "OrderEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shop" TEXT NOT NULL,
    "shopOrderId" TEXT NOT NULL,
    "printOrderId" TEXT,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "data" TEXT,
    CONSTRAINT "OrderEvent_shopOrderId_fkey" FOREIGN KEY ("shopOrderId") REFERENCES "ShopOrder" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "OrderEvent_printOrderId_fkey" FOREIGN KEY ("printOrderId") REFERENCES "PrintOrder" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Publication" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "variantId" TEXT,
    "title" TEXT NOT NULL,
    "publicationId" INTEGER,
    "securePublicationId" TEXT,
    "checkoutToken" TEXT,
    "checkoutUrl" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "locale" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "ComplianceRequest" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "webhookId" TEXT NOT NULL,
    "customerId" TEXT,
    "payload" TEXT NOT NULL,
    "result" TEXT,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" DATETIME
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Shop" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "scopes" TEXT NOT NULL DEFAULT '',
    "installedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "uninstalledAt" DATETIME,
    "printEnvironment" TEXT NOT NULL DEFAULT 'sandbox',
    "printBaseUrl" TEXT,
    "merchantApiKey" TEXT,
    "secretKeyEncrypted" TEXT,
    "applicationKeyEncrypted" TEXT,
    "buttonKey" TEXT,
    "currency" TEXT NOT NULL DEFAULT 'EUR',
    "billingEntityId" INTEGER,
    "routingMode" TEXT NOT NULL DEFAULT 'immediate',
    "holdHours" INTEGER NOT NULL DEFAULT 0,
    "notifyCustomer" BOOLEAN NOT NULL DEFAULT true,
    "callbackId" TEXT NOT NULL,
    "carrierRatesEnabled" BOOLEAN NOT NULL DEFAULT false,
    "carrierServiceId" TEXT,
    "backupRates" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
-- Shops installed before this migration get a random callback id.
INSERT INTO "new_Shop" ("createdAt", "id", "installedAt", "scopes", "shop", "uninstalledAt", "updatedAt", "callbackId") SELECT "createdAt", "id", "installedAt", "scopes", "shop", "uninstalledAt", "updatedAt", lower(hex(randomblob(16))) FROM "Shop";
DROP TABLE "Shop";
ALTER TABLE "new_Shop" RENAME TO "Shop";
CREATE UNIQUE INDEX "Shop_shop_key" ON "Shop"("shop");
CREATE UNIQUE INDEX "Shop_callbackId_key" ON "Shop"("callbackId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "VariantMapping_shop_offeringId_idx" ON "VariantMapping"("shop", "offeringId");

-- CreateIndex
CREATE UNIQUE INDEX "VariantMapping_shop_variantId_key" ON "VariantMapping"("shop", "variantId");

-- CreateIndex
CREATE INDEX "ShopOrder_shop_customerId_idx" ON "ShopOrder"("shop", "customerId");

-- CreateIndex
CREATE UNIQUE INDEX "ShopOrder_shop_shopifyOrderId_key" ON "ShopOrder"("shop", "shopifyOrderId");

-- CreateIndex
CREATE INDEX "PrintOrder_status_nextAttemptAt_idx" ON "PrintOrder"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "PrintOrder_shop_status_createdAt_idx" ON "PrintOrder"("shop", "status", "createdAt");

-- CreateIndex
CREATE INDEX "PrintOrder_shop_createdAt_idx" ON "PrintOrder"("shop", "createdAt");

-- CreateIndex
CREATE INDEX "PrintOrder_shop_shopifyOrderName_idx" ON "PrintOrder"("shop", "shopifyOrderName");

-- CreateIndex
CREATE INDEX "PrintOrder_printOrderId_idx" ON "PrintOrder"("printOrderId");

-- CreateIndex
CREATE UNIQUE INDEX "PrintOrder_shop_orderReference_key" ON "PrintOrder"("shop", "orderReference");

-- CreateIndex
CREATE INDEX "PrintOrderItem_shop_printOrderRowId_idx" ON "PrintOrderItem"("shop", "printOrderRowId");

-- CreateIndex
CREATE INDEX "OrderEvent_shop_shopOrderId_at_idx" ON "OrderEvent"("shop", "shopOrderId", "at");

-- CreateIndex
CREATE INDEX "OrderEvent_shop_printOrderId_at_idx" ON "OrderEvent"("shop", "printOrderId", "at");

-- CreateIndex
CREATE INDEX "OrderEvent_shop_at_idx" ON "OrderEvent"("shop", "at");

-- CreateIndex
CREATE INDEX "Publication_shop_createdAt_idx" ON "Publication"("shop", "createdAt");

-- CreateIndex
CREATE INDEX "Publication_shop_variantId_idx" ON "Publication"("shop", "variantId");

-- CreateIndex
CREATE INDEX "ComplianceRequest_shop_topic_idx" ON "ComplianceRequest"("shop", "topic");

-- CreateIndex
CREATE UNIQUE INDEX "ComplianceRequest_shop_webhookId_key" ON "ComplianceRequest"("shop", "webhookId");
