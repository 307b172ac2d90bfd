import { redirect } from "@remix-run/node";
import { devRoutesEnabled } from "./guard.server";

/** Where shopify-app-remix sends a request that carries no shop (authPathPrefix + "/login"). */
const LIBRARY_LOGIN_PATH = "/auth/login";
/** Parameters of the embedded context: the sign-in mints them afresh. */
const CONTEXT_PARAMS = ["embedded", "shop", "host", "id_token", "hmac", "timestamp", "session"];
/** Remix's own query parameters on data requests. */
const REMIX_PARAMS = ["_data", "index"];

/**
 * The page a sign-in should open for this request: its path and query, without
 * the embedded context (stale or partial) and Remix's data parameters.
 */
export function pageOfRequest(request: Request): string {
  const url = new URL(request.url);
  for (const name of [...CONTEXT_PARAMS, ...REMIX_PARAMS]) url.searchParams.delete(name);
  return `${url.pathname}${url.search}`;
}

/**
 * In sandbox mode a deep link opened without the embedded context (a copied
 * /app/orders/123, a new tab) would be sent to the library's login page or to
 * admin.shopify.com: dead ends with no Shopify admin. It goes to the dev
 * sign-in instead, which opens the page asked for (dev.login checks `to`).
 * Anything else thrown by `authenticate.admin` is returned as it is, and in
 * Shopify mode nothing changes.
 */
export function signInInsteadOfLogin(request: Request, thrown: unknown): unknown {
  if (!devRoutesEnabled() || !(thrown instanceof Response)) return thrown;
  if (thrown.status < 300 || thrown.status >= 400) return thrown;
  const location = thrown.headers.get("Location");
  if (!location) return thrown;
  const target = new URL(location, request.url);
  const leavesApp = target.origin !== new URL(request.url).origin;
  if (!leavesApp && target.pathname !== LIBRARY_LOGIN_PATH) return thrown;
  return redirect(`/dev/login?to=${encodeURIComponent(pageOfRequest(request))}`, {
    headers: { "Cache-Control": "no-store" },
  });
}
