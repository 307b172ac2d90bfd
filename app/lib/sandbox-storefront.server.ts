import { getEnv } from "../env.server";

/**
 * Where a shop's storefront is, for links that go through the app proxy: the shop's own domain,
 * or in sandbox mode the Shopify stand-in's storefront for the shop (it plays the app proxy,
 * signing as Shopify does). The stand-in's address is registered by the process that started
 * it, else found on its fixed port.
 */
let registered: string | null = null;

export function registerSandboxShopifyUrl(url: string) {
  registered = url.replace(/\/$/, "");
}

export function storefrontOrigin(shop: string): string {
  const env = getEnv();
  if (env.mode === "shopify") return `https://${shop}`;
  const standIn = registered ?? `http://127.0.0.1:${env.sandboxShopifyPort}`;
  return `${standIn}/storefront/${encodeURIComponent(shop)}`;
}
