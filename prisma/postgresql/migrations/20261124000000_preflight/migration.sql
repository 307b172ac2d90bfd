-- AlterTable
ALTER TABLE "VariantMapping" ADD COLUMN "preflight" TEXT;
ALTER TABLE "VariantMapping" ADD COLUMN "storefrontMinimumQuantity" INTEGER;

-- AlterTable
ALTER TABLE "PrintOrderItem" ADD COLUMN "preflight" TEXT;
ALTER TABLE "PrintOrderItem" ADD COLUMN "preflightOverride" TEXT;
