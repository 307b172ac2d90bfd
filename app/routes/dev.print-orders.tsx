import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { DEMO_SHOP } from "../dev/demo-data.server";
import { devRoutesEnabled } from "../dev/guard.server";
import { listPrintOrdersOfShopOrders } from "../data/print-orders.server";

const query = z.object({
  orders: z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^\d+$/)).min(1).max(200)),
});

/**
 * Sandbox mode only: the demo shop's print orders for some Shopify orders, as
 * JSON, so `npm run demo` can follow what the merchant sees. 404 otherwise.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  if (!devRoutesEnabled()) return new Response("Not Found", { status: 404 });
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success)
    return new Response("orders: a comma-separated list of Shopify order ids", { status: 400 });
  const printOrders = await listPrintOrdersOfShopOrders({
    shop: DEMO_SHOP,
    shopifyOrderIds: parsed.data.orders,
  });
  return json({ printOrders }, { headers: { "Cache-Control": "no-store" } });
};
