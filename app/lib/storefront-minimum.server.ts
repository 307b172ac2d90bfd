import { deleteMappings, getMappings } from "../data/mapping.server";
import { enforcedMinimum, MINIMUM_QUANTITY_METAFIELD } from "../services/catalogue/quantity-rule";
import {
  adminGraphql,
  SHOPIFY_FAILURE_TEXT,
  ShopifyAdminError,
  userErrorsFailure,
  type AdminApi,
  type ShopifyUserError,
} from "../services/shopify-admin";
import {
  DELETE_MINIMUM_QUANTITY,
  SET_MINIMUM_QUANTITY,
} from "../services/shopify-admin/documents/minimum-quantity";

/** metafieldsSet takes at most 25 metafields a call. */
const BATCH_SIZE = 25;

function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH_SIZE) out.push(items.slice(i, i + BATCH_SIZE));
  return out;
}

/**
 * Sets (minimum >= 2) or removes (null, or 1: no rule needed) the minimum the
 * cart rule enforces on each variant (GIDs). Removing a metafield that is not
 * there is fine. Shopify's refusals arrive as ShopifyAdminError.
 */
export async function syncStorefrontMinimum({
  admin,
  variantIds,
  minimum,
}: {
  admin: AdminApi;
  variantIds: string[];
  minimum: number | null;
}): Promise<void> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return;
  const enforced = enforcedMinimum(minimum);
  const graphql = adminGraphql(admin);
  const { namespace, key, type } = MINIMUM_QUANTITY_METAFIELD;
  for (const batch of batches(ids)) {
    if (enforced !== null) {
      const data = await graphql<{
        metafieldsSet: { userErrors: ShopifyUserError[] };
      }>(SET_MINIMUM_QUANTITY, {
        metafields: batch.map((ownerId) => ({
          ownerId,
          namespace,
          key,
          type,
          value: String(enforced),
        })),
      });
      const { userErrors } = data.metafieldsSet;
      if (userErrors.length) throw userErrorsFailure(userErrors, "metafieldsSet");
    } else {
      const data = await graphql<{
        metafieldsDelete: { userErrors: ShopifyUserError[] };
      }>(DELETE_MINIMUM_QUANTITY, {
        metafields: batch.map((ownerId) => ({ ownerId, namespace, key })),
      });
      const { userErrors } = data.metafieldsDelete;
      if (userErrors.length) throw userErrorsFailure(userErrors, "metafieldsDelete");
    }
  }
}

/**
 * Sets (or removes) the storefront's minimum quantity on variants whose
 * stored minimum differs. Callers do this before the mapping is written, so a
 * mapping that needs a minimum is never stored without it being on the
 * storefront. Returns the merchant-facing problem when Shopify refused.
 */
export async function syncMinimums(
  admin: AdminApi,
  changes: { variantId: string; minimum: number | null }[],
): Promise<string | null> {
  const byMinimum = new Map<number | null, string[]>();
  for (const c of changes)
    byMinimum.set(c.minimum, [...(byMinimum.get(c.minimum) ?? []), c.variantId]);
  for (const [minimum, variantIds] of byMinimum) {
    try {
      await syncStorefrontMinimum({ admin, variantIds, minimum });
    } catch (error) {
      if (!(error instanceof ShopifyAdminError)) throw error;
      return minimum
        ? SHOPIFY_FAILURE_TEXT.minimum.notSet(minimum, error.message)
        : SHOPIFY_FAILURE_TEXT.minimum.notRemoved(error.message);
    }
  }
  return null;
}

/**
 * Unmaps variants (GIDs) and removes the storefront minimum the mappings had
 * set; when Shopify refuses that, nothing is unmapped.
 */
export async function unmapVariants({
  shop,
  admin,
  variantIds,
}: {
  shop: string;
  admin: AdminApi;
  variantIds: string[];
}): Promise<{ ok: true; removed: number } | { ok: false; message: string }> {
  const withMinimum = (await getMappings({ shop, variantIds })).filter(
    (m) => m.storefrontMinimumQuantity !== null,
  );
  const problem = await syncMinimums(
    admin,
    withMinimum.map((m) => ({ variantId: m.variantId, minimum: null })),
  );
  if (problem) return { ok: false, message: problem };
  const { count } = await deleteMappings({ shop, variantIds });
  return { ok: true, removed: count };
}
