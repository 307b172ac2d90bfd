import { z } from "zod";
import { unmapVariants } from "../../lib/storefront-minimum.server";
import { workOutMargins } from "../../lib/mapping-margin.server";
import { countBelowTarget } from "../../lib/repricing.server";
import { mappingSummaries, type MappingSummary } from "../../data/mapping.server";
import { storedMargins } from "../../data/mapping-quote.server";
import { offeringNames } from "../../lib/catalogue.server";
import type { ListedMargin } from "../../services/pricing/mapping-margin";
import { countOf } from "../../services/merchant-text/orders";
import { adminGraphql, ShopifyAdminError, type AdminApi } from "../../services/shopify-admin";
import {
  PRODUCTS_QUERY,
  readVariant,
  type PageInfo,
  type ProductsData,
  type VariantNames,
} from "../../services/shopify-admin/documents/products";
import { variantGid } from "../../services/shopify-admin/ids";

/**
 * The Products page: the shop's products and variants from Shopify joined with
 * the variant mappings stored here (one query per page, no N+1), their kept
 * margins, and the page's actions (work out margins, unmap).
 */

const PRODUCTS_PAGE_SIZE = 10;

export interface VariantRow extends VariantNames {
  mapping: MappingSummary;
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
  pageInfo: PageInfo;
}

/** Shopify search syntax for a merchant's words (title, SKU, type...), special characters dropped. */
function productSearchQuery(text: string | undefined): string | undefined {
  const words = (text ?? "")
    .replace(/["\\:()]/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.join(" ") : undefined;
}

/** One page of the shop's products; Shopify's failures arrive as ShopifyAdminError. */
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
  const mappingOf = await mappingSummaries({ shop, variantIds });
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
        ...readVariant(v, currency),
        mapping: mappingOf(v.id),
      })),
    })),
  };
}

const querySchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  after: z.string().max(500).optional(),
  before: z.string().max(500).optional(),
  mapped: z.coerce.number().int().nonnegative().optional().catch(undefined),
});

export interface ProductsView {
  page: ProductPage | null;
  margins: Record<string, ListedMargin>;
  belowTarget: number;
  offeringNames: Record<string, string>;
  error: string | null;
  q: string;
  mapped: number | null;
}

/** The page's data for its address (search, cursors, "N mapped" after a bulk save). */
export async function loadProducts({
  shop,
  admin,
  searchParams,
}: {
  shop: string;
  admin: AdminApi;
  searchParams: URLSearchParams;
}): Promise<ProductsView> {
  const query = querySchema.parse(Object.fromEntries(searchParams));
  const asked = { q: query.q ?? "", mapped: query.mapped ?? null };
  try {
    const page = await listProducts({
      shop,
      admin,
      search: query.q,
      after: query.after,
      before: query.before,
    });
    const variants = page.products.flatMap((p) => p.variants);
    // Margins come from quotes stored when they were worked out: no quote per row per view.
    const [margins, names, belowTarget] = await Promise.all([
      storedMargins({ shop, variants }),
      offeringNames({
        shop,
        ids: variants.map((v) => v.mapping.offeringId).filter((id): id is number => id !== null),
      }),
      // Created products whose margin fell below the target (kept quotes only, no network).
      countBelowTarget({ shop }),
    ]);
    return { page, margins, belowTarget, offeringNames: names, error: null, ...asked };
  } catch (error) {
    if (!(error instanceof ShopifyAdminError)) throw error;
    return {
      page: null,
      margins: {},
      belowTarget: 0,
      offeringNames: {},
      error: error.message,
      ...asked,
    };
  }
}

const variantIdList = z
  .string()
  .transform((v) => v.split(",").filter(Boolean))
  .pipe(
    z
      .array(z.string().regex(/^(gid:\/\/shopify\/ProductVariant\/)?\d+$/))
      .min(1)
      .max(250),
  );

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("unmap"), variantIds: variantIdList }),
  z.object({ intent: z.literal("margins"), variantIds: variantIdList }),
]);

interface ProductsActionResult {
  status: number;
  body: { ok: boolean; message: string };
}

/** "Work out margins" and "Unmap" on the selected variants (ids or GIDs). */
export async function runProductsAction({
  shop,
  admin,
  form,
}: {
  shop: string;
  admin: AdminApi;
  form: FormData;
}): Promise<ProductsActionResult> {
  const parsed = actionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success)
    return { status: 400, body: { ok: false, message: "Choose variants to unmap." } };
  const variantIds = parsed.data.variantIds.map(variantGid);
  if (parsed.data.intent === "margins") {
    const worked = await workOutMargins({ shop, admin, variantIds });
    const message =
      `Margins worked out for ${countOf(worked.done, "variant")}.` +
      (worked.failed
        ? ` ${countOf(worked.failed, "variant")} could not be quoted: open ${worked.failed === 1 ? "its" : "their"} mapping to see why.`
        : "");
    return { status: 200, body: { ok: worked.failed === 0, message } };
  }
  const result = await unmapVariants({ shop, admin, variantIds });
  if (!result.ok) return { status: 502, body: { ok: false, message: result.message } };
  return {
    status: 200,
    body: { ok: true, message: `${countOf(result.removed, "variant")} unmapped.` },
  };
}
