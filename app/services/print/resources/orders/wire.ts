/**
 * Orders: between the SDK's camelCase and the service's snake_case JSON. Parameters become request
 * bodies; answers become results, with amounts as MoneyMinor in the order's currency.
 */
import type { z } from "zod";
import type { MoneyMinor } from "../../money";
import { moneyIn } from "../shared";
import {
  rawOrderCreated,
  rawOrderDetails,
  type addressDetailsInputSchema,
  type addressInputSchema,
  type fileDetailsInputSchema,
  type orderCreateParamsSchema,
  type rawTaxes,
} from "./schemas";
import type { OrderDetails, Tax } from "./types";

// Requests ------------------------------------------------------------------------------------

type Address = z.output<typeof addressInputSchema>;

function addressWire(a: Address): Record<string, unknown> {
  return {
    first_name: a.firstName,
    last_name: a.lastName,
    address_line_1: a.addressLine1,
    address_line_2: a.addressLine2 ?? "",
    zip_code: a.zipCode,
    city: a.city,
    country_code: a.countryCode,
    state: a.state,
    phone_number: a.phoneNumber,
    company_name: a.companyName,
    vat_number: a.vatNumber,
    vat_country_code: a.vatCountryCode,
    cpf_cnpj: a.cpfCnpj,
  };
}

export function addressDetailsWire(
  d: z.output<typeof addressDetailsInputSchema>,
): Record<string, unknown> {
  return {
    email_address: d.emailAddress,
    shipping_address: addressWire(d.shippingAddress),
    ...(d.billingAddress ? { billing_address: addressWire(d.billingAddress) } : {}),
  };
}

function fileDetailsWire(
  f: z.output<typeof fileDetailsInputSchema> | undefined,
): Record<string, unknown> {
  if (!f) return {};
  const spine = f.spine;
  return {
    content_url: f.contentUrl,
    content_width: f.contentWidth,
    content_height: f.contentHeight,
    number_of_pages: f.numberOfPages,
    cover_url: f.coverUrl,
    ...(spine === undefined
      ? {}
      : spine.kind === "custom"
        ? { spine_details: { custom_spine_url: spine.url } }
        : {
            spine_details: {
              dynamic_spine_details: {
                text_font: spine.textFont,
                text_size: spine.textSize,
                text_colour: spine.textColour,
                text_top: spine.textTop ?? "",
                text_center: spine.textCenter ?? "",
                text_bottom: spine.textBottom ?? "",
                background_colour: spine.backgroundColour,
              },
            },
          }),
  };
}

/** The JSON body of `POST /order/` for these params. */
export function orderCreateWire(
  p: z.output<typeof orderCreateParamsSchema>,
  merchantApiKey: string,
): Record<string, unknown> {
  return {
    merchant_api_key: merchantApiKey,
    order_reference: p.orderReference,
    purchase_order: p.purchaseOrder ?? "",
    currency: p.currency,
    billing_entity_id: p.billingEntityId,
    cost_centre: p.costCentre,
    item_details: p.items.map((i) => ({
      item_reference: i.itemReference,
      offering_id: i.offeringId,
      quantity: i.quantity,
      title: i.title,
      file_details: fileDetailsWire(i.files),
    })),
    ...(p.address ? { address_details: addressDetailsWire(p.address) } : {}),
  };
}

// Answers -------------------------------------------------------------------------------------

