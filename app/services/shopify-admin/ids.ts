import { z } from "zod";

/**
 * Shopify ids as exact decimal text. Ids of orders, line items and customers
 * can exceed 2^53, so an id never passes through a JS number: payloads are
 * parsed with parseJsonLossless (big integers arrive as text), and a number
 * that is not a safe integer has already been rounded somewhere, so it is
 * refused rather than guessed at.
 */

const DIGITS = /^\d+$/;
const GID = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)(?:\?.*)?$/;

/** A numeric Shopify id (a number or digit text) as its exact decimal text. */
export const shopifyNumericId = z.union([
  z
    .number()
    .int()
    .nonnegative()
    .refine(Number.isSafeInteger, "id beyond 2^53 arrived as a rounded number")
    .transform(String),
  z.string().trim().regex(DIGITS, "expected a numeric Shopify id"),
]);

/** The numeric part of a GID of the given type (`gid://shopify/Order/820982911946154508`). */
export function gidNumber(gid: string, type: string): string | undefined {
  const m = GID.exec(gid);
  return m && m[1] === type ? m[2] : undefined;
}

/** An `admin_graphql_api_id` that must name a resource of the given type. */
export function adminGraphqlApiId(type: string) {
  return z
    .string()
    .refine((v) => gidNumber(v, type) !== undefined, `expected a gid://shopify/${type}/… id`);
}

/**
 * The id a REST-shaped object is keyed on: the number of its
 * `admin_graphql_api_id` where it has one (exact text, whatever parsed the
 * body), otherwise its `id`.
 */
export function keyedId(
  type: string,
  object: { id?: string | null | undefined; admin_graphql_api_id?: string | null | undefined },
): string | undefined {
  const fromGid = object.admin_graphql_api_id
    ? gidNumber(object.admin_graphql_api_id, type)
    : undefined;
  return fromGid ?? object.id ?? undefined;
}

/** A GID of the given type from a numeric id; a GID passes unchanged. */
function gidOf(type: string, id: string): string {
  return id.startsWith("gid://") ? id : `gid://shopify/${type}/${id}`;
}

export const variantGid = (variantId: string): string => gidOf("ProductVariant", variantId);
export const lineItemGid = (lineItemId: string): string => gidOf("LineItem", lineItemId);
export const orderGid = (orderId: string): string => gidOf("Order", orderId);

/**
 * The number at the end of a GID, as admin URLs and the merchant read it
 * ("gid://shopify/ProductVariant/20001" -> "20001"); other text unchanged.
 */
export function legacyIdOf(gid: string): string {
  return gid.split("/").pop() ?? gid;
}
