-- CreateIndex
CREATE INDEX "VariantMapping_shop_isbn_idx" ON "VariantMapping"("shop", "isbn");
