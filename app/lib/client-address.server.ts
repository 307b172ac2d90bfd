import { getEnv } from "../env.server";
import { resolveClientAddress, trustedProxyMatcher } from "../services/net/client-address";

let isTrustedProxy: ((address: string) => boolean) | undefined;

/** The socket's remote address, as server/app.js puts it in every request's load context. */
function socketAddressOf(context: unknown): string | undefined {
  if (typeof context !== "object" || context === null) return undefined;
  const value = (context as { remoteAddress?: unknown }).remoteAddress;
  return typeof value === "string" ? value : undefined;
}

/**
 * The address a request came from, for rate limits: the connection's peer,
 * or what trusted proxies (TRUSTED_PROXIES) report in X-Forwarded-For.
 * `viaShopifyAppProxy` (only for requests whose app-proxy signature was
 * checked): Shopify's proxy adds the visitor's address, so its report counts
 * too. "unknown" when the server passed no socket address (Vite's dev server).
 */
export function clientAddress(
  request: Request,
  context: unknown,
  options: { viaShopifyAppProxy?: boolean } = {},
): string {
  isTrustedProxy ??= trustedProxyMatcher(getEnv().trustedProxies);
  return (
    resolveClientAddress({
      socketAddress: socketAddressOf(context),
      forwardedFor: request.headers.get("x-forwarded-for"),
      isTrustedProxy,
      reportingHops: options.viaShopifyAppProxy ? 1 : 0,
    }) ?? "unknown"
  );
}
