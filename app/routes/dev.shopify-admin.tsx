import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { devRoutesEnabled } from "../dev/guard.server";
import { getEnv } from "../env.server";

const SHOP_ADMIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
/** The shop admin pages the app links merchants to, which the Shopify stand-in draws. */
const ADMIN_PAGES = [
  /^\/admin\/products\/\d{1,20}$/,
  /^\/admin\/themes\/(current|\d{1,20})\/editor$/,
];

/**
 * Sandbox mode only: a shop's admin address cannot be opened offline. The App Bridge stand-in
 * sends the merchant here with it (`?to=`): the grant screen of `scopes.request` (the app asks
 * the Shopify stand-in, which the process-wide redirect reaches, and follows its answer back
 * into the app), and the pages the app links to, "Open in Shopify" (a product) and the theme
 * editor's "Add block" link, which the stand-in draws and this route passes on, their form
 * included. 404 outside sandbox mode.
 */
function adminTarget(request: Request): URL | Response {
  const to = new URL(request.url).searchParams.get("to") ?? "";
  let target: URL;
  try {
    target = new URL(to);
  } catch {
    return new Response("`to` must be a shop's admin address", { status: 400 });
  }
  if (target.protocol !== "https:" || !SHOP_ADMIN.test(target.hostname)) {
    return new Response("`to` must be a shop's admin address", { status: 400 });
  }
  return target;
}

const isAdminPage = (target: URL) => ADMIN_PAGES.some((p) => p.test(target.pathname));

/** A redirect the stand-in answered, back into this route (for its own pages) or the app. */
function follow(answer: Response, target: URL): Response {
  const location = answer.headers.get("Location");
  if (!location) {
    return new Response(`The Shopify stand-in answered ${answer.status} to ${target.pathname}`, {
      status: 502,
    });
  }
  const appOrigin = new URL(getEnv().shopifyAppUrl).origin;
  const next = new URL(location, target);
  if (next.origin === target.origin && isAdminPage(next))
    return redirect(`/dev/shopify-admin?to=${encodeURIComponent(next.toString())}`, 303);
  const back = new URL(location, appOrigin);
  // Only back into this app: never an open redirect.
  if (back.origin === appOrigin) return redirect(back.pathname + back.search);
  return new Response(`The Shopify stand-in answered ${answer.status} to ${target.pathname}`, {
    status: 502,
  });
}

/** The stand-in's page as it drew it (HTML), or its answer followed. */
async function passOn(answer: Response, target: URL): Promise<Response> {
  if (answer.status >= 300 && answer.status < 400) return follow(answer, target);
  return new Response(await answer.text(), {
    status: answer.status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export const loader = async ({ request }: LoaderFunctionArgs) => {
  if (!devRoutesEnabled()) return new Response("Not Found", { status: 404 });
  const target = adminTarget(request);
  if (target instanceof Response) return target;
  if (isAdminPage(target)) return passOn(await fetch(target, { redirect: "manual" }), target);
  if (!target.pathname.startsWith("/admin/oauth/")) {
    return new Response("`to` must be a shop's admin OAuth address or a page apps link to", {
      status: 400,
    });
  }
  const answer = await fetch(target, { redirect: "manual" });
  if (answer.status >= 300 && answer.status < 400) return follow(answer, target);
  return new Response(`The Shopify stand-in answered ${answer.status} to ${target.pathname}`, {
    status: 502,
  });
};

/** The theme editor's "Add block and save", passed on to the stand-in. */
export const action = async ({ request }: ActionFunctionArgs) => {
  if (!devRoutesEnabled()) return new Response("Not Found", { status: 404 });
  const target = adminTarget(request);
  if (target instanceof Response) return target;
  if (!isAdminPage(target)) return new Response("Not Found", { status: 404 });
  const body = new URLSearchParams();
  for (const [key, value] of await request.formData())
    if (typeof value === "string") body.append(key, value);
  const answer = await fetch(target, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  return passOn(answer, target);
};
