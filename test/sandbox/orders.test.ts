import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/index";
import { paymentSecret } from "../../sandbox/signatures";
import {
  KEY,
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
} from "./helpers";

let sb: Sandbox;
let api: ReturnType<typeof client>;
beforeEach(async () => {
  sb = await start();
  api = client(sb);
});
afterEach(() => sb.close());

const details = (orderId: number) => api.get("/order/details", { merchantApiKey: KEY, orderId });

describe("signatures", () => {
  it("derives the payment secret as hex SHA-256 of secretKey + orderId (worked example)", () => {
    expect(paymentSecret("SECRETABCD", 1234)).toBe(
      "4bf65a3ffc022f0070babee6540048dfc1a3faad270f62f8084fe66f94ebf8fd",
    );
  });
});

describe("order creation", () => {
  it("creates an order with 201 and a numeric order_id, also without the trailing slash", async () => {
    const r = await api.post("/order/", orderBody());
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ order_id: expect.any(Number) });
    const r2 = await api.post("/order", orderBody());
    expect(r2.status).toBe(201);
  });

  it("accepts the extra create fields and returns full order details", async () => {
    const id = await createOrder(sb, {
      order_reference: "shop-1001",
      billing_entity_id: null,
      cost_centre: "marketing",
      item_details: [
        {
          item_reference: "line-1",
          offering_id: OFF.hardcoverA4,
          quantity: "2",
          title: "My book",
          file_details: {
            ...files(124),
            cover_url: "https://files.example.com/cover.pdf",
            spine_details: {
              dynamic_spine_details: {
                text_font: "Georgia",
                text_size: 12,
                text_colour: "#112233",
                background_colour: "#FFFFFF",
                text_top: "A",
                text_center: "B",
                text_bottom: "C",
              },
            },
          },
        },
      ],
      address_details: {
        email_address: "ada@example.com",
        shipping_address: {
          ...shippingAddress("DE"),
          state: null,
          phone_number: "+31 20 000",
          company_name: "ACME",
          address_line_2: 1,
        },
      },
    });
    const r = await details(id);
    expect(r.status).toBe(200);
    const d = r.body;
    expect(d).toMatchObject({
      order_id: id,
      order_state: "OPEN",
      moderation_reason: "",
      created_date: "2025-01-15T10:00:00.000+00:00",
      currency: "EUR",
      merchant_order_reference: "shop-1001",
      tracking_code: null,
      tracking_url: null,
      address_details: {
        country_code: "DE",
        address_line_2: "1",
        state: "",
        cpf_cnpj: "",
        neighbourhood: "",
      },
      fulfilment_location: { country_code: "NL", lab_code: "AMS1" },
    });
    for (const v of Object.values(d.order_price_data))
      if (typeof v === "string") expect(v).toMatch(/^\d+\.\d{2}$/);
    expect(d.order_price_data.wholesale_product_taxes).toEqual({
      tax_name: "VAT",
      tax_percentage: "7.00",
      amount: expect.any(String),
    });
    expect(d.item_price_data[0]).toMatchObject({
      offering_id: String(OFF.hardcoverA4),
      quantity: "2",
      number_of_pages: 124,
      item_status: "AWAITING_PAYMENT",
    });
  });

  it("prices order details exactly like the quote", async () => {
    const id = await createOrder(sb, {
      item_details: [
        {
          item_reference: "a",
          offering_id: OFF.softcoverA5,
          quantity: 12,
          file_details: files(100),
        },
      ],
    });
    const q = await api.post("/quote", {
      apiKey: KEY,
      countryCode: "NL",
      currency: "EUR",
      items: [{ offeringId: OFF.softcoverA5, numberOfPages: 100, quantity: 12 }],
    });
    const d = (await details(id)).body;
    expect(d.order_price_data.total_wholesale_price_inc_taxes).toBe(
      q.body.quoteSummary.totalWholesalePrice.toFixed(2),
    );
    expect(d.item_price_data[0].wholesale_shipping_price).toBe(
      q.body.quotedItems[0].shippingWholesale.toFixed(2),
    );
  });

  it("finds an order by orderReference and hides it from other merchants", async () => {
    await sb.control.addMerchant({ merchantApiKey: "other", secretKey: "s2", credit: "10.00" });
    const id = await createOrder(sb, { order_reference: "ref-42" });
    const byRef = await api.get("/order/details", {
      merchantApiKey: KEY,
      orderReference: "ref-42",
    });
    expect(byRef.body.order_id).toBe(id);
    const other = await api.get("/order/details", { merchantApiKey: "other", orderId: id });
    expect(other.status).toBe(404);
    expect(other.body.details).toBe("Order not found");
    const missing = await api.get("/order/details", {
      merchantApiKey: KEY,
      orderReference: "nope",
    });
    expect(missing.status).toBe(404);
  });

  it("rejects a reused order_reference with 400 ORD_DUPLICATE", async () => {
    await createOrder(sb, { order_reference: "dup" });
    const r = await api.post("/order/", orderBody({ order_reference: "dup" }));
    expect([r.status, r.body.custom_code]).toEqual([400, "ORD_DUPLICATE"]);
  });

  it("validates fields, spine fonts and colours, offerings, currency and limits", async () => {
    const missing = await api.post(
      "/order/",
      orderBody({ item_details: [{ offering_id: OFF.hardcoverA4 }] }),
    );
    expect([missing.status, missing.body.custom_code]).toEqual([400, "INVALID_DATA"]);
    expect(missing.body.details).toContain("item_details[0].quantity");
    const spine = (s: Json) =>
      orderBody({
        item_details: [
          {
            offering_id: OFF.hardcoverA4,
            quantity: 1,
            file_details: { ...files(), spine_details: { dynamic_spine_details: s } },
          },
        ],
      });
    expect((await api.post("/order/", spine({ text_font: "Comic Sans" }))).body.custom_code).toBe(
      "FONT_INVALID",
    );
    expect((await api.post("/order/", spine({ text_colour: "red" }))).body.custom_code).toBe(
      "COLOR_INVALID",
    );
    const off = await api.post(
      "/order/",
      orderBody({ item_details: [{ offering_id: 123456, quantity: 1 }] }),
    );
    expect([off.status, off.body.custom_code]).toEqual([404, "OFF_NOT_FOUND"]);
    const cur = await api.post("/order/", orderBody({ currency: "XYZ" }));
    expect([cur.status, cur.body.custom_code]).toEqual([404, "CURR_INVALID"]);
    const small = await api.post(
      "/order/",
      orderBody({
        item_details: [
          {
            offering_id: OFF.softcoverCustom,
            quantity: 1,
            file_details: { ...files(100), content_width: 90, content_height: 200 },
          },
        ],
      }),
    );
    expect([small.status, small.body.custom_code]).toEqual([400, "OFF_MIN"]);
    const mag = await api.post(
      "/order/",
      orderBody({ item_details: [{ offering_id: OFF.magazine, quantity: 2 }] }),
    );
    expect(mag.body.custom_code).toBe("OFF_MIN");
    const key = await api.post("/order/", orderBody({ merchant_api_key: "unknown" }));
    expect(key.status).toBe(500);
  });

  it("rejects items that cannot go to the address: NO_PF alone, MULTI_ORDER_INVALID_DATA together", async () => {
    const one = await api.post(
      "/order/",
      orderBody({
        item_details: [{ offering_id: OFF.artPrint, quantity: 1 }],
        address_details: { shipping_address: shippingAddress("US") },
      }),
    );
    expect([one.status, one.body.custom_code]).toEqual([404, "NO_PF"]);
    const two = await api.post(
      "/order/",
      orderBody({
        item_details: [
          { offering_id: OFF.hardcoverA4, quantity: 1 },
          { offering_id: OFF.artPrint, quantity: 1 },
        ],
      }),
    );
    expect([two.status, two.body.custom_code]).toEqual([400, "MULTI_ORDER_INVALID_DATA"]);
    expect(two.body.details).toContain("[228478] && [228550]");
  });

  it("answers 401 APP_FORBIDDEN for an operation the merchant key may not use", async () => {
    sb.control.updateMerchant(KEY, { forbiddenOperations: ["order.create"] });
    const r = await api.post("/order/", orderBody());
    expect([r.status, r.body.custom_code]).toEqual([401, "APP_FORBIDDEN"]);
  });
});

