import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { clientAddress } from "../lib/client-address.server";
import { authenticateStorefront, storefrontProductInfo } from "../lib/storefront-rates.server";

const VARIANT = /^(\d{1,20}|gid:\/\/shopify\/ProductVariant\/\d{1,20})$/;

/**
 * GET /apps/print-connect/product-info?variant_id=123&country=NL&currency=EUR
 * (app proxy -> /proxy/product-info): print specs and a shipping estimate for
 * the product-page block, and `minimumQuantity` when the print is sold only in
 * sets of that many. Never waits long: what is late is left out.
 */
export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const { shop, url } = await authenticateStorefront(request, {
    clientAddress: clientAddress(request, context, { viaShopifyAppProxy: true }),
  });
  const variantId = url.searchParams.get("variant_id") ?? "";
  if (!VARIANT.test(variantId)) {
    return json({ error: "variant_id must be a variant id" }, { status: 400 });
  }
  const country = url.searchParams.get("country")?.toUpperCase() ?? "";
  const currency = url.searchParams.get("currency")?.toUpperCase() ?? "";
  const { info, cache } = await storefrontProductInfo({
    shop,
    variantId,
    countryCode: /^[A-Z]{2}$/.test(country) ? country : null,
    currency: /^[A-Z]{3}$/.test(currency) ? currency : null,
  });
  const complete = !info.mapped || info.shippingStatus !== "pending";
  return json(info, {
    headers: {
      "Cache-Control": complete ? "private, max-age=300" : "no-store",
      "X-Print-Connect-Cache": cache,
    },
  });
};
