import "../support/app-env";
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import prisma from "~/db.server";
import { loader as productInfo } from "~/routes/proxy.product-info";
import { loader as publication } from "~/routes/proxy.publication";
import { quoteCache, ratesRuntime } from "~/lib/rates.server";
import { offeringsCache, storefrontLimits } from "~/lib/storefront-rates.server";
import {
  appProxyRequest,
  MAPPINGS,
  respond,
  SHOP,
  startRatesHarness,
  type RatesHarness,
} from "../rates/harness";

let h: RatesHarness;
// The load context server/app.js gives a request that came from Shopify's app proxy.
const args = (request: Request) => ({
  request,
  params: {},
  context: { remoteAddress: "192.0.2.80" },
});
const getInfo = (params: Record<string, string>, options?: Parameters<typeof appProxyRequest>[2]) =>
  respond(() => productInfo(args(appProxyRequest("/proxy/product-info", params, options))));

beforeAll(async () => {
  h = await startRatesHarness();
  await h.map(MAPPINGS.photoBook);
  await h.map(MAPPINGS.artPrint);
});
afterAll(async () => {
  await h?.close();
});
afterEach(() => {
  h.sandbox.control.clearFaults();
  storefrontLimits.perVisitor.reset();
  storefrontLimits.perShop.reset();
  ratesRuntime.storefrontBudgetMs = 800;
});

describe("app proxy signature", () => {
  it("accepts a request signed with the app secret", async () => {
    const response = await getInfo({ variant_id: "20001", country: "NL" });
    expect(response.status).toBe(200);
  });

  it("rejects a wrong signature, a tampered parameter, a missing signature and a stale timestamp", async () => {
    expect((await getInfo({ variant_id: "20001" }, { secret: "not-the-secret" })).status).toBe(401);

    const signed = appProxyRequest("/proxy/product-info", { variant_id: "20001" });
    const tampered = new URL(signed.url);
    tampered.searchParams.set("variant_id", "20006");
    expect(await respond(() => productInfo(args(new Request(tampered))))).toHaveProperty(
      "status",
      401,
    );

    const unsigned = new URL(signed.url);
    unsigned.searchParams.delete("signature");
    expect(await respond(() => productInfo(args(new Request(unsigned))))).toHaveProperty(
      "status",
      401,
    );

    const stale = await getInfo(
      { variant_id: "20001" },
      { timestamp: Math.floor(Date.now() / 1000) - 3600 },
    );
    expect(stale.status).toBe(401);
  });
});

