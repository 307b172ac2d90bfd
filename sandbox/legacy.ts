// The legacy XML interface (/rest). Parameters come from the query and/or an
// x-www-form-urlencoded body (merged). Responses are XML, or the text OK/ERROR
// where the interface says so. Orders live in the same store as JSON orders.

import { findCountry, type Offering } from "./catalogue";
import { requireMerchant, text, type Ctx, type Reply, type SandboxRequest } from "./context";
import { ServiceError, currencyInvalid, forbidden, invalidData, offeringNotFound } from "./errors";
import {
  CURRENCIES,
  bpToNumber,
  convertFromEur,
  findCurrency,
  formatMinor,
  formatRate,
} from "./money";
import { isoWithOffset } from "./orders";
import {
  priceItem,
  priceItems,
  requireCurrency,
  validateItemLimits,
  type PricedItem,
} from "./pricing";
import {
  legacyOrderSecret,
  legacyQuoteSecret,
  safeEqual,
  uploadPolicySignature,
} from "./signatures";
import type { Address, Merchant, Order } from "./store";
import { validateRequest } from "./validation";

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

export function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) =>
    c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === "&" ? "&amp;" : c === '"' ? "&quot;" : "&apos;",
  );
}

const el = (name: string, value: string | number | boolean): string =>
  `<${name}>${escapeXml(String(value))}</${name}>`;

const xml = (status: number, body: string): Reply => ({
  status,
  body: XML_HEAD + body,
  contentType: "application/xml",
});

export function legacyErrorXml(code: string | undefined, message: string): string {
  return `${XML_HEAD}<error>${el("code", code ?? "ERROR")}${el("message", message)}</error>`;
}

function p(req: SandboxRequest, name: string): string | undefined {
  const v = req.params[name];
  return v === undefined || v === "" ? undefined : v;
}

function required(req: SandboxRequest, name: string): string {
  const v = p(req, name);
  if (v === undefined) throw invalidData(name);
  return v;
}

function requiredInt(req: SandboxRequest, name: string): number {
  const v = required(req, name);
  if (!/^\d+$/.test(v)) throw invalidData(name, "must be an integer");
  return Number(v);
}

function requiredNumber(req: SandboxRequest, name: string): number {
  const v = required(req, name);
  if (!/^\d+(\.\d+)?$/.test(v)) throw invalidData(name, "must be a number");
  return Number(v);
}

function bool(req: SandboxRequest, name: string, dflt: boolean): boolean {
  const v = p(req, name);
  if (v === undefined) return dflt;
  if (v === "true") return true;
  if (v === "false") return false;
  throw invalidData(name, "must be true or false");
}

/** merchantApiKey + applicationApiKey pair (offering list/details/quote). */
function merchantWithApp(ctx: Ctx, req: SandboxRequest): Merchant {
  const m = requireMerchant(ctx, p(req, "merchantApiKey"), req.op, "merchantApiKey");
  const app = required(req, "applicationApiKey");
  if (app !== m.applicationApiKey) throw forbidden("unknown application for this merchant");
  return m;
}

function offeringById(ctx: Ctx, id: number): Offering {
  const o = ctx.catalogue.find(id);
  if (!o) throw offeringNotFound(id);
  return o;
}

// ---- offerings -----------------------------------------------------------------------

