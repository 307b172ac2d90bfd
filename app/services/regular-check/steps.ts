/**
 * The steps of one look at one shop, in order: read the window's paid orders, leave out those
 * the app has recorded, send each of the others down the orders/paid path. The lease around
 * them is taken and freed by round.ts.
 */
import { ShopifyAdminError } from "../shopify-admin/errors";
import { paidOrdersSearch } from "../shopify-admin/documents/orders";
import { orderFromAdmin } from "./order-from-admin";
import { readOrders, type WholeAdminOrder } from "./read-orders";
import type { RegularCheckPorts } from "./ports";

/** Read: the paid orders updated since `from`, oldest update first, within the page budget. */
export async function readWindow(
  ports: Pick<RegularCheckPorts, "sleep">,
  graphql: Parameters<typeof readOrders>[0]["graphql"],
  from: Date,
  maxPages: number,
) {
  return readOrders(
    { graphql, ...(ports.sleep ? { sleep: ports.sleep } : {}) },
    {
      search: paidOrdersSearch({ field: "updated_at", from }),
      sortKey: "UPDATED_AT",
      maxPages,
    },
  );
}

/** Skip known: the orders the app has no record of (the store is asked once per look). */
export async function unrecorded(
  ports: Pick<RegularCheckPorts, "store">,
  shop: string,
  orders: readonly WholeAdminOrder[],
): Promise<WholeAdminOrder[]> {
  const converted = orders.map((o) => ({
    o,
    parsed: o.problem ? ({ ok: false } as const) : orderFromAdmin(o.order, o.lineItems),
  }));
  const ids = converted.flatMap(({ parsed }) => (parsed.ok ? [parsed.order.id] : []));
  const known = await ports.store.knownOrderIds(shop, ids);
  return converted
    .filter(({ parsed }) => !parsed.ok || !known.has(parsed.order.id))
    .map(({ o }) => o);
}

export interface IngestTally {
  found: number;
  /** Orders whose fields did not pass the webhook's checks, by name, with why. */
  unreadable: { orderName: string; problem: string }[];
}

/** Ingest each: the same path a webhook takes; a later webhook for it then changes nothing. */
export async function ingestEach(
  ports: Pick<RegularCheckPorts, "record">,
  shop: string,
  orders: readonly WholeAdminOrder[],
): Promise<IngestTally> {
  const tally: IngestTally = { found: 0, unreadable: [] };
  if (orders.length === 0) return tally;
  for (const { order, lineItems, problem } of orders) {
    if (problem) {
      tally.unreadable.push({ orderName: order.name, problem });
      continue;
    }
    const parsed = orderFromAdmin(order, lineItems);
    if (!parsed.ok) {
      tally.unreadable.push({ orderName: parsed.orderName, problem: parsed.problem });
      continue;
    }
    const result = await ports.record({
      shop,
      order: parsed.order,
      shopifyPaidAt: order.processedAt,
    });
    // Another instance's check recorded it first: not a find. (A webhook that arrived meanwhile
    // is one the planner recognises by its shop order.)
    if (result === "recorded") tally.found++;
  }
  return tally;
}

/** Why a look failed, in the merchant's words, without anything secret. */
export function lookProblem(error: unknown): string {
  if (error instanceof ShopifyAdminError) {
    if (error.kind === "throttled")
      return "Shopify asked the app to slow down; the next check goes on from here.";
    if (error.kind === "unavailable")
      return "Shopify could not be reached; the next check tries again.";
    if (error.kind === "not_connected")
      return "Print Connect has lost its access to your Shopify store. Open it from your Shopify admin to give the access back; the next check goes on from here.";
    return `Shopify refused the orders query: ${error.message.slice(0, 200)}`;
  }
  const text = error instanceof Error ? error.message : String(error);
  return `The orders could not be read from Shopify: ${text.replace(/\s+/g, " ").slice(0, 200)}`;
}