describe("payment", () => {
  it("pays with the secret, deducts the wholesale total incl. VAT from the credit, answers PAID", async () => {
    const id = await createOrder(sb);
    const before = sb.control.merchant(KEY)?.credit ?? 0;
    const total = (await details(id)).body.order_price_data.total_wholesale_price_inc_taxes;
    const r = await pay(sb, id);
    expect([r.status, r.body]).toEqual([200, { order_state: "PAID" }]);
    expect(before - (sb.control.merchant(KEY)?.credit ?? 0)).toBe(Math.round(Number(total) * 100));
    expect((await details(id)).body.order_state).toBe("PAID");
  });

  it("refuses a wrong secret with 401 ORD_SECRET", async () => {
    const id = await createOrder(sb);
    const r = await api.post("/order/payment", {
      order_id: id,
      merchant_api_key: KEY,
      secret: secretFor(id + 1),
    });
    expect([r.status, r.body.custom_code]).toEqual([401, "ORD_SECRET"]);
  });

  it("refuses to pay twice with 409 ORD_PAID_STATE and without an address with ORD_MISS_ADDR", async () => {
    const id = await createOrder(sb);
    await pay(sb, id);
    expect((await pay(sb, id)).body.custom_code).toBe("ORD_PAID_STATE");
    const noAddr = await createOrder(sb, { address_details: undefined });
    const r = await pay(sb, noAddr);
    expect([r.status, r.body.custom_code]).toEqual([409, "ORD_MISS_ADDR"]);
  });

  it("moves the order to PAYMENT_ERROR on low credit and accepts payment again after a top-up", async () => {
    sb.control.updateMerchant(KEY, { credit: "1.00" });
    const id = await createOrder(sb);
    const r = await pay(sb, id);
    expect([r.status, r.body.custom_code]).toEqual([409, "MERCH_INSUFFICIENT_BALANCE"]);
    expect((await details(id)).body.order_state).toBe("PAYMENT_ERROR");
    sb.control.updateMerchant(KEY, { credit: "1000.00" });
    expect((await pay(sb, id)).status).toBe(200);
  });

  it("answers 409 when a source file is unreachable (host unreachable.invalid or /unreachable/ path)", async () => {
    for (const url of [
      "https://unreachable.invalid/book.pdf",
      "https://files.example.com/unreachable/book.pdf",
    ]) {
      const id = await createOrder(sb, {
        item_details: [
          { offering_id: OFF.hardcoverA4, quantity: 1, file_details: files(100, url) },
        ],
      });
      const r = await pay(sb, id);
      expect(r.status).toBe(409);
      expect(r.body.custom_code).toBeUndefined();
      expect(r.body.details).toBe(`Source file could not be retrieved: ${url}`);
    }
  });
});

