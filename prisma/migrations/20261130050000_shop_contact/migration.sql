-- AlterTable
ALTER TABLE "Shop" ADD COLUMN "contactEmail" TEXT;
ALTER TABLE "Shop" ADD COLUMN "contactName" TEXT;
