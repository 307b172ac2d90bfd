/**
 * "1 of 2": the place of a print order among the print orders of its Shopify
 * order (by the order they were split in); null when it is the only one.
 */
export function splitOf(
  order: { id: string; shopOrderId: string; shopifyOrderName: string },
  all: readonly { id: string; shopOrderId: string; shopifyOrderName: string; groupIndex: number }[],
): { index: number; of: number } | null {
  const group = all
    .filter(
      (o) => o.shopOrderId === order.shopOrderId && o.shopifyOrderName === order.shopifyOrderName,
    )
    .sort((a, b) => a.groupIndex - b.groupIndex);
  if (group.length < 2) return null;
  return { index: group.findIndex((o) => o.id === order.id) + 1, of: group.length };
}
