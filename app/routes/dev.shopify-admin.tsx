import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { devRoutesEnabled } from "../dev/guard.server";
import { getEnv } from "../env.server";

const SHOP_ADMIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/**
 * Sandbox mode only: a shop's admin address the app sends the merchant to
 * (the grant screen of `scopes.request`) cannot be opened offline. The App
 * Bridge stand-in sends it here; the app asks the Shopify stand-in for it
 * (the process-wide redirect takes *.myshopify.com there) and follows the
 * stand-in's answer back into the app. 404 outside sandbox mode.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  if (!devRoutesEnabled()) return new Response("Not Found", { status: 404 });
  const to = new URL(request.url).searchParams.get("to") ?? "";
  let target: URL;
  try {
    target = new URL(to);
  } catch {
    return new Response("`to` must be a shop's admin address", { status: 400 });
  }
  if (
    target.protocol !== "https:" ||
    !SHOP_ADMIN.test(target.hostname) ||
    !target.pathname.startsWith("/admin/oauth/")
  ) {
    return new Response("`to` must be a shop's admin OAuth address", { status: 400 });
  }
  const answer = await fetch(target, { redirect: "manual" });
  const location = answer.headers.get("Location");
  const appOrigin = new URL(getEnv().shopifyAppUrl).origin;
  if (answer.status >= 300 && answer.status < 400 && location) {
    const next = new URL(location, appOrigin);
    // Only back into this app: never an open redirect.
    if (next.origin === appOrigin) return redirect(next.pathname + next.search);
  }
  return new Response(`The Shopify stand-in answered ${answer.status} to ${target.pathname}`, {
    status: 502,
  });
};
