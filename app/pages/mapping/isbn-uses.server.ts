import { isbnUses } from "../../data/mapping.server";
import { parseIsbn } from "../../services/book-kit/isbn";
import { legacyIdOf, variantGid } from "../../services/shopify-admin/ids";

/** Other products carrying an ISBN: each with its mapping page. */
export interface IsbnUsesAnswer {
  /** The ISBN-13 the typed text is; null when it is none (yet). */
  isbn: string | null;
  uses: { title: string; url: string }[];
}

const VARIANT = /^(\d{1,20}|gid:\/\/shopify\/ProductVariant\/\d{1,20})$/;

/**
 * The other variants whose mapping carries the ISBN the merchant typed (on a variant's page,
 * that variant is not "another"; Create product leaves out the variants it made).
 */
export async function findIsbnUses({
  shop,
  typed,
  variant = null,
  exceptVariantIds = [],
}: {
  shop: string;
  typed: string;
  variant?: string | null;
  exceptVariantIds?: string[];
}): Promise<IsbnUsesAnswer> {
  const parsed = typed.trim() ? parseIsbn(typed) : null;
  if (!parsed?.ok) return { isbn: null, uses: [] };
  const except = [...exceptVariantIds];
  if (variant && VARIANT.test(variant)) except.push(variantGid(variant));
  const uses = await isbnUses({ shop, isbn: parsed.isbn13, exceptVariantIds: except });
  return {
    isbn: parsed.isbn13,
    uses: uses.map((u) => ({
      title: u.title,
      url: `/app/products/${legacyIdOf(u.variantId)}`,
    })),
  };
}
