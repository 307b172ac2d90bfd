import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { devRoutesEnabled } from "../dev/guard.server";
import { embeddedAppPath } from "../dev/sign-in.server";

/**
 * The page to open: `to` resolved against the app's origin first, then
 * checked, so dot segments cannot climb out (`/app/..//evil.example` resolves
 * to `//evil.example`, another host, which would receive the session token).
 * Only /app and pages under it, on the app's own origin.
 */
function appTarget(to: string | null, appOrigin: string): string {
  // eslint-disable-next-line no-control-regex
  if (!to || /[\\\u0000-\u001f\u007f]/.test(to)) return "/app";
  let resolved: URL;
  try {
    resolved = new URL(to, appOrigin);
  } catch {
    return "/app";
  }
  const underApp = resolved.pathname === "/app" || resolved.pathname.startsWith("/app/");
  if (resolved.origin !== appOrigin || !underApp) return "/app";
  return `${resolved.pathname}${resolved.search}`;
}

/**
 * Sandbox mode's sign-in: opens the app the way Shopify admin would, with the
 * demo shop's `shop`, `host` and a freshly minted `id_token` (a session token
 * signed with the app secret, checked by authenticate.admin like any other).
 * `?to=/app/...` opens another page of the app. 404 outside sandbox mode and
 * in production.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  if (!devRoutesEnabled()) return new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  return redirect(embeddedAppPath(appTarget(url.searchParams.get("to"), url.origin)), {
    headers: { "Cache-Control": "no-store" },
  });
};
