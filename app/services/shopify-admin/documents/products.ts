import { parseMajor, type MoneyMinor } from "../../print";
import { shownVariantName } from "../../merchant-text/variants";

/** The products list and variant lookups of the admin pages, with the answers Shopify gives them. */

/** Variants listed under each product; a product with more says so (hasMoreVariants). */
const VARIANTS_PER_PRODUCT = 50;

export const PRODUCTS_QUERY = `#graphql
  query PrintConnectProducts($first: Int, $last: Int, $after: String, $before: String, $query: String) {
    shop { currencyCode }
    products(first: $first, last: $last, after: $after, before: $before, query: $query, sortKey: TITLE) {
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      nodes {
        id
        title
        productType
        featuredMedia { preview { image { url altText } } }
        variants(first: ${VARIANTS_PER_PRODUCT}) {
          pageInfo { hasNextPage }
          nodes { id legacyResourceId title displayName sku price }
        }
      }
    }
  }`;

export const VARIANTS_QUERY = `#graphql
  query PrintConnectVariants($ids: [ID!]!) {
    shop { currencyCode }
    nodes(ids: $ids) {
      ... on ProductVariant { id legacyResourceId title displayName sku barcode price product { id title } }
    }
  }`;

export interface RawVariant {
  id: string;
  legacyResourceId: string;
  title: string;
  displayName: string;
  sku: string | null;
  /** Read where a page compares it with the mapping's ISBN; other documents leave it out. */
  barcode?: string | null;
  price: string;
}

/** A variant's names and its price in the shop's currency, as the admin pages show them. */
export interface VariantNames {
  id: string;
  legacyId: string;
  title: string;
  displayName: string;
  sku: string | null;
  price: MoneyMinor;
}

export function readVariant(v: RawVariant, currency: string): VariantNames {
  return {
    id: v.id,
    legacyId: String(v.legacyResourceId),
    title: v.title,
    // The only variant of a product without options is named by its product alone.
    displayName: shownVariantName(v.displayName),
    sku: v.sku,
    price: parseMajor(v.price, currency),
  };
}

export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

export interface ProductsData {
  shop: { currencyCode: string };
  products: {
    pageInfo: PageInfo;
    nodes: {
      id: string;
      title: string;
      productType: string;
      featuredMedia: {
        preview: { image: { url: string; altText: string | null } | null } | null;
      } | null;
      variants: { pageInfo: { hasNextPage: boolean }; nodes: RawVariant[] };
    }[];
  };
}

export type RawVariantWithProduct = RawVariant & { product: { id: string; title: string } };

export interface VariantsData {
  shop: { currencyCode: string };
  /** Unknown ids come back as null, other node types as an empty object. */
  nodes: (RawVariantWithProduct | null | Record<string, never>)[];
}
