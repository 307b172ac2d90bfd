-- AlterTable
ALTER TABLE "Shop" ADD COLUMN "fulfillmentServiceId" TEXT;
ALTER TABLE "Shop" ADD COLUMN "fulfillmentLocationId" TEXT;
