-- AlterTable
ALTER TABLE "Publication" ADD COLUMN "categoryCode" TEXT;
ALTER TABLE "Publication" ADD COLUMN "fileUrl" TEXT;
ALTER TABLE "Publication" ADD COLUMN "height" REAL;
ALTER TABLE "Publication" ADD COLUMN "offeringId" INTEGER;
ALTER TABLE "Publication" ADD COLUMN "pages" INTEGER;
ALTER TABLE "Publication" ADD COLUMN "thumbnailUrl" TEXT;
ALTER TABLE "Publication" ADD COLUMN "updatedAt" DATETIME;
ALTER TABLE "Publication" ADD COLUMN "width" REAL;

-- CreateTable
CREATE TABLE "BillingEntityRecord" (
    "shop" TEXT NOT NULL,
    "billingEntityId" INTEGER NOT NULL,
    "details" TEXT,
    "hiddenAt" DATETIME,
    "replacedById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("shop", "billingEntityId")
);
