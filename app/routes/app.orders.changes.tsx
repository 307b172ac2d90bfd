import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { authenticate } from "../shopify.server";
import { ordersVersion } from "../data/print-orders.server";

/**
 * Resource route the orders list and the order page ask every few seconds
 * (components/order/LiveUpdates.tsx): `GET /app/orders/changes` answers the
 * version of the shop's print orders, `?order=<id>` that of one print order.
 * When it differs from the page's, the page reloads its data in place.
 */

const querySchema = z.object({
  order: z.string().min(1).max(64).optional().catch(undefined),
});

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const version = await ordersVersion({ shop: session.shop, printOrderId: query.order });
  return json({ version }, { headers: { "Cache-Control": "no-store" } });
};
