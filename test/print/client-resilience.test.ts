import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  PrintApiError,
  PrintConnectionError,
  PrintResponseShapeError,
  PrintTimeoutError,
  isAlreadyPaid,
} from "~/services/print";
import { makeClient, startServer, type TestServer } from "./helpers";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const createParams = {
  orderReference: "shop-1001",
  currency: "EUR",
  items: [{ itemReference: "line-1", offeringId: 228478, quantity: 1 }],
};
const details = (id: number, ref: string, state = "OPEN") => ({
  body: { order_id: id, order_state: state, currency: "EUR", merchant_order_reference: ref },
});
const notFound = () => ({
  status: 404,
  body: { details: "Order not found", url: "/x", timestamp: 1 },
});

describe("retries", () => {
  it("GET: 503 then success, same request id, backoff through the injected sleep", async () => {
    server.on(
      "GET /rest/v3/categories",
      () => ({ status: 503, body: "busy" }),
      () => ({ status: 502, body: "bad gateway" }),
      () => ({ body: [] }),
    );
    const { client, time, logger } = makeClient(server.url);
    expect(await client.categories.list()).toEqual([]);
    expect(server.requests).toHaveLength(3);
    expect(new Set(server.requests.map((r) => r.headers["x-request-id"]))).toEqual(
      new Set(["req-1"]),
    );
    expect(time.sleeps).toEqual([188, 375]); // 250 and 500 ms, jitter 0.5 -> 75%
    const attempts = logger.lines
      .filter((l) => l.msg !== "print request start")
      .map((l) => [l.level, l.obj.attempt, l.obj.status ?? null]);
    expect(attempts).toEqual([
      ["error", 1, 503],
      ["warn", 1, null],
      ["error", 2, 502],
      ["warn", 2, null],
      ["info", 3, 200],
    ]);
  });

  it("honours Retry-After (seconds) on 429, and still refuses an empty quote answer after it", async () => {
    server.on(
      "POST /rest/v3/quote",
      () => ({ status: 429, headers: { "retry-after": "3" }, body: { details: "slow down" } }),
      () => ({
        body: { quoteDetails: { currency: "EUR" }, quotedItems: [], quoteSummary: null },
      }),
    );
    const { client, time } = makeClient(server.url);
    const err = await client.quotes
      .create({
        countryCode: "NL",
        currency: "EUR",
        items: [{ offeringId: 1, numberOfPages: 10, quantity: 1 }],
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PrintResponseShapeError);
    expect((err as PrintResponseShapeError).issues).toEqual([
      "quotedItems: no quoted items",
      "quoteSummary: quote summary is missing or null",
    ]);
    expect((err as Error).message).toMatch(
      /^quote: unexpected response shape: quotedItems: no quoted items; quoteSummary: quote summary is missing or null\./,
    );
    expect(time.sleeps).toEqual([3000]);
    expect(server.requests).toHaveLength(2);
  });

  it("gives up after maxAttempts and surfaces the last error", async () => {
    server.on("GET /rest/v3/categories", () => ({ status: 503, body: { details: "down" } }));
    const { client, time } = makeClient(server.url, {});
    const err = await client.categories.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PrintApiError);
    expect(err).toMatchObject({ status: 503, kind: "server" });
    expect(server.requests).toHaveLength(4);
    expect(time.sleeps).toHaveLength(3);
  });

  it("is bounded by total time as well", async () => {
    server.on("GET /rest/v3/categories", () => ({
      status: 503,
      headers: { "retry-after": "20" },
      body: "",
    }));
    const { client } = makeClient(server.url);
    await expect(client.categories.list()).rejects.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(2); // 20 s + 20 s would exceed the 30 s budget
  });

  it("retry can be disabled per call", async () => {
    server.on("GET /rest/v3/categories", () => ({ status: 503, body: "" }));
    const { client } = makeClient(server.url);
    await expect(client.categories.list({ retry: false })).rejects.toBeInstanceOf(PrintApiError);
    expect(server.requests).toHaveLength(1);
  });

  it("connection reset on a GET is retried", async () => {
    server.on(
      "GET /rest/v3/categories",
      () => ({ reset: true }),
      () => ({ body: [] }),
    );
    const { client } = makeClient(server.url);
    expect(await client.categories.list()).toEqual([]);
    expect(server.requests).toHaveLength(2);
  });

  it("connection refused: PrintConnectionError, not ambiguous", async () => {
    const { client } = makeClient("http://127.0.0.1:1", {
      retry: { maxAttempts: 2, sleep: async () => {} },
    });
    const err = await client.categories.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PrintConnectionError);
    expect(err).toMatchObject({ code: "ECONNREFUSED", ambiguous: false, operation: "categories" });
  });

  it("timeout: PrintTimeoutError after timeoutMs, retried for safe operations", async () => {
    server.on(
      "GET /rest/v3/categories",
      () => ({ hang: true }),
      () => ({ body: [] }),
    );
    const { client } = makeClient(server.url, { timeoutMs: 1_000 });
    expect(await client.categories.list()).toEqual([]);
    server.on("GET /rest/v3/billing-entity", () => ({ hang: true }));
    const err = await client.billingEntities
      .list({ retry: false, timeoutMs: 50 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PrintTimeoutError);
    expect(err).toMatchObject({ timeoutMs: 50, operation: "billingEntity.list" });
  });

  it("caller abort signal cancels the call without retrying", async () => {
    server.on("GET /rest/v3/categories", () => ({ hang: true }));
    const { client } = makeClient(server.url);
    const ac = new AbortController();
    const call = client.categories.list({ signal: ac.signal });
    // Aborted once the service has the request: a call in flight, not one never sent (a fixed
    // delay could end before a loaded machine sent it, and the late request would be counted
    // by the next test).
    await vi.waitUntil(() => server.requests.length === 1, { timeout: 10_000, interval: 5 });
    ac.abort();
    await expect(call).rejects.toThrow(/aborted/);
    expect(server.requests).toHaveLength(1);
  });
});

