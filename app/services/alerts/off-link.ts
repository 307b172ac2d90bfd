/**
 * The link in every alert e-mail that turns that kind of alert off for the shop, without
 * signing in: it carries the shop, the kind and an HMAC of both under the app's secret, so
 * nobody can turn off another shop's alerts by guessing.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const ALERT_KINDS = ["attention", "webhooks", "payment", "prices", "weekly"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const isAlertKind = (value: string): value is AlertKind =>
  (ALERT_KINDS as readonly string[]).includes(value);

function signature(secret: string, shop: string, kind: AlertKind): string {
  return createHmac("sha256", secret).update(`alerts-off:${shop}:${kind}`).digest("base64url");
}

export function alertOffUrl(appUrl: string, secret: string, shop: string, kind: AlertKind) {
  const url = new URL("/alerts/off", appUrl);
  url.searchParams.set("shop", shop);
  url.searchParams.set("kind", kind);
  url.searchParams.set("sig", signature(secret, shop, kind));
  return url.toString();
}

export function alertOffSignatureValid(
  secret: string,
  shop: string,
  kind: AlertKind,
  sig: string,
): boolean {
  const expected = Buffer.from(signature(secret, shop, kind));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
