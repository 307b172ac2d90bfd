/**
 * An order read from the Admin API, in the shape the orders/paid webhook carries it, parsed by
 * the same schema: an order the regular check or the import finds passes the same checks as
 * one a webhook brings, and is planned from the same fields.
 */
import { gidNumber } from "../shopify-admin/ids";
import type { AdminAddress, AdminLineItem, AdminOrder } from "../shopify-admin/documents/orders";
import {
  describeZodError,
  shopifyOrderSchema,
  type ShopifyOrder,
} from "../fulfilment/shopify-order";

function addressPayload(a: AdminAddress | null) {
  if (!a) return null;
  return {
    first_name: a.firstName,
    last_name: a.lastName,
    name: a.name,
    company: a.company,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    province: a.province,
    province_code: a.provinceCode,
    country: a.country,
    country_code: a.countryCodeV2,
    zip: a.zip,
    phone: a.phone,
  };
}

function lineItemPayload(l: AdminLineItem) {
  return {
    admin_graphql_api_id: l.id,
    variant_id: l.variant ? (gidNumber(l.variant.id, "ProductVariant") ?? null) : null,
    title: l.title,
    variant_title: l.variantTitle,
    sku: l.sku,
    quantity: l.quantity,
    price: l.originalUnitPriceSet.shopMoney.amount,
    properties: l.customAttributes.map((a) => ({ name: a.key, value: a.value })),
  };
}

/** The webhook (REST) payload of an Admin API order with all its line items. */
export function webhookPayloadOf(order: AdminOrder, lineItems: readonly AdminLineItem[]) {
  return {
    admin_graphql_api_id: order.id,
    id: order.legacyResourceId,
    name: order.name,
    email: order.email,
    currency: order.currencyCode,
    line_items: lineItems.map(lineItemPayload),
    shipping_address: addressPayload(order.shippingAddress),
    customer: order.customer ? { admin_graphql_api_id: order.customer.id } : null,
    cancelled_at: order.cancelledAt,
    updated_at: order.updatedAt,
    processed_at: order.processedAt,
  };
}

export type OrderFromAdmin =
  { ok: true; order: ShopifyOrder } | { ok: false; orderName: string; problem: string };

/** The order as the pipeline takes it, or why its fields do not pass the webhook's checks. */
export function orderFromAdmin(
  order: AdminOrder,
  lineItems: readonly AdminLineItem[] = order.lineItems.nodes,
): OrderFromAdmin {
  const parsed = shopifyOrderSchema.safeParse(webhookPayloadOf(order, lineItems));
  if (parsed.success) return { ok: true, order: parsed.data };
  return { ok: false, orderName: order.name, problem: describeZodError(parsed.error) };
}
