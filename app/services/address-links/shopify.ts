/**
 * Writing the customer's corrected address to the Shopify order (orderUpdate; needs
 * write_orders), with Brazil's CPF/CNPJ as the order's localized field, where the order's
 * check reads it (fulfilment/brazil-tax-number.ts).
 */
import type { ShopifyAddress } from "../fulfilment/shopify-order";
import type { ShopifyAdmin } from "../fulfilment/shopify-port";
import { orderGid } from "../shopify-admin/ids";
import { formOf } from "./form";

export const ORDER_ADDRESS_UPDATE_MUTATION = `#graphql
  mutation PrintConnectOrderAddressUpdate($input: OrderInput!) {
    orderUpdate(input: $input) {
      order { id }
      userErrors { field message }
    }
  }`;

interface OrderAddressUpdateData {
  orderUpdate: {
    order: { id: string } | null;
    userErrors: { field: string[] | null; message: string }[];
  } | null;
}

/** Shopify's refusal in its own words, or null when the order has the address now. */
export async function updateShopifyOrderAddress(
  shopify: ShopifyAdmin,
  input: {
    shop: string;
    shopifyOrderId: string;
    address: ShopifyAddress;
    taxNumber: string | null;
  },
): Promise<string | null> {
  const a = input.address;
  // The form's fields are Shopify's own names for an address, read from it the same way; the
  // CPF/CNPJ goes apart, and an address without a state sends none rather than an empty one.
  const { taxNumber: _taxNumber, ...fields } = formOf(a);
  const data = await shopify.graphql<OrderAddressUpdateData>(
    input.shop,
    ORDER_ADDRESS_UPDATE_MUTATION,
    {
      input: {
        id: orderGid(input.shopifyOrderId),
        shippingAddress: {
          ...fields,
          provinceCode: a.province_code ?? null,
          countryCode: a.country_code,
        },
        ...(input.taxNumber
          ? { localizedFields: [{ key: "SHIPPING_CREDENTIAL_BR", value: input.taxNumber }] }
          : {}),
      },
    },
  );
  const errors = data.orderUpdate?.userErrors ?? [];
  if (errors.length) return errors.map((e) => e.message).join(" ");
  return data.orderUpdate?.order ? null : "Shopify did not answer with the order.";
}
