import { z } from "zod";

/**
 * The parts of Shopify's order webhook payload (REST shape) the pipeline uses,
 * parsed tolerantly: ids may be numbers or strings, optional fields may be null.
 */
const id = z.union([z.number(), z.string()]).transform((v) => String(v));
const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === "" ? undefined : String(v)));

export const shopifyAddressSchema = z.object({
  first_name: text,
  last_name: text,
  name: text,
  company: text,
  address1: text,
  address2: text,
  city: text,
  province: text,
  province_code: text,
  country: text,
  country_code: text,
  zip: text,
  phone: text,
});
export type ShopifyAddress = z.infer<typeof shopifyAddressSchema>;

export const shopifyLineItemSchema = z.object({
  id,
  variant_id: id.nullish(),
  product_id: id.nullish(),
  title: z.string().default(""),
  variant_title: z.string().nullish(),
  sku: z.string().nullish(),
  quantity: z.number().int().nonnegative(),
  price: text,
  properties: z
    .array(z.object({ name: z.string(), value: text }))
    .nullish()
    .transform((v) => v ?? []),
});
export type ShopifyLineItem = z.infer<typeof shopifyLineItemSchema>;

export const shopifyOrderSchema = z.object({
  id,
  name: z.string(),
  email: text,
  contact_email: text,
  currency: z.string().default("EUR"),
  line_items: z.array(shopifyLineItemSchema),
  shipping_address: shopifyAddressSchema.nullish(),
  customer: z.object({ id: id.nullish(), email: text }).nullish(),
  cancelled_at: z.string().nullish(),
});
export type ShopifyOrder = z.infer<typeof shopifyOrderSchema>;

export function variantGid(variantId: string): string {
  return variantId.startsWith("gid://") ? variantId : `gid://shopify/ProductVariant/${variantId}`;
}

export function lineItemGid(lineItemId: string): string {
  return lineItemId.startsWith("gid://") ? lineItemId : `gid://shopify/LineItem/${lineItemId}`;
}

export function orderGid(orderId: string): string {
  return orderId.startsWith("gid://") ? orderId : `gid://shopify/Order/${orderId}`;
}

/** A zod error as one readable line: where and what. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`)
    .join("; ");
}
