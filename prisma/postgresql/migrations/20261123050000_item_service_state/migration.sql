-- AlterTable
ALTER TABLE "PrintOrderItem" ADD COLUMN "serviceState" TEXT;
