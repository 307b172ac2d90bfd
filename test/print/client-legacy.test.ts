import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  PrintApiError,
  PrintInputError,
  PrintResponseShapeError,
  legacySecret,
} from "~/services/print";
import { buildQuoteXml } from "~/services/print/resources/legacy/wire";
import { parseXml } from "~/services/print/xml";
import { KEYS, makeClient, startServer, type TestServer } from "./helpers";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const offeringXml = (withGroups: boolean) => `
  <offering>
    <id>228478</id>
    <price>12.50</price>
    <countryShippingPrice>4.95</countryShippingPrice>
    <regionShippingPrice>7.50</regionShippingPrice>
    <worldShippingPrice>12.00</worldShippingPrice>
    <pricePerPage>0.03</pricePerPage>
    <name>Hardcover A4 &amp; more</name>
    <downloadLocation>https://dl.example/228478</downloadLocation>
    <currency>EUR</currency>
    ${
      withGroups
        ? `<priceByCurrency><value amount="13.60" currency="USD"/><value amount="1900" currency="JPY"/></priceByCurrency>
    <pricePerPageByCurrency><value amount="0.03" currency="USD"/></pricePerPageByCurrency>
    <countryShippingPriceByCurrency/>
    <regionShippingPriceByCurrency></regionShippingPriceByCurrency>
    <worldShippingPriceByCurrency><value amount="13.05" currency="USD"/></worldShippingPriceByCurrency>`
        : ""
    }
    <vatPercentage>9</vatPercentage>
    <defaultNumberOfPages>48</defaultNumberOfPages>
    <minNumberOfPages>24</minNumberOfPages>
    <maxNumberOfPages>400</maxNumberOfPages>
    <dimensionWidth>210</dimensionWidth>
    <dimensionHeight>297</dimensionHeight>
    <dimensionUnit>mm</dimensionUnit>
    <minimumQuantity>0</minimumQuantity>
    <addShipping>true</addShipping>
    <recommended>false</recommended>
    <fixedSize>true</fixedSize>
    <elements><id>1</id><name>cover</name><url></url></elements>
    <elements><id>2</id><name>interior</name><url>https://t.example/i.pdf</url></elements>
    <catalogueItemCode>BO-HC-A4</catalogueItemCode>
    <merchantApiKey>${KEYS.merchantApiKey}</merchantApiKey>
    <applicationApiKey>${KEYS.applicationApiKey}</applicationApiKey>
  </offering>`;

const quoteXml = `<?xml version="1.0" encoding="UTF-8"?>
<quote>
  <rate>1.0000</rate><price>12.50</price><currency>EUR</currency><quantity>2</quantity><vat>2.25</vat>
  <secret>q-secret</secret><offering-id>228478</offering-id>
  <price-retail>25.00</price-retail><price-wholesale>20.00</price-wholesale><price-shipping>4.95</price-shipping>
  <price-per-page>0.015</price-per-page><extra-number-of-pages>0</extra-number-of-pages><number-of-pages>48</number-of-pages>
  <vat-percentage>9</vat-percentage><total-price-excluding-vat>24.95</total-price-excluding-vat>
  <total-price-including-vat>27.20</total-price-including-vat><offering-width>210</offering-width>
  <offering-height>297</offering-height><fixed-size>true</fixed-size><merchant-name>Shop</merchant-name>
  <full-payment-url>https://pay.example/x</full-payment-url>
</quote>`;

const orderXml = `<order><externalOrderId>EXT-9</externalOrderId><id>9001</id>
  <signedPutUrl>https://bucket.example</signedPutUrl><signedPutPath>orders/9001</signedPutPath>
  <base64EncodedPolicy>eyJ4IjoxfQ==</base64EncodedPolicy><signature>sig</signature>
  <apiVersion>2</apiVersion><orderState>OPEN</orderState><quantity>1</quantity></order>`;

