import type { Prisma } from "@prisma/client";

/**
 * Which state of a Shopify order a delivery carries: the payload's
 * `updated_at` (whole seconds), and the delivery's `X-Shopify-Triggered-At`
 * to tell apart two changes within one second. Shopify keeps both on a retry,
 * so a replayed or late delivery is recognised as older than what is stored.
 * The header is not covered by the signature, so it only ever orders
 * deliveries whose signed `updated_at` is the same second.
 */
export interface OrderVersion {
  updatedAt: Date | null;
  triggeredAt: Date | null;
}

function dateOrNull(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function orderVersion(
  updatedAt: string | null | undefined,
  triggeredAt: string | null | undefined,
): OrderVersion {
  return { updatedAt: dateOrNull(updatedAt), triggeredAt: dateOrNull(triggeredAt) };
}

/** The ShopOrder columns that record a version. */
export function versionColumns(version: OrderVersion) {
  return { shopifyUpdatedAt: version.updatedAt, shopifyTriggeredAt: version.triggeredAt };
}

/**
 * Shop orders whose stored version is older than `incoming`, the only ones it
 * may overwrite. A tie (same second, no later trigger time) counts as already
 * applied; a payload without `updated_at` only fills an unversioned row.
 * Used as a condition of the write itself, so two deliveries racing each
 * other cannot leave the older one stored.
 */
export function storedOlderThan(incoming: OrderVersion): Prisma.ShopOrderWhereInput {
  const { updatedAt, triggeredAt } = incoming;
  if (!updatedAt) return { shopifyUpdatedAt: null };
  return {
    OR: [
      { shopifyUpdatedAt: null },
      { shopifyUpdatedAt: { lt: updatedAt } },
      ...(triggeredAt
        ? [{ shopifyUpdatedAt: updatedAt, shopifyTriggeredAt: { lt: triggeredAt } }]
        : []),
    ],
  };
}
