import "@shopify/shopify-api/adapters/node";
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { ApiVersion, LogSeverity, shopifyApi } from "@shopify/shopify-api";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_IDS, sendWebhook, signWebhook, webhookHeaders } from "../../sandbox/shopify";
import {
  API_KEY,
  API_SECRET,
  SHOP,
  startHarness,
  tokenExchange,
  type FakeHarness,
} from "./helpers";

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  valid: boolean;
  validation: unknown;
}

const shopify = shopifyApi({
  apiKey: API_KEY,
  apiSecretKey: API_SECRET,
  hostName: "print-connect.example.com",
  apiVersion: ApiVersion.July26,
  isEmbeddedApp: true,
  logger: { log: () => undefined, level: LogSeverity.Error },
});

describe("webhook signing helpers", () => {
  it("signs the raw body as base64 HMAC-SHA256 with the client secret", () => {
    const body = JSON.stringify({ id: 1, note: "ünïcode" });
    expect(signWebhook(body, "s3cret")).toBe(
      createHmac("sha256", "s3cret").update(Buffer.from(body, "utf8")).digest("base64"),
    );
  });

  it("builds every X-Shopify-* header", () => {
    const headers = webhookHeaders({
      topic: "orders/paid",
      shop: SHOP,
      body: "{}",
      secret: "s",
      webhookId: "w-1",
      eventId: "e-1",
      apiVersion: "2026-07",
      triggeredAt: "2026-11-22T10:00:00.000Z",
    });
    expect(headers).toEqual({
      "Content-Type": "application/json",
      "User-Agent": "Shopify-Captain-Hook",
      "X-Shopify-Hmac-Sha256": signWebhook("{}", "s"),
      "X-Shopify-Topic": "orders/paid",
      "X-Shopify-Shop-Domain": SHOP,
      "X-Shopify-Webhook-Id": "w-1",
      "X-Shopify-Event-Id": "e-1",
      "X-Shopify-Triggered-At": "2026-11-22T10:00:00.000Z",
      "X-Shopify-API-Version": "2026-07",
    });
  });
});

