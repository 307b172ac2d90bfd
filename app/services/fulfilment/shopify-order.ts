import { z } from "zod";
import { FALLBACK_CURRENCY } from "../pricing/currency";
import { parseJsonExact } from "../lossless-json";
import { adminGraphqlApiId, keyedId, shopifyNumericId } from "../shopify-admin/ids";

/**
 * The parts of Shopify's order webhook payload (REST shape) the pipeline uses,
 * parsed tolerantly: optional fields may be null. Ids are exact decimal text
 * (see shopify-admin/ids): an order, line item or customer is keyed on the number in
 * its admin_graphql_api_id where the payload has one, otherwise on its id.
 */
const id = shopifyNumericId;
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

/** Keys an object on its GID's number (else its id); an object with neither is refused. */
function keyOn<T extends { id?: string | null; admin_graphql_api_id?: string | null }>(
  type: string,
) {
  return ({ admin_graphql_api_id, ...rest }: T, ctx: z.RefinementCtx) => {
    const key = keyedId(type, { id: rest.id, admin_graphql_api_id });
    if (key === undefined) {
      ctx.addIssue({ code: "custom", path: ["id"], message: `no ${type} id` });
      return z.NEVER;
    }
    return { ...rest, id: key };
  };
}

export const shopifyLineItemSchema = z
  .object({
    id: id.nullish(),
    admin_graphql_api_id: adminGraphqlApiId("LineItem").nullish(),
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
  })
  .transform(keyOn("LineItem"));
export type ShopifyLineItem = z.infer<typeof shopifyLineItemSchema>;

export const shopifyOrderSchema = z
  .object({
    id: id.nullish(),
    admin_graphql_api_id: adminGraphqlApiId("Order").nullish(),
    name: z.string(),
    email: text,
    contact_email: text,
    currency: z.string().default(FALLBACK_CURRENCY),
    line_items: z.array(shopifyLineItemSchema),
    shipping_address: shopifyAddressSchema.nullish(),
    customer: z
      .object({
        id: id.nullish(),
        admin_graphql_api_id: adminGraphqlApiId("Customer").nullish(),
        email: text,
      })
      .transform(({ admin_graphql_api_id, ...c }) => ({
        ...c,
        id: keyedId("Customer", { id: c.id, admin_graphql_api_id }),
      }))
      .nullish(),
    cancelled_at: z.string().nullish(),
    // Orders the deliveries of one order: an older one is never applied over a newer one.
    updated_at: z
      .string()
      .refine((v) => !Number.isNaN(Date.parse(v)), "not a date-time")
      .nullish(),
  })
  .transform(keyOn("Order"));
export type ShopifyOrder = z.infer<typeof shopifyOrderSchema>;

/** Just which order a payload is about (orders/cancelled needs no more). */
export const shopifyOrderRefSchema = z
  .object({
    id: id.nullish(),
    admin_graphql_api_id: adminGraphqlApiId("Order").nullish(),
  })
  .transform(keyOn("Order"));

/** A zod error as one readable line: where and what. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`)
    .join("; ");
}

/**
 * Why an orders/paid body is not an order, in the words of the 400 that refuses it at the
 * door; null when it is one. The body is kept as it came: the planner parses it again.
 */
export function whyNotAnOrder(body: string): string | null {
  let payload: unknown;
  try {
    payload = parseJsonExact(body);
  } catch {
    return "Webhook body is not valid JSON";
  }
  const order = shopifyOrderSchema.safeParse(payload);
  return order.success
    ? null
    : `orders/paid payload not understood: ${describeZodError(order.error)}`;
}

/** The order a recorded body is about, or null when it names none. */
export function orderIdOfBody(body: string): string | null {
  try {
    return orderIdOf(parseJsonExact(body));
  } catch {
    return null;
  }
}

/** Longer bodies are not read for a name or a customer: a bound on work a request controls. */
const BODY_READ_LIMIT_BYTES = 2_000_000;

/** A recorded body as JSON, once; null when it is too long or not JSON. */
function readBody(body: string): unknown {
  if (body.length > BODY_READ_LIMIT_BYTES) return null;
  try {
    return parseJsonExact(body);
  } catch {
    return null;
  }
}

/** The order id of a parsed body, as orderIdOfBody reads it. */
function orderIdOf(payload: unknown): string | null {
  const ref = shopifyOrderRefSchema.safeParse(payload);
  return ref.success ? (ref.data.id ?? null) : null;
}

/**
 * What a recorded body calls its order, for people: "#1042" (or its id when it has no name),
 * null when it names none. Read even when the body is not a whole order (one the planner
 * refused is exactly the one to name).
 */
export function orderLabelOfBody(body: string): string | null {
  const payload = readBody(body);
  if (!payload || typeof payload !== "object") return null;
  const name = (payload as { name?: unknown }).name;
  if (typeof name === "string" && name.trim() && name.length <= 64) return name.trim();
  const id = orderIdOf(payload);
  return id ? `Order ${id}` : null;
}

/** Who a recorded body's order belongs to, read leniently: each part that does not parse is absent. */
const orderPartiesSchema = z.object({
  email: text.catch(undefined),
  contact_email: text.catch(undefined),
  customer: z
    .object({
      id: id.nullish(),
      admin_graphql_api_id: adminGraphqlApiId("Customer").nullish(),
      email: text,
    })
    .transform((c) => ({ id: keyedId("Customer", c) ?? null, email: c.email }))
    .nullish()
    .catch(null),
});

export interface OrderParties {
  orderId: string | null;
  customerId: string | null;
  /** Every email the order names (order, contact, customer). */
  emails: string[];
}

/**
 * The order and customer a recorded body names, for the compliance webhooks: a body the
 * planner refused still holds the customer as Shopify sent it. Null when it is not JSON, or
 * too long to read.
 */
export function orderPartiesOfBody(body: string): OrderParties | null {
  const payload = readBody(body);
  const parties = orderPartiesSchema.safeParse(payload);
  if (!parties.success) return null;
  const { email, contact_email, customer } = parties.data;
  const emails = [email, contact_email, customer?.email].filter((e): e is string => Boolean(e));
  return {
    orderId: orderIdOf(payload),
    customerId: customer?.id ?? null,
    emails: [...new Set(emails)],
  };
}
