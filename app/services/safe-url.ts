/**
 * Links that come from outside (a customer's line-item property, the print
 * service's tracking URL, a publication's checkout page) end up as <a href>
 * in the admin and as redirects. Only absolute http and https URLs may: a
 * `javascript:` or `data:` URL would run in the app's origin. Used when such
 * a value is stored and again when it is rendered. Pure: services, pages, data and
 * components may all import it.
 */

import { isHttpUrl as isServiceUrl } from "./print/input-rules";

/** The URL, trimmed, when it is an absolute http(s) URL; otherwise null. */
export function httpUrlOrNull(value: unknown): string | null {
  if (typeof value !== "string") return null;
  // The print service's own rule (control characters refused, `//` and a host
  // required), so a link accepted here is one the service would take too.
  const trimmed = value.trim();
  return isServiceUrl(trimmed) ? trimmed : null;
}

/** Whether the value is an absolute http(s) URL (see httpUrlOrNull). */
export function isHttpUrl(value: unknown): value is string {
  return httpUrlOrNull(value) !== null;
}
