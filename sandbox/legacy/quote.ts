// offering/quote: the price of one offering for a destination, signed so that
// set_quote_and_paid can check it came from here.

import type { Offering } from "../catalogue";
import type { Ctx, Reply, SandboxRequest } from "../context";
import { bpToNumber, formatMinor, formatRate } from "../money";
import { priceItems, requireCurrency, type PricedItem } from "../pricing";
import { legacyQuoteSecret } from "../signatures";
import type { Merchant } from "../store";
import { validateRequest } from "../validation";
import { bool, merchantWithApp, offeringById, required, requiredInt } from "./params";
import { el, xml } from "./xml";

interface LegacyQuote {
  fields: [string, string | number | boolean][];
  priced: PricedItem;
}

export function buildQuote(
  ctx: Ctx,
  m: Merchant,
  o: Offering,
  priced: PricedItem,
  currencyCode: string,
  countryCode: string,
  useMerchantSecret: boolean,
): LegacyQuote {
  const currency = requireCurrency(currencyCode);
  const exVat = priced.productNet + priced.shipping;
  const retailIncVat =
    priced.retailProduct + priced.shipping + priced.retailProductVat + priced.shippingVat;
  const secret = legacyQuoteSecret(useMerchantSecret ? m.secretKey : m.applicationApiKey, [
    o.id,
    priced.numberOfPages,
    priced.quantity,
    currency.code,
    countryCode.toUpperCase(),
    formatMinor(priced.total),
  ]);
  const payment = new URL("https://payments.sandbox.invalid/pay");
  payment.searchParams.set("offeringId", String(o.id));
  payment.searchParams.set("amount", formatMinor(retailIncVat));
  payment.searchParams.set("currency", currency.code);
  return {
    priced,
    fields: [
      ["rate", formatRate(currency.rate4)],
      ["price", formatMinor(retailIncVat)],
      ["currency", currency.code],
      ["quantity", priced.quantity],
      ["vat", formatMinor(priced.vat)],
      ["secret", secret],
      ["offering-id", o.id],
      ["price-retail", formatMinor(priced.retailProduct)],
      ["price-wholesale", formatMinor(priced.productNet)],
      ["price-shipping", formatMinor(priced.shipping)],
      ["price-per-page", formatMinor(priced.pricePerPage)],
      ["extra-number-of-pages", priced.extraPages],
      ["number-of-pages", priced.numberOfPages],
      ["vat-percentage", bpToNumber(priced.vatBp)],
      ["total-price-excluding-vat", formatMinor(exVat)],
      ["total-price-including-vat", formatMinor(priced.total)],
      ["offering-width", o.dimensionWidth],
      ["offering-height", o.dimensionHeight],
      ["fixed-size", !o.dynamicSize],
      ["merchant-name", m.name],
      ["full-payment-url", payment.toString()],
    ],
  };
}

export function quote(ctx: Ctx, req: SandboxRequest): Reply {
  const m = merchantWithApp(ctx, req);
  validateRequest(ctx, req, m);
  const offeringId = requiredInt(req, "offeringId");
  const currency = required(req, "currency");
  const country = required(req, "countryCode");
  const pages = requiredInt(req, "numberOfPages");
  const quantity = requiredInt(req, "quantity");
  const useMerchantSecret = bool(req, "useMerchantSecret", true);
  const result = priceItems(
    ctx.catalogue,
    [{ offeringId, numberOfPages: pages, quantity }],
    currency,
    country,
    m.markupBp,
  );
  const q = buildQuote(
    ctx,
    m,
    offeringById(ctx, offeringId),
    result.items[0] as PricedItem,
    currency,
    country,
    useMerchantSecret,
  );
  return xml(200, `<quote>${q.fields.map(([k, v]) => el(k, v)).join("")}</quote>`);
}
