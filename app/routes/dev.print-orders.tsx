import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { demoPrintOrders } from "../dev/demo-orders.server";
import { devRoutesEnabled } from "../dev/guard.server";

const query = z.object({
  orders: z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    // Shopify order numbers, or proofs' keys ("proof-<request key>": no Shopify order).
    .pipe(
      z
        .array(z.string().regex(/^(?:\d{1,20}|proof-[A-Za-z0-9_-]{22,100})$/))
        .min(1)
        .max(200),
    ),
});

/**
 * Sandbox mode only: the demo shop's print orders for some Shopify orders (or proof copies),
 * and which of them are recorded but not planned yet, as JSON, so `npm run demo` can follow
 * what the merchant sees. 404 otherwise.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  if (!devRoutesEnabled()) return new Response("Not Found", { status: 404 });
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success)
    return new Response("orders: a comma-separated list of Shopify order ids or proof keys", {
      status: 400,
    });
  return json(await demoPrintOrders(parsed.data.orders), {
    headers: { "Cache-Control": "no-store" },
  });
};
