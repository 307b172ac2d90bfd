-- AlterTable
ALTER TABLE "OrderEvent" ADD COLUMN     "flowAttempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "flowDueAt" TIMESTAMP(3),
ADD COLUMN     "flowError" TEXT,
ADD COLUMN     "flowSentAt" TIMESTAMP(3),
ADD COLUMN     "flowTrigger" TEXT;

-- CreateIndex
CREATE INDEX "OrderEvent_flowDueAt_idx" ON "OrderEvent"("flowDueAt");
