-- AlterTable
ALTER TABLE "OrderEvent" ADD COLUMN "flowTrigger" TEXT;
ALTER TABLE "OrderEvent" ADD COLUMN "flowDueAt" DATETIME;
ALTER TABLE "OrderEvent" ADD COLUMN "flowAttempts" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "OrderEvent" ADD COLUMN "flowSentAt" DATETIME;
ALTER TABLE "OrderEvent" ADD COLUMN "flowError" TEXT;

-- CreateIndex
CREATE INDEX "OrderEvent_flowDueAt_idx" ON "OrderEvent"("flowDueAt");
