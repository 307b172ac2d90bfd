// The sandbox refuses, field by field, what the print service refuses: each case changes one
// field of a request that passes, sends it over HTTP and expects the status, the code and the
// field named in `details` (JSON body or legacy XML error).
import { readFileSync } from "node:fs";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/index";
import { describeRules } from "../../sandbox/validation";
import {
  KEY,
  M,
  OFF,
  client,
  createOrder,
  files,
  orderBody,
  pay,
  secretFor,
  shippingAddress,
  start,
  type Json,
  type Res,
} from "./helpers";

let sb: Sandbox;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  sb = await start();
  api = client(sb);
});
afterAll(() => sb.close());

const DELETE = Symbol("delete");
type Change = Record<string, unknown>;

/** A deep copy of `base` with each dotted path (`item_details.0.quantity`) set or deleted. */
function changed<T>(base: T, change: Change): T {
  const copy = structuredClone(base) as Json;
  for (const [path, value] of Object.entries(change)) {
    const keys = path.split(".");
    let at = copy;
    for (const k of keys.slice(0, -1)) at = at[k] ??= {};
    const last = keys[keys.length - 1] as string;
    if (value === DELETE) delete at[last];
    else at[last] = value;
  }
  return copy as T;
}

const xml = new XMLParser({ parseTagValue: false });

/** Status, code and details of an error answer, JSON or legacy XML. */
function refusal(r: Res<Json>): { status: number; code: string | undefined; details: string } {
  if (typeof r.body === "object" && r.body !== null)
    return { status: r.status, code: r.body.custom_code, details: r.body.details };
  const e = xml.parse(r.text).error ?? {};
  return { status: r.status, code: e.code, details: String(e.message ?? r.text) };
}

interface Case {
  change: Change;
  field: string;
  status?: number;
  code?: string;
}

function expectRefused(r: Res<Json>, c: Case) {
  const got = refusal(r);
  expect({ status: got.status, code: got.code }).toEqual({
    status: c.status ?? 400,
    code: c.code ?? "INVALID_DATA",
  });
  expect(got.details).toContain(`field ${c.field}:`);
}

const bad = (field: string, change: Change, status?: number, code?: string): Case => ({
  field,
  change,
  ...(status === undefined ? {} : { status }),
  ...(code === undefined ? {} : { code }),
});

const label = (c: Case) =>
  Object.entries(c.change)
    .map(([k, v]) => `${k}=${v === DELETE ? "(missing)" : JSON.stringify(v)}`)
    .join(", ");

// ---- JSON interface ---------------------------------------------------------------------

const F = "item_details.0.file_details";
const SPINE = `${F}.spine_details.dynamic_spine_details`;
const SHIP = "address_details.shipping_address";

