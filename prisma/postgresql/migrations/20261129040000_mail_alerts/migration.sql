-- AlterTable
ALTER TABLE "PrintOrder" ADD COLUMN     "attentionAlertedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "alertEmail" TEXT,
ADD COLUMN     "alertsAttention" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "lastAttentionAlertAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "MailMessage" (
    "id" SERIAL NOT NULL,
    "shop" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dueAt" TIMESTAMP(3),
    "sendingSince" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "sentAt" TIMESTAMP(3),
    "error" TEXT,

    CONSTRAINT "MailMessage_pkey" PRIMARY KEY ("id")
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
