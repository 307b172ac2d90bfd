/**
 * Every operation of both interfaces against the real sandbox (sandbox/index.ts), success and
 * documented errors. No real backoff sleeping: sleep is injected.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../sandbox/index";
import {
  FacilityConflictError,
  PrintApiError,
  PrintClient,
  PrintConnectionError,
  createPrintClient,
  verifyStatusCallback,
  type OrderCreateParams,
  type PrintClientOptions,
} from "~/services/print";
import { fakeTime } from "./helpers";

const KEYS = {
  merchantApiKey: "sandbox-merchant-key",
  secretKey: "sandbox-secret-key",
  applicationApiKey: "sandbox-application-key",
  buttonKey: "sandbox-button-key",
};

let sandbox: Sandbox;
let time: ReturnType<typeof fakeTime>;
let client: PrintClient;

function makeClient(extra: Partial<PrintClientOptions> = {}): PrintClient {
  return createPrintClient({
    environment: "sandbox",
    baseUrl: sandbox.url,
    ...KEYS,
    timeoutMs: 5_000,
    retry: { sleep: time.sleep, now: time.now, random: time.random },
    ...extra,
  });
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 7 });
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.control.reset();
  time = fakeTime();
  client = makeClient();
});

const address = {
  emailAddress: "ada@example.com",
  shippingAddress: {
    firstName: "Ada",
    lastName: "Lovelace",
    addressLine1: "Keizersgracht 1",
    zipCode: "1015AA",
    city: "Amsterdam",
    countryCode: "NL",
  },
};
const files = {
  contentUrl: "https://files.example/book.pdf",
  contentWidth: 210,
  contentHeight: 297,
  numberOfPages: 48,
};
const orderParams = (ref: string, extra: Partial<OrderCreateParams> = {}): OrderCreateParams => ({
  orderReference: ref,
  currency: "EUR",
  items: [{ itemReference: `${ref}-1`, offeringId: 228478, quantity: 1, files }],
  address,
  ...extra,
});

describe("sandbox: JSON interface", () => {
  it("categories: the documented catalogue codes", async () => {
    const cats = await client.categories.list();
    expect(cats.map((c) => [c.code, c.subCategories.map((s) => s.code)])).toEqual([
      ["BO", ["HC", "SC", "LF"]],
      ["MA", ["PM"]],
      ["CA", ["WC"]],
      ["DP", ["DP"]],
      ["WA", ["PR", "CA", "DI", "FOA", "FRP", "FRC", "GP", "BOXED FRAMES"]],
      ["NB", ["NBW"]],
    ]);
  });

  it("offering.list: nested + flat, filters, pricingDto minor units in the asked currency", async () => {
    const all = await client.offerings.list();
    expect(all.offerings.length).toBeGreaterThan(10);
    const o = all.offerings.find((x) => x.id === 228478)!;
    expect(o).toMatchObject({ categoryCode: "BO", subCategoryCode: "HC" });
    expect(o.pricing?.price.currency).toBe("EUR");
    expect(Number.isSafeInteger(o.pricing?.price.amountMinor)).toBe(true);
    expect(all.byCategory.BO?.HC?.some((x) => x.id === 228478)).toBe(true);

    const books = await client.offerings.list({ category: "BO", subCategory: "HC" });
    expect(Object.keys(books.byCategory)).toEqual(["BO"]);
    expect(books.offerings.every((x) => x.subCategoryCode === "HC")).toBe(true);

    const usd = await client.offerings.list({ category: "BO", currency: "USD" });
    expect(usd.offerings.every((x) => x.pricing?.price.currency === "USD")).toBe(true);

    const us = await client.offerings.list({ country: "US" });
    expect(us.offerings.some((x) => x.id === 228479)).toBe(true);
    const nl = await client.offerings.list({ country: "NL" });
    expect(nl.offerings.some((x) => x.id === 228479)).toBe(false);

    await expect(client.offerings.list({ currency: "XXX" })).rejects.toMatchObject({
      status: 404,
      customCode: "CURR_INVALID",
      kind: "validation",
    });
  });

  it("quote: prices in minor units; facility conflict; unknown offering; minimums", async () => {
    const q = await client.quotes.create({
      countryCode: "NL",
      currency: "EUR",
      items: [
        { offeringId: 228478, numberOfPages: 48, quantity: 2 },
        { offeringId: 228500, numberOfPages: 48, quantity: 1 },
      ],
    });
    expect(q.currency).toBe("EUR");
    expect(q.items).toHaveLength(2);
    for (const i of q.items) expect(Number.isSafeInteger(i.totalItemPrice.amountMinor)).toBe(true);
    expect(q.summary.totalWholesalePrice.amountMinor).toBeGreaterThan(0);

    const conflict = await client.quotes
      .create({
        countryCode: "NL",
        currency: "EUR",
        items: [
          { offeringId: 228478, numberOfPages: 48, quantity: 1 },
          { offeringId: 228500, numberOfPages: 48, quantity: 1 },
          { offeringId: 228565, numberOfPages: 1, quantity: 1 }, // wall art: one page
          { offeringId: 228479, numberOfPages: 48, quantity: 1 }, // made in the US only
        ],
      })
      .catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(FacilityConflictError);
    expect((conflict as FacilityConflictError).groups).toEqual([[228478, 228500], [228565]]);
    expect((conflict as FacilityConflictError).unproducible).toEqual([228479]);

    await expect(
      client.quotes.create({
        countryCode: "NL",
        currency: "EUR",
        items: [{ offeringId: 999999, numberOfPages: 48, quantity: 1 }],
      }),
    ).rejects.toMatchObject({ status: 404, customCode: "OFF_NOT_FOUND", kind: "not_found" });

    await expect(
      client.quotes.create({
        countryCode: "NL",
        currency: "EUR",
        items: [{ offeringId: 228478, numberOfPages: 100000, quantity: 1 }],
      }),
    ).rejects.toMatchObject({ status: 400, customCode: "OFF_MIN" });
  });

  it("order lifecycle: create, details by id and reference, address, pay, already paid, shipped", async () => {
    const { orderId } = await client.orders.create(orderParams("life-1"));
    const byId = await client.orders.details({ orderId });
    expect(byId).toMatchObject({
      orderId,
      orderState: "OPEN",
      merchantOrderReference: "life-1",
      currency: "EUR",
    });
    const byRef = await client.orders.details({ orderReference: "life-1" });
    expect(byRef.orderId).toBe(orderId);

    await client.orders.address({
      orderId,
      address: {
        ...address,
        shippingAddress: { ...address.shippingAddress, city: "Utrecht", zipCode: "3511AA" },
      },
    });
    expect((await client.orders.details({ orderId })).address?.city).toBe("Utrecht");

    expect(await client.orders.pay({ orderId })).toEqual({ status: "paid", orderState: "PAID" });
    expect(await client.orders.pay({ orderId })).toEqual({
      status: "already_paid",
      orderState: "PAID",
    });

    const paid = await client.orders.details({ orderId });
    expect(paid.prices?.totalWholesalePriceIncTaxes?.amountMinor).toBeGreaterThan(0);
    expect(paid.items.length).toBe(1);

    sandbox.control.advance({ orderId, to: "SHIPPED", force: true });
    const shipped = await client.orders.details({ orderId });
    expect(shipped.orderState).toBe("SHIPPED");
    expect(shipped.trackingCode).toBeTruthy();
    expect(shipped.trackingUrl).toBeTruthy();
  });

  it("order.details: unknown order is not_found", async () => {
    await expect(client.orders.details({ orderId: 987654321 })).rejects.toMatchObject({
      status: 404,
      kind: "not_found",
    });
  });

  it("files later: paid order without files, files OK, files again ORD_FILES_STATE", async () => {
    const { orderId } = await client.orders.create(
      orderParams("files-1", {
        items: [{ itemReference: "files-1-1", offeringId: 228478, quantity: 1 }],
      }),
    );
    expect(await client.orders.pay({ orderId })).toMatchObject({ status: "paid" });
    expect((await client.orders.details({ orderId })).items[0]).toMatchObject({
      itemReference: "files-1-1",
      itemStatus: "PENDING_COMPLETION",
    });
    expect(await client.orders.files({ orderId, itemReference: "files-1-1", files })).toEqual({
      status: "ok",
    });
    await expect(client.orders.files({ orderId, files })).rejects.toMatchObject({
      status: 409,
      customCode: "ORD_FILES_STATE",
    });
  });

  it("payment errors: missing address, wrong secret, insufficient credit", async () => {
    const noAddr = await client.orders.create(orderParams("pay-1", { address: undefined }));
    await expect(client.orders.pay({ orderId: noAddr.orderId })).rejects.toMatchObject({
      status: 409,
      customCode: "ORD_MISS_ADDR",
    });

    const o2 = await client.orders.create(orderParams("pay-2"));
    const wrong = makeClient({ secretKey: "not-the-secret" });
    await expect(wrong.orders.pay({ orderId: o2.orderId })).rejects.toMatchObject({
      status: 401,
      customCode: "ORD_SECRET",
      kind: "auth",
    });

    sandbox.control.updateMerchant(KEYS.merchantApiKey, { credit: "0.00" });
    const err = await client.orders.pay({ orderId: o2.orderId }).catch((e: unknown) => e);
    expect(err).toMatchObject({
      status: 409,
      customCode: "MERCH_INSUFFICIENT_BALANCE",
      hint: "Top up your print-service account credit, then retry.",
    });
    expect((await client.orders.details({ orderId: o2.orderId })).orderState).toBe("PAYMENT_ERROR");
    sandbox.control.updateMerchant(KEYS.merchantApiKey, { credit: "100000.00" });
    expect(await client.orders.pay({ orderId: o2.orderId })).toMatchObject({ status: "paid" });
  });

  it("order.create validation errors: unknown offering, spine font, duplicate reference", async () => {
    await expect(
      client.orders.create(
        orderParams("bad-1", {
          items: [{ itemReference: "x", offeringId: 999999, quantity: 1, files }],
        }),
      ),
    ).rejects.toMatchObject({ status: 404, customCode: "OFF_NOT_FOUND" });
    await client.orders.create(orderParams("dup-1"));
    await expect(client.orders.create(orderParams("dup-1"))).rejects.toMatchObject({
      status: 400,
      customCode: "ORD_DUPLICATE",
      kind: "conflict",
    });
  });

  it("createIdempotent: ORD_DUPLICATE resolves to the existing order", async () => {
    const first = await client.orders.create(orderParams("idem-1"));
    expect(await client.orders.createIdempotent(orderParams("idem-1"))).toEqual({
      orderId: first.orderId,
      outcome: "found_existing_reference",
      attempts: 1,
    });
  });

  it("createIdempotent: response lost after commit -> found by reference, one order only", async () => {
    sandbox.control.addFaultRule({ op: "order.create", lostAfterCommitRate: 1, times: 1 });
    const r = await client.orders.createIdempotent(orderParams("lost-1"));
    expect(r.outcome).toBe("found_after_lost_response");
    const orders = sandbox.control.orders({ merchantApiKey: KEYS.merchantApiKey });
    expect(orders.filter((o) => o.reference === "lost-1").map((o) => o.id)).toEqual([r.orderId]);
    expect(sandbox.control.requests({ op: "order.create" })).toHaveLength(1);
  });

  it("order.create is not repeated on 503; GETs are, honouring Retry-After", async () => {
    sandbox.control.addFaultRule({ op: "order.create", errorRate: 1, errorStatus: 503, times: 1 });
    await expect(client.orders.create(orderParams("r-1"))).rejects.toMatchObject({ status: 503 });
    expect(sandbox.control.requests({ op: "order.create" })).toHaveLength(1);

    sandbox.control.addFaultRule({ op: "categories", errorRate: 1, errorStatus: 503, times: 2 });
    expect((await client.categories.list()).length).toBe(6);
    expect(sandbox.control.requests({ op: "categories" })).toHaveLength(3);

    sandbox.control.addFaultRule({
      op: "offering.list",
      errorRate: 1,
      errorStatus: 429,
      retryAfterSeconds: 2,
      times: 1,
    });
    await client.offerings.list({ category: "NB" });
    expect(time.sleeps).toContain(2000);
  });

  it("connection reset on a read is retried", async () => {
    sandbox.control.addFaultRule({ op: "billingEntity.list", resetRate: 1, times: 1 });
    expect(await client.billingEntities.list()).toEqual(expect.any(Array));
    expect(sandbox.control.requests({ op: "billingEntity.list" }).length).toBeGreaterThanOrEqual(1);
  });

  it("service down with resets: PrintConnectionError for an unsafe op", async () => {
    sandbox.control.setDown("reset");
    const err = await client.orders.create(orderParams("down-1")).catch((e: unknown) => e);
    sandbox.control.setDown(null);
    expect(err).toBeInstanceOf(PrintConnectionError);
  });

  it("cancel: OPEN order cancels; too late answers ORD_CANCEL_STATE", async () => {
    const a = await client.orders.create(orderParams("cancel-1"));
    expect(await client.orders.cancel({ orderId: a.orderId })).toEqual({ orderState: "CANCELLED" });
    expect((await client.orders.details({ orderId: a.orderId })).orderState).toBe("CANCELLED");

    const b = await client.orders.create(orderParams("cancel-2"));
    await client.orders.pay({ orderId: b.orderId });
    sandbox.control.advance({ orderId: b.orderId, to: "IN_PRINT_QUEUE", force: true });
    await expect(client.orders.cancel({ orderId: b.orderId })).rejects.toMatchObject({
      status: 409,
      customCode: "ORD_CANCEL_STATE",
    });
  });

  it("unknown merchant key: 500 quirk -> auth error, not retried", async () => {
    const stranger = makeClient({ merchantApiKey: "nobody-key" });
    await expect(stranger.billingEntities.list()).rejects.toMatchObject({
      status: 500,
      kind: "auth",
    });
    expect(sandbox.control.requests({ op: "billingEntity.list" })).toHaveLength(1);
  });

  it("publication.create: all three response forms with checkout URLs", async () => {
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
              src: "https://files.example/book.pdf",
              pages: 48,
              dimensions: { height: 297, width: 210 },
            },
          },
          thumbnail: { src: "https://files.example/thumb.png" },
        },
      },
    };
    const a = await client.publications.create(params);
    expect(a).toMatchObject({ kind: "public" });
    if (a.kind !== "public") throw new Error("unreachable");
    expect(a.checkoutUrl).toBe(`${sandbox.url}/print/${a.publicationId}`);
    const page = await fetch(a.checkoutUrl);
    expect(page.status).toBe(200);
    await page.text();

    sandbox.control.updateMerchant(KEYS.merchantApiKey, { publicationResponse: "number" });
    expect(
      await client.publications.create({
        ...params,
        order: { ...params.order, reference: "pub-2" },
      }),
    ).toMatchObject({
      kind: "public",
    });

    sandbox.control.updateMerchant(KEYS.merchantApiKey, { publicationResponse: "secure" });
    const s = await client.publications.create({
      ...params,
      order: { ...params.order, reference: "pub-3" },
    });
    expect(s.kind).toBe("secure");
    if (s.kind !== "secure") throw new Error("unreachable");
    expect(s.checkoutUrl).toBe(
      `${sandbox.url}/checkout/print/en/${s.securePublicationId}?token=${encodeURIComponent(s.token)}`,
    );
    const sp = await fetch(s.checkoutUrl);
    expect(sp.status).toBe(200);
    await sp.text();
  });

  it("billing entities: create root and child, list as a tree", async () => {
    const root = await client.billingEntities.create({
      companyName: "Acme BV",
      firstName: "Ada",
      lastName: "Lovelace",
      addressLine1: "Main 1",
      zipCode: "1011AA",
      city: "Amsterdam",
      countryCode: "NL",
      emailAddresses: ["billing@acme.example"],
    });
    const child = await client.billingEntities.create({
      parentEntityId: root.id,
      companyName: "Acme Retail",
      countryCode: "NL",
    });
    const tree = await client.billingEntities.list();
    const r = tree.find((e) => e.id === root.id)!;
    expect(r.parentId).toBeUndefined();
    expect(r.subEntities.map((e) => e.id)).toContain(child.id);
    expect(r.subEntities.find((e) => e.id === child.id)?.parentId).toBe(root.id);
  });

  it("status callbacks: signed with secretKey + order_id, verified", async () => {
    const received: unknown[] = [];
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push(Buffer.concat(chunks).toString("utf8"));
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      const port = (receiver.address() as AddressInfo).port;
      sandbox.control.setCallbackUrl(KEYS.merchantApiKey, `http://127.0.0.1:${port}/hook`);
      const { orderId } = await client.orders.create(orderParams("cb-1"));
      await client.orders.pay({ orderId });
      await sandbox.control.waitForCallbacks(3000);
      expect(received.length).toBeGreaterThan(0);
      for (const body of received) {
        const v = verifyStatusCallback(body, KEYS.secretKey);
        expect(v).toMatchObject({
          ok: true,
          callback: { orderId: String(orderId), orderReference: "cb-1" },
        });
        expect(verifyStatusCallback(body, "wrong-secret")).toMatchObject({
          ok: false,
          reason: "bad_signature",
        });
      }
    } finally {
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});

describe("sandbox: legacy XML interface", () => {
  it("offering list with ByCurrency groups and pricingExpireDate", async () => {
    const list = await client.legacy.listOfferings({ currencies: "ALL" });
    expect(Number.isNaN(Date.parse(list.pricingExpireDate ?? ""))).toBe(false);
    expect(list.pricingExpireDate).toMatch(/(Z|[+-]\d{2}:?\d{2})$/);
    const o = list.offerings.find((x) => x.id === 228478)!;
    expect(o.price.currency).toBe(o.currency);
    expect(o.priceByCurrency.length).toBeGreaterThan(1);
    expect(o.elements.length).toBeGreaterThan(0);
    expect(typeof o.fixedSize).toBe("boolean");
  });

  it("offering details by buttonKey and by key pair; unknown offering is an XML error", async () => {
    const a = await client.legacy.offeringDetails({ offeringId: 228478 });
    const b = await client.legacy.offeringDetails({ offeringId: 228478, auth: "keyPair" });
    expect(a.id).toBe(228478);
    expect(b.price).toEqual(a.price);
    expect(a.priceByCurrency).toEqual([]);
    const err = await client.legacy
      .offeringDetails({ offeringId: 999999 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PrintApiError);
    expect(err).toMatchObject({ status: 404 });
  });

  it("quote, create, details, set_paid, status", async () => {
    const q = await client.legacy.quote({
      offeringId: 228478,
      currency: "EUR",
      countryCode: "NL",
      numberOfPages: 48,
      quantity: 2,
    });
    expect(q.offeringId).toBe(228478);
    expect(q.currency).toBe("EUR");
    expect(q.totalPriceIncludingVat?.amountMinor).toBeGreaterThan(0);

    const order = await client.legacy.createOrder({
      offeringId: 228478,
      merchantReference: "legacy-1",
      paymentReference: "pay-legacy-1",
      title: "Legacy Book",
      emailAddress: "ada@example.com",
      apiVersion: 2,
    });
    expect(order.orderState).toBe("OPEN");
    expect(order.externalOrderId).toBeTruthy();

    await client.legacy.setOrderDetails({
      externalOrderId: order.externalOrderId,
      customerName: "Ada Lovelace",
      emailAddress: "ada@example.com",
      quantity: 2,
      shippingAddress: {
        addressLine1: "Keizersgracht 1",
        zipCode: "1015AA",
        city: "Amsterdam",
        country: "Netherlands",
        countryCode: "NL",
      },
    });
    expect(await client.legacy.setPaid({ externalOrderId: order.externalOrderId })).toEqual({
      status: "paid",
    });

    const status = await client.legacy.orderStatus({ paymentReference: "pay-legacy-1" });
    expect(status.orderStatus.toLowerCase()).toBe("paid");
    expect(status.merchantReference).toBe("legacy-1");
    expect(Number.isNaN(Date.parse(status.created ?? ""))).toBe(false);
  });

  it("set_paid with a wrong secret answers ERROR", async () => {
    const order = await client.legacy.createOrder({
      offeringId: 228478,
      paymentReference: "pay-legacy-2",
    });
    const wrong = makeClient({ secretKey: "nope" });
    await expect(
      wrong.legacy.setPaid({ externalOrderId: order.externalOrderId }),
    ).rejects.toMatchObject({
      customCode: "ERROR",
    });
  });

  it("create_from_checkout_url, then set_quote_and_paid with the quote XML", async () => {
    const order = await client.legacy.createOrderFromCheckoutUrl({
      offeringId: 228478,
      numberOfPages: 48,
      sourceUrl: "https://files.example/book.pdf",
      filetype: "pdf",
      sourceWidth: 210,
      sourceHeight: 297,
      paymentReference: "pay-legacy-3",
    });
    expect(order.orderState).toBe("OPEN");
    await client.legacy.setOrderDetails({
      externalOrderId: order.externalOrderId,
      emailAddress: "ada@example.com",
      quantity: 1,
      shippingAddress: {
        addressLine1: "Main 1",
        zipCode: "1011AA",
        city: "Amsterdam",
        countryCode: "NL",
      },
    });
    const quote = await client.legacy.quote({
      offeringId: 228478,
      currency: "EUR",
      countryCode: "NL",
      numberOfPages: 48,
      quantity: 1,
    });
    expect(
      await client.legacy.setQuoteAndPaid({ externalOrderId: order.externalOrderId, quote }),
    ).toEqual({
      status: "paid",
    });
    const status = await client.legacy.orderStatus({ paymentReference: "pay-legacy-3" });
    expect(status.orderStatus.toLowerCase()).toBe("paid");
  });

  it("legacy auth errors", async () => {
    const stranger = makeClient({ applicationApiKey: "wrong-app" });
    await expect(stranger.legacy.listOfferings()).rejects.toBeInstanceOf(PrintApiError);
  });
});