describe("POST /order/ refuses", () => {
  const base = orderBody();
  const cases: Case[] = [
    bad("item_details[0].file_details.content_url", { [`${F}.content_url`]: "not a url" }),
    bad("item_details[0].file_details.content_url", {
      [`${F}.content_url`]: "ftp://f.example.com/a.pdf",
    }),
    bad("item_details[0].file_details.content_url", {
      [`${F}.content_url`]: "javascript:alert(1)",
    }),
    bad("item_details[0].file_details.content_url", { [`${F}.content_url`]: "https://" }),
    bad("item_details[0].file_details.content_url", { [`${F}.content_url`]: "" }),
    bad("item_details[0].file_details.content_url", { [`${F}.content_url`]: "   " }),
    bad("item_details[0].file_details.content_url", { [`${F}.content_url`]: DELETE }),
    bad("item_details[0].file_details.number_of_pages", { [`${F}.number_of_pages`]: DELETE }),
    bad("item_details[0].file_details.number_of_pages", { [`${F}.number_of_pages`]: -1 }),
    bad("item_details[0].file_details.number_of_pages", { [`${F}.number_of_pages`]: 10.5 }),
    bad("item_details[0].file_details.number_of_pages", { [`${F}.number_of_pages`]: "ten" }),
    bad("item_details[0].file_details.content_width", { [`${F}.content_width`]: 0 }),
    bad("item_details[0].file_details.content_height", { [`${F}.content_height`]: "tall" }),
    bad("item_details[0].file_details.cover_url", { [`${F}.cover_url`]: "cover.pdf" }),
    bad("item_details[0].file_details.spine_details.custom_spine_url", {
      [`${F}.spine_details.custom_spine_url`]: "spine.pdf",
    }),
    bad("item_details[0].file_details.spine_details", {
      [`${F}.spine_details`]: {
        custom_spine_url: "https://f.example.com/spine.pdf",
        dynamic_spine_details: { text_font: "Arial" },
      },
    }),
    bad(
      "item_details[0].file_details.spine_details.dynamic_spine_details.text_font",
      { [`${SPINE}.text_font`]: "Comic Sans" },
      400,
      "FONT_INVALID",
    ),
    bad(
      "item_details[0].file_details.spine_details.dynamic_spine_details.text_colour",
      { [`${SPINE}.text_colour`]: "red" },
      400,
      "COLOR_INVALID",
    ),
    bad(
      "item_details[0].file_details.spine_details.dynamic_spine_details.background_colour",
      { [`${SPINE}.background_colour`]: "#12345" },
      400,
      "COLOR_INVALID",
    ),
    bad("item_details[0].file_details.spine_details.dynamic_spine_details.text_size", {
      [`${SPINE}.text_size`]: 0,
    }),
    bad("item_details", { item_details: [] }),
    bad("item_details", { item_details: DELETE }),
    bad("item_details[0].offering_id", { "item_details.0.offering_id": DELETE }),
    bad("item_details[0].offering_id", { "item_details.0.offering_id": "abc" }),
    bad(
      "item_details[0].offering_id",
      { "item_details.0.offering_id": 999999 },
      404,
      "OFF_NOT_FOUND",
    ),
    bad("item_details[0].quantity", { "item_details.0.quantity": 0 }),
    bad("item_details[0].quantity", { "item_details.0.quantity": 1.5 }),
    bad("item_details[0].quantity", { "item_details.0.quantity": DELETE }),
    bad("item_details[0].title", { "item_details.0.title": { text: "x" } }),
    bad("currency", { currency: "XYZ" }, 404, "CURR_INVALID"),
    bad("currency", { currency: "euro" }, 404, "CURR_INVALID"),
    bad("billing_entity_id", { billing_entity_id: 424242 }),
    bad("address_details.email_address", { "address_details.email_address": "ada" }),
    bad("address_details.email_address", { "address_details.email_address": "ada@example" }),
    bad("address_details.email_address", {
      "address_details.email_address": "ada lovelace@example.com",
    }),
    bad("address_details.shipping_address.first_name", { [`${SHIP}.first_name`]: "" }),
    bad("address_details.shipping_address.last_name", { [`${SHIP}.last_name`]: DELETE }),
    bad("address_details.shipping_address.address_line_1", { [`${SHIP}.address_line_1`]: " " }),
    bad("address_details.shipping_address.city", { [`${SHIP}.city`]: DELETE }),
    bad("address_details.shipping_address.country_code", { [`${SHIP}.country_code`]: "NLD" }),
    bad("address_details.shipping_address.country_code", { [`${SHIP}.country_code`]: "XX" }),
    bad("address_details.shipping_address.country_code", { [`${SHIP}.country_code`]: "" }),
    bad("address_details.shipping_address.vat_country_code", {
      [`${SHIP}.vat_country_code`]: "UK",
    }),
    bad("address_details.billing_address.country_code", {
      "address_details.billing_address": { ...shippingAddress(), country_code: "ZZ" },
    }),
  ];

  it.each(cases.map((c) => [label(c), c] as const))("%s", async (_, c) => {
    const r = await api.post("/order/", changed(base, c.change));
    expectRefused(r, c);
  });

  it("accepts the request the cases start from, and empty file_details (files later)", async () => {
    expect((await api.post("/order/", base)).status).toBe(201);
    for (const empty of [{}, null, { content_url: "" }, { content_url: null, cover_url: "" }]) {
      const r = await api.post("/order/", changed(base, { [F]: empty }));
      expect(r.status).toBe(201);
      const order = await api.get("/order/details", {
        merchantApiKey: KEY,
        orderId: r.body.order_id,
      });
      expect(order.body.item_price_data[0].item_status).toBe("PENDING_COMPLETION");
    }
  });

  it("accepts numbers as text, a country code in lower case and a number as address_line_2", async () => {
    const r = await api.post(
      "/order/",
      changed(base, {
        "item_details.0.quantity": "2",
        [`${F}.number_of_pages`]: "120",
        [`${SHIP}.country_code`]: "de",
        [`${SHIP}.address_line_2`]: 1,
        [`${SPINE}.text_font`]: "TimesNewRoman",
        [`${SPINE}.text_colour`]: "#A0b1C2",
      }),
    );
    expect(r.status).toBe(201);
  });
});

