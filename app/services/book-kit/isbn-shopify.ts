/**
 * A book variant's ISBN written to Shopify: the variant's `barcode` (where Shopify, its POS and
 * sales channels look for a product's GTIN) and the product metafield `print_connect.isbn`.
 * Framework-free: it takes the Admin GraphQL call; Shopify's failures arrive as
 * ShopifyAdminError.
 */
import { userErrorsFailure, type AdminGraphql, type ShopifyUserError } from "../shopify-admin";
import {
  DELETE_PRODUCT_ISBNS,
  ISBN_STATE_QUERY,
  SET_PRODUCT_ISBNS,
  SET_VARIANT_BARCODE,
  type IsbnStateData,
} from "../shopify-admin/documents/isbn";
import { isIsbn13 } from "./isbn";

/**
 * The product metafield. Its type is a list, not one text: a book product often has several
 * editions as variants (hardcover and paperback), each with its own ISBN, and one metafield
 * type must fit every product (Shopify refuses to change a metafield's type). A one-edition
 * book lists one ISBN. Which ISBN is which edition's is on each variant's barcode. The
 * namespace is a plain one, not the app's own (`$app:`), so the theme and other apps (feeds,
 * book listings) can read it as `product.metafields.print_connect.isbn`.
 */
export const ISBN_METAFIELD = {
  namespace: "print_connect",
  key: "isbn",
  type: "list.single_line_text_field",
} as const;

/** Variants read per product to list its ISBNs; a book has a handful of editions. */
const VARIANTS_READ = 250;

/** The ISBNs among a product's variant barcodes, in variant order, each once. */
export function productIsbns(barcodes: readonly (string | null | undefined)[]): string[] {
  const out: string[] = [];
  for (const b of barcodes.slice(0, VARIANTS_READ)) {
    if (b && isIsbn13(b) && !out.includes(b)) out.push(b);
  }
  return out;
}

/** The metafield's value: a JSON list, as Shopify stores list types. */
export function isbnMetafieldValue(isbns: readonly string[]): string {
  return JSON.stringify(isbns);
}

/** Whether a stored metafield value already lists exactly these ISBNs. */
function sameList(stored: string | undefined, isbns: readonly string[]): boolean {
  if (stored === undefined) return false;
  try {
    return JSON.stringify(JSON.parse(stored)) === isbnMetafieldValue(isbns);
  } catch {
    return false;
  }
}

export type IsbnWriteOutcome =
  /** Shopify had it already, or there is no ISBN now and none before: nothing was sent. */
  | "unchanged"
  /** The barcode and/or the metafield were written. */
  | "written"
  /** Shopify no longer knows the variant. */
  | "no_variant";

/**
 * Makes Shopify carry the variant's ISBN: its barcode set to `isbn`, and the product's ISBN list
 * to its variants' ISBNs. With no `isbn` (cleared), a barcode that is still the `previousIsbn`
 * the app wrote is cleared and the list follows; a barcode the merchant set otherwise stays.
 * Only what differs is written, so saving again after a failure finishes the job.
 */
export async function writeVariantIsbn(
  graphql: AdminGraphql,
  {
    variantId,
    isbn,
    previousIsbn,
  }: { variantId: string; isbn: string | null; previousIsbn: string | null },
): Promise<IsbnWriteOutcome> {
  if (!isbn && !previousIsbn) return "unchanged";
  const { namespace, key, type } = ISBN_METAFIELD;
  const state = await graphql<IsbnStateData>(ISBN_STATE_QUERY, { id: variantId, namespace, key });
  const variant = state.productVariant;
  if (!variant) return "no_variant";
  const current = variant.barcode ?? "";
  const barcode = isbn ?? (current === previousIsbn ? "" : current);
  const others = variant.product.variants.nodes.filter((n) => n.id !== variant.id);
  // This variant first when it is beyond the variants read; otherwise in its own place.
  const ordered = variant.product.variants.nodes.some((n) => n.id === variant.id)
    ? variant.product.variants.nodes.map((n) => (n.id === variant.id ? barcode : n.barcode))
    : [barcode, ...others.map((n) => n.barcode)];
  const isbns = productIsbns(ordered);
  let written = false;
  if (barcode !== current) {
    const data = await graphql<{
      productVariantsBulkUpdate: { userErrors: ShopifyUserError[] };
    }>(SET_VARIANT_BARCODE, {
      productId: variant.product.id,
      variants: [{ id: variant.id, barcode }],
    });
    const { userErrors } = data.productVariantsBulkUpdate;
    if (userErrors.length) throw userErrorsFailure(userErrors, "productVariantsBulkUpdate");
    written = true;
  }
  const stored = variant.product.metafield?.value;
  if (isbns.length > 0 && !sameList(stored, isbns)) {
    const data = await graphql<{ metafieldsSet: { userErrors: ShopifyUserError[] } }>(
      SET_PRODUCT_ISBNS,
      {
        metafields: [
          { ownerId: variant.product.id, namespace, key, type, value: isbnMetafieldValue(isbns) },
        ],
      },
    );
    const { userErrors } = data.metafieldsSet;
    if (userErrors.length) throw userErrorsFailure(userErrors, "metafieldsSet");
    written = true;
  } else if (isbns.length === 0 && stored !== undefined) {
    const data = await graphql<{ metafieldsDelete: { userErrors: ShopifyUserError[] } }>(
      DELETE_PRODUCT_ISBNS,
      { metafields: [{ ownerId: variant.product.id, namespace, key }] },
    );
    const { userErrors } = data.metafieldsDelete;
    if (userErrors.length) throw userErrorsFailure(userErrors, "metafieldsDelete");
    written = true;
  }
  return written ? "written" : "unchanged";
}
