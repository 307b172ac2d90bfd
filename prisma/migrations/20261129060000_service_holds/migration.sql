-- AlterTable
ALTER TABLE "PrintOrder" ADD COLUMN "serviceHoldAt" DATETIME;
