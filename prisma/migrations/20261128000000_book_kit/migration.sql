-- AlterTable
ALTER TABLE "PrintOrder" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'sale';

-- AlterTable
ALTER TABLE "Shop" ADD COLUMN "proofsPlaced" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "ProductCreation" ADD COLUMN "draftUntilProof" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "ProductCreation" ADD COLUMN "proofApprovedAt" DATETIME;

-- AlterTable
ALTER TABLE "VariantMapping" ADD COLUMN "isbn" TEXT;

-- CreateIndex
CREATE INDEX "PrintOrder_shop_kind_createdAt_idx" ON "PrintOrder"("shop", "kind", "createdAt");
