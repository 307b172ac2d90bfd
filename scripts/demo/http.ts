/** Requests to the stand-ins' control APIs and to the app, as the demo makes them. */
import { APP } from "./config";

export async function call<T>(url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json", "User-Agent": "print-connect-demo" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A request to the app's admin as the embedded app makes it: a fresh session
 * token for the demo shop (sandbox mode hands them out at /dev/session-token)
 * and Remix's `_data` parameter, so the route's loader or action answers JSON
 * (a redirect answers 204 with the place in `X-Remix-Redirect`).
 */
export async function adminResponse(
  pathname: string,
  routeId: string,
  form?: Record<string, string>,
): Promise<Response> {
  const { token } = await call<{ token: string }>(`${APP}/dev/session-token`);
  const url = new URL(pathname, APP);
  url.searchParams.set("_data", routeId);
  return fetch(url, {
    method: form ? "POST" : "GET",
    headers: {
      Authorization: `Bearer ${token}`,
      // The Shopify library answers 410 to what `isbot` takes for a bot (Node's own "node",
      // and "print-connect-demo" too); this is the merchant's embedded app speaking.
      "User-Agent": "Mozilla/5.0 (print-connect-demo)",
      ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
    ...(form ? { body: new URLSearchParams(form) } : {}),
  });
}

/** The same request, its JSON answer read. */
export async function admin<T>(
  pathname: string,
  routeId: string,
  form?: Record<string, string>,
): Promise<{ status: number; body: T }> {
  const response = await adminResponse(pathname, routeId, form);
  const text = await response.text();
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    throw new Error(`${pathname} answered ${response.status}: ${text.slice(0, 200)}`);
  }
  return { status: response.status, body };
}

export async function reachable(url: string): Promise<boolean> {
  try {
    // Generous: a busy machine answers late, and "no app" starts one.
    return (await fetch(url, { signal: AbortSignal.timeout(3_000) })).ok;
  } catch {
    return false;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
