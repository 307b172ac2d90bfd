import type { ShopifyUserError } from "../errors";

/** Removes a product a creation made when its mappings could not be stored. */
export const PRODUCT_DELETE = `#graphql
  mutation PrintConnectProductDelete($input: ProductDeleteInput!) {
    productDelete(input: $input) { deletedProductId userErrors { field message } }
  }`;

export interface ProductDeleteAnswer {
  productDelete: {
    deletedProductId: string | null;
    userErrors: ShopifyUserError[];
  };
}
