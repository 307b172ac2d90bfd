import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { XMLParser } from "fast-xml-parser";
import type { Sandbox } from "../../sandbox/index";
import { legacyOrderSecret } from "../../sandbox/signatures";
import { KEY, M, OFF, client, start, type Json } from "./helpers";

let sb: Sandbox;
let api: ReturnType<typeof client>;
beforeEach(async () => {
  sb = await start();
  api = client(sb);
});
afterEach(() => sb.close());

const xml = new XMLParser({
  parseTagValue: false,
  ignoreAttributes: false,
  attributeNamePrefix: "",
});
const keys = { applicationApiKey: M.applicationApiKey, merchantApiKey: KEY };
const addressXml = (cc = "NL") =>
  `<address><addressLine1>Keizersgracht 1</addressLine1><addressLine2/><zipCode>1015 AA</zipCode><city>Amsterdam</city><country>Netherlands</country><countryCode>${cc}</countryCode></address>`;

async function legacyOrder(form: Record<string, string | number> = {}) {
  const r = await api.legacyPost("/order", {
    offeringId: OFF.hardcoverA4,
    merchantApiKey: KEY,
    paymentReference: "pay-1",
    merchantReference: "m-1",
    title: "T",
    ...form,
  });
  expect(r.status).toBe(200);
  return xml.parse(r.text).order as Json;
}

async function fromCheckout(form: Record<string, string | number> = {}) {
  const r = await api.legacyPost("/order/create_from_checkout_url", {
    offeringId: OFF.hardcoverA4,
    merchantApiKey: KEY,
    numberOfPages: 100,
    sourceUrl: "https://files.example.com/a.pdf",
    filetype: "pdf",
    sourceWidth: 210,
    sourceHeight: 297,
    paymentReference: "pay-2",
    ...form,
  });
  expect(r.status).toBe(200);
  return xml.parse(r.text).order as Json;
}

const setDetails = (ext: string, cc = "NL") =>
  api.legacyPost("/order/details", {
    externalOrderId: ext,
    customerName: "Ada Lovelace",
    shippingAddressXml: addressXml(cc),
    emailAddress: "ada@example.com",
    quantity: 2,
  });

describe("legacy offerings", () => {
  it("lists offerings with pricingExpireDate and *ByCurrency groups for currencies=ALL", async () => {
    const r = await api.legacyGet("/offering/list", { ...keys, currencies: "ALL" });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("xml");
    const root = xml.parse(r.text).root;
    expect(root.pricingExpireDate).toBe("2025-01-16T10:00:00.000+00:00");
    const o = root.offerings.offering.find((x: Json) => x.id === String(OFF.hardcoverA4));
    expect(o).toMatchObject({
      price: "12.50",
      pricePerPage: "0.03",
      countryShippingPrice: "4.95",
      currency: "EUR",
      addShipping: "true",
      fixedSize: "true",
      recommended: "true",
      dimensionUnit: "mm",
      catalogueItemCode: "BO-HC-228478",
      merchantApiKey: KEY,
      applicationApiKey: M.applicationApiKey,
    });
    expect(o.priceByCurrency.value).toContainEqual({ amount: "13.56", currency: "USD" });
    expect(o.worldShippingPriceByCurrency.value.length).toBeGreaterThan(5);
    expect(o.elements).toHaveLength(2);
  });

  it("gives one offering by buttonKey or key pair, without the currency groups", async () => {
    const byButton = await api.legacyGet("/offering/details", {
      buttonKey: M.buttonKey,
      offeringId: OFF.softcoverCustom,
    });
    const o = xml.parse(byButton.text).offering;
    expect(o).toMatchObject({
      id: String(OFF.softcoverCustom),
      fixedSize: "false",
      minimumQuantity: "0",
    });
    expect(o.priceByCurrency).toBeUndefined();
    const byPair = await api.legacyGet("/offering/details", {
      ...keys,
      offeringId: OFF.softcoverCustom,
    });
    expect(byPair.text).toBe(byButton.text);
  });

  it("answers XML errors: wrong application 401 APP_FORBIDDEN, unknown offering 404", async () => {
    const app = await api.legacyGet("/offering/list", { ...keys, applicationApiKey: "x" });
    expect(app.status).toBe(401);
    expect(xml.parse(app.text).error.code).toBe("APP_FORBIDDEN");
    const off = await api.legacyGet("/offering/details", { ...keys, offeringId: 1 });
    expect([off.status, xml.parse(off.text).error.code]).toEqual([404, "OFF_NOT_FOUND"]);
  });

  it("quotes with every field of the spec, including the secret", async () => {
    const r = await api.legacyGet("/offering/quote", {
      ...keys,
      offeringId: OFF.hardcoverA4,
      currency: "USD",
      countryCode: "US",
      numberOfPages: 100,
      quantity: 1,
    });
    const q = xml.parse(r.text).quote;
    for (const f of [
      "rate",
      "price",
      "currency",
      "quantity",
      "vat",
      "secret",
      "offering-id",
      "price-retail",
      "price-wholesale",
      "price-shipping",
      "price-per-page",
      "extra-number-of-pages",
      "number-of-pages",
      "vat-percentage",
      "total-price-excluding-vat",
      "total-price-including-vat",
      "offering-width",
      "offering-height",
      "fixed-size",
      "merchant-name",
      "full-payment-url",
    ])
      expect(q).toHaveProperty(f);
    expect(q).toMatchObject({
      rate: "1.0850",
      currency: "USD",
      "extra-number-of-pages": "76",
      "fixed-size": "true",
    });
  });
});