describe("POST /order/address, /order/payment, /order/files, /order/cancel, GET /order/details refuse", () => {
  it.each(
    [
      bad("order_id", { order_id: "abc" }),
      bad("order_id", { order_id: DELETE }),
      bad("address_details", { address_details: DELETE }),
      bad("address_details.email_address", { "address_details.email_address": "ada@" }),
      bad("address_details.shipping_address.country_code", {
        [`${SHIP}.country_code`]: "Netherlands",
      }),
    ].map((c) => [label(c), c] as const),
  )("address: %s", async (_, c) => {
    const id = await createOrder(sb, { address_details: undefined });
    const base = {
      order_id: id,
      merchant_api_key: KEY,
      address_details: { email_address: "ada@example.com", shipping_address: shippingAddress() },
    };
    expectRefused(await api.post("/order/address", changed(base, c.change)), c);
    expect((await api.post("/order/address", base)).status).toBe(200);
  });

  it.each(
    [
      bad("secret", { secret: "not-hex!" }, 401, "ORD_SECRET"),
      bad("secret", { secret: DELETE }),
      bad("order_id", { order_id: 0 }),
    ].map((c) => [label(c), c] as const),
  )("payment: %s", async (_, c) => {
    const id = await createOrder(sb);
    const base = { order_id: id, merchant_api_key: KEY, secret: secretFor(id) };
    expectRefused(await api.post("/order/payment", changed(base, c.change)), c);
    expect((await api.post("/order/payment", base)).status).toBe(200);
  });

  const filesCases = [
    bad("file_details.content_url", { "file_details.content_url": "book.pdf" }),
    bad("file_details.content_url", { "file_details.content_url": "ftp://f.example.com/a.pdf" }),
    bad("file_details.number_of_pages", { "file_details.number_of_pages": DELETE }),
    bad("file_details.content_width", { "file_details.content_width": -210 }),
    bad("file_details.cover_url", { "file_details.cover_url": "data:application/pdf,x" }),
    bad("file_details", { file_details: DELETE }),
    bad("item_reference", { item_reference: ["line-1"] }),
  ];
  it.each(filesCases.map((c) => [label(c), c] as const))("files: %s", async (_, c) => {
    const id = await createOrder(sb, {
      item_details: [{ item_reference: "line-1", offering_id: OFF.hardcoverA4, quantity: 1 }],
    });
    const base = { order_id: id, merchant_api_key: KEY, file_details: files() };
    expectRefused(await api.post("/order/files", changed(base, c.change)), c);
    expect((await api.post("/order/files", base)).status).toBe(200);
  });

  it("files without a URL are taken but never reach production: a paid order's pending item stays pending", async () => {
    const id = await createOrder(sb, {
      item_details: [{ item_reference: "line-1", offering_id: OFF.hardcoverA4, quantity: 1 }],
    });
    expect((await pay(sb, id)).status).toBe(200);
    for (const content_url of [undefined, null, ""]) {
      const r = await api.post("/order/files", {
        order_id: id,
        merchant_api_key: KEY,
        file_details: { ...files(), content_url },
      });
      expect([r.status, r.text]).toEqual([200, "OK"]);
    }
    const order = await api.get("/order/details", { merchantApiKey: KEY, orderId: id });
    expect(order.body.item_price_data[0].item_status).toBe("PENDING_COMPLETION");
  });

  it.each(
    [
      bad("orderId", { orderId: "abc" }),
      bad("orderId", { orderId: "0" }),
      bad("orderId", { orderId: DELETE }),
    ].map((c) => [label(c), c] as const),
  )("details: %s", async (_, c) => {
    const id = await createOrder(sb);
    const base = { merchantApiKey: KEY, orderId: String(id) };
    const query = changed(base, c.change) as Record<string, string>;
    expectRefused(await api.get("/order/details", query), c);
    expect((await api.get("/order/details", base)).status).toBe(200);
  });

  it("cancel: order_id must be a number", async () => {
    const id = await createOrder(sb);
    const c = bad("order_id", { order_id: "1e3" });
    expectRefused(await api.post("/order/cancel", { merchant_api_key: KEY, order_id: "1e3" }), c);
    expect((await api.post("/order/cancel", { merchant_api_key: KEY, order_id: id })).status).toBe(
      200,
    );
  });
});

