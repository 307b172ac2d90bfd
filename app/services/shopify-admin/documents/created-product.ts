/** What the "created product" page reads live: status, image state, current prices. */
export const CREATED_PRODUCT_QUERY = `#graphql
  query PrintConnectCreatedProduct($id: ID!) {
    product(id: $id) {
      id status
      media(first: 1) { nodes { status } }
      variants(first: 50) { nodes { id price } }
    }
  }`;

export interface CreatedProduct {
  status: string;
  media: { nodes: { status: string }[] };
  variants: { nodes: { id: string; price: string }[] };
}

/**
 * Makes a created product active once its proof is approved. productSet with only `status`
 * changes nothing else: fields left out of its input stay as they are.
 */
export const PRODUCT_ACTIVATE_MUTATION = `#graphql
  mutation PrintConnectProductActivate($identifier: ProductSetIdentifiers, $input: ProductSetInput!) {
    productSet(identifier: $identifier, input: $input, synchronous: true) {
      product { id status }
      userErrors { field message code }
    }
  }`;

export interface ProductActivateData {
  productSet: {
    product: { id: string; status: string } | null;
    userErrors: { field: string[] | null; message: string; code: string | null }[];
  };
}

export const productActivateVariables = (productId: string) => ({
  identifier: { id: productId },
  input: { status: "ACTIVE" },
});
