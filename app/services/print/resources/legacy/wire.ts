/**
 * Legacy: between the SDK's results and the XML. Parsed answers become results (amounts as
 * MoneyMinor in the answer's currency); addresses and quotes are written as the XML the service
 * expects in `shippingAddressXml` and `quoteXml`.
 */
import type { z } from "zod";
import type { MoneyMinor } from "../../money";
import { buildXml, xmlBool, xmlMoney } from "../../xml";
import { moneyIn, moneyReq } from "../shared";
import {
  rawLegacyOffering,
  rawLegacyOfferingList,
  rawLegacyOrder,
  rawLegacyOrderStatus,
  rawLegacyQuote,
  type legacyAddressSchema,
} from "./schemas";
import type {
  LegacyOffering,
  LegacyOfferingList,
  LegacyOrder,
  LegacyOrderStatus,
  LegacyQuote,
} from "./types";

// Answers -------------------------------------------------------------------------------------

export const legacyOfferingSchema = rawLegacyOffering.transform((o, ctx): LegacyOffering => {
  const c = o.currency;
  return {
    ...o,
    price: moneyReq(ctx, o.price, c, "price"),
    pricePerPage: moneyIn(ctx, o.pricePerPage, c, "pricePerPage"),
    countryShippingPrice: moneyIn(ctx, o.countryShippingPrice, c, "countryShippingPrice"),
    regionShippingPrice: moneyIn(ctx, o.regionShippingPrice, c, "regionShippingPrice"),
    worldShippingPrice: moneyIn(ctx, o.worldShippingPrice, c, "worldShippingPrice"),
  };
});

export const legacyOfferingListSchema = rawLegacyOfferingList.transform(
  (d, ctx): LegacyOfferingList => {
    const offerings: LegacyOffering[] = [];
    d.root.offerings.forEach((raw, i) => {
      const r = legacyOfferingSchema.safeParse(raw);
      if (r.success) offerings.push(r.data);
      else
        for (const issue of r.error.issues)
          ctx.addIssue({
            code: "custom",
            path: ["offering", i, ...issue.path.map(String)],
            message: issue.message,
          });
    });
    return { pricingExpireDate: d.root.pricingExpireDate, offerings };
  },
);

export const legacyQuoteSchema = rawLegacyQuote.transform(({ quote: q }, ctx): LegacyQuote => {
  const c = q.currency;
  const m = (v: string | undefined, p: string): MoneyMinor | undefined => moneyIn(ctx, v, c, p);
  return {
    rate: q.rate,
    currency: c,
    quantity: q.quantity,
    offeringId: q["offering-id"],
    price: m(q.price, "price"),
    priceRetail: m(q["price-retail"], "price-retail"),
    priceWholesale: m(q["price-wholesale"], "price-wholesale"),
    priceShipping: m(q["price-shipping"], "price-shipping"),
    pricePerPage: m(q["price-per-page"], "price-per-page"),
    pricePerPageExact: q["price-per-page"],
    vat: m(q.vat, "vat"),
    vatPercentage: q["vat-percentage"],
    totalPriceExcludingVat: m(q["total-price-excluding-vat"], "total-price-excluding-vat"),
    totalPriceIncludingVat: m(q["total-price-including-vat"], "total-price-including-vat"),
    extraNumberOfPages: q["extra-number-of-pages"],
    numberOfPages: q["number-of-pages"],
    offeringWidth: q["offering-width"],
    offeringHeight: q["offering-height"],
    fixedSize: q["fixed-size"],
    merchantName: q["merchant-name"],
    fullPaymentUrl: q["full-payment-url"],
    secret: q.secret,
  };
});

export const legacyOrderSchema = rawLegacyOrder.transform(({ order: o }): LegacyOrder => ({
  externalOrderId: o.externalOrderId,
  id: o.id,
  orderState: o.orderState,
  quantity: o.quantity,
  apiVersion: o.apiVersion,
  upload: {
    signedPutUrl: o.signedPutUrl,
    signedPutPath: o.signedPutPath,
    base64EncodedPolicy: o.base64EncodedPolicy,
    signature: o.signature,
  },
}));

export const legacyOrderStatusSchema = rawLegacyOrderStatus.transform(
  ({ "order-status": s }): LegacyOrderStatus => ({
    orderId: s["order-id"],
    paymentReference: s["payment-reference"],
    merchantReference: s["merchant-reference"],
    orderStatus: s["order-status"],
    amounts: {
      price: s.price,
      priceRetail: s.priceRetail,
      priceWholesale: s.priceWholesale,
      shippingRetail: s.shippingRetail,
      shippingWholesale: s.shippingWholesale,
      vat: s.vat,
    },
    created: s.created,
    quantity: s.quantity,
    title: s.title,
    shipping: s.shipping === "" ? undefined : s.shipping,
    history: s.history === "" ? undefined : s.history,
  }),
);

// XML builders --------------------------------------------------------------------------------

/** `shippingAddressXml` for legacy order/details. */
export function buildShippingAddressXml(a: z.output<typeof legacyAddressSchema>): string {
  return buildXml("address", {
    addressLine1: a.addressLine1,
    addressLine2: a.addressLine2 ?? "",
    zipCode: a.zipCode,
    city: a.city,
    country: a.country ?? "",
    countryCode: a.countryCode,
  });
}

/** `quoteXml` for set_quote_and_paid: the quote response structure, rebuilt from a LegacyQuote. */
export function buildQuoteXml(q: LegacyQuote): string {
  const money = (m: MoneyMinor | undefined): string => (m ? xmlMoney(m) : "");
  const num = (n: number | undefined): string => (n === undefined ? "" : String(n));
  return buildXml("quote", {
    rate: q.rate ?? "",
    price: money(q.price),
    currency: q.currency,
    quantity: num(q.quantity),
    vat: money(q.vat),
    secret: q.secret ?? "",
    "offering-id": String(q.offeringId),
    "price-retail": money(q.priceRetail),
    "price-wholesale": money(q.priceWholesale),
    "price-shipping": money(q.priceShipping),
    "price-per-page": q.pricePerPageExact ?? money(q.pricePerPage),
    "extra-number-of-pages": num(q.extraNumberOfPages),
    "number-of-pages": num(q.numberOfPages),
    "vat-percentage": num(q.vatPercentage),
    "total-price-excluding-vat": money(q.totalPriceExcludingVat),
    "total-price-including-vat": money(q.totalPriceIncludingVat),
    "offering-width": num(q.offeringWidth),
    "offering-height": num(q.offeringHeight),
    "fixed-size": q.fixedSize === undefined ? "" : xmlBool(q.fixedSize),
    "merchant-name": q.merchantName ?? "",
    "full-payment-url": q.fullPaymentUrl ?? "",
  });
}
