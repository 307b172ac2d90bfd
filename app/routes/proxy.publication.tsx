import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { findPublicationForVariants } from "../models/storefront.server";
import { authenticateStorefront } from "../services/rates/app.server";
import { variantGid } from "../services/rates/rate-request";

const ID = /^\d{1,20}$/;

function variantIdsOf(url: URL): string[] {
  const ids = (url.searchParams.get("variant_ids") ?? url.searchParams.get("variant_id") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => ID.test(s))
    .slice(0, 100);
  return ids.flatMap((id) => [id, variantGid(id)]);
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === "https:" || u.protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * GET /apps/print-connect/publication?variant_ids=1,2,3 (-> /proxy/publication):
 * the hosted checkout of the product's listing, for the "Order a printed copy"
 * block. With `redirect=1` it sends the visitor straight there (the block's
 * link works without JavaScript), or back to `return_to` when there is none.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { shop, url } = await authenticateStorefront(request);
  const publication = await findPublicationForVariants({ shop, variantIds: variantIdsOf(url) });
  const available = publication !== null && isHttpUrl(publication.checkoutUrl);
  if (url.searchParams.get("redirect") === "1") {
    if (available) return redirect(publication.checkoutUrl, 302);
    const back = url.searchParams.get("return_to") ?? "/";
    return redirect(back.startsWith("/") && !back.startsWith("//") ? back : "/", 302);
  }
  return json(
    available
      ? { available, title: publication.title, checkoutUrl: publication.checkoutUrl }
      : { available },
    { headers: { "Cache-Control": "private, max-age=300" } },
  );
};
