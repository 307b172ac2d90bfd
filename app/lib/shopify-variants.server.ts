import { adminGraphql, type AdminApi } from "../services/shopify-admin";
import {
  readVariant,
  VARIANTS_QUERY,
  type RawVariantWithProduct,
  type VariantNames,
  type VariantsData,
} from "../services/shopify-admin/documents/products";

/** A variant as the mapping, quote and price pages name and price it. */
export interface VariantDetail extends VariantNames {
  productId: string;
  productTitle: string;
  /** The variant's barcode in Shopify (a book's ISBN goes there). */
  barcode: string | null;
}

/**
 * Variants by GID from the Admin GraphQL API, in the order asked; unknown ids
 * are left out. At most 50. Shopify's failures arrive as ShopifyAdminError.
 */
export async function getVariants({
  admin,
  variantIds,
}: {
  admin: AdminApi;
  variantIds: string[];
}): Promise<VariantDetail[]> {
  const ids = [...new Set(variantIds)].slice(0, 50);
  if (ids.length === 0) return [];
  const data = await adminGraphql(admin)<VariantsData>(VARIANTS_QUERY, { ids });
  const currency = data.shop.currencyCode;
  return data.nodes
    .filter((n): n is RawVariantWithProduct => Boolean(n && "id" in n))
    .map((v) => ({
      ...readVariant(v, currency),
      productId: v.product.id,
      productTitle: v.product.title,
      barcode: v.barcode ?? null,
    }));
}
