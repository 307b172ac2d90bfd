import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Shopify's webhook signature: the base64 HMAC-SHA256 of the raw body under the app's secret,
 * compared in constant time. The body's bytes are signed, so they are checked as bytes.
 */
export function webhookSignatureValid(
  rawBody: Uint8Array,
  signature: string,
  secret: string,
): boolean {
  const expected = createHmac("sha256", secret).update(rawBody).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
