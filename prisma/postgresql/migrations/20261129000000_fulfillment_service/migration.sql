-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "fulfillmentServiceId" TEXT,
ADD COLUMN     "fulfillmentLocationId" TEXT;
