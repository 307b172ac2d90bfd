import type { PrintOrderItem } from "@prisma/client";
import type { FileDetailsInput } from "../../print";
import { AttentionError } from "../failures";
import { printOrderKindOf } from "../order-kind";
import { destinationWarnings } from "../destination";
import { mapShippingAddress } from "../plan";
import { shopifyAddressSchema, shopifyOrderSchema } from "../shopify-order";
import type { Loaded } from "./result";

/** The stored Shopify order snapshot of a print order, parsed. */
export function orderOf(order: Loaded) {
  return shopifyOrderSchema.parse({
    id: order.shopOrder.shopifyOrderId,
    name: order.shopOrder.name,
    email: order.shopOrder.email,
    currency: order.shopOrder.currency,
    line_items: JSON.parse(order.shopOrder.lineItems),
    shipping_address: order.shopOrder.shippingAddress
      ? JSON.parse(order.shopOrder.shippingAddress)
      : null,
  });
}

/**
 * A proof's address and email as the merchant placed it. A proof has no Shopify order: its
 * key is not a Shopify id and it has no lines, so only what the address needs is read.
 */
function proofAddressOf(order: Loaded) {
  const stored = order.shopOrder.shippingAddress;
  return {
    shipping_address: stored ? shopifyAddressSchema.parse(JSON.parse(stored)) : null,
    email: order.shopOrder.email ?? undefined,
  };
}

/** The address for the print service; one it cannot take needs the merchant. */
export function addressOf(order: Loaded) {
  const address =
    printOrderKindOf(order.kind) === "proof"
      ? mapShippingAddress(
          proofAddressOf(order),
          "Order the proof again with a corrected address, then cancel this one.",
        )
      : mapShippingAddress(orderOf(order));
  if (!address.ok)
    throw new AttentionError({
      code: "ADDRESS_INVALID",
      message: address.reason,
      action: address.action,
    });
  return address.address;
}

/** What may be wrong with the address without stopping the order, in sentences. */
export function addressWarningsOf(order: Loaded): string[] {
  const a =
    printOrderKindOf(order.kind) === "proof"
      ? proofAddressOf(order).shipping_address
      : orderOf(order).shipping_address;
  if (!a?.country_code) return [];
  return destinationWarnings({
    countryCode: a.country_code,
    address1: a.address1,
    address2: a.address2,
  });
}

export function filesOf(item: PrintOrderItem): FileDetailsInput | null {
  return item.fileDetails ? (JSON.parse(item.fileDetails) as FileDetailsInput) : null;
}