function offeringXml(ctx: Ctx, o: Offering, m: Merchant, groups: readonly string[] | null): string {
  const currency = findCurrency(m.creditCurrency) ?? requireCurrency("EUR");
  const money = (eur: number) => formatMinor(convertFromEur(eur, currency));
  const home = findCountry(m.homeCountry);
  const byCurrency = (name: string, eur: number) =>
    groups === null
      ? ""
      : `<${name}>${groups
          .map((code) => {
            const c = requireCurrency(code);
            return `<value amount="${formatMinor(convertFromEur(eur, c))}" currency="${c.code}"/>`;
          })
          .join("")}</${name}>`;
  return (
    "<offering>" +
    el("id", o.id) +
    el("price", money(o.basePrice)) +
    el("countryShippingPrice", money(o.countryShippingPrice)) +
    el("regionShippingPrice", money(o.regionShippingPrice)) +
    el("worldShippingPrice", money(o.worldShippingPrice)) +
    el("pricePerPage", money(o.pricePerPage)) +
    el("name", o.name) +
    el("downloadLocation", `${ctx.baseUrl}/templates/${o.id}.zip`) +
    el("currency", currency.code) +
    byCurrency("priceByCurrency", o.basePrice) +
    byCurrency("pricePerPageByCurrency", o.pricePerPage) +
    byCurrency("countryShippingPriceByCurrency", o.countryShippingPrice) +
    byCurrency("regionShippingPriceByCurrency", o.regionShippingPrice) +
    byCurrency("worldShippingPriceByCurrency", o.worldShippingPrice) +
    el(
      "vatPercentage",
      bpToNumber(o.vatClass === "reduced" ? home.vatReducedBp : home.vatStandardBp),
    ) +
    el("defaultNumberOfPages", o.defaultNumberOfPages) +
    el("minNumberOfPages", o.minNumberOfPages) +
    el("maxNumberOfPages", o.maxNumberOfPages) +
    el("dimensionWidth", o.dimensionWidth) +
    el("dimensionHeight", o.dimensionHeight) +
    el("dimensionUnit", "mm") +
    el("minimumQuantity", o.minimumQuantity) +
    el("addShipping", o.categoryCode !== "DP") +
    el("recommended", o.recommended) +
    el("fixedSize", !o.dynamicSize) +
    `<elements>${el("id", 1)}${el("name", "cover")}${el("url", "")}</elements>` +
    `<elements>${el("id", 2)}${el("name", "interior")}${el("url", `${ctx.baseUrl}/templates/${o.id}-interior.pdf`)}</elements>` +
    el("catalogueItemCode", o.catalogueItemCode) +
    el("merchantApiKey", m.merchantApiKey) +
    el("applicationApiKey", m.applicationApiKey) +
    "</offering>"
  );
}

function currencyGroups(req: SandboxRequest, base: string): string[] {
  const raw = p(req, "currencies");
  if (!raw) return [base];
  if (raw.toUpperCase() === "ALL") return CURRENCIES.map((c) => c.code);
  return raw.split(",").map((code) => {
    const c = findCurrency(code.trim());
    if (!c) throw currencyInvalid(code.trim());
    return c.code;
  });
}

function offeringList(ctx: Ctx, req: SandboxRequest): Reply {
  const m = merchantWithApp(ctx, req);
  validateRequest(ctx, req, m);
  const groups = currencyGroups(req, m.creditCurrency);
  const expires = isoWithOffset(ctx.clock.now() + 24 * 3600 * 1000);
  const body = ctx.catalogue.offerings.map((o) => offeringXml(ctx, o, m, groups)).join("");
  return xml(200, `<root>${el("pricingExpireDate", expires)}<offerings>${body}</offerings></root>`);
}

function offeringDetails(ctx: Ctx, req: SandboxRequest): Reply {
  const buttonKey = p(req, "buttonKey");
  let m: Merchant;
  if (buttonKey) {
    const found = [...ctx.store.merchants.values()].find((x) => x.buttonKey === buttonKey);
    if (!found) throw forbidden("unknown button key");
    m = requireMerchant(ctx, found.merchantApiKey, req.op, "merchantApiKey");
  } else m = merchantWithApp(ctx, req);
  validateRequest(ctx, req, m);
  const o = offeringById(ctx, requiredInt(req, "offeringId"));
  return xml(200, offeringXml(ctx, o, m, null));
}

// ---- quote ---------------------------------------------------------------------------

interface LegacyQuote {
  fields: [string, string | number | boolean][];
  priced: PricedItem;
}

