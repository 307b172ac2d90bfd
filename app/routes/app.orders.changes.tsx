import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { authenticate } from "../shopify.server";
import { loadOrdersVersion } from "../pages/orders/changes.server";

/**
 * Resource route the orders list and the order page ask every few seconds
 * (components/order/LiveUpdates.tsx): `GET /app/orders/changes` answers the
 * version of the shop's print orders, `?order=<id>` that of one print order.
 * When it differs from the page's, the page reloads its data in place.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const answer = await loadOrdersVersion({ shop: session.shop, url: new URL(request.url) });
  return json(answer, { headers: { "Cache-Control": "no-store" } });
};