describe("legacy orders", () => {
  it("creates an OPEN order with externalOrderId and upload policy fields", async () => {
    const o = await legacyOrder({ apiVersion: 2 });
    expect(o).toMatchObject({ orderState: "OPEN", quantity: "1", apiVersion: "3" });
    expect(o.externalOrderId).toMatch(/^[0-9A-F]{24}$/);
    expect(o.signedPutUrl).toBe(`${sb.url}/__sandbox/upload`);
    expect(o.signedPutPath).toBe(`orders/${o.externalOrderId}/`);
    expect(JSON.parse(Buffer.from(o.base64EncodedPolicy, "base64").toString())).toHaveProperty(
      "conditions",
    );
    expect(o.signature).toMatch(/=$/);
  });

  it("takes details, pays with the HMAC secret (OK) and reports status by paymentReference", async () => {
    const o = await fromCheckout();
    const d = await setDetails(o.externalOrderId);
    expect([d.status, d.text]).toEqual([200, "OK"]);
    const bad = await api.legacyGet("/order/set_paid", {
      externalOrderId: o.externalOrderId,
      merchantApiKey: KEY,
      secret: "wrong",
    });
    expect([bad.status, bad.text]).toEqual([200, "ERROR"]);
    const secret = legacyOrderSecret(M.secretKey, KEY, o.externalOrderId);
    const ok = await api.legacyGet("/order/set_paid", {
      externalOrderId: o.externalOrderId,
      merchantApiKey: KEY,
      secret,
    });
    expect(ok.text).toBe("OK");
    const again = await api.legacyGet("/order/set_paid", {
      externalOrderId: o.externalOrderId,
      merchantApiKey: KEY,
      secret,
    });
    expect(again.text).toBe("ERROR");
    const s = xml.parse(
      (await api.legacyGet("/order/status", { paymentReference: "pay-2", merchantApiKey: KEY }))
        .text,
    )["order-status"];
    expect(s).toMatchObject({
      "order-id": o.id,
      "payment-reference": "pay-2",
      "order-status": "paid",
      quantity: "2",
      created: "2025-01-15T10:00:00.000+00:00",
    });
    expect(s.vat).toMatch(/^\d+\.\d{2}$/);
    expect(s.history.entry).toHaveLength(2);
  });

  it("shares one store with the JSON interface", async () => {
    const o = await fromCheckout();
    const r = await api.get("/order/details", { merchantApiKey: KEY, orderId: o.id });
    expect(r.body).toMatchObject({ order_id: Number(o.id), order_state: "OPEN" });
    expect(sb.control.orders()).toHaveLength(1);
  });

  it("sets quote and paid when the quote matches, refusing an edited quote", async () => {
    const o = await fromCheckout();
    await setDetails(o.externalOrderId, "DE");
    const q = await api.legacyGet("/offering/quote", {
      ...keys,
      offeringId: OFF.hardcoverA4,
      currency: "EUR",
      countryCode: "DE",
      numberOfPages: 100,
      quantity: 3,
    });
    const secret = legacyOrderSecret(M.secretKey, KEY, o.externalOrderId);
    const edited = q.text.replace(
      /<total-price-including-vat>[^<]+</,
      "<total-price-including-vat>0.01<",
    );
    const bad = await api.legacyPost("/order/set_quote_and_paid", {
      externalOrderId: o.externalOrderId,
      merchantApiKey: KEY,
      secret,
      quoteXml: edited,
    });
    expect([bad.status, xml.parse(bad.text).error.code]).toEqual([400, "INVALID_DATA"]);
    const wrongSecret = await api.legacyPost("/order/set_quote_and_paid", {
      externalOrderId: o.externalOrderId,
      merchantApiKey: KEY,
      secret: "x",
      quoteXml: q.text,
    });
    expect(wrongSecret.status).toBe(401);
    const ok = await api.legacyPost("/order/set_quote_and_paid", {
      externalOrderId: o.externalOrderId,
      merchantApiKey: KEY,
      secret,
      quoteXml: q.text,
    });
    expect([ok.status, ok.text]).toEqual([200, "OK"]);
    expect(sb.control.order(Number(o.id))).toMatchObject({
      state: "PAID",
      items: [{ quantity: 3 }],
    });
  });

  it("completes an order created without files when the upload lands in the bucket", async () => {
    const o = await legacyOrder();
    expect(sb.control.order(Number(o.id))?.items[0]?.state).toBe("PENDING_COMPLETION");
    const put = await fetch(`${o.signedPutUrl}/${o.signedPutPath}book.pdf`, {
      method: "PUT",
      body: "%PDF-1.4",
    });
    expect(put.status).toBe(204);
    expect(sb.control.order(Number(o.id))?.items[0]?.state).toBe("AWAITING_PAYMENT");
  });

  it("refuses details after payment and unknown orders with XML errors", async () => {
    const o = await fromCheckout();
    await setDetails(o.externalOrderId);
    await api.legacyGet("/order/set_paid", {
      externalOrderId: o.externalOrderId,
      merchantApiKey: KEY,
      secret: legacyOrderSecret(M.secretKey, KEY, o.externalOrderId),
    });
    const late = await setDetails(o.externalOrderId);
    expect([late.status, xml.parse(late.text).error.code]).toEqual([409, "ORD_PAID_STATE"]);
    const unknown = await setDetails("NOPE");
    expect(unknown.status).toBe(404);
  });
});