describe("POST /quote and GET /offering/list refuse", () => {
  const base = {
    apiKey: KEY,
    countryCode: "NL",
    currency: "EUR",
    items: [{ offeringId: OFF.hardcoverA4, numberOfPages: 100, quantity: 1 }],
  };
  it.each(
    [
      bad("countryCode", { countryCode: "XX" }),
      bad("countryCode", { countryCode: DELETE }),
      bad("countryCode", { countryCode: "N1" }),
      bad("state", { state: { name: "x" } }),
      bad("currency", { currency: "EURO" }, 404, "CURR_INVALID"),
      bad("items", { items: [] }),
      bad("items[0]", { items: ["228478"] }),
      bad("items[0].offeringId", { "items.0.offeringId": 999999 }, 404, "OFF_NOT_FOUND"),
      bad("items[0].offeringId", { "items.0.offeringId": -5 }),
      bad("items[0].numberOfPages", { "items.0.numberOfPages": -1 }),
      bad("items[0].quantity", { "items.0.quantity": 0 }),
    ].map((c) => [label(c), c] as const),
  )("quote: %s", async (_, c) => {
    expectRefused(await api.post("/quote", changed(base, c.change)), c);
  });

  it("quote: the request the cases start from passes", async () => {
    expect((await api.post("/quote", base)).status).toBe(200);
  });

  it.each(
    [
      bad("countryIsoCode2", { countryIsoCode2: "XX" }),
      bad("currency", { currency: "XYZ" }, 404, "CURR_INVALID"),
    ].map((c) => [label(c), c] as const),
  )("offering list: %s", async (_, c) => {
    const base = { merchantApiKey: KEY, countryIsoCode2: "NL", currency: "EUR" };
    expectRefused(await api.get("/offering/list", changed(base, c.change)), c);
    expect((await api.get("/offering/list", base)).status).toBe(200);
  });
});

