-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "isOnline" BOOLEAN NOT NULL DEFAULT false,
    "scope" TEXT,
    "expires" TIMESTAMP(3),
    "accessToken" TEXT NOT NULL,
    "userId" BIGINT,
    "firstName" TEXT,
    "lastName" TEXT,
    "email" TEXT,
    "accountOwner" BOOLEAN NOT NULL DEFAULT false,
    "locale" TEXT,
    "collaborator" BOOLEAN DEFAULT false,
    "emailVerified" BOOLEAN DEFAULT false,
    "refreshToken" TEXT,
    "refreshTokenExpires" TIMESTAMP(3),

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Shop" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "scopes" TEXT NOT NULL DEFAULT '',
    "installedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "uninstalledAt" TIMESTAMP(3),
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Shop_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VariantMapping" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "variantId" TEXT NOT NULL,
    "productId" TEXT,
    "title" TEXT NOT NULL DEFAULT '',
    "offeringId" INTEGER NOT NULL,
    "contentUrl" TEXT,
    "contentWidth" DOUBLE PRECISION,
    "contentHeight" DOUBLE PRECISION,
    "numberOfPages" INTEGER,
    "coverUrl" TEXT,
    "spineCustomUrl" TEXT,
    "spineText" TEXT,
    "fileProperty" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VariantMapping_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookReceipt" (
    "shop" TEXT NOT NULL,
    "webhookId" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookReceipt_pkey" PRIMARY KEY ("shop","webhookId")
);

-- CreateTable
CREATE TABLE "ShopOrder" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "shopifyOrderId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT,
    "currency" TEXT NOT NULL,
    "shippingAddress" TEXT,
    "lineItems" TEXT NOT NULL,
    "customerId" TEXT,
    "cancelledAt" TIMESTAMP(3),
    "redactedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ShopOrder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PrintOrder" (
    "id" TEXT NOT NULL,
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
    "holdUntil" TIMESTAMP(3),
    "approvedAt" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseOwner" TEXT,
    "leaseExpiresAt" TIMESTAMP(3),
    "lastErrorCode" TEXT,
    "lastErrorMessage" TEXT,
    "lastErrorAction" TEXT,
    "lastSyncedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PrintOrder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PrintOrderItem" (
    "id" TEXT NOT NULL,
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
    "filesSentAt" TIMESTAMP(3),

    CONSTRAINT "PrintOrderItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OrderEvent" (
    "id" SERIAL NOT NULL,
    "shop" TEXT NOT NULL,
    "shopOrderId" TEXT NOT NULL,
    "printOrderId" TEXT,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "data" TEXT,

    CONSTRAINT "OrderEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Publication" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "variantId" TEXT,
    "title" TEXT NOT NULL,
    "publicationId" INTEGER,
    "securePublicationId" TEXT,
    "checkoutToken" TEXT,
    "checkoutUrl" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "locale" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Publication_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ComplianceRequest" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "webhookId" TEXT NOT NULL,
    "customerId" TEXT,
    "payload" TEXT NOT NULL,
    "result" TEXT,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "ComplianceRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Session_shop_idx" ON "Session"("shop");

-- CreateIndex
CREATE UNIQUE INDEX "Shop_shop_key" ON "Shop"("shop");

-- CreateIndex
CREATE UNIQUE INDEX "Shop_callbackId_key" ON "Shop"("callbackId");

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

-- AddForeignKey
ALTER TABLE "PrintOrder" ADD CONSTRAINT "PrintOrder_shopOrderId_fkey" FOREIGN KEY ("shopOrderId") REFERENCES "ShopOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PrintOrderItem" ADD CONSTRAINT "PrintOrderItem_printOrderRowId_fkey" FOREIGN KEY ("printOrderRowId") REFERENCES "PrintOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderEvent" ADD CONSTRAINT "OrderEvent_shopOrderId_fkey" FOREIGN KEY ("shopOrderId") REFERENCES "ShopOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderEvent" ADD CONSTRAINT "OrderEvent_printOrderId_fkey" FOREIGN KEY ("printOrderId") REFERENCES "PrintOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;
