import { z } from "zod";
import { ordersVersion } from "../../data/print-orders.server";

/** The order pages' change stamp, which they ask for every few seconds (routes/app.orders.changes.tsx). */

const querySchema = z.object({
  order: z.string().min(1).max(64).optional().catch(undefined),
});

export async function loadOrdersVersion({ shop, url }: { shop: string; url: URL }) {
  const query = querySchema.parse(Object.fromEntries(url.searchParams));
  return { version: await ordersVersion({ shop, printOrderId: query.order }) };
}
