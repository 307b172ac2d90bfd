import {
  adminGraphql,
  userErrorsFailure,
  type AdminApi,
  type ShopifyUserError,
} from "../services/shopify-admin";

/**
 * The storefront minimum quantity of print variants: an app-owned variant
 * metafield that the cart rule (extensions/print-connect-cart-rules) reads to
 * stop a cart or checkout with fewer copies than the print service prints.
 * `$app:` makes the namespace this app's own (Shopify stores it as
 * `app--<client id>--print_connect`): without a definition the metafield is
 * private to the app, so no other app, theme edit or staff member changes the
 * rule behind its back.
 */
export const MINIMUM_QUANTITY_METAFIELD = {
  namespace: "$app:print_connect",
  key: "minimum_quantity",
  type: "number_integer",
} as const;

/** metafieldsSet takes at most 25 metafields a call. */
const BATCH_SIZE = 25;

const SET = `#graphql
  mutation PrintConnectSetMinimumQuantity($metafields: [MetafieldsSetInput!]!) {
    metafieldsSet(metafields: $metafields) {
      metafields { id }
      userErrors { field message code }
    }
  }`;

const DELETE = `#graphql
  mutation PrintConnectDeleteMinimumQuantity($metafields: [MetafieldIdentifierInput!]!) {
    metafieldsDelete(metafields: $metafields) {
      deletedMetafields { ownerId }
      userErrors { field message }
    }
  }`;

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
  if (minimum !== null && (!Number.isInteger(minimum) || minimum < 1)) {
    throw new RangeError(`A minimum quantity is a whole number of at least 1, not ${minimum}`);
  }
  const graphql = adminGraphql(admin);
  const { namespace, key, type } = MINIMUM_QUANTITY_METAFIELD;
  for (const batch of batches(ids)) {
    if (minimum !== null && minimum >= 2) {
      const data = await graphql<{
        metafieldsSet: { userErrors: ShopifyUserError[] };
      }>(SET, {
        metafields: batch.map((ownerId) => ({
          ownerId,
          namespace,
          key,
          type,
          value: String(minimum),
        })),
      });
      const { userErrors } = data.metafieldsSet;
      if (userErrors.length) throw userErrorsFailure(userErrors, "metafieldsSet");
    } else {
      const data = await graphql<{
        metafieldsDelete: { userErrors: ShopifyUserError[] };
      }>(DELETE, { metafields: batch.map((ownerId) => ({ ownerId, namespace, key })) });
      const { userErrors } = data.metafieldsDelete;
      if (userErrors.length) throw userErrorsFailure(userErrors, "metafieldsDelete");
    }
  }
}
