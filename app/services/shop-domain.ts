/**
 * Shopify shop domains: `<handle>.myshopify.com`, or `<handle>.<SHOP_CUSTOM_DOMAIN>`
 * when the operator set one. A webhook's shop header, an app proxy's `shop`
 * parameter or a session token's `dest` naming anything else is refused
 * before it is used as a key.
 */
const HANDLE = "[a-z0-9][a-z0-9-]{0,99}";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** `SHOP_CUSTOM_DOMAIN` as a bare lower-case domain (a leading dot or scheme dropped). */
export function normalizeCustomDomain(customDomain: string | undefined): string | undefined {
  const domain = customDomain
    ?.trim()
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/^\.+|\/+$/g, "");
  return domain ? domain : undefined;
}

export function isShopDomain(value: unknown, customDomain?: string): value is string {
  if (typeof value !== "string" || value.length > 255) return false;
  if (new RegExp(`^${HANDLE}\\.myshopify\\.com$`).test(value)) return true;
  const custom = normalizeCustomDomain(customDomain);
  return custom !== undefined && new RegExp(`^${HANDLE}\\.${escapeRegExp(custom)}$`).test(value);
}
