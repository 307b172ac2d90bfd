// The body of order/details: the order with its prices, per order and per item.

import { findFacility } from "../catalogue";
import type { Ctx } from "../context";
import { divRound, formatBp, formatMinor } from "../money";
import type { PricedItem } from "../pricing";
import type { Order } from "../store";

function taxObject(base: number, amount: number, bp?: number) {
  // Mixed VAT rates at order level: report the effective rate.
  const rate = bp ?? (base === 0 ? 0 : Number(divRound(BigInt(amount) * 10000n, BigInt(base))));
  return { tax_name: "VAT", tax_percentage: formatBp(rate), amount: formatMinor(amount) };
}

function uniformBp(items: readonly PricedItem[]): number | undefined {
  const first = items[0]?.vatBp;
  return items.every((it) => it.vatBp === first) ? first : undefined;
}

export function orderDetailsBody(ctx: Ctx, order: Order) {
  const priced = ctx.orders.priceOrder(order);
  const sum = (f: (p: PricedItem) => number) => priced.reduce((a, p) => a + f(p), 0);
  const bp = uniformBp(priced);
  const retailProduct = sum((p) => p.retailProduct);
  const retailProductVat = sum((p) => p.retailProductVat);
  const shipping = sum((p) => p.shipping);
  const shippingVat = sum((p) => p.shippingVat);
  const product = sum((p) => p.productNet);
  const productVat = sum((p) => p.productVat);
  const a = order.shippingAddress;
  const firstOffering = ctx.catalogue.find(order.items[0]?.offeringId ?? -1);
  const facility = firstOffering ? findFacility(firstOffering.facility) : undefined;
  return {
    order_id: order.id,
    order_state: order.state,
    moderation_reason: "",
    created_date: order.createdAt,
    currency: order.currency,
    merchant_order_reference: order.reference,
    purchase_order: order.purchaseOrder,
    tracking_code: order.trackingCode || null,
    tracking_url: order.trackingUrl || null,
    order_price_data: {
      total_retail_product_price_ex_taxes: formatMinor(retailProduct),
      total_retail_shipping_ex_taxes: formatMinor(shipping),
      total_retail_price_ex_taxes: formatMinor(retailProduct + shipping),
      total_retail_price_inc_taxes: formatMinor(
        retailProduct + shipping + retailProductVat + shippingVat,
      ),
      total_wholesale_product_price_ex_taxes: formatMinor(product),
      total_wholesale_shipping_ex_taxes: formatMinor(shipping),
      total_wholesale_price_ex_taxes: formatMinor(product + shipping),
      total_wholesale_price_inc_taxes: formatMinor(sum((p) => p.total)),
      retail_product_taxes: taxObject(retailProduct, retailProductVat, bp),
      retail_shipping_taxes: taxObject(shipping, shippingVat, bp),
      wholesale_product_taxes: taxObject(product, productVat, bp),
      wholesale_shipping_taxes: taxObject(shipping, shippingVat, bp),
    },
    item_price_data: order.items.map((it, i) => {
      const p = priced[i] as PricedItem;
      return {
        item_id: String(it.itemId),
        item_reference: it.reference,
        item_status: it.state,
        number_of_pages: p.numberOfPages,
        offering_id: String(it.offeringId),
        publication_id: "",
        quantity: String(it.quantity),
        retail_product_price: formatMinor(p.retailProduct),
        retail_shipping_price: formatMinor(p.shipping),
        wholesale_product_price: formatMinor(p.productNet),
        wholesale_shipping_price: formatMinor(p.shipping),
        total_wholesale_price_ex_taxes: formatMinor(p.productNet + p.shipping),
        total_wholesale_price_inc_taxes: formatMinor(p.total),
        retail_product_taxes: taxObject(p.retailProduct, p.retailProductVat, p.vatBp),
        retail_shipping_taxes: taxObject(p.shipping, p.shippingVat, p.vatBp),
        wholesale_product_taxes: taxObject(p.productNet, p.productVat, p.vatBp),
        wholesale_shipping_taxes: taxObject(p.shipping, p.shippingVat, p.vatBp),
      };
    }),
    address_details: {
      first_name: a?.firstName ?? "",
      last_name: a?.lastName ?? "",
      address_line_1: a?.addressLine1 ?? "",
      address_line_2: a?.addressLine2 ?? "",
      country_code: a?.countryCode ?? "",
      zip_code: a?.zipCode ?? "",
      city: a?.city ?? "",
      state: a?.state ?? "",
      cpf_cnpj: a?.cpfCnpj ?? "",
      neighbourhood: a?.neighbourhood ?? "",
    },
    fulfilment_location: {
      country_code: facility?.countryCode ?? "",
      lab_code: facility?.labCode ?? "",
    },
  };
}
