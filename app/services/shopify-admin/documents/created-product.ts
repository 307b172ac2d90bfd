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
