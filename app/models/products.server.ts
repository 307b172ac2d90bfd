import prisma from "../db.server";
import { parseMajor, type MoneyMinor } from "../services/print";
import { adminGraphql, type AdminApi } from "../services/shopify-admin";

/**
 * The shop's products and variants from the Admin GraphQL API, joined with
 * the variant mappings stored here (one query per page, no N+1). Shopify's
 * failures arrive as ShopifyAdminError (app/services/shopify-admin).
 */

export type MappingState = "mapped" | "unmapped" | "file_per_order";

export interface VariantRow {
  id: string;
  legacyId: string;
  title: string;
  displayName: string;
  sku: string | null;
  price: MoneyMinor;
  mapping: {
    state: MappingState;
    offeringId: number | null;
    numberOfPages: number | null;
    fileProperty: string | null;
  };
}

export interface ProductRow {
  id: string;
  title: string;
  productType: string;
  imageUrl: string | null;
  variants: VariantRow[];
  hasMoreVariants: boolean;
}

export interface ProductPage {
  products: ProductRow[];
  currency: string;
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
}

export const PRODUCTS_PAGE_SIZE = 10;
const VARIANTS_PER_PRODUCT = 50;

const PRODUCTS_QUERY = `#graphql
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

interface RawVariant {
  id: string;
  legacyResourceId: string;
  title: string;
  displayName: string;
  sku: string | null;
  price: string;
}

interface ProductsData {
  shop: { currencyCode: string };
  products: {
    pageInfo: ProductPage["pageInfo"];
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

type MappingRow = {
  variantId: string;
  offeringId: number;
  numberOfPages: number | null;
  fileProperty: string | null;
};

function mappingOf(row: MappingRow | undefined): VariantRow["mapping"] {
  if (!row) return { state: "unmapped", offeringId: null, numberOfPages: null, fileProperty: null };
  return {
    state: row.fileProperty ? "file_per_order" : "mapped",
    offeringId: row.offeringId,
    numberOfPages: row.numberOfPages,
    fileProperty: row.fileProperty,
  };
}

async function mappingsByVariant(shop: string, variantIds: string[]) {
  if (variantIds.length === 0) return new Map<string, MappingRow>();
  const rows = await prisma.variantMapping.findMany({
    where: { shop, variantId: { in: variantIds } },
    select: { variantId: true, offeringId: true, numberOfPages: true, fileProperty: true },
  });
  return new Map(rows.map((r) => [r.variantId, r]));
}

/** Shopify search syntax for a merchant's words (title, SKU, type...), special characters dropped. */
export function productSearchQuery(text: string | undefined): string | undefined {
  const words = (text ?? "")
    .replace(/["\\:()]/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.join(" ") : undefined;
}

export async function listProducts({
  shop,
  admin,
  search,
  after,
  before,
}: {
  shop: string;
  admin: AdminApi;
  search?: string | undefined;
  after?: string | undefined;
  before?: string | undefined;
}): Promise<ProductPage> {
  const data = await adminGraphql(admin)<ProductsData>(PRODUCTS_QUERY, {
    ...(before
      ? { last: PRODUCTS_PAGE_SIZE, before }
      : { first: PRODUCTS_PAGE_SIZE, ...(after ? { after } : {}) }),
    query: productSearchQuery(search) ?? null,
  });
  const currency = data.shop.currencyCode;
  const variantIds = data.products.nodes.flatMap((p) => p.variants.nodes.map((v) => v.id));
  const mappings = await mappingsByVariant(shop, variantIds);
  return {
    currency,
    pageInfo: data.products.pageInfo,
    products: data.products.nodes.map((p) => ({
      id: p.id,
      title: p.title,
      productType: p.productType,
      imageUrl: p.featuredMedia?.preview?.image?.url ?? null,
      hasMoreVariants: p.variants.pageInfo.hasNextPage,
      variants: p.variants.nodes.map((v) => ({
        id: v.id,
        legacyId: String(v.legacyResourceId),
        title: v.title,
        displayName: v.displayName,
        sku: v.sku,
        price: parseMajor(v.price, currency),
        mapping: mappingOf(mappings.get(v.id)),
      })),
    })),
  };
}

const VARIANTS_QUERY = `#graphql
  query PrintConnectVariants($ids: [ID!]!) {
    shop { currencyCode }
    nodes(ids: $ids) {
      ... on ProductVariant { id legacyResourceId title displayName sku price product { id title } }
    }
  }`;

export interface VariantDetail {
  id: string;
  legacyId: string;
  title: string;
  displayName: string;
  sku: string | null;
  price: MoneyMinor;
  productId: string;
  productTitle: string;
}

/** Variants by GID, in the order asked; unknown ids are left out. At most 50. */
export async function getVariants({
  admin,
  variantIds,
}: {
  admin: AdminApi;
  variantIds: string[];
}): Promise<VariantDetail[]> {
  const ids = [...new Set(variantIds)].slice(0, 50);
  if (ids.length === 0) return [];
  const data = await adminGraphql(admin)<{
    shop: { currencyCode: string };
    nodes: (
      (RawVariant & { product: { id: string; title: string } }) | null | Record<string, never>
    )[];
  }>(VARIANTS_QUERY, { ids });
  const currency = data.shop.currencyCode;
  return data.nodes
    .filter((n): n is RawVariant & { product: { id: string; title: string } } =>
      Boolean(n && "id" in n),
    )
    .map((v) => ({
      id: v.id,
      legacyId: String(v.legacyResourceId),
      title: v.title,
      displayName: v.displayName,
      sku: v.sku,
      price: parseMajor(v.price, currency),
      productId: v.product.id,
      productTitle: v.product.title,
    }));
}

export function variantGid(id: string): string {
  return id.startsWith("gid://") ? id : `gid://shopify/ProductVariant/${id}`;
}

export { legacyIdOf } from "./admin-shared";
