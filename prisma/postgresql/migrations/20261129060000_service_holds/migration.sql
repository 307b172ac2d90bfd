-- AlterTable
ALTER TABLE "PrintOrder" ADD COLUMN     "serviceHoldAt" TIMESTAMP(3);