describe("GET /apps/print-connect/product-info", () => {
  it("answers specs and a shipping estimate: a miss calls the print service, a hit does not", async () => {
    quoteCache.clear();
    offeringsCache.clear();
    const before = h.quoteRequests();
    const miss = await getInfo({ variant_id: "20001", country: "DE", currency: "EUR" });
    expect(miss.status).toBe(200);
    expect(miss.headers.get("X-Print-Connect-Cache")).toBe("miss");
    const body = (await miss.json()) as {
      mapped: boolean;
      specs: { format: string; size: string; pages: number };
      shipping: {
        amountMinor: number;
        currency: string;
        country: string;
        delivery: { minDays: number; maxDays: number; minDate: string };
      };
      shippingStatus: string;
    };
    expect(body).toMatchObject({
      mapped: true,
      shippingStatus: "ok",
      specs: { format: "Hardcover book A4 portrait", size: "210 × 297 mm", pages: 24 },
    });
    expect(body.shipping).toMatchObject({ country: "DE", currency: "EUR" });
    expect(body.shipping.amountMinor).toBeGreaterThan(0);
    expect(body.shipping.delivery.maxDays).toBeGreaterThan(body.shipping.delivery.minDays);
    expect(h.quoteRequests()).toBe(before + 1);

    const hit = await getInfo({ variant_id: "20001", country: "DE", currency: "EUR" });
    expect(hit.headers.get("X-Print-Connect-Cache")).toBe("hit");
    expect(await hit.json()).toEqual(body);
    expect(h.quoteRequests()).toBe(before + 1);
    expect(hit.headers.get("Cache-Control")).toBe("private, max-age=300");
  });

  it("says when a product is not a print product", async () => {
    const response = await getInfo({ variant_id: "20009", country: "NL" });
    expect(await response.json()).toEqual({ mapped: false });
  });

  it("says when the visitor's country cannot be shipped to", async () => {
    const response = await getInfo({ variant_id: "20006", country: "US" });
    expect(await response.json()).toMatchObject({
      mapped: true,
      shippingStatus: "unshippable",
      shipping: null,
    });
  });

  it("answers within its budget when the print service is slow, leaving the estimate out", async () => {
    ratesRuntime.storefrontBudgetMs = 150;
    h.sandbox.control.addFaultRule({ op: "quote", latencyMs: 1_500 });
    const started = performance.now();
    const response = await getInfo({ variant_id: "20001", country: "SE" });
    expect(performance.now() - started).toBeLessThan(800);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toMatchObject({
      mapped: true,
      shippingStatus: "pending",
      shipping: null,
    });
  });

  it("answers 400 to a request without a variant id", async () => {
    expect((await getInfo({ country: "NL" })).status).toBe(400);
  });

  it("rate-limits one visitor with 429 and Retry-After", async () => {
    // The clock stands still, so no bucket refills while a slow machine sends the visits.
    vi.useFakeTimers({ toFake: ["Date"] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const headers = { "x-forwarded-for": "203.0.113.9" };
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++)
      statuses.push((await getInfo({ variant_id: "20001", country: "DE" }, { headers })).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    const limited = await getInfo({ variant_id: "20001", country: "DE" }, { headers });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    // Another visitor is not affected.
    expect(
      (
        await getInfo(
          { variant_id: "20001", country: "DE" },
          { headers: { "x-forwarded-for": "203.0.113.10" } },
        )
      ).status,
    ).toBe(200);
  });
});

describe("GET /apps/print-connect/publication", () => {
  it("finds the hosted checkout of a product's listing, and redirects to it", async () => {
    await prisma.publication.create({
      data: {
        shop: SHOP,
        variantId: "gid://shopify/ProductVariant/20003",
        title: "The Quiet Harbour",
        checkoutUrl: `${h.sandbox.url}/print/123456`,
        currency: "EUR",
        locale: "en",
      },
    });
    const found = await respond(() =>
      publication(args(appProxyRequest("/proxy/publication", { variant_ids: "20004,20003" }))),
    );
    expect(await found.json()).toEqual({
      available: true,
      title: "The Quiet Harbour",
      checkoutUrl: `${h.sandbox.url}/print/123456`,
    });

    const go = await respond(() =>
      publication(
        args(appProxyRequest("/proxy/publication", { variant_ids: "20003", redirect: "1" })),
      ),
    );
    expect(go.status).toBe(302);
    expect(go.headers.get("Location")).toBe(`${h.sandbox.url}/print/123456`);
  });

  it("answers unavailable, or sends the visitor back, when there is no listing", async () => {
    const none = await respond(() =>
      publication(args(appProxyRequest("/proxy/publication", { variant_ids: "20001" }))),
    );
    expect(await none.json()).toEqual({ available: false });
    const back = await respond(() =>
      publication(
        args(
          appProxyRequest("/proxy/publication", {
            variant_ids: "20001",
            redirect: "1",
            return_to: "/products/book",
          }),
        ),
      ),
    );
    expect(back.headers.get("Location")).toBe("/products/book");
    const evil = await respond(() =>
      publication(
        args(
          appProxyRequest("/proxy/publication", {
            variant_ids: "20001",
            redirect: "1",
            return_to: "//evil.example",
          }),
        ),
      ),
    );
    expect(evil.headers.get("Location")).toBe("/");
  });

  it("never shows another shop's listing", async () => {
    await prisma.publication.create({
      data: {
        shop: "someone-else.myshopify.com",
        variantId: "gid://shopify/ProductVariant/20005",
        title: "Other",
        checkoutUrl: "https://print.example/print/9",
        currency: "EUR",
        locale: "en",
      },
    });
    const response = await respond(() =>
      publication(args(appProxyRequest("/proxy/publication", { variant_ids: "20005" }))),
    );
    expect(await response.json()).toEqual({ available: false });
  });
});
