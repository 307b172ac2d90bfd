/**
 * A book variant's ISBN in Shopify (services/book-kit/isbn-shopify.ts): the variant's barcode
 * and the product's `print_connect.isbn` metafield, read and written.
 */

/** What is in Shopify now: the variant's barcode, its product's barcodes and ISBN metafield. */
export const ISBN_STATE_QUERY = `#graphql
  query PrintConnectIsbnState($id: ID!, $namespace: String!, $key: String!) {
    productVariant(id: $id) {
      id
      barcode
      product {
        id
        variants(first: 250) { nodes { id barcode } }
        metafield(namespace: $namespace, key: $key) { value type }
      }
    }
  }`;

export const SET_VARIANT_BARCODE = `#graphql
  mutation PrintConnectSetBarcode($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
    productVariantsBulkUpdate(productId: $productId, variants: $variants) {
      productVariants { id barcode }
      userErrors { field message code }
    }
  }`;

export const SET_PRODUCT_ISBNS = `#graphql
  mutation PrintConnectSetIsbns($metafields: [MetafieldsSetInput!]!) {
    metafieldsSet(metafields: $metafields) {
      metafields { id value }
      userErrors { field message code }
    }
  }`;

export const DELETE_PRODUCT_ISBNS = `#graphql
  mutation PrintConnectDeleteIsbns($metafields: [MetafieldIdentifierInput!]!) {
    metafieldsDelete(metafields: $metafields) {
      deletedMetafields { ownerId }
      userErrors { field message }
    }
  }`;

export interface IsbnStateData {
  productVariant: {
    id: string;
    barcode: string | null;
    product: {
      id: string;
      variants: { nodes: { id: string; barcode: string | null }[] };
      metafield: { value: string; type: string } | null;
    };
  } | null;
}