export const orderDetailsResponseSchema = rawOrderDetails.transform((o, ctx): OrderDetails => {
  const cur = o.currency;
  const m = (v: string | undefined, path: string): MoneyMinor | undefined => {
    if (v === undefined) return undefined;
    if (!cur) {
      ctx.addIssue({ code: "custom", path: [path], message: "amount without currency" });
      return undefined;
    }
    return moneyIn(ctx, v, cur, path);
  };
  const taxes = (list: z.output<typeof rawTaxes>, path: string): Tax[] =>
    list.map((t) => ({
      taxName: t.tax_name,
      taxPercentage: t.tax_percentage,
      amount: m(t.amount, path),
    }));
  const p = o.order_price_data;
  const a = o.address_details;
  const f = o.fulfilment_location;
  return {
    orderId: o.order_id,
    orderState: o.order_state,
    moderationReason: o.moderation_reason,
    createdDate: o.created_date,
    currency: cur,
    merchantOrderReference: o.merchant_order_reference,
    purchaseOrder: o.purchase_order,
    trackingCode: o.tracking_code,
    trackingUrl: o.tracking_url,
    prices: p
      ? {
          totalRetailProductPriceExTaxes: m(
            p.total_retail_product_price_ex_taxes,
            "total_retail_product_price_ex_taxes",
          ),
          totalRetailShippingExTaxes: m(
            p.total_retail_shipping_ex_taxes,
            "total_retail_shipping_ex_taxes",
          ),
          totalRetailPriceExTaxes: m(p.total_retail_price_ex_taxes, "total_retail_price_ex_taxes"),
          totalRetailPriceIncTaxes: m(
            p.total_retail_price_inc_taxes,
            "total_retail_price_inc_taxes",
          ),
          totalWholesaleProductPriceExTaxes: m(
            p.total_wholesale_product_price_ex_taxes,
            "total_wholesale_product_price_ex_taxes",
          ),
          totalWholesaleShippingExTaxes: m(
            p.total_wholesale_shipping_ex_taxes,
            "total_wholesale_shipping_ex_taxes",
          ),
          totalWholesalePriceExTaxes: m(
            p.total_wholesale_price_ex_taxes,
            "total_wholesale_price_ex_taxes",
          ),
          totalWholesalePriceIncTaxes: m(
            p.total_wholesale_price_inc_taxes,
            "total_wholesale_price_inc_taxes",
          ),
          retailProductTaxes: taxes(p.retail_product_taxes, "retail_product_taxes"),
          retailShippingTaxes: taxes(p.retail_shipping_taxes, "retail_shipping_taxes"),
          wholesaleProductTaxes: taxes(p.wholesale_product_taxes, "wholesale_product_taxes"),
          wholesaleShippingTaxes: taxes(p.wholesale_shipping_taxes, "wholesale_shipping_taxes"),
        }
      : undefined,
    items: o.item_price_data.map((i) => ({
      itemId: i.item_id,
      itemReference: i.item_reference,
      itemStatus: i.item_status,
      numberOfPages: i.number_of_pages,
      offeringId: i.offering_id,
      publicationId: i.publication_id,
      quantity: i.quantity,
      retailProductPrice: m(i.retail_product_price, "retail_product_price"),
      retailShippingPrice: m(i.retail_shipping_price, "retail_shipping_price"),
      wholesaleProductPrice: m(i.wholesale_product_price, "wholesale_product_price"),
      wholesaleShippingPrice: m(i.wholesale_shipping_price, "wholesale_shipping_price"),
      totalWholesalePriceExTaxes: m(
        i.total_wholesale_price_ex_taxes,
        "total_wholesale_price_ex_taxes",
      ),
      totalWholesalePriceIncTaxes: m(
        i.total_wholesale_price_inc_taxes,
        "total_wholesale_price_inc_taxes",
      ),
      retailProductTaxes: taxes(i.retail_product_taxes, "retail_product_taxes"),
      retailShippingTaxes: taxes(i.retail_shipping_taxes, "retail_shipping_taxes"),
      wholesaleProductTaxes: taxes(i.wholesale_product_taxes, "wholesale_product_taxes"),
      wholesaleShippingTaxes: taxes(i.wholesale_shipping_taxes, "wholesale_shipping_taxes"),
    })),
    address: a
      ? {
          firstName: a.first_name,
          lastName: a.last_name,
          addressLine1: a.address_line_1,
          addressLine2: a.address_line_2,
          countryCode: a.country_code,
          zipCode: a.zip_code,
          city: a.city,
          state: a.state,
          cpfCnpj: a.cpf_cnpj,
          neighbourhood: a.neighbourhood,
        }
      : undefined,
    fulfilmentLocation: f ? { countryCode: f.country_code, labCode: f.lab_code } : undefined,
  };
});

export const orderCreatedSchema = rawOrderCreated.transform((o) => ({ orderId: o.order_id }));
