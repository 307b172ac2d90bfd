/**
 * Every signature the print service uses, in one place.
 *
 * - JSON payment `secret`: lowercase hex SHA-256 of `secretKey + orderId` (no separator, no HMAC).
 * - Legacy `set_paid` / `set_quote_and_paid` `secret`: base64 HMAC-SHA1 keyed with the secret key
 *   over `join(merchantApiKey, externalOrderId)`; the join is undocumented, so it is replaceable.
 * - Status callbacks: `signature` = hex SHA-256 of `secretKey + order_id` (same rule as payment).
 */
import { createHmac, hash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { parseJsonExact } from "../lossless-json";

/** JSON `POST /order/payment` secret. */
export function paymentSecret(secretKey: string, orderId: number | string): string {
  // One call, no Hash object: every status callback computes this (a flood of them, at once).
  return hash("sha256", `${secretKey}${String(orderId)}`, "hex");
}

/** How the legacy signature joins its two inputs before hashing. */
export type LegacySecretJoin = (merchantApiKey: string, externalOrderId: string) => string;

/**
 * Default join: plain concatenation in the order listed (merchantApiKey then externalOrderId),
 * as the service's other legacy signatures do. Replace via the client's `legacySecretJoin` option.
 */
export const concatLegacySecretJoin: LegacySecretJoin = (merchantApiKey, externalOrderId) =>
  `${merchantApiKey}${externalOrderId}`;

/** Legacy `secret`: base64 HMAC-SHA1 keyed with the merchant secret key. */
export function legacySecret(
  secretKey: string,
  merchantApiKey: string,
  externalOrderId: string | number,
  join: LegacySecretJoin = concatLegacySecretJoin,
): string {
  return createHmac("sha1", secretKey)
    .update(join(merchantApiKey, String(externalOrderId)), "utf8")
    .digest("base64");
}

/** Constant-time equality of two hex digests (case-insensitive). Different lengths -> false. */
export function hexDigestEquals(expectedHex: string, givenHex: string): boolean {
  if (!/^[0-9a-fA-F]*$/.test(givenHex) || givenHex.length % 2 !== 0) return false;
  const a = Buffer.from(expectedHex.toLowerCase(), "hex");
  const b = Buffer.from(givenHex.toLowerCase(), "hex");
  if (a.length === 0 || a.length !== b.length) return false;
  return timingSafeEqual(a, b);
}

// ---------------------------------------------------------------------------------------------
// Status callbacks

const optionalText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === "" ? undefined : String(v)));

/** The longest order state the service names is 24 characters; anything far longer is not one. */
export const STATUS_TEXT_MAX = 64;

/** zod parser for the body the service POSTs to the merchant's status URL. */
export const statusCallbackSchema = z
  .object({
    signature: z.string().min(1),
    // Kept as exact decimal text: the signature covers the id's digits, and an
    // id beyond 2^53 must not become another order's by rounding.
    order_id: z.union([
      z
        .number()
        .int()
        .positive()
        .refine(Number.isSafeInteger, "order id beyond 2^53 arrived as a rounded number")
        .transform(String),
      z
        .string()
        .regex(/^0*[1-9]\d*$/, "expected a positive integer order id")
        .transform((v) => v.replace(/^0+/, "")),
    ]),
    order_reference: optionalText,
    old_status: optionalText.refine((v) => v === undefined || v.length <= STATUS_TEXT_MAX, {
      message: `at most ${STATUS_TEXT_MAX} characters`,
    }),
    new_status: z.string().min(1).max(STATUS_TEXT_MAX),
    tracking_code: optionalText,
    tracking_url: optionalText,
  })
  .transform((b) => ({
    signature: b.signature,
    orderId: b.order_id,
    orderReference: b.order_reference,
    oldStatus: b.old_status,
    newStatus: b.new_status,
    trackingCode: b.tracking_code,
    trackingUrl: b.tracking_url,
  }));

export type StatusCallback = z.output<typeof statusCallbackSchema>;

export type StatusCallbackVerification =
  | { ok: true; callback: StatusCallback }
  | {
      ok: false;
      reason: "invalid_body" | "missing_signature" | "bad_signature";
      issues?: string[];
    };

/** Verifies a callback's signature against `secretKey + order_id` (constant-time compare). */
export function verifyCallbackSignature(
  secretKey: string,
  orderId: number | string,
  signature: string | undefined | null,
): boolean {
  if (!signature) return false;
  return hexDigestEquals(paymentSecret(secretKey, orderId), signature);
}

/**
 * Parses and verifies a status callback body (a parsed object or the raw JSON
 * text; give the text, so that an order id beyond 2^53 is read exactly).
 * The signature covers only the order id: treat a verified callback as a hint and re-read
 * `GET /order/details` before acting. Callbacks may be late, duplicated or out of order.
 */
export function verifyStatusCallback(body: unknown, secretKey: string): StatusCallbackVerification {
  let value = body;
  if (typeof body === "string") {
    try {
      value = parseJsonExact(body);
    } catch {
      return { ok: false, reason: "invalid_body", issues: ["not JSON"] };
    }
  }
  if (value !== null && typeof value === "object") {
    const sig = (value as Record<string, unknown>)["signature"];
    if (sig === undefined || sig === null || sig === "")
      return { ok: false, reason: "missing_signature" };
  }
  const parsed = statusCallbackSchema.safeParse(value);
  if (!parsed.success) {
    return {
      ok: false,
      reason: "invalid_body",
      issues: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`),
    };
  }
  if (!verifyCallbackSignature(secretKey, parsed.data.orderId, parsed.data.signature)) {
    return { ok: false, reason: "bad_signature" };
  }
  return { ok: true, callback: parsed.data };
}
