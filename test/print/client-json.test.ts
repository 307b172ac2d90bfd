import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  FacilityConflictError,
  PrintApiError,
  PrintInputError,
  PrintResponseShapeError,
  createPrintClient,
  paymentSecret,
} from "~/services/print";
import { KEYS, makeClient, startServer, type TestServer } from "./helpers";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const offering = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Offering ${id}`,
  paperType: "MATT",
  catalogueItemCode: `C${id}`,
  minimumQuantity: 0,
  minNumberOfPages: 24,
  maxNumberOfPages: 400,
  dimensionWidth: 210,
  dimensionHeight: 297,
  dynamicSize: false,
  pricingDto: { currency: "EUR", price: 596, pricePerPage: 3 },
  ...extra,
});

const orderDetailsBody = (extra: Record<string, unknown> = {}) => ({
  order_id: 1001,
  order_state: "OPEN",
  moderation_reason: null,
  created_date: "2024-05-01T10:00:00+02:00",
  currency: "EUR",
  merchant_order_reference: "shop-1001",
  order_price_data: {
    total_retail_product_price_ex_taxes: "10.00",
    total_retail_shipping_ex_taxes: "4.95",
    total_retail_price_ex_taxes: "14.95",
    total_retail_price_inc_taxes: "16.30",
    total_wholesale_product_price_ex_taxes: "8.50",
    total_wholesale_shipping_ex_taxes: 4.95,
    total_wholesale_price_ex_taxes: "13.45",
    total_wholesale_price_inc_taxes: "14.66",
    retail_product_taxes: { tax_name: "VAT", tax_percentage: "9", amount: "0.90" },
    retail_shipping_taxes: [{ tax_name: "VAT", tax_percentage: "21", amount: "0.45" }],
    wholesale_product_taxes: null,
    wholesale_shipping_taxes: [],
  },
  item_price_data: [
    {
      item_id: 77,
      number_of_pages: "48",
      offering_id: "228478",
      publication_id: null,
      quantity: "2",
      retail_product_price: "5.00",
      wholesale_product_price: 4.25,
    },
  ],
  address_details: {
    first_name: "Ada",
    last_name: "Lovelace",
    address_line_1: "Main 1",
    address_line_2: 1,
    country_code: "NL",
    zip_code: "1011AA",
    city: "Amsterdam",
    state: null,
  },
  fulfilment_location: { country_code: "NL", lab_code: "AMS1" },
  ...extra,
});

describe("JSON interface over HTTP", () => {
  it("offering.list: filters in the query, nested and flat views, pricingDto minor units", async () => {
    server.on("GET /rest/v3/offering/list", () => ({
      body: {
        BO: {
          HC: [
            offering(1),
            offering(2, { pricingDto: { currency: "EUR", price: "5.96", pricePerPage: "0.03" } }),
          ],
          SC: null,
        },
        WA: {
          PR: [
            offering(3, {
              dynamicSize: "true",
              minDimensionWidth: "100",
              minDimensionHeight: null,
            }),
          ],
        },
      },
    }));
    const { client, logger } = makeClient(server.url);
    const list = await client.offerings.list({
      category: "BO",
      subCategory: "HC",
      country: "nl",
      currency: "eur",
    });
    const req = server.requests[0]!;
    expect(Object.fromEntries(req.query)).toEqual({
      merchantApiKey: KEYS.merchantApiKey,
      countryIsoCode2: "NL",
      categoryFilter: "BO",
      subCategoryFilter: "HC",
      currency: "EUR",
    });
    expect(req.headers["x-request-id"]).toBe("req-1");
    expect(list.byCategory.BO?.HC).toHaveLength(2);
    expect(list.byCategory.BO?.SC).toEqual([]);
    expect(list.offerings.map((o) => [o.id, o.categoryCode, o.subCategoryCode])).toEqual([
      [1, "BO", "HC"],
      [2, "BO", "HC"],
      [3, "WA", "PR"],
    ]);
    expect(list.offerings[0]!.pricing).toEqual({
      price: { amountMinor: 596, currency: "EUR" },
      pricePerPage: { amountMinor: 3, currency: "EUR" },
    });
    expect(list.offerings[1]!.pricing?.price.amountMinor).toBe(596);
    expect(list.offerings[2]).toMatchObject({
      dynamicSize: true,
      minDimensionWidth: 100,
      minDimensionHeight: undefined,
    });

    // one structured log line per call, keys redacted
    const line = logger.lines.find((l) => l.level === "info")!;
    expect(line.obj).toMatchObject({
      operation: "offering.list",
      method: "GET",
      status: 200,
      attempt: 1,
      requestId: "req-1",
    });
    expect(typeof line.obj.ms).toBe("number");
    expect(String(line.obj.path)).toContain("merchantApiKey=%5BREDACTED%5D");
    expect(JSON.stringify(logger.lines)).not.toContain(KEYS.merchantApiKey);
  });

  it("categories", async () => {
    server.on("GET /rest/v3/categories", () => ({
      body: [
        { name: "Books", code: "BO", subCategories: [{ name: "Hardcover", code: "HC" }] },
        { name: "Digital", code: "DP", subCategories: null },
      ],
    }));
    const { client } = makeClient(server.url);
    expect(await client.categories.list()).toEqual([
      { name: "Books", code: "BO", subCategories: [{ name: "Hardcover", code: "HC" }] },
      { name: "Digital", code: "DP", subCategories: [] },
    ]);
  });

  it("quote: sends apiKey and items, converts decimals to minor units", async () => {
    server.on("POST /rest/v3/quote", () => ({
      body: {
        quoteDetails: { countryCode: "NL", state: null, currency: "EUR", exchangeRate: "1.0000" },
        quotedItems: [
          {
            offeringId: 228478,
            numberOfPages: 48,
            quantity: 2,
            basePrice: 3.5,
            pricePerPage: 0.015,
            productPrice: "8.22",
            shippingWholesale: 4.95,
            totalQuantityDiscount: 0,
            vatPercentage: 9,
            vat: 0.74,
            totalItemPrice: 13.91,
          },
        ],
        quoteSummary: {
          numberOfItems: 1,
          totalWholesalePrice: 8.22,
          totalShippingPrice: 4.95,
          totalQuantityDiscount: 0,
          vatSummary: [{ vatPercentage: 9, vat: 0.74 }],
        },
      },
    }));
    const { client } = makeClient(server.url);
    const q = await client.quotes.create({
      countryCode: "NL",
      currency: "EUR",
      items: [{ offeringId: 228478, numberOfPages: 48, quantity: 2 }],
    });
    expect(server.requests[0]!.json).toEqual({
      apiKey: KEYS.merchantApiKey,
      countryCode: "NL",
      state: "",
      currency: "EUR",
      items: [{ offeringId: 228478, numberOfPages: 48, quantity: 2 }],
    });
    expect(q.exchangeRate).toBe("1.0000");
    expect(q.items[0]).toMatchObject({
      basePrice: { amountMinor: 350, currency: "EUR" },
      pricePerPage: { amountMinor: 2 },
      pricePerPageExact: "0.015",
      productPrice: { amountMinor: 822 },
      totalItemPrice: { amountMinor: 1391 },
    });
    expect(q.summary.vatSummary).toEqual([
      { vatPercentage: 9, vat: { amountMinor: 74, currency: "EUR" } },
    ]);
  });

  it("quote: items that need several facilities raise FacilityConflictError", async () => {
    server.on("POST /rest/v3/quote", () => ({
      status: 400,
      body: {
        url: "/rest/v3/quote",
        timestamp: 1,
        custom_code: "MULTI_ORDER_INVALID_DATA",
        details:
          "Offerings cannot be produced at one production facility. Possible combinations: [1, 2] && [3]. Unfortunately we cannot produce yet offering: 4",
      },
    }));
    const { client } = makeClient(server.url);
    const err = await client.quotes
      .create({
        countryCode: "NL",
        currency: "EUR",
        items: [{ offeringId: 1, numberOfPages: 10, quantity: 1 }],
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FacilityConflictError);
    expect(err).toMatchObject({
      groups: [[1, 2], [3]],
      unproducible: [4],
      status: 400,
      requestId: "req-1",
    });
    expect(server.requests).toHaveLength(1);
  });

  it("order.create: snake_case body with order_reference, 201 {order_id}", async () => {
    server.on("POST /rest/v3/order/", () => ({ status: 201, body: { order_id: 1001 } }));
    const { client } = makeClient(server.url);
    const r = await client.orders.create({
      orderReference: "shop-1001",
      currency: "EUR",
      items: [
        {
          itemReference: "line-1",
          offeringId: 228478,
          quantity: 2,
          files: {
            contentUrl: "https://files.example/book.pdf",
            contentWidth: 210,
            contentHeight: 297,
            numberOfPages: 48,
            spine: {
              kind: "dynamic",
              textFont: "Arial",
              textSize: 12,
              textColour: "#000000",
              textCenter: "Title",
            },
          },
        },
        { itemReference: "line-2", offeringId: 228500, quantity: 1 },
      ],
      address: {
        emailAddress: "ada@example.com",
        shippingAddress: {
          firstName: "Ada",
          lastName: "Lovelace",
          addressLine1: "Main 1",
          zipCode: "1011AA",
          city: "Amsterdam",
          countryCode: "nl",
        },
      },
    });
    expect(r).toEqual({ orderId: 1001 });
    const body = server.requests[0]!.json as Record<string, unknown>;
    expect(body).toMatchObject({
      merchant_api_key: KEYS.merchantApiKey,
      order_reference: "shop-1001",
      purchase_order: "",
      currency: "EUR",
      item_details: [
        {
          item_reference: "line-1",
          offering_id: 228478,
          quantity: 2,
          file_details: {
            content_url: "https://files.example/book.pdf",
            content_width: 210,
            content_height: 297,
            number_of_pages: 48,
            spine_details: {
              dynamic_spine_details: {
                text_font: "Arial",
                text_size: 12,
                text_colour: "#000000",
                text_center: "Title",
              },
            },
          },
        },
        { item_reference: "line-2", offering_id: 228500, quantity: 1, file_details: {} },
      ],
      address_details: {
        email_address: "ada@example.com",
        shipping_address: { first_name: "Ada", country_code: "NL", address_line_2: "" },
      },
    });
  });

  it("order.create: input is validated before sending; order_reference is required", async () => {
    const { client } = makeClient(server.url);
    const err = await client.orders
      // @ts-expect-error orderReference is required by the type too
      .create({ currency: "EUR", items: [{ itemReference: "a", offeringId: 1, quantity: 1 }] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PrintInputError);
    expect((err as PrintInputError).issues.join()).toContain("orderReference");
    await expect(
      client.orders.create({
        orderReference: "r",
        currency: "EUR",
        items: [
          {
            itemReference: "a",
            offeringId: 1,
            quantity: 1,
            files: {
              contentUrl: "https://a.example/x.pdf",
              contentWidth: 1,
              contentHeight: 1,
              numberOfPages: 1,
              spine: { kind: "dynamic", textFont: "Arial", textSize: 1, textColour: "red" },
            },
          },
        ],
      }),
    ).rejects.toThrow(/RRGGBB/);
    expect(server.requests).toHaveLength(0);
  });

  it("order.create: an order id that is not a positive integer is a shape error", async () => {
    server.on("POST /rest/v3/order/", () => ({ status: 201, body: { order_id: 0 } }));
    const { client } = makeClient(server.url);
    await expect(
      client.orders.create({
        orderReference: "r",
        currency: "EUR",
        items: [{ itemReference: "a", offeringId: 1, quantity: 1 }],
      }),
    ).rejects.toBeInstanceOf(PrintResponseShapeError);
  });

  it("order.details: by id and/or reference; tolerant of the documented quirks", async () => {
    server.on("GET /rest/v3/order/details", () => ({ body: orderDetailsBody() }));
    const { client } = makeClient(server.url);
    const d = await client.orders.details({ orderId: 1001, orderReference: "shop-1001" });
    expect(Object.fromEntries(server.requests[0]!.query)).toEqual({
      merchantApiKey: KEYS.merchantApiKey,
      orderId: "1001",
      orderReference: "shop-1001",
    });
    expect(d).toMatchObject({
      orderId: 1001,
      orderState: "OPEN",
      moderationReason: undefined,
      merchantOrderReference: "shop-1001",
      prices: {
        totalRetailPriceIncTaxes: { amountMinor: 1630, currency: "EUR" },
        totalWholesaleShippingExTaxes: { amountMinor: 495 },
        retailProductTaxes: [{ taxName: "VAT", taxPercentage: "9", amount: { amountMinor: 90 } }],
        wholesaleProductTaxes: [],
      },
      items: [
        {
          itemId: "77",
          numberOfPages: 48,
          offeringId: 228478,
          quantity: 2,
          publicationId: undefined,
        },
      ],
      address: { addressLine2: "1", state: undefined, countryCode: "NL" },
      fulfilmentLocation: { countryCode: "NL", labCode: "AMS1" },
    });
    await client.orders.details({ orderReference: "shop-1001" });
    expect(server.requests[1]!.query.has("orderId")).toBe(false);
    await expect(client.orders.details({})).rejects.toBeInstanceOf(PrintInputError);
  });

  it("order.details: unknown order -> not_found", async () => {
    server.on("GET /rest/v3/order/details", () => ({
      status: 404,
      body: { url: "/rest/v3/order/details", details: "Order not found", timestamp: 1 },
    }));
    const { client } = makeClient(server.url);
    const err = await client.orders.details({ orderId: 5 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PrintApiError);
    expect(err).toMatchObject({ kind: "not_found", status: 404, customCode: undefined });
    expect(server.requests).toHaveLength(1);
  });

  it("order.address: empty 200 body", async () => {
    server.on("POST /rest/v3/order/address", () => ({ status: 200 }));
    const { client } = makeClient(server.url);
    await client.orders.address({
      orderId: 1001,
      address: {
        emailAddress: "ada@example.com",
        shippingAddress: {
          firstName: "Ada",
          lastName: "L",
          addressLine1: "Main 1",
          addressLine2: "2nd floor",
          zipCode: "1011AA",
          city: "Amsterdam",
          countryCode: "NL",
          state: "NH",
        },
      },
    });
    expect(server.requests[0]!.json).toMatchObject({
      order_id: 1001,
      merchant_api_key: KEYS.merchantApiKey,
      address_details: {
        email_address: "ada@example.com",
        shipping_address: { state: "NH", address_line_2: "2nd floor" },
      },
    });
  });

  it("order.payment: sends the SHA-256 secret and requires PAID", async () => {
    server.on(
      "POST /rest/v3/order/payment",
      () => ({ body: { order_state: "PAID" } }),
      () => ({ body: { order_state: "OPEN" } }),
    );
    const { client } = makeClient(server.url);
    expect(await client.orders.pay({ orderId: 1001 })).toEqual({
      status: "paid",
      orderState: "PAID",
    });
    expect(server.requests[0]!.json).toEqual({
      order_id: 1001,
      merchant_api_key: KEYS.merchantApiKey,
      secret: paymentSecret(KEYS.secretKey, 1001),
    });
    await expect(client.orders.pay({ orderId: 1001 })).rejects.toBeInstanceOf(
      PrintResponseShapeError,
    );
  });

  it("debug logs carry request bodies with keys and secrets redacted", async () => {
    server.on("POST /rest/v3/order/payment", () => ({ body: { order_state: "PAID" } }));
    const { client, logger } = makeClient(server.url);
    await client.orders.pay({ orderId: 1001 });
    const start = logger.lines.find((l) => l.level === "debug")!;
    expect(start.obj).toMatchObject({
      operation: "order.payment",
      body: { order_id: 1001, merchant_api_key: "[REDACTED]", secret: "[REDACTED]" },
    });
    const all = JSON.stringify(logger.lines);
    expect(all).not.toContain(KEYS.merchantApiKey);
    expect(all).not.toContain(paymentSecret(KEYS.secretKey, 1001));
  });

  it("debug logs show a file address by its origin only, never its path or signed token", async () => {
    server.on("POST /rest/v3/order/", () => ({ status: 201, body: { order_id: 1002 } }));
    const { client, logger } = makeClient(server.url);
    const signed = "https://files.example/customers/ada/book.pdf?X-Amz-Signature=c0ffee1234";
    await client.orders.create({
      orderReference: "shop-1002",
      currency: "EUR",
      items: [
        {
          itemReference: "line-1",
          offeringId: 228478,
          quantity: 1,
          files: {
            contentUrl: signed,
            contentWidth: 210,
            contentHeight: 297,
            numberOfPages: 48,
            spine: { kind: "custom", url: `${signed}&spine=1` },
          },
        },
      ],
      address: {
        emailAddress: "ada@example.com",
        shippingAddress: {
          firstName: "Ada",
          lastName: "Lovelace",
          addressLine1: "Main 1",
          zipCode: "1011AA",
          city: "Amsterdam",
          countryCode: "NL",
        },
      },
    });
    // The request itself carries the whole address.
    expect(JSON.stringify(server.requests[0]!.json)).toContain("c0ffee1234");
    const start = logger.lines.find((l) => l.level === "debug")!;
    expect(start.obj).toMatchObject({
      body: {
        item_details: [
          {
            file_details: {
              content_url: "https://files.example/…",
              spine_details: { custom_spine_url: "https://files.example/…" },
            },
          },
        ],
      },
    });
    const all = JSON.stringify(logger.lines);
    expect(all).not.toContain("c0ffee1234");
    expect(all).not.toContain("/customers/ada/");
  });

  it("order.files: plain text OK, or a JSON answer", async () => {
    server.on(
      "POST /rest/v3/order/files",
      () => ({ body: "OK" }),
      () => ({ body: { status: "accepted" } }),
      () => ({ body: "<html>oops</html>" }),
    );
    const { client } = makeClient(server.url);
    const files = {
      contentUrl: "https://f.example/a.pdf",
      contentWidth: 210,
      contentHeight: 297,
      numberOfPages: 48,
    };
    expect(await client.orders.files({ orderId: 1001, itemReference: "line-1", files })).toEqual({
      status: "ok",
    });
    expect(server.requests[0]!.json).toEqual({
      order_id: 1001,
      merchant_api_key: KEYS.merchantApiKey,
      item_reference: "line-1",
      file_details: {
        content_url: "https://f.example/a.pdf",
        content_width: 210,
        content_height: 297,
        number_of_pages: 48,
      },
    });
    expect(await client.orders.files({ orderId: 1001, files })).toEqual({
      status: "ok",
      response: { status: "accepted" },
    });
    await expect(client.orders.files({ orderId: 1001, files })).rejects.toBeInstanceOf(
      PrintResponseShapeError,
    );
  });

  it("order.files: 409 ORD_FILES_STATE is a conflict", async () => {
    server.on("POST /rest/v3/order/files", () => ({
      status: 409,
      body: { custom_code: "ORD_FILES_STATE", details: "Item not in PENDING_COMPLETION" },
    }));
    const { client } = makeClient(server.url);
    await expect(
      client.orders.files({
        orderId: 1,
        files: {
          contentUrl: "https://files.example.com/a.pdf",
          contentWidth: 1,
          contentHeight: 1,
          numberOfPages: 1,
        },
      }),
    ).rejects.toMatchObject({ kind: "conflict", customCode: "ORD_FILES_STATE" });
  });

  it("order.cancel", async () => {
    server.on(
      "POST /rest/v3/order/cancel",
      () => ({ body: { order_state: "CANCELLED" } }),
      () => ({ status: 409, body: { custom_code: "ORD_CANCEL_STATE", details: "too late" } }),
    );
    const { client } = makeClient(server.url);
    expect(await client.orders.cancel({ orderId: 1001 })).toEqual({ orderState: "CANCELLED" });
    expect(server.requests[0]!.json).toEqual({
      order_id: 1001,
      merchant_api_key: KEYS.merchantApiKey,
    });
    await expect(client.orders.cancel({ orderId: 1001 })).rejects.toMatchObject({
      customCode: "ORD_CANCEL_STATE",
      hint: expect.stringMatching(/cancelled/),
    });
  });

  it("publication.create: {id}, bare number and secure forms, checkout URL built", async () => {
    server.on(
      "POST /rest/v3/publication/create",
      () => ({ body: { id: 123 } }),
      () => ({ body: "123456" }),
      () => ({ body: { secure_publication_id: "abc-9", token: "t/k n" } }),
      () => ({ body: { id: "x" } }),
    );
    const { client } = makeClient(server.url);
    const params = {
      selection: { kind: "offering" as const, offeringId: 228478 },
      currency: "EUR",
      locale: "en",
      order: {
        reference: "pub-1",
        product: {
          title: "My Book",
          source: {
            file: {
              src: "https://f.example/a.pdf",
              pages: 48,
              dimensions: { height: 297, width: 210 },
            },
          },
          thumbnail: { src: "https://f.example/a.png" },
        },
      },
    };
    expect(await client.publications.create(params)).toEqual({
      kind: "public",
      publicationId: 123,
      checkoutUrl: `${server.url}/print/123`,
    });
    expect(server.requests[0]!.json).toMatchObject({
      apiKey: KEYS.merchantApiKey,
      currency: "EUR",
      locale: "en",
      order: { product: { title: "My Book", offeringId: 228478 } },
    });
    expect(server.requests[0]!.json).not.toHaveProperty("selection");
    expect(await client.publications.create(params)).toMatchObject({
      kind: "public",
      publicationId: 123456,
    });
    expect(await client.publications.create(params)).toEqual({
      kind: "secure",
      securePublicationId: "abc-9",
      token: "t/k n",
      checkoutUrl: `${server.url}/checkout/print/en/abc-9?token=t%2Fk%20n`,
    });
    await expect(client.publications.create(params)).rejects.toBeInstanceOf(
      PrintResponseShapeError,
    );
  });

  it("publication.create: the offering or category is required and named by one replaceable function", async () => {
    server.on("POST /rest/v3/publication/create", () => ({ body: { id: 5 } }));
    const file = {
      src: "https://f.example/a.pdf",
      pages: 48,
      dimensions: { height: 297, width: 210 },
    };
    const params = {
      currency: "EUR",
      locale: "en",
      order: { reference: "pub-2", product: { title: "Posters", source: { file } } },
    };
    const { client } = makeClient(server.url);
    // Without a choice nothing is sent: the service would otherwise pick a product.
    await expect(
      client.publications.create(params as Parameters<typeof client.publications.create>[0]),
    ).rejects.toBeInstanceOf(PrintInputError);
    expect(server.requests).toHaveLength(0);

    await client.publications.create({
      ...params,
      selection: { kind: "category", categoryCode: "WA" },
    });
    expect(server.requests[0]!.json).toMatchObject({
      order: { product: { title: "Posters", categoryCode: "WA" } },
    });

    const custom = makeClient(server.url, {
      publicationSelection: (body, selection) => ({
        ...body,
        productSelection:
          selection.kind === "offering" ? selection.offeringId : selection.categoryCode,
      }),
    });
    await custom.client.publications.create({
      ...params,
      selection: { kind: "offering", offeringId: 228565 },
    });
    expect(server.requests[1]!.json).toMatchObject({ productSelection: 228565 });
    expect(server.requests[1]!.json).not.toHaveProperty("order.product.offeringId");
  });

  it("billing entities: create and list as a tree", async () => {
    server.on("POST /rest/v3/billing-entity", () => ({ status: 201, body: { id: 7 } }));
    server.on("GET /rest/v3/billing-entity", () => ({
      body: [
        {
          id: 7,
          companyName: "Acme",
          parentId: null,
          subEntities: [{ id: 8, companyName: "Acme NL", parentId: 7, subEntities: null }],
        },
      ],
    }));
    const { client } = makeClient(server.url);
    expect(
      await client.billingEntities.create({
        companyName: "Acme",
        countryCode: "NL",
        emailAddresses: ["billing@acme.example"],
      }),
    ).toEqual({ id: 7 });
    expect(server.requests[0]!.json).toEqual({
      apiKey: KEYS.merchantApiKey,
      companyName: "Acme",
      countryCode: "NL",
      emailAddresses: ["billing@acme.example"],
    });
    expect(await client.billingEntities.list()).toEqual([
      {
        id: 7,
        companyName: "Acme",
        parentId: undefined,
        subEntities: [{ id: 8, companyName: "Acme NL", parentId: 7, subEntities: [] }],
      },
    ]);
    expect(server.requests[1]!.query.get("merchantApiKey")).toBe(KEYS.merchantApiKey);
  });

  it("a wrong shape keeps the raw body and redacts keys from the message", async () => {
    server.on("GET /rest/v3/categories", () => ({
      body: { merchant_api_key: KEYS.merchantApiKey, unexpected: true },
    }));
    const { client } = makeClient(server.url);
    const err = (await client.categories
      .list()
      .catch((e: unknown) => e)) as PrintResponseShapeError;
    expect(err).toBeInstanceOf(PrintResponseShapeError);
    expect(err.rawBody).toContain(KEYS.merchantApiKey);
    expect(err.message).not.toContain(KEYS.merchantApiKey);
    expect(err).toMatchObject({ operation: "categories", status: 200, requestId: "req-1" });
  });

  it("unknown merchant key (500 quirk) is an auth error and is not retried", async () => {
    server.on("GET /rest/v3/billing-entity", () => ({
      status: 500,
      body: {
        url: `/rest/v3/billing-entity?merchantApiKey=${KEYS.merchantApiKey}`,
        details: "Unknown merchant api key",
        timestamp: 1,
      },
    }));
    const { client } = makeClient(server.url);
    const err = (await client.billingEntities.list().catch((e: unknown) => e)) as PrintApiError;
    expect(err).toMatchObject({ kind: "auth", status: 500 });
    expect(err.serviceUrl).not.toContain(KEYS.merchantApiKey);
    expect(server.requests).toHaveLength(1);
  });

  it("environments resolve their base URLs", () => {
    const prod = createPrintClient({
      environment: "production",
      merchantApiKey: "m",
      secretKey: "s",
    });
    expect(prod.baseUrls).toEqual({
      json: "https://www.peecho.com/rest/v3",
      legacy: "https://www.peecho.com/rest",
      checkout: "https://www.peecho.com",
    });
    const test = createPrintClient({ environment: "test", merchantApiKey: "m", secretKey: "s" });
    expect(test.baseUrls.json).toBe("https://test.www.peecho.com/rest/v3");
    expect(test.checkoutUrl(5)).toBe("https://test.www.peecho.com/print/5");
    expect(() =>
      createPrintClient({ environment: "sandbox", merchantApiKey: "m", secretKey: "s" }),
    ).toThrow(/baseUrl/);
    const custom = createPrintClient({
      environment: "custom",
      merchantApiKey: "m",
      secretKey: "s",
      baseUrls: {
        json: "https://a.example/v3/",
        legacy: "https://a.example/rest",
        checkout: "https://c.example",
      },
    });
    expect(custom.baseUrls.json).toBe("https://a.example/v3");
  });
});

describe("injectable dispatcher", () => {
  it("routes every call through the given undici dispatcher (MockAgent, no network)", async () => {
    const { MockAgent } = await import("undici");
    const agent = new MockAgent();
    agent.disableNetConnect();
    agent
      .get("https://print.example")
      .intercept({ path: "/rest/v3/categories", method: "GET" })
      .reply(200, [{ name: "Books", code: "BO", subCategories: [] }], {
        headers: { "content-type": "application/json" },
      });
    const client = createPrintClient({
      environment: "custom",
      baseUrl: "https://print.example",
      merchantApiKey: "m-key-1",
      secretKey: "s-key-1",
      dispatcher: agent,
    });
    expect(await client.categories.list()).toEqual([
      { name: "Books", code: "BO", subCategories: [] },
    ]);
    await agent.close();
  });
});