describe("POST /publication/create and POST /billing-entity refuse", () => {
  const FILE = "order.product.source.file";
  const base = {
    apiKey: KEY,
    currency: "EUR",
    locale: "en",
    order: {
      reference: "pub-1",
      product: {
        title: "A book",
        offeringId: OFF.hardcoverA4,
        source: {
          file: {
            src: "https://files.example.com/book.pdf",
            pages: 100,
            dimensions: { width: 210, height: 297 },
          },
        },
        thumbnail: { src: "https://files.example.com/cover.jpg" },
      },
    },
  };
  it.each(
    [
      bad("order.product.source.file.src", { [`${FILE}.src`]: "book.pdf" }),
      bad("order.product.source.file.src", { [`${FILE}.src`]: DELETE }),
      bad("order.product.source.file.pages", { [`${FILE}.pages`]: "many" }),
      bad("order.product.source.file.dimensions.width", { [`${FILE}.dimensions.width`]: 0 }),
      bad("order.product.source.file.dimensions.height", { [`${FILE}.dimensions.height`]: DELETE }),
      bad("order.product.thumbnail.src", { "order.product.thumbnail.src": "cover" }),
      bad("order.product.title", { "order.product.title": ["A", "book"] }),
      bad("order", { order: DELETE }),
      bad("locale", { locale: "English (UK)" }),
      bad("currency", { currency: "XYZ" }, 404, "CURR_INVALID"),
    ].map((c) => [label(c), c] as const),
  )("publication: %s", async (_, c) => {
    expectRefused(await api.post("/publication/create", changed(base, c.change)), c);
  });

  it("publication: the request the cases start from passes", async () => {
    expect((await api.post("/publication/create", base)).status).toBe(200);
  });

  it.each(
    [
      bad("countryCode", { countryCode: "XX" }),
      bad("emailAddresses[1]", { emailAddresses: ["billing@example.com", "billing"] }),
      bad("emailAddresses", { emailAddresses: "billing@example.com" }),
      bad("parentEntityId", { parentEntityId: 424242 }),
      bad("parentEntityId", { parentEntityId: "root" }),
      bad("companyName", { companyName: { name: "ACME" } }),
    ].map((c) => [label(c), c] as const),
  )("billing entity: %s", async (_, c) => {
    const base = {
      apiKey: KEY,
      companyName: "ACME BV",
      countryCode: "NL",
      emailAddresses: ["billing@example.com"],
    };
    expectRefused(await api.post("/billing-entity", changed(base, c.change)), c);
    expect((await api.post("/billing-entity", base)).status).toBe(201);
  });
});

// ---- legacy XML interface -----------------------------------------------------------------

