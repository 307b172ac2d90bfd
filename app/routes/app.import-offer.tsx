import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { authenticate } from "../shopify.server";
import { findImportOffer } from "../pages/import-orders/offer.server";

/**
 * Home's one-time offer to import past orders, asked by Home once it is shown: it reads
 * Shopify's orders, so Home itself never waits for it.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  return json(
    { offer: await findImportOffer({ shop: session.shop, admin }) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
};