describe("legacy XML interface over HTTP", () => {
  it("offering list: keys in the query, *ByCurrency groups, pricingExpireDate", async () => {
    server.on("GET /rest/offering/list", () => ({
      body: `<?xml version="1.0"?><root><pricingExpireDate>2024-06-01T00:00:00+02:00</pricingExpireDate><offerings>${offeringXml(true)}</offerings></root>`,
    }));
    const { client } = makeClient(server.url);
    const list = await client.legacy.listOfferings({ currencies: ["usd", "JPY"] });
    expect(Object.fromEntries(server.requests[0]!.query)).toEqual({
      applicationApiKey: KEYS.applicationApiKey,
      merchantApiKey: KEYS.merchantApiKey,
      currencies: "USD,JPY",
    });
    expect(list.pricingExpireDate).toBe("2024-06-01T00:00:00+02:00");
    expect(list.offerings).toHaveLength(1);
    const o = list.offerings[0]!;
    expect(o).toMatchObject({
      id: 228478,
      name: "Hardcover A4 & more",
      currency: "EUR",
      price: { amountMinor: 1250, currency: "EUR" },
      pricePerPage: { amountMinor: 3 },
      worldShippingPrice: { amountMinor: 1200 },
      vatPercentage: 9,
      minimumQuantity: 0,
      addShipping: true,
      recommended: false,
      fixedSize: true,
      dimensionUnit: "mm",
      elements: [
        { id: "1", name: "cover", url: undefined },
        { id: "2", name: "interior", url: "https://t.example/i.pdf" },
      ],
      priceByCurrency: [
        { amountMinor: 1360, currency: "USD" },
        { amountMinor: 1900, currency: "JPY" },
      ],
      countryShippingPriceByCurrency: [],
      regionShippingPriceByCurrency: [],
      worldShippingPriceByCurrency: [{ amountMinor: 1305, currency: "USD" }],
    });
    expect(JSON.stringify(o)).not.toContain(KEYS.merchantApiKey);
  });

  it("offering list: empty list", async () => {
    server.on("GET /rest/offering/list", () => ({
      body: `<root><pricingExpireDate>2024-06-01T00:00:00Z</pricingExpireDate><offerings/></root>`,
    }));
    const { client } = makeClient(server.url);
    expect((await client.legacy.listOfferings()).offerings).toEqual([]);
  });

  it("offering details: buttonKey by default, key pair on request", async () => {
    server.on("GET /rest/offering/details", () => ({ body: offeringXml(false) }));
    const { client } = makeClient(server.url);
    const o = await client.legacy.offeringDetails({ offeringId: 228478 });
    expect(o.priceByCurrency).toEqual([]);
    expect(Object.fromEntries(server.requests[0]!.query)).toEqual({
      buttonKey: KEYS.buttonKey,
      offeringId: "228478",
    });
    await client.legacy.offeringDetails({ offeringId: 228478, auth: "keyPair" });
    expect(Object.fromEntries(server.requests[1]!.query)).toEqual({
      applicationApiKey: KEYS.applicationApiKey,
      merchantApiKey: KEYS.merchantApiKey,
      offeringId: "228478",
    });
    const { client: noKeys } = makeClient(server.url, {
      buttonKey: undefined,
      applicationApiKey: undefined,
    });
    await expect(noKeys.legacy.offeringDetails({ offeringId: 1 })).rejects.toBeInstanceOf(
      PrintInputError,
    );
  });

  it("quote: parameters and the hyphenated XML fields", async () => {
    server.on("GET /rest/offering/quote", () => ({ body: quoteXml }));
    const { client } = makeClient(server.url);
    const q = await client.legacy.quote({
      offeringId: 228478,
      currency: "EUR",
      countryCode: "NL",
      numberOfPages: 48,
      quantity: 2,
      useMerchantSecret: false,
    });
    expect(Object.fromEntries(server.requests[0]!.query)).toMatchObject({
      offeringId: "228478",
      currency: "EUR",
      countryCode: "NL",
      numberOfPages: "48",
      quantity: "2",
      useMerchantSecret: "false",
    });
    expect(q).toMatchObject({
      rate: "1.0000",
      currency: "EUR",
      offeringId: 228478,
      quantity: 2,
      price: { amountMinor: 1250 },
      priceRetail: { amountMinor: 2500 },
      pricePerPageExact: "0.015",
      vat: { amountMinor: 225 },
      totalPriceIncludingVat: { amountMinor: 2720 },
      fixedSize: true,
      secret: "q-secret",
      fullPaymentUrl: "https://pay.example/x",
    });
  });

  it("order create and create_from_checkout_url: form-encoded POST, XML order", async () => {
    server.on("POST /rest/order", () => ({ body: orderXml }));
    server.on("POST /rest/order/create_from_checkout_url", () => ({ body: orderXml }));
    const { client } = makeClient(server.url);
    const o = await client.legacy.createOrder({
      offeringId: 228478,
      merchantReference: "shop-1",
      apiVersion: 2,
    });
    expect(o).toEqual({
      externalOrderId: "EXT-9",
      id: 9001,
      orderState: "OPEN",
      quantity: 1,
      apiVersion: 2,
      upload: {
        signedPutUrl: "https://bucket.example",
        signedPutPath: "orders/9001",
        base64EncodedPolicy: "eyJ4IjoxfQ==",
        signature: "sig",
      },
    });
    const req = server.requests[0]!;
    expect(req.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(req.form)).toEqual({
      merchantApiKey: KEYS.merchantApiKey,
      offeringId: "228478",
      merchantReference: "shop-1",
      apiVersion: "2",
    });
    await client.legacy.createOrderFromCheckoutUrl({
      offeringId: 228478,
      numberOfPages: 48,
      sourceUrl: "https://f.example/a.pdf",
      filetype: "pdf",
      sourceWidth: 210,
      sourceHeight: 297,
    });
    expect(Object.fromEntries(server.requests[1]!.form)).toMatchObject({
      sourceUrl: "https://f.example/a.pdf",
      sourceWidth: "210",
      filetype: "pdf",
    });
  });

  it("order create: not repeated on a 503 and an order id that is not positive is refused", async () => {
    server.on(
      "POST /rest/order",
      () => ({ status: 503, body: "<error><code>BUSY</code><message>later</message></error>" }),
      () => ({ body: orderXml.replace("<id>9001</id>", "<id>-1</id>") }),
    );
    const { client } = makeClient(server.url);
    await expect(client.legacy.createOrder({ offeringId: 1 })).rejects.toMatchObject({
      status: 503,
      customCode: "BUSY",
      details: "later",
    });
    expect(server.requests).toHaveLength(1);
    await expect(client.legacy.createOrder({ offeringId: 1 })).rejects.toBeInstanceOf(
      PrintResponseShapeError,
    );
  });

  it("order details: sends shippingAddressXml, answers OK", async () => {
    server.on("POST /rest/order/details", () => ({ body: "OK" }));
    const { client } = makeClient(server.url);
    await client.legacy.setOrderDetails({
      externalOrderId: "EXT-9",
      customerName: "Ada Lovelace",
      emailAddress: "ada@example.com",
      quantity: 1,
      shippingAddress: {
        addressLine1: "Main 1 & Co",
        zipCode: "1011AA",
        city: "Amsterdam",
        country: "Netherlands",
        countryCode: "nl",
      },
    });
    const form = server.requests[0]!.form;
    expect(form.get("externalOrderId")).toBe("EXT-9");
    const addr = parseXml(form.get("shippingAddressXml")!);
    expect(addr).toEqual({
      address: {
        addressLine1: "Main 1 & Co",
        addressLine2: "",
        zipCode: "1011AA",
        city: "Amsterdam",
        country: "Netherlands",
        countryCode: "NL",
      },
    });
  });

  it("set_paid: HMAC secret; OK -> paid, ERROR -> PrintApiError", async () => {
    server.on(
      "GET /rest/order/set_paid",
      () => ({ body: "OK" }),
      () => ({ body: "ERROR" }),
    );
    const { client } = makeClient(server.url);
    expect(await client.legacy.setPaid({ externalOrderId: "EXT-9" })).toEqual({ status: "paid" });
    expect(Object.fromEntries(server.requests[0]!.query)).toEqual({
      externalOrderId: "EXT-9",
      merchantApiKey: KEYS.merchantApiKey,
      secret: legacySecret(KEYS.secretKey, KEYS.merchantApiKey, "EXT-9"),
    });
    const err = await client.legacy.setPaid({ externalOrderId: "EXT-9" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PrintApiError);
    expect(err).toMatchObject({ customCode: "ERROR", operation: "legacy.order.setPaid" });
  });

  it("set_paid uses the injected join", async () => {
    server.on("GET /rest/order/set_paid", () => ({ body: "OK" }));
    const join = (a: string, b: string) => `${b}:${a}`;
    const { client } = makeClient(server.url, { legacySecretJoin: join });
    await client.legacy.setPaid({ externalOrderId: "E1" });
    expect(server.requests[0]!.query.get("secret")).toBe(
      legacySecret(KEYS.secretKey, KEYS.merchantApiKey, "E1", join),
    );
  });

  it("set_quote_and_paid: sends quoteXml rebuilt from the quote", async () => {
    server.on("GET /rest/offering/quote", () => ({ body: quoteXml }));
    server.on("POST /rest/order/set_quote_and_paid", () => ({ body: "OK" }));
    const { client, logger } = makeClient(server.url);
    const quote = await client.legacy.quote({
      offeringId: 228478,
      currency: "EUR",
      countryCode: "NL",
      numberOfPages: 48,
      quantity: 2,
    });
    expect(await client.legacy.setQuoteAndPaid({ externalOrderId: "EXT-9", quote })).toEqual({
      status: "paid",
    });
    const form = server.requests[1]!.form;
    expect(form.get("secret")).toBe(legacySecret(KEYS.secretKey, KEYS.merchantApiKey, "EXT-9"));
    const sent = parseXml(form.get("quoteXml")!);
    expect(sent).toEqual(parseXml(quoteXml.replace(/>\s+</g, "><")));
    expect(form.get("quoteXml")).toBe(buildQuoteXml(quote));
    expect(JSON.stringify(logger.lines)).not.toContain("q-secret");
  });

  it("order status: XML order-status", async () => {
    server.on("GET /rest/order/status", () => ({
      body: `<order-status><order-id>9001</order-id><payment-reference>pay-1</payment-reference>
        <merchant-reference>shop-1</merchant-reference><order-status>open</order-status>
        <price>12.50</price><priceRetail>25.00</priceRetail><priceWholesale>20.00</priceWholesale>
        <shippingRetail>4.95</shippingRetail><shippingWholesale>4.00</shippingWholesale><vat>2.25</vat>
        <created>2024-05-01T10:00:00.000+02:00</created><quantity>1</quantity><title>My Book</title>
        <shipping><carrier>PostNL</carrier></shipping><history/></order-status>`,
    }));
    const { client } = makeClient(server.url);
    const s = await client.legacy.orderStatus({ paymentReference: "pay-1" });
    expect(Object.fromEntries(server.requests[0]!.query)).toEqual({
      paymentReference: "pay-1",
      merchantApiKey: KEYS.merchantApiKey,
    });
    expect(s).toEqual({
      orderId: 9001,
      paymentReference: "pay-1",
      merchantReference: "shop-1",
      orderStatus: "open",
      amounts: {
        price: "12.50",
        priceRetail: "25.00",
        priceWholesale: "20.00",
        shippingRetail: "4.95",
        shippingWholesale: "4.00",
        vat: "2.25",
      },
      created: "2024-05-01T10:00:00.000+02:00",
      quantity: 1,
      title: "My Book",
      shipping: { carrier: "PostNL" },
      history: undefined,
    });
  });

  it("legacy XML errors map to PrintApiError; non-XML bodies to shape errors", async () => {
    server.on(
      "GET /rest/order/status",
      () => ({
        status: 404,
        body: "<error><code>ORDER_NOT_FOUND</code><message>no such order</message></error>",
      }),
      () => ({ body: "{}" }),
    );
    const { client } = makeClient(server.url);
    await expect(client.legacy.orderStatus({ paymentReference: "x" })).rejects.toMatchObject({
      status: 404,
      kind: "not_found",
      customCode: "ORDER_NOT_FOUND",
    });
    await expect(client.legacy.orderStatus({ paymentReference: "x" })).rejects.toBeInstanceOf(
      PrintResponseShapeError,
    );
  });
});