describe("address and files", () => {
  it("changes the address while unpaid and refuses after payment", async () => {
    const id = await createOrder(sb, { address_details: undefined });
    const r = await api.post("/order/address", {
      order_id: id,
      merchant_api_key: KEY,
      address_details: { email_address: "b@example.com", shipping_address: shippingAddress("FR") },
    });
    expect([r.status, r.text]).toEqual([200, ""]);
    expect((await details(id)).body.address_details.country_code).toBe("FR");
    await pay(sb, id);
    const late = await api.post("/order/address", {
      order_id: id,
      merchant_api_key: KEY,
      address_details: { shipping_address: shippingAddress("DE") },
    });
    expect([late.status, late.body.custom_code]).toEqual([409, "ORD_PAID_STATE"]);
  });

  it("refuses an address the items cannot ship to with NO_PF", async () => {
    const id = await createOrder(sb, {
      item_details: [{ offering_id: OFF.layflat, quantity: 1 }],
      address_details: undefined,
    });
    const r = await api.post("/order/address", {
      order_id: id,
      merchant_api_key: KEY,
      address_details: { shipping_address: shippingAddress("AU") },
    });
    expect([r.status, r.body.custom_code]).toEqual([404, "NO_PF"]);
  });

  it("keeps items without files PENDING_COMPLETION until /order/files, which answers text OK", async () => {
    const id = await createOrder(sb, {
      item_details: [
        { item_reference: "a", offering_id: OFF.hardcoverA4, quantity: 1, file_details: {} },
      ],
    });
    expect((await details(id)).body.item_price_data[0].item_status).toBe("PENDING_COMPLETION");
    const r = await api.post("/order/files", {
      order_id: id,
      merchant_api_key: KEY,
      file_details: {
        content_url: "https://f.example.com/a.pdf",
        content_width: 210,
        content_height: 297,
        number_of_pages: 60,
      },
    });
    expect(r.status).toBe(200);
    expect(r.text).toBe("OK");
    expect(r.headers.get("content-type")).toContain("text/plain");
    const d = (await details(id)).body;
    expect(d.item_price_data[0]).toMatchObject({
      item_status: "AWAITING_PAYMENT",
      number_of_pages: 60,
    });
  });

  it("holds a paid order with pending items at PAID until files arrive, then lets it advance", async () => {
    const id = await createOrder(sb, {
      item_details: [{ item_reference: "a", offering_id: OFF.hardcoverA4, quantity: 1 }],
    });
    await pay(sb, id);
    expect(sb.control.advance({ orderId: id })).toEqual([]);
    expect(sb.control.advance({ orderId: id, to: "SHIPPED" })).toEqual([]);
    expect((await details(id)).body.order_state).toBe("PAID");
    const files = await api.post("/order/files", {
      order_id: id,
      merchant_api_key: KEY,
      item_reference: "a",
      file_details: { content_url: "https://f.example.com/a.pdf", number_of_pages: 60 },
    });
    expect(files.status).toBe(200);
    expect(sb.control.advance({ orderId: id })).toEqual([
      { orderId: id, from: "PAID", to: "WAITING_TO_DISPATCH" },
    ]);
  });

  // The interface's /order/files request: sizes and pages, no content_url.
  const documentFiles = { content_width: 210, content_height: 297, number_of_pages: 100 };

  it("answers the interface's files request on a paid order with 409 ORD_FILES_STATE", async () => {
    const id = await createOrder(sb);
    expect((await pay(sb, id)).status).toBe(200);
    const r = await api.post("/order/files", {
      order_id: id,
      merchant_api_key: KEY,
      file_details: documentFiles,
    });
    expect([r.status, r.body.custom_code]).toEqual([409, "ORD_FILES_STATE"]);
  });

  it("takes the interface's files request for a pending item, which waits for its file address", async () => {
    const id = await createOrder(sb, {
      item_details: [
        { item_reference: "a", offering_id: OFF.hardcoverA4, quantity: 1, file_details: {} },
      ],
    });
    const r = await api.post("/order/files", {
      order_id: id,
      merchant_api_key: KEY,
      file_details: documentFiles,
    });
    expect([r.status, r.text]).toEqual([200, "OK"]);
    expect((await details(id)).body.item_price_data[0]).toMatchObject({
      item_status: "PENDING_COMPLETION",
      number_of_pages: 100,
    });
    // Sizes and pages are checked against the offering like any file's.
    const tooShort = await api.post("/order/files", {
      order_id: id,
      merchant_api_key: KEY,
      file_details: { ...documentFiles, number_of_pages: 4 },
    });
    expect([tooShort.status, tooShort.body.custom_code]).toEqual([400, "OFF_MIN"]);
    // The address arrives: the item is complete.
    const withUrl = await api.post("/order/files", {
      order_id: id,
      merchant_api_key: KEY,
      file_details: { ...documentFiles, content_url: "https://f.example.com/a.pdf" },
    });
    expect(withUrl.status).toBe(200);
    expect((await details(id)).body.item_price_data[0].item_status).toBe("AWAITING_PAYMENT");
  });

  it("keeps a paid order at PAID while its item's file has no address", async () => {
    const id = await createOrder(sb, {
      item_details: [{ item_reference: "a", offering_id: OFF.hardcoverA4, quantity: 1 }],
    });
    await pay(sb, id);
    const r = await api.post("/order/files", {
      order_id: id,
      merchant_api_key: KEY,
      file_details: documentFiles,
    });
    expect(r.status).toBe(200);
    expect(sb.control.advance({ orderId: id })).toEqual([]);
    expect((await details(id)).body).toMatchObject({
      order_state: "PAID",
      item_price_data: [{ item_status: "PENDING_COMPLETION", number_of_pages: 100 }],
    });
    await api.post("/order/files", {
      order_id: id,
      merchant_api_key: KEY,
      file_details: { ...documentFiles, content_url: "https://f.example.com/a.pdf" },
    });
    expect(sb.control.advance({ orderId: id })).toEqual([
      { orderId: id, from: "PAID", to: "WAITING_TO_DISPATCH" },
    ]);
  });

  it("refuses files for items that are not PENDING_COMPLETION once paid (409 ORD_FILES_STATE)", async () => {
    const id = await createOrder(sb);
    await pay(sb, id);
    const r = await api.post("/order/files", {
      order_id: id,
      merchant_api_key: KEY,
      file_details: { content_url: "https://f.example.com/a.pdf", number_of_pages: 60 },
    });
    expect([r.status, r.body.custom_code]).toEqual([409, "ORD_FILES_STATE"]);
  });
});

