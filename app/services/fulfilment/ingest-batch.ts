/**
 * A claim's orders seen for the first time, planned at once (planner.ts): the mappings read once
 * per shop for all their variants, then every order's rows (ingest.ts, firstSightOf) in one
 * batch transaction, each table's rows in as few INSERTs as the parameter bound allows. A claim
 * of fifty orders costs the statements of one (docs/decisions/0011-plain-sql-on-hot-paths.md).
 */
import {
  deliveryOf,
  firstSightOf,
  firstSightWrites,
  variantIdsOf,
  type FirstSightRows,
  type IngestResult,
  type PaidOrderDelivery,
} from "./ingest";
import type { MappingForPlan } from "./print-plan";
import type { IngestStore } from "./ports";

/** A delivery of a shop whose row the planner read: its print currency, null without one. */
export type ServedDelivery = Omit<PaidOrderDelivery, "shopCurrency"> & {
  shopCurrency: string | null;
};

/**
 * Plans these deliveries as orders seen for the first time, in one transaction, and answers
 * each one's result in their order. The caller gives deliveries of distinct orders, none of them
 * cancelled. A row meeting a unique key (a repeat's webhook id, an order stored before) fails
 * the whole batch and writes nothing: the caller then plans each on its own (ingestPaidOrder),
 * which tells what each one is.
 */
export async function recordFirstSights(
  store: IngestStore,
  served: readonly ServedDelivery[],
): Promise<IngestResult[]> {
  const deliveries = served.map((d) => deliveryOf({ ...d, shopCurrency: undefined }));
  const mappings = await mappingsByShop(store, deliveries);
  const sights = deliveries.map((delivery, i) =>
    firstSightOf(
      delivery,
      mappings.get(delivery.shop) ?? [],
      // The Shop row was read: without a currency of its own, the order's (as ingest.ts).
      served[i]?.shopCurrency ?? delivery.order.currency,
    ),
  );
  // In the order of the orders' keys: two workers' batches naming one order (copies under
  // two webhook ids) then wait on each other's key in one order and never deadlock.
  const byKey = (i: number) => `${deliveries[i]!.shop}\u0000${deliveries[i]!.order.id}`;
  const written = [...sights.keys()]
    .sort((a, b) => (byKey(a) < byKey(b) ? -1 : byKey(a) > byKey(b) ? 1 : 0))
    .map((i) => sights[i]!.rows);
  const rows: FirstSightRows = {
    receipts: written.flatMap((r) => r.receipts),
    shopOrders: written.flatMap((r) => r.shopOrders),
    printOrders: written.flatMap((r) => r.printOrders),
    items: written.flatMap((r) => r.items),
    events: written.flatMap((r) => r.events),
  };
  await store.insertAtOnce(firstSightWrites(rows));
  return sights.map((s) => s.result);
}

/** Each shop's mappings of the variants its deliveries name: one read per shop. */
async function mappingsByShop(
  store: IngestStore,
  deliveries: readonly { shop: string; order: PaidOrderDelivery["order"] }[],
): Promise<Map<string, MappingForPlan[]>> {
  const variants = new Map<string, Set<string>>();
  for (const { shop, order } of deliveries) {
    const named = variants.get(shop) ?? new Set<string>();
    for (const id of variantIdsOf(order)) named.add(id);
    variants.set(shop, named);
  }
  const read = await Promise.all(
    [...variants].map(
      async ([shop, ids]) => [shop, await store.mappingsForPlan(shop, [...ids])] as const,
    ),
  );
  return new Map(read);
}
