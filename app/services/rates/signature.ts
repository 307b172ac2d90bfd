import { createHmac, timingSafeEqual } from "node:crypto";

/** Shopify signs carrier-service requests like webhooks: base64 HMAC-SHA256 of the raw body. */
export function verifyShopifyBodySignature(
  rawBody: string,
  signature: string | null,
  secret: string,
): boolean {
  if (!signature) return false;
  const expected = createHmac("sha256", secret).update(rawBody, "utf8").digest();
  let given: Buffer;
  try {
    given = Buffer.from(signature, "base64");
  } catch {
    return false;
  }
  return given.length === expected.length && timingSafeEqual(given, expected);
}
