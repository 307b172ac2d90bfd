/**
 * The app proxy, as Shopify runs it on a shop's storefront: a request for
 * `/apps/print-connect/<path>` on the shop's domain goes to the app's proxy URL
 * (shopify.app.toml: `<app>/proxy/<path>`), with the shop, the path prefix, the logged-in
 * customer (none here) and a timestamp added to its query and signed with the app's secret
 * (HMAC-SHA256 of the sorted `key=value` pairs, hex). Method, form body and answer pass
 * through; cookies do not. The stand-in has no storefront domains, so a shop's storefront is
 * `/storefront/<shop domain>` on the stand-in.
 */
import { createHmac } from "node:crypto";
import type { FakeServerState } from "./context";
import { HttpReply } from "./reply";

export const APP_PROXY_PREFIX = "/apps/print-connect";
const STOREFRONT = /^\/storefront\/([a-z0-9][a-z0-9.-]*\.myshopify\.com)(\/.*)$/;

/** The storefront request's shop and its path there, or null when it is no storefront path. */
export function storefrontPath(path: string): { shop: string; path: string } | null {
  const match = STOREFRONT.exec(path);
  return match ? { shop: match[1]!, path: match[2]! } : null;
}

export function appProxySignature(secret: string, params: URLSearchParams): string {
  const pairs = new Map<string, string[]>();
  for (const [key, value] of params) {
    if (key === "signature") continue;
    pairs.set(key, [...(pairs.get(key) ?? []), value]);
  }
  const message = [...pairs.keys()]
    .sort((a, b) => a.localeCompare(b))
    .map((key) => `${key}=${pairs.get(key)!.join(",")}`)
    .join("");
  return createHmac("sha256", secret).update(message).digest("hex");
}

export async function handleAppProxy(
  fake: FakeServerState,
  shop: string,
  path: string,
  method: string,
  url: URL,
  body: Buffer,
  contentType: string | undefined,
): Promise<HttpReply> {
  if (!fake.state.shops.has(shop)) return page(404, "This shop does not exist.");
  if (!path.startsWith(`${APP_PROXY_PREFIX}/`) && path !== APP_PROXY_PREFIX)
    return page(404, "Only the app proxy is served on this storefront.");
  if (!fake.appUrl) return page(502, "The app's URL is not known to the stand-in.");
  const query = new URLSearchParams(url.search);
  for (const key of ["shop", "logged_in_customer_id", "path_prefix", "timestamp", "signature"])
    query.delete(key);
  query.set("shop", shop);
  query.set("logged_in_customer_id", "");
  query.set("path_prefix", APP_PROXY_PREFIX);
  // Real time: the app checks the timestamp against its own clock, not the stand-in's.
  query.set("timestamp", String(Math.floor(Date.now() / 1000)));
  query.set("signature", appProxySignature(fake.options.apiSecret, query));
  const target = `${fake.appUrl}/proxy${path.slice(APP_PROXY_PREFIX.length)}?${query}`;
  try {
    const response = await fetch(target, {
      method,
      headers: {
        ...(contentType ? { "Content-Type": contentType } : {}),
        Accept: "text/html, application/json",
      },
      ...(method === "GET" || method === "HEAD" ? {} : { body: new Uint8Array(body) }),
      redirect: "manual",
      signal: AbortSignal.timeout(15_000),
    });
    const headers: Record<string, string> = {};
    for (const name of [
      "content-type",
      "cache-control",
      "content-security-policy",
      "referrer-policy",
      "x-robots-tag",
      "x-content-type-options",
      "location",
    ]) {
      const value = response.headers.get(name);
      if (value) headers[name] = value;
    }
    return new HttpReply(response.status, Buffer.from(await response.arrayBuffer()), headers);
  } catch {
    return page(502, "The app did not answer the proxy.");
  }
}

function page(status: number, text: string): HttpReply {
  return new HttpReply(
    status,
    Buffer.from(`<!doctype html><title>${status}</title><p>${text}</p>`),
    {
      "Content-Type": "text/html; charset=utf-8",
    },
  );
}
