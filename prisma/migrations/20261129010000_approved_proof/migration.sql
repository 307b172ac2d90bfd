-- AlterTable
ALTER TABLE "ProductCreation" ADD COLUMN "approvedProofId" TEXT;