describe("state machine", () => {
  it("walks PAID -> WAITING_TO_DISPATCH -> IN_PRINT_QUEUE -> IN_PRODUCTION -> SHIPPED with tracking", async () => {
    const id = await createOrder(sb);
    expect(sb.control.advance()).toEqual([]); // OPEN orders are not advanced
    await pay(sb, id);
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) for (const t of sb.control.advance()) seen.push(t.to);
    expect(seen).toEqual(["WAITING_TO_DISPATCH", "IN_PRINT_QUEUE", "IN_PRODUCTION", "SHIPPED"]);
    const d = (await details(id)).body;
    expect(d.order_state).toBe("SHIPPED");
    expect(d.tracking_code).toMatch(/^SBX\d+/);
    expect(d.tracking_url).toContain(d.tracking_code);
    expect(sb.control.order(id)?.history.map((h) => h.to)).toEqual([
      "OPEN",
      "PAID",
      "WAITING_TO_DISPATCH",
      "IN_PRINT_QUEUE",
      "IN_PRODUCTION",
      "SHIPPED",
    ]);
  });

  it("advances one order to a named state through the control API over HTTP", async () => {
    const id = await createOrder(sb);
    await pay(sb, id);
    const r = await api.control("POST", "/advance", { orderId: id, to: "IN_PRODUCTION" });
    expect(r.body.transitions.map((t: Json) => t.to)).toEqual([
      "WAITING_TO_DISPATCH",
      "IN_PRINT_QUEUE",
      "IN_PRODUCTION",
    ]);
    const list = await api.control("GET", `/orders?merchantApiKey=${KEY}`);
    expect(list.body.orders[0].history).toHaveLength(5);
  });

  it("ships without a tracking number on request, and takes the number later over HTTP", async () => {
    const id = await createOrder(sb);
    await pay(sb, id);
    const r = await api.control("POST", `/orders/${id}/advance`, { to: "SHIPPED", tracking: null });
    expect(r.body.transitions.at(-1).to).toBe("SHIPPED");
    let d = (await details(id)).body;
    expect(d.order_state).toBe("SHIPPED");
    expect(d.tracking_code).toBeNull();

    const t = await api.control("POST", `/orders/${id}/tracking`, {
      code: "CARRIER42",
      url: "https://tracking.example.com/CARRIER42",
    });
    expect(t.status).toBe(200);
    d = (await details(id)).body;
    expect([d.order_state, d.tracking_code, d.tracking_url]).toEqual([
      "SHIPPED",
      "CARRIER42",
      "https://tracking.example.com/CARRIER42",
    ]);
    expect((await api.control("POST", `/orders/${id}/tracking`, { code: "" })).status).toBe(400);
    expect((await api.control("POST", "/orders/999999/tracking", { code: "X" })).status).toBe(404);
  });

  it("cancels before the print queue and refunds; refuses later with 409 ORD_CANCEL_STATE", async () => {
    const id = await createOrder(sb);
    const credit = sb.control.merchant(KEY)?.credit;
    await pay(sb, id);
    const ok = await api.post("/order/cancel", { order_id: id, merchant_api_key: KEY });
    expect([ok.status, ok.body]).toEqual([200, { order_state: "CANCELLED" }]);
    expect(sb.control.merchant(KEY)?.credit).toBe(credit);
    const late = await createOrder(sb);
    await pay(sb, late);
    sb.control.advance({ orderId: late, to: "IN_PRINT_QUEUE" });
    const r = await api.post("/order/cancel", { order_id: late, merchant_api_key: KEY });
    expect([r.status, r.body.custom_code]).toEqual([409, "ORD_CANCEL_STATE"]);
  });
});