describe("webhook delivery", () => {
  let h: FakeHarness;
  let receiver: http.Server;
  let received: Received[] = [];
  let failNext = 0;
  let delayMs = 0;

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        void shopify.webhooks
          .validate({ rawBody: body, rawRequest: req, rawResponse: res })
          .then(async (validation) => {
            received.push({
              path: req.url ?? "",
              headers: req.headers,
              body,
              valid: validation.valid,
              validation,
            });
            if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
            res.statusCode = failNext > 0 ? (failNext--, 500) : validation.valid ? 200 : 401;
            res.end();
          });
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    h = await startHarness({
      appUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
    });
  });
  beforeEach(() => {
    h.fake.control.reset();
    received = [];
    failNext = 0;
    delayMs = 0;
  });
  afterAll(async () => {
    await h.close();
    receiver.closeAllConnections();
    await new Promise((r) => receiver.close(r));
  });

  it("delivers orders/paid with a valid HMAC (checked by @shopify/shopify-api) and the REST payload", async () => {
    const { order } = await h.fake.control.createOrder(
      {
        lineItems: [
          {
            variantId: DEMO_IDS.variants.photoBook48,
            quantity: 1,
            properties: { "Print file": "https://files.example/a.pdf" },
          },
        ],
        email: "buyer@example.com",
      },
      { deliver: false },
    );
    const { deliveries } = await h.fake.control.markOrderPaid(order.id);
    expect(deliveries.map((d) => [d.topic, d.attempts[0]?.status])).toEqual([
      ["orders/paid", 200],
      ["orders/updated", 200],
    ]);
    expect(received.map((r) => r.path)).toEqual([
      "/webhooks/orders/paid",
      "/webhooks/orders/updated",
    ]);
    const paid = received[0]!;
    expect(paid.validation).toMatchObject({
      valid: true,
      topic: "ORDERS_PAID",
      domain: SHOP,
      apiVersion: "2026-07",
    });
    expect(paid.headers["x-shopify-event-id"]).toBeTruthy();
    expect(paid.headers["x-shopify-triggered-at"]).toBeTruthy();
    const payload = JSON.parse(paid.body) as Record<string, unknown>;
    expect(payload).toMatchObject({
      id: Number(order.legacyId),
      admin_graphql_api_id: order.id,
      name: "#1001",
      email: "buyer@example.com",
      currency: "EUR",
      financial_status: "paid",
      total_price: "54.90",
      cancelled_at: null,
      line_items: [
        {
          admin_graphql_api_id: order.lineItems[0]!.id,
          variant_id: 20002,
          product_id: 10001,
          title: "Hardcover Photo Book",
          variant_title: "A4 Portrait / 48 pages",
          sku: "PB-HC-A4P-48",
          quantity: 1,
          price: "49.95",
          properties: [{ name: "Print file", value: "https://files.example/a.pdf" }],
        },
      ],
      shipping_address: {
        first_name: "Anna",
        last_name: "de Vries",
        name: "Anna de Vries",
        country_code: "NL",
        zip: "1015 CJ",
      },
      customer: { email: "buyer@example.com", first_name: "Anna", last_name: "de Vries" },
    });
  });

  it("sends duplicates with the same webhook id, sequentially or concurrently", async () => {
    const { order } = await h.fake.control.createOrder(
      { lineItems: [{ variantId: DEMO_IDS.variants.novel }] },
      { deliver: false },
    );
    delayMs = 30;
    const records = await h.fake.control.sendWebhook({
      topic: "orders/paid",
      orderId: order.id,
      duplicates: 2,
      concurrent: true,
    });
    expect(records).toHaveLength(3);
    expect(new Set(records.map((r) => r.webhookId)).size).toBe(1);
    expect(new Set(received.map((r) => r.headers["x-shopify-webhook-id"])).size).toBe(1);
    expect(new Set(received.map((r) => r.body)).size).toBe(1);
    expect(received.every((r) => r.valid)).toBe(true);
  });

  it("records failed deliveries and retries them with the original id and body", async () => {
    const { order } = await h.fake.control.createOrder(
      { lineItems: [{ variantId: DEMO_IDS.variants.novel }] },
      { deliver: false },
    );
    failNext = 1;
    const [first] = await h.fake.control.sendWebhook({
      topic: "orders/updated",
      orderId: order.id,
    });
    expect(first!.delivered).toBe(false);
    await h.fake.control.updateShippingAddress(order.id, { city: "Haarlem" }, { deliver: false });
    const [retried] = await h.fake.control.retryFailedWebhooks();
    expect(retried!.attempts.map((a) => a.status)).toEqual([500, 200]);
    expect(received[0]!.body).toBe(received[1]!.body);
    expect(received[1]!.headers["x-shopify-webhook-id"]).toBe(first!.webhookId);
  });

  it("delivers app/uninstalled (and revokes tokens) and the compliance topics", async () => {
    const records = await h.fake.control.uninstallApp();
    expect(records[0]).toMatchObject({
      topic: "app/uninstalled",
      delivered: true,
      url: expect.stringMatching(/\/webhooks\/app\/uninstalled$/),
    });
    expect(JSON.parse(received[0]!.body)).toMatchObject({
      myshopify_domain: SHOP,
      currency: "EUR",
    });
    expect((await h.gql("{ shop { name } }")).status).toBe(401);

    for (const topic of ["customers/data_request", "customers/redact", "shop/redact"]) {
      await h.fake.control.sendWebhook({ topic });
    }
    expect(received.slice(1).map((r) => [r.path, r.valid])).toEqual([
      ["/webhooks/customers/data_request", true],
      ["/webhooks/customers/redact", true],
      ["/webhooks/shop/redact", true],
    ]);
    expect(JSON.parse(received[3]!.body)).toEqual({ shop_id: 90001, shop_domain: SHOP });
  });

  it("lets tests send a signed webhook directly, and a wrong HMAC is rejected by the receiver", async () => {
    const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    const ok = await sendWebhook({
      url: `${base}/webhooks/orders/paid`,
      topic: "orders/paid",
      shop: SHOP,
      payload: { id: 1 },
      secret: API_SECRET,
    });
    expect(ok.status).toBe(200);
    const bad = await sendWebhook({
      url: `${base}/webhooks/orders/paid`,
      topic: "orders/paid",
      shop: SHOP,
      payload: { id: 1 },
      secret: "wrong",
    });
    expect(bad.status).toBe(401);
  });

  it("calls a carrier service callback like Shopify checkout does", async () => {
    const rates = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const ok = req.headers["x-shopify-hmac-sha256"] === signWebhook(body, API_SECRET);
        const rate = (
          JSON.parse(body) as {
            rate: {
              items: Array<{ sku: string; price: number }>;
              destination: { country: string };
            };
          }
        ).rate;
        res.setHeader("content-type", "application/json");
        res.end(
          JSON.stringify({
            ok,
            rates: [
              {
                service_name: "Standard",
                service_code: "std",
                total_price: "495",
                currency: "EUR",
              },
            ],
            echo: [rate.items[0]?.sku, rate.items[0]?.price, rate.destination.country],
          }),
        );
      });
    });
    await new Promise<void>((r) => rates.listen(0, "127.0.0.1", r));
    try {
      const url = `http://127.0.0.1:${(rates.address() as AddressInfo).port}/carrier`;
      // A fresh token: an earlier test uninstalled the app, which revoked the harness token.
      const token = String((await tokenExchange({})).body.access_token);
      const created = await h.gql(
        `mutation ($url: URL!) { carrierServiceCreate(input: { name: "PC", callbackUrl: $url, active: true, supportsServiceDiscovery: true }) { userErrors { message } } }`,
        { url },
        { token },
      );
      expect(created.body.data).toEqual({ carrierServiceCreate: { userErrors: [] } });
      const result = await h.fake.control.requestShippingRates({
        destination: { countryCode: "BE", zip: "1000", city: "Brussels" },
      });
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({
        ok: true,
        echo: ["PB-HC-A4P-24", 3495, "BE"],
        rates: [{ total_price: "495" }],
      });
    } finally {
      rates.closeAllConnections();
      await new Promise((r) => rates.close(r));
    }
  });
});
