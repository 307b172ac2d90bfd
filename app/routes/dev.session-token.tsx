import { json } from "@remix-run/node";
import { devRoutesEnabled } from "../dev/guard.server";
import { mintDemoSessionToken } from "../dev/sign-in.server";

/**
 * Sandbox mode only: a fresh session token for the demo shop, where the App
 * Bridge stand-in (public/sandbox/app-bridge.js) gets what Shopify admin would
 * hand the real App Bridge. 404 outside sandbox mode and in production.
 */
export const loader = async () => {
  if (!devRoutesEnabled()) return new Response("Not Found", { status: 404 });
  return json({ token: mintDemoSessionToken() }, { headers: { "Cache-Control": "no-store" } });
};
