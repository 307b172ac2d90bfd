-- AlterTable
ALTER TABLE "Publication" ADD COLUMN     "categoryCode" TEXT,
ADD COLUMN     "fileUrl" TEXT,
ADD COLUMN     "height" DOUBLE PRECISION,
ADD COLUMN     "offeringId" INTEGER,
ADD COLUMN     "pages" INTEGER,
ADD COLUMN     "thumbnailUrl" TEXT,
ADD COLUMN     "updatedAt" TIMESTAMP(3),
ADD COLUMN     "width" DOUBLE PRECISION;

-- CreateTable
CREATE TABLE "BillingEntityRecord" (
    "shop" TEXT NOT NULL,
    "billingEntityId" INTEGER NOT NULL,
    "details" TEXT,
    "hiddenAt" TIMESTAMP(3),
    "replacedById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BillingEntityRecord_pkey" PRIMARY KEY ("shop","billingEntityId")
);