describe("legacy /rest refuses", () => {
  const keys = { applicationApiKey: M.applicationApiKey, merchantApiKey: KEY };

  it.each(
    [
      bad("countryCode", { countryCode: "XX" }),
      bad("countryCode", { countryCode: DELETE }),
      bad("currency", { currency: "XYZ" }, 404, "CURR_INVALID"),
      bad("offeringId", { offeringId: "999999" }, 404, "OFF_NOT_FOUND"),
      bad("offeringId", { offeringId: "abc" }),
      bad("numberOfPages", { numberOfPages: "-3" }),
      bad("quantity", { quantity: "0" }),
      bad("useMerchantSecret", { useMerchantSecret: "yes" }),
    ].map((c) => [label(c), c] as const),
  )("quote: %s", async (_, c) => {
    const base = {
      ...keys,
      offeringId: String(OFF.hardcoverA4),
      currency: "EUR",
      countryCode: "NL",
      numberOfPages: "100",
      quantity: "1",
    };
    expectRefused(await api.legacyGet("/offering/quote", changed(base, c.change)), c);
    expect((await api.legacyGet("/offering/quote", base)).status).toBe(200);
  });

  it.each(
    [bad("currencies", { currencies: "EUR,XXX" }, 404, "CURR_INVALID")].map(
      (c) => [label(c), c] as const,
    ),
  )("offering list: %s", async (_, c) => {
    expectRefused(await api.legacyGet("/offering/list", changed(keys, c.change)), c);
  });

  it("offering details: offeringId must be a known integer", async () => {
    const c = bad("offeringId", {});
    expectRefused(await api.legacyGet("/offering/details", { ...keys, offeringId: "x1" }), c);
    expectRefused(await api.legacyGet("/offering/details", { ...keys, offeringId: "1" }), {
      ...c,
      status: 404,
      code: "OFF_NOT_FOUND",
    });
  });

  it.each(
    [
      bad("emailAddress", { emailAddress: "not-an-email" }),
      bad("locale", { locale: "en us" }),
      bad("apiVersion", { apiVersion: "v3" }),
      bad("offeringId", { offeringId: DELETE }),
    ].map((c) => [label(c), c] as const),
  )("order: %s", async (_, c) => {
    const base = {
      merchantApiKey: KEY,
      offeringId: String(OFF.hardcoverA4),
      emailAddress: "ada@example.com",
      locale: "nl_NL",
    };
    expectRefused(await api.legacyPost("/order", changed(base, c.change)), c);
    expect((await api.legacyPost("/order", base)).status).toBe(200);
  });

  it.each(
    [
      bad("sourceUrl", { sourceUrl: "not a url" }),
      bad("sourceUrl", { sourceUrl: "file:///etc/passwd" }),
      bad("sourceUrl", { sourceUrl: DELETE }),
      bad("sourceWidth", { sourceWidth: "0" }),
      bad("sourceHeight", { sourceHeight: DELETE }),
      bad("numberOfPages", { numberOfPages: "1.5" }),
      bad("filetype", { filetype: "docx" }),
    ].map((c) => [label(c), c] as const),
  )("create_from_checkout_url: %s", async (_, c) => {
    const base = {
      merchantApiKey: KEY,
      offeringId: String(OFF.hardcoverA4),
      numberOfPages: "100",
      sourceUrl: "https://files.example.com/book.pdf",
      filetype: "pdf",
      sourceWidth: "210",
      sourceHeight: "297",
    };
    expectRefused(
      await api.legacyPost("/order/create_from_checkout_url", changed(base, c.change)),
      c,
    );
    expect((await api.legacyPost("/order/create_from_checkout_url", base)).status).toBe(200);
  });

  const address = (cc = "NL", line1 = "Keizersgracht 1") =>
    `<address><addressLine1>${line1}</addressLine1><zipCode>1015 AA</zipCode>` +
    `<city>Amsterdam</city><country>Netherlands</country><countryCode>${cc}</countryCode></address>`;

  it.each(
    [
      bad("emailAddress", { emailAddress: "ada(at)example.com" }),
      bad("emailAddress", { emailAddress: DELETE }),
      bad("quantity", { quantity: "0" }),
      bad("shippingAddressXml", { shippingAddressXml: "<address><city>A</city>" }),
      bad("shippingAddressXml", { shippingAddressXml: "<addr/>" }),
      bad("shippingAddressXml.countryCode", { shippingAddressXml: address("XX") }),
      bad("shippingAddressXml.addressLine1", { shippingAddressXml: address("NL", "") }),
    ].map((c) => [label(c), c] as const),
  )("order details: %s", async (_, c) => {
    const created = await api.legacyPost("/order", {
      merchantApiKey: KEY,
      offeringId: String(OFF.hardcoverA4),
    });
    const externalOrderId = xml.parse(created.text).order.externalOrderId as string;
    const base = {
      externalOrderId,
      customerName: "Ada Lovelace",
      shippingAddressXml: address(),
      emailAddress: "ada@example.com",
      quantity: "2",
    };
    expectRefused(await api.legacyPost("/order/details", changed(base, c.change)), c);
    expect((await api.legacyPost("/order/details", base)).text).toBe("OK");
  });

  it("status: paymentReference is required", async () => {
    expectRefused(
      await api.legacyGet("/order/status", { merchantApiKey: KEY }),
      bad("paymentReference", {}),
    );
  });
});

// ---- the README lists every rule ----------------------------------------------------------

describe("sandbox/README.md", () => {
  it("lists every request rule of sandbox/validation.ts, and nothing else, in its refusal table", () => {
    const readme = readFileSync(new URL("../../sandbox/README.md", import.meta.url), "utf8");
    const start = readme.indexOf("<!-- request-rules:start -->");
    const end = readme.indexOf("<!-- request-rules:end -->");
    expect(start).toBeGreaterThan(0);
    const rows = readme
      .slice(start, end)
      .split("\n")
      .filter((l) => l.startsWith("| ") && !l.startsWith("| Endpoint") && !l.startsWith("| ---"))
      .map((l) =>
        l
          .split("|")
          .slice(1, -1)
          .map((cell) => cell.trim().replace(/^`|`$/g, "").replace(/\\\|/g, "|")),
      );
    const expected = describeRules().map((r) => [r.endpoint, r.field, r.rule, r.code]);
    // On a change, paste this between the markers and run prettier on the README.
    const table = [
      "| Endpoint | Field | Rule | Answer |",
      "| --- | --- | --- | --- |",
      ...expected.map(([e, f, r, c]) => `| ${e} | \`${f}\` | ${r} | ${c} |`),
    ].join("\n");
    expect(rows, `sandbox/README.md should hold:\n${table}\n`).toEqual(expected);
  });
});