describe("order create is never blindly repeated", () => {
  it("create: a 503 is not retried (ambiguous)", async () => {
    server.on("POST /rest/v3/order/", () => ({ status: 503, body: "" }));
    const { client } = makeClient(server.url);
    await expect(client.orders.create(createParams)).rejects.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(1);
  });

  it("create: a connection reset after sending is not retried", async () => {
    server.on("POST /rest/v3/order/", () => ({ reset: true }));
    const { client } = makeClient(server.url);
    const err = await client.orders.create(createParams).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PrintConnectionError);
    expect((err as PrintConnectionError).ambiguous).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it("create: 429 is retried (rejected before processing)", async () => {
    server.on(
      "POST /rest/v3/order/",
      () => ({ status: 429, headers: { "retry-after": "1" }, body: "" }),
      () => ({ status: 201, body: { order_id: 9 } }),
    );
    const { client, time } = makeClient(server.url);
    expect(await client.orders.create(createParams)).toEqual({ orderId: 9 });
    expect(time.sleeps).toEqual([1000]);
  });

  it("createIdempotent: lost response -> found by reference, create sent once", async () => {
    server.on("POST /rest/v3/order/", () => ({ reset: true }));
    server.on("GET /rest/v3/order/details", (r) =>
      details(4242, r.query.get("orderReference") ?? ""),
    );
    const { client } = makeClient(server.url);
    expect(await client.createOrderIdempotent(createParams)).toEqual({
      orderId: 4242,
      outcome: "found_after_lost_response",
      attempts: 1,
    });
    const creates = server.requests.filter((r) => r.method === "POST");
    expect(creates).toHaveLength(1);
    const lookup = server.requests.find((r) => r.method === "GET")!;
    expect(lookup.query.get("orderReference")).toBe("shop-1001");
    expect(lookup.query.has("orderId")).toBe(false);
  });

  it("createIdempotent: timeout, then 404 on lookup -> create again (safe by reference)", async () => {
    server.on(
      "POST /rest/v3/order/",
      () => ({ hang: true }),
      () => ({ status: 201, body: { order_id: 77 } }),
    );
    server.on("GET /rest/v3/order/details", notFound);
    // Long enough that only the hanging create times out, even on a busy machine: the count
    // of attempts is what this test checks.
    const { client, time } = makeClient(server.url, { timeoutMs: 1_500 });
    expect(await client.orders.createIdempotent(createParams)).toEqual({
      orderId: 77,
      outcome: "created",
      attempts: 2,
    });
    expect(time.sleeps).toHaveLength(1);
  });

  it("createIdempotent: ORD_DUPLICATE resolves the existing order by reference", async () => {
    server.on("POST /rest/v3/order/", () => ({
      status: 400,
      body: {
        custom_code: "ORD_DUPLICATE",
        details: "Order reference already used",
        url: "/x",
        timestamp: 1,
      },
    }));
    server.on("GET /rest/v3/order/details", () => details(555, "shop-1001", "PAID"));
    const { client } = makeClient(server.url);
    expect(await client.orders.createIdempotent(createParams)).toEqual({
      orderId: 555,
      outcome: "found_existing_reference",
      attempts: 1,
    });
  });

  it("createIdempotent: a lookup answering another reference is refused", async () => {
    server.on("POST /rest/v3/order/", () => ({ status: 500, body: "boom" }));
    server.on("GET /rest/v3/order/details", () => details(1, "someone-else"));
    const { client } = makeClient(server.url);
    await expect(client.orders.createIdempotent(createParams)).rejects.toThrow(/someone-else/);
  });

  it("createIdempotent: definitive errors are thrown at once", async () => {
    server.on("POST /rest/v3/order/", () => ({
      status: 404,
      body: { custom_code: "OFF_NOT_FOUND", details: "x" },
    }));
    const { client } = makeClient(server.url);
    await expect(client.orders.createIdempotent(createParams)).rejects.toMatchObject({
      customCode: "OFF_NOT_FOUND",
    });
    expect(server.requests).toHaveLength(1);
  });
});

describe("payment", () => {
  it("409 ORD_PAID_STATE -> already_paid (confirmed by reading the order back)", async () => {
    server.on("POST /rest/v3/order/payment", () => ({
      status: 409,
      body: {
        custom_code: "ORD_PAID_STATE",
        details: "Order already paid",
        url: "/x",
        timestamp: 1,
      },
    }));
    server.on("GET /rest/v3/order/details", () =>
      details(1001, "shop-1001", "WAITING_TO_DISPATCH"),
    );
    const { client } = makeClient(server.url);
    expect(await client.orders.pay({ orderId: 1001 })).toEqual({
      status: "already_paid",
      orderState: "WAITING_TO_DISPATCH",
    });
    expect(await client.orders.pay({ orderId: 1001, confirmAlreadyPaid: false })).toEqual({
      status: "already_paid",
      orderState: undefined,
    });
  });

  it("ORD_PAID_STATE on a cancelled order is not reported as paid", async () => {
    server.on("POST /rest/v3/order/payment", () => ({
      status: 409,
      body: { custom_code: "ORD_PAID_STATE", details: "Order not payable" },
    }));
    server.on("GET /rest/v3/order/details", () => details(1001, "shop-1001", "CANCELLED"));
    const { client } = makeClient(server.url);
    const err = await client.orders.pay({ orderId: 1001 }).catch((e: unknown) => e);
    expect(isAlreadyPaid(err)).toBe(true);
  });

  it("lost payment answer: retried, and the repeat's ORD_PAID_STATE means paid", async () => {
    server.on(
      "POST /rest/v3/order/payment",
      () => ({ reset: true }),
      () => ({ status: 409, body: { custom_code: "ORD_PAID_STATE", details: "already paid" } }),
    );
    server.on("GET /rest/v3/order/details", () => details(1001, "shop-1001", "PAID"));
    const { client } = makeClient(server.url);
    expect(await client.orders.pay({ orderId: 1001 })).toEqual({
      status: "already_paid",
      orderState: "PAID",
    });
  });

  it("other payment conflicts are errors with hints", async () => {
    server.on(
      "POST /rest/v3/order/payment",
      () => ({
        status: 409,
        body: { custom_code: "MERCH_INSUFFICIENT_BALANCE", details: "no credit" },
      }),
      () => ({ status: 409, body: { custom_code: "ORD_MISS_ADDR", details: "no address" } }),
      () => ({ status: 401, body: { custom_code: "ORD_SECRET", details: "bad secret" } }),
    );
    const { client } = makeClient(server.url);
    await expect(client.orders.pay({ orderId: 1 })).rejects.toMatchObject({
      kind: "conflict",
      hint: "Top up your print-service account credit, then retry.",
    });
    await expect(client.orders.pay({ orderId: 1 })).rejects.toMatchObject({
      customCode: "ORD_MISS_ADDR",
    });
    await expect(client.orders.pay({ orderId: 1 })).rejects.toMatchObject({ kind: "auth" });
    expect(server.requests).toHaveLength(3);
  });
});

describe("quote answers that would price a cart wrongly are refused", () => {
  const quoteParams = {
    countryCode: "NL",
    currency: "EUR",
    items: [
      { offeringId: 228478, numberOfPages: 48, quantity: 2 },
      { offeringId: 228500, numberOfPages: 120, quantity: 1 },
    ],
  };
  const quotedItem = (offeringId: number) => ({
    offeringId,
    numberOfPages: 48,
    quantity: 2,
    basePrice: 3.5,
    pricePerPage: 0.015,
    productPrice: 8.22,
    shippingWholesale: 4.95,
    totalQuantityDiscount: 0,
    vatPercentage: 9,
    vat: 0.74,
    totalItemPrice: 13.91,
  });
  /** A complete answer for quoteParams; each test breaks one part of it. */
  const completeQuote = () => ({
    quoteDetails: { countryCode: "NL", state: null, currency: "EUR", exchangeRate: "1.0000" },
    quotedItems: [quotedItem(228478), quotedItem(228500)],
    quoteSummary: {
      numberOfItems: 2,
      totalWholesalePrice: 27.82,
      totalShippingPrice: 9.9,
      totalQuantityDiscount: 0,
      vatSummary: [{ vatPercentage: 9, vat: 1.48 }],
    },
  });
  type QuoteBody = ReturnType<typeof completeQuote>;

  async function quoteAnswering(body: unknown) {
    server.on("POST /rest/v3/quote", () => ({ body }));
    const { client } = makeClient(server.url);
    return client.quotes.create(quoteParams).catch((e: unknown) => e);
  }

  async function refusal(body: unknown): Promise<PrintResponseShapeError> {
    const err = await quoteAnswering(body);
    expect(err).toBeInstanceOf(PrintResponseShapeError);
    // Not retried: the same answer would come back.
    expect(server.requests).toHaveLength(1);
    return err as PrintResponseShapeError;
  }

  function without<K extends string>(obj: Record<K, unknown>, key: K) {
    const copy: Record<string, unknown> = { ...obj };
    delete copy[key];
    return copy;
  }

  it("accepts the complete answer, unknown extra fields and the optional fields left null", async () => {
    const body: Record<string, unknown> = {
      ...completeQuote(),
      quoteDetails: { currency: "EUR", exchangeRate: null, countryCode: null, newField: 1 },
      promotion: { code: "X" },
    };
    const summary = { ...completeQuote().quoteSummary, numberOfItems: null, extra: "y" };
    const items = [{ ...quotedItem(228478), vatPercentage: null, note: "z" }, quotedItem(228500)];
    const quote = await quoteAnswering({ ...body, quoteSummary: summary, quotedItems: items });
    expect(quote).toMatchObject({
      countryCode: undefined,
      exchangeRate: undefined,
      items: [{ offeringId: 228478, vatPercentage: 0 }, { offeringId: 228500 }],
      summary: {
        numberOfItems: undefined,
        totalShippingPrice: { amountMinor: 990, currency: "EUR" },
        totalWholesalePrice: { amountMinor: 2782, currency: "EUR" },
      },
    });
  });

  it("a quote without its shipping total is refused, naming the field", async () => {
    const body: QuoteBody = completeQuote();
    const err = await refusal({
      ...body,
      quoteSummary: without(body.quoteSummary, "totalShippingPrice"),
    });
    expect(err.issues).toEqual(["quoteSummary.totalShippingPrice: amount is missing or null"]);
    expect(err.message).toMatch(
      /^quote: unexpected response shape: quoteSummary\.totalShippingPrice: amount is missing or null\./,
    );
  });

  it("a null shipping total is refused as well (it is not free shipping)", async () => {
    const body = completeQuote();
    const err = await refusal({
      ...body,
      quoteSummary: { ...body.quoteSummary, totalShippingPrice: null },
    });
    expect(err.issues).toEqual(["quoteSummary.totalShippingPrice: amount is missing or null"]);
  });

  it("a quoted item with a null amount is refused, naming the item and the field", async () => {
    const body = completeQuote();
    const err = await refusal({
      ...body,
      quotedItems: [body.quotedItems[0], { ...body.quotedItems[1], totalItemPrice: null }],
    });
    expect(err.issues).toEqual(["quotedItems.1.totalItemPrice: amount is missing or null"]);
    expect(err.message).toMatch(
      /^quote: unexpected response shape: quotedItems\.1\.totalItemPrice: amount is missing or null\./,
    );
  });

  it.each([
    "basePrice",
    "pricePerPage",
    "productPrice",
    "shippingWholesale",
    "totalQuantityDiscount",
    "vat",
    "totalItemPrice",
  ] as const)("a quoted item without %s is refused", async (field) => {
    const body = completeQuote();
    const err = await refusal({
      ...body,
      quotedItems: [without(body.quotedItems[0]!, field), body.quotedItems[1]],
    });
    expect(err.issues).toEqual([`quotedItems.0.${field}: amount is missing or null`]);
  });

  it.each(["totalWholesalePrice", "totalQuantityDiscount"] as const)(
    "a summary without %s is refused",
    async (field) => {
      const body = completeQuote();
      const err = await refusal({ ...body, quoteSummary: without(body.quoteSummary, field) });
      expect(err.issues).toEqual([`quoteSummary.${field}: amount is missing or null`]);
    },
  );

  it("a missing or null summary is refused", async () => {
    const body = completeQuote();
    const missing = await refusal(without(body, "quoteSummary"));
    expect(missing.issues).toEqual(["quoteSummary: quote summary is missing or null"]);
    server.requests.length = 0;
    const nulled = await refusal({ ...body, quoteSummary: null });
    expect(nulled.issues).toEqual(["quoteSummary: quote summary is missing or null"]);
  });

  it("a missing, null or empty list of quoted items is refused", async () => {
    const body = completeQuote();
    const missing = await refusal(without(body, "quotedItems"));
    expect(missing.issues).toEqual(["quotedItems: list is missing or null"]);
    server.requests.length = 0;
    const nulled = await refusal({ ...body, quotedItems: null });
    expect(nulled.issues).toEqual(["quotedItems: list is missing or null"]);
    server.requests.length = 0;
    const empty = await refusal({ ...body, quotedItems: [] });
    expect(empty.issues).toEqual(["quotedItems: no quoted items"]);
  });

  it("an answer that leaves out a requested offering is refused", async () => {
    const body = completeQuote();
    const err = await refusal({ ...body, quotedItems: [body.quotedItems[0]] });
    expect(err.issues).toEqual(["quotedItems: no quoted item for offering 228500"]);
    expect(err.message).toMatch(/no quoted item for offering 228500\./);
  });

  it("a missing VAT summary is refused; an empty one only while the items carry VAT", async () => {
    const body = completeQuote();
    const missing = await refusal({
      ...body,
      quoteSummary: without(body.quoteSummary, "vatSummary"),
    });
    expect(missing.issues).toEqual(["quoteSummary.vatSummary: list is missing or null"]);
    server.requests.length = 0;
    const empty = await refusal({
      ...body,
      quoteSummary: { ...body.quoteSummary, vatSummary: [] },
    });
    expect(empty.issues).toEqual([
      "quoteSummary.vatSummary: empty while the quoted items carry VAT",
    ]);
    server.requests.length = 0;
    const untaxed = await quoteAnswering({
      ...body,
      quotedItems: body.quotedItems.map((i) => ({ ...i, vat: "0.00", vatPercentage: 0 })),
      quoteSummary: { ...body.quoteSummary, vatSummary: [] },
    });
    expect(untaxed).toMatchObject({ summary: { vatSummary: [] } });
  });
});
