import type { PrintOrderItem } from "@prisma/client";
import type { FileDetailsInput } from "../../print";
import { AttentionError } from "../failures";
import { printOrderKindOf } from "../order-kind";
import { readBrazilTaxNumber } from "../brazil-tax-number";
import { destinationWarnings } from "../destination";
import { mapShippingAddress } from "../print-plan";
import { shopifyAddressSchema, shopifyOrderSchema } from "../shopify-order";
import type { StepContext } from "./context";
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

/**
 * The address as it is sent: addressOf, and for a shop order to Brazil the buyer's CPF/CNPJ
 * read from the Shopify order (brazil-tax-number.ts); without a valid one the merchant is
 * needed. A proof has no Shopify order to read it from and goes without.
 */
export async function shippingDetailsOf(order: Loaded, ctx: Pick<StepContext, "shopify">) {
  const address = addressOf(order);
  if (address.shippingAddress.countryCode !== "BR" || printOrderKindOf(order.kind) === "proof")
    return address;
  const reading = await readBrazilTaxNumber(
    ctx.shopify,
    order.shop,
    order.shopOrder.shopifyOrderId,
  );
  if (reading.kind !== "found")
    throw new AttentionError({
      code: "ADDRESS_INVALID",
      message:
        reading.kind === "missing"
          ? "Orders to Brazil need the buyer's CPF or CNPJ, which Brazil's customs ask for, and this Shopify order has none."
          : "The buyer's CPF or CNPJ on this Shopify order is not a valid number (its check digits do not match).",
      action:
        "Ask the customer for it. Brazil's customs return a parcel without it: cancel this print order, or place the order again once the customer has given it at checkout.",
    });
  return {
    ...address,
    shippingAddress: { ...address.shippingAddress, cpfCnpj: reading.value },
  };
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
