-- AlterTable
ALTER TABLE "Shop" ADD COLUMN "alertEmail" TEXT;
ALTER TABLE "Shop" ADD COLUMN "alertsAttention" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "Shop" ADD COLUMN "lastAttentionAlertAt" DATETIME;

-- AlterTable
ALTER TABLE "PrintOrder" ADD COLUMN "attentionAlertedAt" DATETIME;

-- CreateTable
CREATE TABLE "MailMessage" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shop" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dueAt" DATETIME,
    "sendingSince" DATETIME,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "sentAt" DATETIME,
    "error" TEXT
);

-- CreateIndex
CREATE INDEX "MailMessage_dueAt_idx" ON "MailMessage"("dueAt");

-- CreateIndex
CREATE INDEX "MailMessage_sendingSince_idx" ON "MailMessage"("sendingSince");

-- CreateIndex
CREATE INDEX "MailMessage_sentAt_idx" ON "MailMessage"("sentAt");

-- CreateIndex
CREATE INDEX "MailMessage_shop_createdAt_idx" ON "MailMessage"("shop", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "MailMessage_shop_dedupeKey_key" ON "MailMessage"("shop", "dedupeKey");
