import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { devRoutesEnabled, embeddedAppPath } from "../sandbox-mode.server";

/**
 * Sandbox mode's sign-in: opens the app the way Shopify admin would, with the
 * demo shop's `shop`, `host` and a freshly minted `id_token` (a session token
 * signed with the app secret, checked by authenticate.admin like any other).
 * `?to=/app/...` opens another page of the app. 404 outside sandbox mode and
 * in production.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  if (!devRoutesEnabled()) return new Response("Not Found", { status: 404 });
  const to = new URL(request.url).searchParams.get("to");
  const target = to && /^\/app(?:[/?#]|$)/.test(to) ? to : "/app";
  return redirect(embeddedAppPath(target), { headers: { "Cache-Control": "no-store" } });
};