function buildQuote(
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

function quote(ctx: Ctx, req: SandboxRequest): Reply {
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

// ---- orders --------------------------------------------------------------------------

function orderXml(ctx: Ctx, order: Order, m: Merchant): Reply {
  const ext = order.legacy?.externalOrderId ?? String(order.id);
  const path = `orders/${ext}/`;
  const policy = Buffer.from(
    JSON.stringify({
      expiration: new Date(ctx.clock.now() + 3600_000).toISOString(),
      conditions: [{ bucket: "sandbox-orders" }, ["starts-with", "$key", path], { acl: "private" }],
    }),
  ).toString("base64");
  return xml(
    200,
    "<order>" +
      el("externalOrderId", ext) +
      el("id", order.id) +
      el("signedPutUrl", `${ctx.baseUrl}/__sandbox/upload`) +
      el("signedPutPath", path) +
      el("base64EncodedPolicy", policy) +
      el("signature", uploadPolicySignature(m.secretKey, policy)) +
      el("apiVersion", order.legacy?.apiVersion ?? 3) +
      el("orderState", order.state) +
      el("quantity", order.items[0]?.quantity ?? 1) +
      "</order>",
  );
}

function createLegacyOrder(ctx: Ctx, req: SandboxRequest, withSource: boolean): Reply {
  const m = requireMerchant(ctx, p(req, "merchantApiKey"), req.op, "merchantApiKey");
  validateRequest(ctx, req, m);
  const o = offeringById(ctx, requiredInt(req, "offeringId"));
  const apiVersionText = p(req, "apiVersion");
  const files = withSource
    ? {
        contentUrl: required(req, "sourceUrl"),
        pages: requiredInt(req, "numberOfPages"),
        width: requiredNumber(req, "sourceWidth"),
        height: requiredNumber(req, "sourceHeight"),
        coverUrl: "",
        customSpineUrl: "",
      }
    : null;
  const order = ctx.orders.create(m, {
    reference: "",
    purchaseOrder: "",
    currency: m.creditCurrency,
    billingEntityId: null,
    costCentre: "",
    email: p(req, "emailAddress") ?? "",
    shippingAddress: null,
    billingAddress: null,
    items: [
      {
        reference: "item-1",
        offeringId: o.id,
        quantity: Math.max(1, o.minimumQuantity),
        title: p(req, "title") ?? "",
        files,
      },
    ],
    legacy: {
      paymentReference: p(req, "paymentReference") ?? "",
      merchantReference: p(req, "merchantReference") ?? "",
      locale: p(req, "locale") ?? "",
      apiVersion: Math.max(3, Number(apiVersionText ?? 3)),
      customerName: "",
    },
  });
  ctx.changed();
  return orderXml(ctx, order, m);
}

function legacyOrder(ctx: Ctx, req: SandboxRequest): Order {
  const order = ctx.store.orderByExternalId(required(req, "externalOrderId"));
  if (!order) throw new ServiceError(404, undefined, "Order not found");
  const key = p(req, "merchantApiKey");
  if (key !== undefined && key !== order.merchantApiKey)
    throw new ServiceError(404, undefined, "Order not found");
  return order;
}

/** The `<address>` element, parsed and checked by the request rules. */
function toAddress(a: Record<string, unknown>): Address {
  const s = (k: string) => (typeof a[k] === "string" ? (a[k] as string) : "");
  return {
    firstName: "",
    lastName: "",
    addressLine1: s("addressLine1"),
    addressLine2: s("addressLine2"),
    zipCode: s("zipCode"),
    city: s("city"),
    countryCode: s("countryCode").toUpperCase(),
    state: s("state"),
    phoneNumber: "",
    companyName: "",
    vatNumber: "",
    cpfCnpj: "",
    neighbourhood: "",
  };
}

function orderDetails(ctx: Ctx, req: SandboxRequest): Reply {
  const fields = validateRequest(ctx, req, null);
  const order = legacyOrder(ctx, req);
  const address = toAddress(fields.shippingAddressXml as Record<string, unknown>);
  const email = required(req, "emailAddress");
  const quantity = requiredInt(req, "quantity");
  const name = (p(req, "customerName") ?? "").trim();
  const space = name.indexOf(" ");
  address.firstName = space < 0 ? name : name.slice(0, space);
  address.lastName = space < 0 ? "" : name.slice(space + 1);
  ctx.orders.setQuantity(order, quantity);
  ctx.orders.setAddress(order, address, email);
  if (order.legacy) order.legacy.customerName = name;
  ctx.changed();
  return text(200, "OK");
}

function checkLegacySecret(
  ctx: Ctx,
  req: SandboxRequest,
): { order: Order; m: Merchant; fields: Record<string, unknown> } {
  const m = requireMerchant(ctx, p(req, "merchantApiKey"), req.op, "merchantApiKey");
  const fields = validateRequest(ctx, req, m);
  const order = legacyOrder(ctx, req);
  const expected = legacyOrderSecret(
    m.secretKey,
    m.merchantApiKey,
    order.legacy?.externalOrderId ?? "",
  );
  if (!safeEqual(required(req, "secret"), expected))
    throw new ServiceError(401, "ORD_SECRET", "The secret does not match");
  return { order, m, fields };
}

function setPaid(ctx: Ctx, req: SandboxRequest): Reply {
  // The interface answers only OK or ERROR; the reason goes into a header for debugging.
  try {
    const { order, m } = checkLegacySecret(ctx, req);
    try {
      ctx.orders.pay(order, m);
    } finally {
      ctx.changed();
    }
    return text(200, "OK");
  } catch (e) {
    if (!(e instanceof ServiceError)) throw e;
    return {
      ...text(200, "ERROR"),
      headers: { "x-sandbox-error": `${e.code ?? e.status}: ${e.details}`.slice(0, 300) },
    };
  }
}

function setQuoteAndPaid(ctx: Ctx, req: SandboxRequest): Reply {
  const { order, m, fields } = checkLegacySecret(ctx, req);
  const useMerchantSecret = bool(req, "useMerchantSecret", true);
  const qx = fields.quoteXml as Record<string, unknown>;
  const f = (k: string) => (typeof qx[k] === "string" ? (qx[k] as string) : "");
  const address = order.shippingAddress;
  if (!address)
    throw new ServiceError(409, "ORD_MISS_ADDR", `Order ${order.id} has no shipping address`);
  const item = order.items[0];
  const offeringId = Number(f("offering-id"));
  if (!item || offeringId !== item.offeringId)
    throw invalidData("quoteXml", "offering-id does not match the order");
  const o = offeringById(ctx, offeringId);
  const pages = Number(f("number-of-pages"));
  const quantity = Number(f("quantity"));
  validateItemLimits(o, pages, quantity);
  const currency = requireCurrency(f("currency"));
  const priced = priceItem(o, pages, quantity, currency, address.countryCode, m.markupBp);
  const expected = buildQuote(
    ctx,
    m,
    o,
    priced,
    currency.code,
    address.countryCode,
    useMerchantSecret,
  );
  const mismatch = expected.fields
    .filter(([k]) => k !== "full-payment-url" && k !== "merchant-name")
    .find(([k, v]) => String(v) !== f(k));
  if (mismatch) throw invalidData("quoteXml", `${mismatch[0]} does not match the current quote`);
  ctx.orders.setQuantity(order, quantity);
  order.currency = currency.code;
  try {
    ctx.orders.pay(order, m);
  } finally {
    ctx.changed();
  }
  return text(200, "OK");
}

function orderStatus(ctx: Ctx, req: SandboxRequest): Reply {
  const m = requireMerchant(ctx, p(req, "merchantApiKey"), req.op, "merchantApiKey");
  validateRequest(ctx, req, m);
  const ref = required(req, "paymentReference");
  let order: Order | undefined;
  for (const o of ctx.store.orders.values())
    if (o.merchantApiKey === m.merchantApiKey && o.legacy?.paymentReference === ref) order = o;
  if (!order) throw new ServiceError(404, undefined, "Order not found");
  const priced = ctx.orders.priceOrder(order);
  const sum = (fn: (x: PricedItem) => number) => priced.reduce((a, x) => a + fn(x), 0);
  const retailIncVat = sum(
    (x) => x.retailProduct + x.shipping + x.retailProductVat + x.shippingVat,
  );
  const history = order.history
    .map((h) => `<entry>${el("state", h.to)}${el("date", h.at)}</entry>`)
    .join("");
  return xml(
    200,
    "<order-status>" +
      el("order-id", order.id) +
      el("external-order-id", order.legacy?.externalOrderId ?? "") +
      el("payment-reference", order.legacy?.paymentReference ?? "") +
      el("merchant-reference", order.legacy?.merchantReference ?? order.reference) +
      el("order-status", order.state.toLowerCase()) +
      el("price", formatMinor(retailIncVat)) +
      el("priceRetail", formatMinor(sum((x) => x.retailProduct))) +
      el("priceWholesale", formatMinor(sum((x) => x.productNet))) +
      el("shippingRetail", formatMinor(sum((x) => x.shipping))) +
      el("shippingWholesale", formatMinor(sum((x) => x.shipping))) +
      el("vat", formatMinor(sum((x) => x.vat))) +
      el("created", order.createdAt) +
      el("quantity", order.items[0]?.quantity ?? 0) +
      el("title", order.items[0]?.title ?? "") +
      "<shipping>" +
      el("countryCode", order.shippingAddress?.countryCode ?? "") +
      el("trackingCode", order.trackingCode) +
      el("trackingUrl", order.trackingUrl) +
      "</shipping>" +
      `<history>${history}</history>` +
      "</order-status>",
  );
}

/**
 * The storage bucket behind signedPutUrl: any PUT/POST whose path (or form body)
 * names `orders/<externalOrderId>/` completes that order's PENDING_COMPLETION items.
 */
export function receiveUpload(ctx: Ctx, path: string, body: string): Reply {
  const m = /orders\/([A-Za-z0-9]+)\//.exec(path) ?? /orders\/([A-Za-z0-9]+)\//.exec(body);
  const order = m?.[1] ? ctx.store.orderByExternalId(m[1]) : undefined;
  if (!order) return text(404, "NoSuchKey");
  const pending = order.items.filter((it) => it.state === "PENDING_COMPLETION");
  for (const it of pending) {
    const o = ctx.catalogue.find(it.offeringId);
    it.files = {
      contentUrl: `${ctx.baseUrl}${path}`,
      pages: o?.defaultNumberOfPages ?? 1,
      width: o?.dimensionWidth ?? 0,
      height: o?.dimensionHeight ?? 0,
      coverUrl: "",
      customSpineUrl: "",
    };
    it.state =
      order.state === "OPEN" || order.state === "PAYMENT_ERROR"
        ? "AWAITING_PAYMENT"
        : "QUEUED_FOR_PROCESSING";
  }
  ctx.changed();
  return text(204, "");
}

export type LegacyHandler = (ctx: Ctx, req: SandboxRequest) => Reply;

/** [method, path under /rest, operation id, handler] */
export const LEGACY_ROUTES: readonly [string, string, string, LegacyHandler][] = [
  ["GET", "/offering/list", "legacy.offering.list", offeringList],
  ["GET", "/offering/details", "legacy.offering.details", offeringDetails],
  ["GET", "/offering/quote", "legacy.quote", quote],
  ["POST", "/order", "legacy.order.create", (c, r) => createLegacyOrder(c, r, false)],
  [
    "POST",
    "/order/create_from_checkout_url",
    "legacy.order.createFromCheckoutUrl",
    (c, r) => createLegacyOrder(c, r, true),
  ],
  ["POST", "/order/details", "legacy.order.details", orderDetails],
  ["GET", "/order/set_paid", "legacy.order.setPaid", setPaid],
  ["POST", "/order/set_paid", "legacy.order.setPaid", setPaid],
  ["POST", "/order/set_quote_and_paid", "legacy.order.setQuoteAndPaid", setQuoteAndPaid],
  ["GET", "/order/status", "legacy.order.status", orderStatus],
];
