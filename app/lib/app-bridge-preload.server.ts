import { getEnv } from "../env.server";

const APP_BRIDGE_CDN_URL = "https://cdn.shopify.com/shopifycloud/app-bridge.js";

/**
 * Shopify's library preloads App Bridge from Shopify's CDN (a `Link` header) even
 * when pages load it from APP_BRIDGE_URL (sandbox mode, tests): with that set, the
 * preload names the script the page really loads, so nothing is fetched from
 * elsewhere. Used for the app's documents and for the library's bounce pages.
 */
export function preloadTheLoadedAppBridge(headers: Headers): void {
  const appBridgeUrl = getEnv().appBridgeUrl;
  const link = headers.get("Link");
  if (appBridgeUrl && link?.includes(APP_BRIDGE_CDN_URL)) {
    headers.set("Link", link.replaceAll(APP_BRIDGE_CDN_URL, appBridgeUrl));
  }
}
