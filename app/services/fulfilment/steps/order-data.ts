import type { PrintOrderItem } from "@prisma/client";
import type { FileDetailsInput } from "../../print";
import { AttentionError } from "../failures";
import { mapShippingAddress } from "../plan";
import { shopifyOrderSchema } from "../shopify-order";
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

/** The address for the print service; one it cannot take needs the merchant. */
export function addressOf(order: Loaded) {
  const address = mapShippingAddress(orderOf(order));
  if (!address.ok)
    throw new AttentionError({
      code: "ADDRESS_INVALID",
      message: address.reason,
      action: address.action,
    });
  return address.address;
}

export function filesOf(item: PrintOrderItem): FileDetailsInput | null {
  return item.fileDetails ? (JSON.parse(item.fileDetails) as FileDetailsInput) : null;
}
