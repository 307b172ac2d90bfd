import {
  PRODUCT_DELETE,
  type ProductDeleteAnswer,
} from "../../shopify-admin/documents/product-delete";
import { pageFailure, ShopifyAdminError, type AdminGraphql } from "../../shopify-admin";
import type { DoneStep } from "../compensation";
import type { ProductImageSource } from "../image-source";
import type { CreationPorts } from "../ports";
import type { Prepared } from "../prepare";
import {
  onlyImageErrors,
  productSetVariables,
  PRODUCT_SET_MUTATION,
  type ProductSetUserError,
} from "../product-set";

interface ProductSetAnswer {
  productSet: {
    product: {
      id: string;
      handle: string;
      variants: { nodes: { id: string; selectedOptions: { name: string; value: string }[] }[] };
    } | null;
    userErrors: ProductSetUserError[];
  };
}

export type MadeProduct = NonNullable<ProductSetAnswer["productSet"]["product"]>;

export type SetOutcome =
  | { kind: "made"; product: MadeProduct; imageNote: string | null }
  | { kind: "refused"; userErrors: ProductSetUserError[] }
  | { kind: "error"; error: ShopifyAdminError };

/**
 * Step "set product": productSet by the creation's handle, so a retry after a lost answer
 * updates the same product. Its undo is `undoSetProduct`, registered through `setProductDone`.
 */
export async function setProduct(
  ports: CreationPorts,
  p: Prepared,
  handle: string,
  image: ProductImageSource | null,
): Promise<SetOutcome> {
  const variables = productSetVariables({
    handle,
    title: p.posted.title,
    description: p.posted.description,
    status: p.posted.status,
    vendor: p.shopName,
    currency: p.currency,
    variants: p.variants,
    prices: new Map(p.priced.map((v) => [v.index, v.priceMinor])),
    image: image?.status === "ok" ? image : null,
  });
  const { graphql } = ports.shopify;
  try {
    let answer = await graphql<ProductSetAnswer>(PRODUCT_SET_MUTATION, { ...variables });
    let imageNote: string | null = null;
    const first = answer.productSet.userErrors;
    if (first.length && onlyImageErrors(first)) {
      // The image is not worth losing the product over: made without it, with a note.
      imageNote = `Shopify did not take the product image (${first.map((e) => e.message).join("; ")}); add one in Shopify.`;
      const { files: _files, ...input } = variables.input;
      answer = await graphql<ProductSetAnswer>(PRODUCT_SET_MUTATION, { ...variables, input });
    }
    const { product, userErrors } = answer.productSet;
    if (userErrors.length || !product) return { kind: "refused", userErrors };
    return { kind: "made", product, imageNote };
  } catch (error) {
    const failure = pageFailure(error);
    if (failure) return { kind: "error", error: failure };
    throw error;
  }
}

/** Deletes a product in Shopify; Shopify's refusal is thrown. */
export async function deleteProduct(graphql: AdminGraphql, productId: string): Promise<void> {
  const data = await graphql<ProductDeleteAnswer>(PRODUCT_DELETE, { input: { id: productId } });
  const { userErrors } = data.productDelete;
  if (userErrors.length)
    throw new ShopifyAdminError("user_errors", userErrors.map((e) => e.message).join("; "), {
      userErrors,
    });
}

/**
 * Undo of "set product": the product deleted in Shopify, then the mappings a half-way save
 * stored for its variants (they point at a product that is gone). When the delete fails, the
 * mappings stay: the product is in the store, better mapped than not.
 */
export async function undoSetProduct(
  ports: CreationPorts,
  productId: string,
  variantIds: (string | null)[],
): Promise<void> {
  await ports.shopify.deleteProduct(productId);
  await ports.store.deleteMappings(variantIds.filter((id): id is string => Boolean(id)));
}

/** "set product" done: its undo for the workflow to run should a later step fail. */
export function setProductDone(
  ports: CreationPorts,
  productId: string,
  variantIds: (string | null)[],
): DoneStep {
  return { step: "set product", undo: () => undoSetProduct(ports, productId, variantIds) };
}