describe("publications and billing entities", () => {
  const publication = {
    apiKey: KEY,
    currency: "EUR",
    locale: "en",
    order: {
      reference: "pub-1",
      product: {
        title: "Poems & <Songs>",
        offeringId: 228478,
        source: {
          file: {
            src: "https://files.example.com/p.pdf",
            pages: 120,
            dimensions: { height: 297, width: 210 },
          },
        },
        thumbnail: { src: "https://files.example.com/p.jpg" },
      },
    },
  };

  it("creates a publication answering {id} and serves its checkout page", async () => {
    const r = await api.post("/publication/create", publication);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: expect.any(Number) });
    const page = await fetch(`${sb.checkoutUrl}/print/${r.body.id}?quantity=2&countryCode=DE`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("Poems &amp; &lt;Songs&gt;");
    expect(html).toContain('src="https://files.example.com/p.jpg"');
    expect(html).toMatch(/EUR \d+\.\d{2}/);
    expect(html).toContain("<form");
    expect((await fetch(`${sb.checkoutUrl}/print/1`)).status).toBe(404);
  });

  it("answers a bare number or a secure id with token per merchant setting", async () => {
    sb.control.updateMerchant(KEY, { publicationResponse: "number" });
    const n = await api.post("/publication/create", publication);
    expect(n.text).toMatch(/^\d+$/);
    sb.control.updateMerchant(KEY, { publicationResponse: "secure" });
    const s = await api.post("/publication/create", publication);
    expect(s.body).toEqual({
      secure_publication_id: expect.any(String),
      token: expect.any(String),
    });
    const ok = await fetch(
      `${sb.checkoutUrl}/checkout/print/en/${s.body.secure_publication_id}?token=${s.body.token}`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Poems");
    const bad = await fetch(
      `${sb.checkoutUrl}/checkout/print/en/${s.body.secure_publication_id}?token=wrong`,
    );
    expect(bad.status).toBe(403);
  });

  it("builds a billing entity tree linked by parentEntityId", async () => {
    const root = await api.post("/billing-entity", {
      apiKey: KEY,
      companyName: "Root BV",
      countryCode: "NL",
      emailAddresses: ["a@example.com"],
    });
    expect(root.status).toBe(201);
    const child = await api.post("/billing-entity", {
      apiKey: KEY,
      parentEntityId: root.body.id,
      companyName: "Child",
    });
    const lone = await api.post("/billing-entity", { apiKey: KEY, companyName: "Lone" });
    const bad = await api.post("/billing-entity", {
      apiKey: KEY,
      parentEntityId: 1,
      companyName: "X",
    });
    expect([bad.status, bad.body.custom_code]).toEqual([400, "INVALID_DATA"]);
    const list = await api.get("/billing-entity", { merchantApiKey: KEY });
    expect(list.body).toEqual([
      {
        id: root.body.id,
        companyName: "Root BV",
        parentId: null,
        subEntities: [
          { id: child.body.id, companyName: "Child", parentId: root.body.id, subEntities: null },
        ],
      },
      { id: lone.body.id, companyName: "Lone", parentId: null, subEntities: null },
    ]);
    const id = await createOrder(sb, { billing_entity_id: child.body.id });
    expect(id).toBeGreaterThan(0);
  });
});
