import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { clientAddress } from "../lib/client-address.server";
import { authenticateStorefront, storefrontCheckout } from "../lib/storefront-rates.server";
import { variantGid } from "../services/shopify-admin/ids";

const ID = /^\d{1,20}$/;

function variantIdsOf(url: URL): string[] {
  const ids = (url.searchParams.get("variant_ids") ?? url.searchParams.get("variant_id") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => ID.test(s))
    .slice(0, 100);
  return ids.flatMap((id) => [id, variantGid(id)]);
}

/**
 * Where to send the visitor back to: a path on the shop's own storefront.
 * Browsers read `/\evil.example` and `/\t/evil.example` as other hosts, so
 * the value is resolved the way a browser would, against the shop's origin,
 * and only kept when it stays there. Answered as a path (the storefront may
 * be on a custom domain), and never one starting with "//".
 */
function storefrontReturnPath(returnTo: string | null, shop: string): string {
  // Backslashes and control characters have no business in a storefront path.
  // eslint-disable-next-line no-control-regex
  if (!returnTo || !returnTo.startsWith("/") || /[\\\u0000-\u001f\u007f]/.test(returnTo))
    return "/";
  const origin = `https://${shop}`;
  let url: URL;
  try {
    url = new URL(returnTo, origin);
  } catch {
    return "/";
  }
  if (url.origin !== origin || url.pathname.startsWith("//")) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * GET /apps/print-connect/publication?variant_ids=1,2,3 (-> /proxy/publication):
 * the hosted checkout of the product's listing, for the "Order a printed copy"
 * block. With `redirect=1` it sends the visitor straight there (the block's
 * link works without JavaScript), or back to `return_to` when there is none.
 */
export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const { shop, url } = await authenticateStorefront(request, {
    clientAddress: clientAddress(request, context, { viaShopifyAppProxy: true }),
  });
  const checkout = await storefrontCheckout({ shop, variantIds: variantIdsOf(url) });
  if (url.searchParams.get("redirect") === "1") {
    if (checkout) return redirect(checkout.checkoutUrl, 302);
    return redirect(storefrontReturnPath(url.searchParams.get("return_to"), shop), 302);
  }
  return json(checkout ? { available: true, ...checkout } : { available: false }, {
    headers: { "Cache-Control": "private, max-age=300" },
  });
};
