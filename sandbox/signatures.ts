// Every signature the service uses, each one replaceable function.
import { createHash, createHmac } from "node:crypto";

/** JSON payment secret and status-callback signature: hex SHA-256 of secretKey + orderId. */
export function paymentSecret(secretKey: string, orderId: number | string): string {
  return createHash("sha256").update(`${secretKey}${orderId}`).digest("hex");
}

/** Legacy set_paid / set_quote_and_paid: base64 HMAC-SHA1(secretKey, merchantApiKey + externalOrderId). */
export function legacyOrderSecret(
  secretKey: string,
  merchantApiKey: string,
  externalOrderId: string,
): string {
  return createHmac("sha1", secretKey)
    .update(`${merchantApiKey}${externalOrderId}`)
    .digest("base64");
}

/** Legacy quote `secret`: base64 HMAC-SHA1 over the quoted values, so a quote cannot be edited. */
export function legacyQuoteSecret(key: string, fields: readonly (string | number)[]): string {
  return createHmac("sha1", key).update(fields.join("")).digest("base64");
}

/** Legacy upload policy signature (S3 style): base64 HMAC-SHA1 of the base64 policy. */
export function uploadPolicySignature(secretKey: string, base64Policy: string): string {
  return createHmac("sha1", secretKey).update(base64Policy).digest("base64");
}

/** Stable pseudo-random hex derived from the seed (ids and tokens stay repeatable). */
export function derivedHex(seed: number, label: string, length: number): string {
  return createHash("sha256").update(`${seed}:${label}`).digest("hex").slice(0, length);
}

export function safeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
