/**
 * How sandbox mode signs in as the demo shop: session tokens minted with the
 * app secret, and the URL Shopify admin would load in the app's iframe.
 */
import { mintSessionToken } from "../../sandbox/shopify/session-token";
import { getEnv } from "../env.server";
import { DEMO_SHOP } from "./demo-data.server";

/** A fresh App Bridge session token for the demo shop (60 s), signed with the app secret. */
export function mintDemoSessionToken(shop: string = DEMO_SHOP): string {
  const env = getEnv();
  return mintSessionToken({ apiKey: env.shopifyApiKey, apiSecret: env.shopifyApiSecret, shop });
}

/** The `host` parameter Shopify admin gives an embedded app: base64 of `admin.shopify.com/store/<name>`. */
export function adminHostParam(shop: string = DEMO_SHOP): string {
  return Buffer.from(`admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, "")}`).toString(
    "base64",
  );
}

/**
 * The URL Shopify admin would load in the app's iframe: `embedded=1`, `shop`,
 * `host` and a fresh `id_token`, which `authenticate.admin` accepts on a
 * document request with the token-exchange strategy.
 */
export function embeddedAppPath(path: string, shop: string = DEMO_SHOP): string {
  const url = new URL(path, "http://app.invalid");
  url.searchParams.set("embedded", "1");
  url.searchParams.set("shop", shop);
  url.searchParams.set("host", adminHostParam(shop));
  url.searchParams.set("id_token", mintDemoSessionToken(shop));
  return `${url.pathname}${url.search}`;
}
