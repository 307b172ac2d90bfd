import "../support/app-env";
import { createHmac } from "node:crypto";
import { CHECKOUT_MAX_IN_FLIGHT, checkoutInFlight } from "~/lib/rates.server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import prisma, { createPrismaClient } from "~/db.server";
import { getEnv } from "~/env.server";
import { getLogger } from "~/lib/logger.server";
import {
  ensureCarrierCallbackToken,
  saveBackupRates,
  saveCarrierState,
} from "~/data/carrier.server";
import { deleteMapping, saveMapping } from "~/data/mapping.server";
import { savePrintSettings } from "~/data/print-settings.server";
import { recordInstall } from "~/data/shop.server";
import { createPrintClient } from "~/services/print";
import {
  carrierCallbackUrl,
  disableCarrierRates,
  enableCarrierRates,
  quoteCache,
  ratesRuntime,
  shopRatesContexts,
} from "~/lib/rates.server";
import { adminGraphql } from "~/services/shopify-admin";
import { unauthenticated } from "~/shopify.server";
import { action as shopCarrierRates } from "~/routes/carrier.rates.$token";
import { loader as productInfo } from "~/routes/proxy.product-info";
import { TEST_API_SECRET, TEST_APP_URL } from "../support/app-env";
import { startServer } from "../print/helpers";
import {
  appProxyRequest,
  MAPPINGS,
  SANDBOX_KEYS,
  SHOP,
  startRatesHarness,
  type RatesHarness,
} from "./harness";

let h: RatesHarness;
/** The demo shop's own carrier-callback token. */
let token: string;

interface Rate {
  service_name: string;
  service_code: string;
  total_price: string;
  currency: string;
  min_delivery_date?: string;
  max_delivery_date?: string;
}

async function rates(
  input: Parameters<RatesHarness["shopify"]["control"]["requestShippingRates"]>[0],
) {
  const result = await h.shopify.control.requestShippingRates({ shop: SHOP, ...input });
  return { ...result, rates: ((result.body as { rates?: Rate[] })?.rates ?? []) as Rate[] };
}

/** The shipping part of a quote asked directly of the sandbox. */
async function expectedShipping(
  countryCode: string,
  items: { offeringId: number; numberOfPages: number; quantity: number }[],
) {
  const client = createPrintClient({
    environment: "sandbox",
    baseUrl: h.sandbox.url,
    ...SANDBOX_KEYS,
  });
  const quote = await client.quotes.create({ countryCode, currency: "EUR", items });
  return String(quote.summary.totalShippingPrice.amountMinor);
}

const addressIn = (countryCode: string, provinceCode?: string) => ({
  countryCode,
  city: "Somewhere",
  zip: "1000",
  ...(provinceCode ? { provinceCode } : {}),
});

beforeAll(async () => {
  h = await startRatesHarness();
  await h.map(MAPPINGS.photoBook);
  await h.map(MAPPINGS.novel);
  await h.map(MAPPINGS.artPrint);
  const { admin } = await unauthenticated.admin(SHOP);
  await enableCarrierRates({ shop: SHOP, graphql: adminGraphql(admin) });
  token = (await prisma.shop.findUniqueOrThrow({ where: { shop: SHOP } })).carrierCallbackToken!;
});
afterAll(async () => {
  await h?.close();
});
// Tests that count upstream quotes exactly must not see a quote outlive the budget on a
// machine busy with other test files; the budget's own tests set theirs.
const GENEROUS_BUDGET_MS = 10_000;
beforeAll(() => {
  ratesRuntime.checkoutBudgetMs = GENEROUS_BUDGET_MS;
});
afterEach(async () => {
  vi.useRealTimers();
  // A quote that outlived its test's budget still reaches the print service; let it land
  // before the next test counts upstream quotes.
  await vi.waitUntil(() => quoteCache.flights.size === 0, { timeout: 15_000 });
  h.sandbox.control.clearFaults();
  h.sandbox.control.setDown(null);
  ratesRuntime.checkoutBudgetMs = GENEROUS_BUDGET_MS;
  await saveBackupRates({ shop: SHOP, rates: [] });
});

describe("carrier service registration", () => {
  it("registers one active carrier service calling the shop's own /carrier/rates/<token> and remembers its id", async () => {
    const services = h.shopify.control.listCarrierServices(SHOP);
    expect(services).toHaveLength(1);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(services[0]).toMatchObject({
      callbackUrl: `${TEST_APP_URL}/carrier/rates/${token}`,
      active: true,
      name: "Print Connect",
    });
    expect(carrierCallbackUrl(token)).toBe(`${TEST_APP_URL}/carrier/rates/${token}`);
    const shop = await prisma.shop.findUniqueOrThrow({ where: { shop: SHOP } });
    expect(shop).toMatchObject({ carrierRatesEnabled: true, carrierServiceId: services[0]!.id });
  });
});

describe("POST /carrier/rates", () => {
  it("quotes a print-only cart in the shop currency, in minor units, with delivery dates", async () => {
    const result = await rates({
      items: [{ variantId: 20001, quantity: 2 }],
      destination: addressIn("NL"),
    });
    expect(result.status).toBe(200);
    expect(result.rates).toHaveLength(1);
    const [rate] = result.rates;
    expect(rate).toMatchObject({ service_code: "print-connect-standard", currency: "EUR" });
    expect(rate!.total_price).toBe(
      await expectedShipping("NL", [{ offeringId: 228478, numberOfPages: 24, quantity: 2 }]),
    );
    expect(rate!.total_price).toMatch(/^\d+$/);
    expect(rate!.min_delivery_date).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00 \+0000$/);
    expect(rate!.max_delivery_date! > rate!.min_delivery_date!).toBe(true);
  });

  it("lets non-print items of a mixed cart contribute nothing (same quote, answered from the cache)", async () => {
    const printOnly = await rates({
      items: [{ variantId: 20003, quantity: 1 }],
      destination: addressIn("DE"),
    });
    const before = h.quoteRequests();
    const mixed = await rates({
      items: [
        { variantId: 20009, quantity: 3 }, // tote bag
        { variantId: 20003, quantity: 1 },
        { variantId: 20010, quantity: 1 }, // mug
      ],
      destination: addressIn("DE"),
    });
    expect(mixed.rates).toEqual(printOnly.rates);
    expect(mixed.rates[0]!.total_price).toBe(
      await expectedShipping("DE", [{ offeringId: 228500, numberOfPages: 320, quantity: 1 }]),
    );
    expect(h.quoteRequests()).toBe(before + 1); // only expectedShipping's own quote
  });

  it("answers no rates for a cart of non-print items only", async () => {
    const before = h.quoteRequests();
    const result = await rates({ items: [{ variantId: 20009 }], destination: addressIn("NL") });
    expect(result.status).toBe(200);
    expect(result.rates).toEqual([]);
    expect(h.quoteRequests()).toBe(before);
  });

  it("gives no print rate to a destination the cart cannot be shipped to, and logs why", async () => {
    const lines: { obj: object; msg: string }[] = [];
    const fake = {
      info: (obj: object, msg: string) => lines.push({ obj, msg }),
      warn: () => undefined,
      error: () => undefined,
      debug: () => undefined,
    };
    vi.spyOn(getLogger(), "child").mockReturnValue(fake as never);
    const result = await rates({
      items: [{ variantId: 20006 }, { variantId: 20001 }],
      destination: addressIn("US", "NY"),
    });
    expect(result.status).toBe(200);
    expect(result.rates).toEqual([]);
    const line = lines.find((l) => /cannot be shipped to US/.test(l.msg));
    expect(line?.msg).toMatch(/228550/);
  });

  it("answers the backup rates when the print service is down", async () => {
    await saveBackupRates({
      shop: SHOP,
      rates: [
        {
          name: "Standard (estimated)",
          code: "backup-standard",
          amountMinor: 695,
          minDays: 5,
          maxDays: 10,
        },
        { name: "Express (estimated)", code: "backup-express", amountMinor: 1495 },
      ],
    });
    h.sandbox.control.setDown("503");
    const result = await rates({ items: [{ variantId: 20001 }], destination: addressIn("FR") });
    expect(result.status).toBe(200);
    expect(result.rates.map((r) => [r.service_code, r.total_price, r.currency])).toEqual([
      ["backup-standard", "695", "EUR"],
      ["backup-express", "1495", "EUR"],
    ]);
    expect(result.rates[0]!.min_delivery_date).toBeDefined();
    expect(result.rates[1]!.min_delivery_date).toBeUndefined();
  });

  it("answers the backup rates within the budget when the print service is slow", async () => {
    await saveBackupRates({
      shop: SHOP,
      rates: [{ name: "Standard", code: "backup", amountMinor: 500 }],
    });
    ratesRuntime.checkoutBudgetMs = 200;
    h.sandbox.control.addFaultRule({ op: "quote", latencyMs: 2_000 });
    const started = performance.now();
    const result = await rates({ items: [{ variantId: 20001 }], destination: addressIn("BE") });
    // Well below the 2 s the print service takes, with room for a busy machine.
    expect(performance.now() - started).toBeLessThan(1_800);
    expect(result.rates.map((r) => r.service_code)).toEqual(["backup"]);
  });

  it("answers 503 (Shopify then uses its own backup rates) when the service fails and none are set", async () => {
    h.sandbox.control.setDown("503");
    const result = await rates({ items: [{ variantId: 20001 }], destination: addressIn("IT") });
    expect(result.status).toBe(503);
  });

  it("answers the backup rates, not free shipping, when the quote answer has no shipping total", async () => {
    // A stub print service answering a quote whose summary lacks totalShippingPrice.
    const stub = await startServer();
    stub.on("POST /rest/v3/quote", () => ({
      body: {
        quoteDetails: { countryCode: "SE", currency: "EUR" },
        quotedItems: [
          {
            offeringId: MAPPINGS.photoBook.offeringId,
            numberOfPages: MAPPINGS.photoBook.numberOfPages,
            quantity: 1,
            basePrice: 12.5,
            pricePerPage: 0,
            productPrice: 12.5,
            shippingWholesale: 6.95,
            totalQuantityDiscount: 0,
            vatPercentage: 25,
            vat: 4.86,
            totalItemPrice: 24.31,
          },
        ],
        quoteSummary: {
          numberOfItems: 1,
          totalWholesalePrice: 24.31,
          totalQuantityDiscount: 0,
          vatSummary: [{ vatPercentage: 25, vat: 4.86 }],
        },
      },
    }));
    const warnings: { obj: object; msg: string }[] = [];
    vi.spyOn(getLogger(), "child").mockReturnValue({
      info: () => undefined,
      warn: (obj: object, msg: string) => warnings.push({ obj, msg }),
      error: () => undefined,
      debug: () => undefined,
    } as never);
    const printSettings = (printBaseUrl: string) => ({
      shop: SHOP,
      input: {
        printEnvironment: "sandbox" as const,
        printBaseUrl,
        ...SANDBOX_KEYS,
        currency: "EUR",
      },
    });
    try {
      await savePrintSettings(printSettings(stub.url));
      await saveBackupRates({
        shop: SHOP,
        rates: [{ name: "Standard (estimated)", code: "backup-standard", amountMinor: 695 }],
      });
      const result = await rates({ items: [{ variantId: 20001 }], destination: addressIn("SE") });
      expect(stub.requests.map((r) => r.path)).toEqual(["/rest/v3/quote"]);
      expect(result.status).toBe(200);
      expect(result.rates.map((r) => [r.service_code, r.total_price, r.currency])).toEqual([
        ["backup-standard", "695", "EUR"],
      ]);
      const warning = warnings.find((w) => /answering backup rates/.test(w.msg));
      expect(warning?.obj).toMatchObject({
        reason: expect.stringMatching(
          /PrintResponseShapeError: .*quoteSummary\.totalShippingPrice: amount is missing or null/,
        ) as unknown,
      });
    } finally {
      await savePrintSettings(printSettings(h.sandbox.url));
      await stub.close();
    }
  });

  it("collapses a burst of identical requests into one upstream quote", async () => {
    quoteCache.clear();
    const before = h.quoteRequests();
    const burst = await Promise.all(
      Array.from({ length: 25 }, () =>
        rates({ items: [{ variantId: 20001, quantity: 3 }], destination: addressIn("AT") }),
      ),
    );
    expect(new Set(burst.map((r) => r.status))).toEqual(new Set([200]));
    expect(new Set(burst.map((r) => JSON.stringify(r.rates))).size).toBe(1);
    expect(burst[0]!.rates).toHaveLength(1);
    // Counted in the sandbox's own request log.
    expect(h.quoteRequests()).toBe(before + 1);
  });

  it("answers 401 to a bad signature", async () => {
    const body = JSON.stringify({
      rate: { destination: { country: "NL" }, items: [], currency: "EUR" },
    });
    const sign = (secret: string) => createHmac("sha256", secret).update(body).digest("base64");
    const post = (signature: string) =>
      shopCarrierRates({
        request: new Request(`${TEST_APP_URL}/carrier/rates/${token}`, {
          method: "POST",
          body,
          headers: {
            "Content-Type": "application/json",
            "X-Shopify-Hmac-Sha256": signature,
            "X-Shopify-Shop-Domain": SHOP,
          },
        }),
        params: { token },
        context: {},
      });
    expect((await post(sign("wrong-secret"))).status).toBe(401);
    expect((await post("")).status).toBe(401);
    const ok = await post(sign(TEST_API_SECRET));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ rates: [] });
  });

  it("answers repeated carts from the cache without asking the print service again", async () => {
    await rates({ items: [{ variantId: 20001 }], destination: addressIn("NL") });
    const before = h.quoteRequests();
    for (let i = 0; i < 20; i++) {
      const r = await rates({ items: [{ variantId: 20001 }], destination: addressIn("NL") });
      expect(r.status).toBe(200);
      expect(r.rates).toHaveLength(1);
    }
    // Latency is measured by `npm run bench:rates`; here: no upstream call at all.
    expect(h.quoteRequests()).toBe(before);
  });

  it("answers every signed request of a busy shop: no per-shop limit refuses checkout", async () => {
    // 600 from one shop, 50 at a time, with the clock standing still: no time
    // passes in which a per-shop budget could refill.
    vi.useFakeTimers({ toFake: ["Date"] });
    const statuses: number[] = [];
    for (let batch = 0; batch < 12; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          rates({ items: [{ variantId: 20001 }], destination: addressIn("NL") }),
        ),
      );
      statuses.push(...answers.map((a) => a.status));
    }
    vi.useRealTimers();
    expect(statuses).toHaveLength(600);
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it("sheds a flood with 503 and Retry-After before any work, and recovers at once", async () => {
    // The process already has as many rate requests under way as it takes.
    let held = 0;
    while (checkoutInFlight.tryEnter()) held++;
    expect(held).toBe(CHECKOUT_MAX_IN_FLIGHT);
    const quotesBefore = h.quoteRequests();
    try {
      // Not even the signature is looked at: a request without one is shed too.
      const unsigned = await shopCarrierRates({
        request: new Request(`${TEST_APP_URL}/carrier/rates/whatever`, {
          method: "POST",
          body: "{}",
        }),
        params: { token: "whatever" },
        context: {},
      });
      expect(unsigned.status).toBe(503);
      expect(unsigned.headers.get("retry-after")).toBe("1");
      const shed = await rates({ items: [{ variantId: 20001 }], destination: addressIn("NL") });
      expect(shed.status).toBe(503);
      expect(h.quoteRequests()).toBe(quotesBefore);
    } finally {
      for (let i = 0; i < held; i++) checkoutInFlight.leave();
    }
    const after = await rates({ items: [{ variantId: 20001 }], destination: addressIn("NL") });
    expect(after.status).toBe(200);
  });
});

describe("the shop's settings between rate requests", () => {
  // A new cart each time (quantity), so every request asks the print service.
  let quantity = 100;
  const newCart = (variantId = 20001) => ({
    items: [{ variantId, quantity: ++quantity }],
    destination: addressIn("NL"),
  });

  it("reads the shop row and decrypts its keys once per settings version, not per request", async () => {
    await rates(newCart());
    const builds = shopRatesContexts.builds;
    const quotesBefore = h.quoteRequests();
    for (let i = 0; i < 5; i++) {
      const answer = await rates(newCart());
      expect(answer.rates).toHaveLength(1);
    }
    // Each new cart asked the service (none came from the cache); on a loaded machine the
    // upstream client's one retry after its own time limit may add a request, never remove one.
    expect(h.quoteRequests() - quotesBefore).toBeGreaterThanOrEqual(5);
    expect(h.quoteRequests() - quotesBefore).toBeLessThanOrEqual(10);
    expect(shopRatesContexts.builds).toBe(builds);
  });

  it("answers a mapping change at the next request: unmapped, then mapped to another offering", async () => {
    try {
      expect((await rates(newCart())).rates).toHaveLength(1);
      await deleteMapping({ shop: SHOP, variantId: MAPPINGS.photoBook.variantId });
      expect((await rates(newCart())).rates).toEqual([]);

      // Mapped again, to the art print's offering (another facility, another shipping price).
      const { offeringId, numberOfPages } = MAPPINGS.artPrint;
      await saveMapping({
        shop: SHOP,
        mapping: { ...MAPPINGS.photoBook, offeringId, numberOfPages },
      });
      const cart = newCart();
      const quantity = cart.items[0]!.quantity;
      const asArtPrint = await expectedShipping("NL", [{ offeringId, numberOfPages, quantity }]);
      const asPhotoBook = await expectedShipping("NL", [
        { offeringId: MAPPINGS.photoBook.offeringId, numberOfPages: 24, quantity },
      ]);
      expect(asArtPrint).not.toBe(asPhotoBook);
      expect((await rates(cart)).rates[0]?.total_price).toBe(asArtPrint);
    } finally {
      await saveMapping({ shop: SHOP, mapping: MAPPINGS.photoBook });
    }
  });

  it("answers a change of backup rates, rates on or off, or print account at the next request", async () => {
    h.sandbox.control.setDown("503");
    await saveBackupRates({
      shop: SHOP,
      rates: [{ name: "First", code: "first", amountMinor: 100 }],
    });
    expect((await rates(newCart())).rates.map((r) => r.service_code)).toEqual(["first"]);
    await saveBackupRates({
      shop: SHOP,
      rates: [{ name: "Second", code: "second", amountMinor: 200 }],
    });
    expect((await rates(newCart())).rates.map((r) => r.service_code)).toEqual(["second"]);
    h.sandbox.control.setDown(null);

    const { carrierServiceId } = await prisma.shop.findUniqueOrThrow({ where: { shop: SHOP } });
    await saveCarrierState({ shop: SHOP, enabled: false, carrierServiceId });
    expect((await rates(newCart())).rates).toEqual([]);
    await saveCarrierState({ shop: SHOP, enabled: true, carrierServiceId });
    expect((await rates(newCart())).rates).toHaveLength(1);

    // Another print-service account: the next quote goes to its URL, with its keys.
    const other = await startServer();
    other.on("POST /rest/v3/quote", () => ({ status: 503, body: { message: "down" } }));
    const account = (printBaseUrl: string, merchantApiKey: string) => ({
      shop: SHOP,
      input: {
        printEnvironment: "sandbox" as const,
        printBaseUrl,
        ...SANDBOX_KEYS,
        merchantApiKey,
      },
    });
    try {
      await savePrintSettings(account(other.url, "another-merchant-key"));
      await rates(newCart());
      const asked = other.requests.filter((r) => r.path === "/rest/v3/quote");
      expect(asked.length).toBeGreaterThan(0);
      expect(asked[0]!.json).toMatchObject({ apiKey: "another-merchant-key" });
    } finally {
      await savePrintSettings(account(h.sandbox.url, SANDBOX_KEYS.merchantApiKey));
      await other.close();
    }
    const quotesBefore = h.quoteRequests();
    expect((await rates(newCart())).rates).toHaveLength(1);
    expect(h.quoteRequests()).toBe(quotesBefore + 1);
  });

  it("shares the quote of a product-page estimate: same settings version as the storefront reads", async () => {
    quoteCache.clear();
    const estimate = await productInfo({
      request: appProxyRequest("/proxy/product-info", {
        variant_id: "20003",
        country: "DE",
        currency: "EUR",
      }),
      params: {},
      context: { remoteAddress: "192.0.2.80" },
    });
    expect(estimate.headers.get("X-Print-Connect-Cache")).toBe("miss");
    const quotesBefore = h.quoteRequests();
    const checkout = await rates({
      items: [{ variantId: 20003, quantity: 1 }],
      destination: addressIn("DE"),
    });
    expect(checkout.rates).toHaveLength(1);
    expect(h.quoteRequests()).toBe(quotesBefore);
  });

  it("answers a change saved by another process (its own database client) at the next request", async () => {
    const otherProcess = createPrismaClient(getEnv().databaseUrl);
    try {
      h.sandbox.control.setDown("503");
      await otherProcess.shop.update({
        where: { shop: SHOP },
        data: {
          backupRates: JSON.stringify([{ name: "Theirs", code: "theirs", amountMinor: 300 }]),
        },
      });
      expect((await rates(newCart())).rates.map((r) => r.service_code)).toEqual(["theirs"]);
      h.sandbox.control.setDown(null);
      await otherProcess.variantMapping.deleteMany({
        where: { shop: SHOP, variantId: MAPPINGS.novel.variantId },
      });
      expect((await rates(newCart(20003))).rates).toEqual([]);
    } finally {
      await otherProcess.$disconnect();
      await saveMapping({ shop: SHOP, mapping: MAPPINGS.novel });
    }
  });
});

describe("a rate request is answered only for the shop whose callback URL Shopify called", () => {
  const OTHER = "other-rates-shop.myshopify.com";
  let otherToken: string;
  const body = JSON.stringify({
    rate: {
      destination: { country: "NL", postal_code: "1000", city: "Somewhere" },
      items: [{ quantity: 1, variant_id: 20001, requires_shipping: true }],
      currency: "EUR",
    },
  });
  // Signed exactly as Shopify signs the demo shop's checkout request; the
  // signature covers the body only.
  const signature = createHmac("sha256", TEST_API_SECRET).update(body).digest("base64");
  const post = (path: string, shop: string) =>
    fetch(`${h.appUrl}${path}`, {
      method: "POST",
      body,
      headers: {
        "Content-Type": "application/json",
        "X-Shopify-Hmac-Sha256": signature,
        "X-Shopify-Shop-Domain": shop,
      },
    });

  beforeAll(async () => {
    // A second installed shop with rates on, quoting the same variant.
    await recordInstall({ shop: OTHER, scopes: "write_shipping" });
    await savePrintSettings({
      shop: OTHER,
      input: {
        printEnvironment: "sandbox",
        printBaseUrl: h.sandbox.url,
        ...SANDBOX_KEYS,
        currency: "EUR",
      },
    });
    await saveMapping({ shop: OTHER, mapping: MAPPINGS.photoBook });
    await saveCarrierState({
      shop: OTHER,
      enabled: true,
      carrierServiceId: "gid://shopify/DeliveryCarrierService/424242",
    });
    otherToken = (await ensureCarrierCallbackToken({ shop: OTHER })).token;
  });

  it("refuses (401) the demo shop's signed body at its URL with another shop's domain, asking nothing upstream", async () => {
    quoteCache.clear();
    const before = h.quoteRequests();
    const forged = await post(`/carrier/rates/${token}`, OTHER);
    expect(forged.status).toBe(401);
    expect(await forged.text()).toMatch(/does not belong to X-Shopify-Shop-Domain/);
    expect(h.quoteRequests()).toBe(before);
  });

  it("refuses (401) the unbound /carrier/rates for a shop that has its own URL", async () => {
    const before = h.quoteRequests();
    const forged = await post("/carrier/rates", OTHER);
    expect(forged.status).toBe(401);
    expect((await post("/carrier/rates", SHOP)).status).toBe(401);
    expect(h.quoteRequests()).toBe(before);
  });

  it("refuses (401) an unknown or malformed token", async () => {
    expect((await post(`/carrier/rates/${"A".repeat(43)}`, SHOP)).status).toBe(401);
    expect((await post("/carrier/rates/not-a-token", SHOP)).status).toBe(401);
  });

  it("answers each shop at its own URL", async () => {
    const own = await post(`/carrier/rates/${token}`, SHOP);
    expect(own.status).toBe(200);
    expect(((await own.json()) as { rates: Rate[] }).rates).toHaveLength(1);
    const other = await post(`/carrier/rates/${otherToken}`, OTHER);
    expect(other.status).toBe(200);
    expect(((await other.json()) as { rates: Rate[] }).rates).toHaveLength(1);
  });
});

describe("turning rates off", () => {
  it("removes the carrier service and answers no rates", async () => {
    const { admin } = await unauthenticated.admin(SHOP);
    await disableCarrierRates({ shop: SHOP, graphql: adminGraphql(admin) });
    expect(h.shopify.control.listCarrierServices(SHOP)).toEqual([]);
    const shop = await prisma.shop.findUniqueOrThrow({ where: { shop: SHOP } });
    expect(shop).toMatchObject({ carrierRatesEnabled: false, carrierServiceId: null });
    const body = JSON.stringify({
      rate: {
        destination: { country: "NL" },
        items: [{ quantity: 1, variant_id: 20001 }],
        currency: "EUR",
      },
    });
    const response = await shopCarrierRates({
      request: new Request(`${TEST_APP_URL}/carrier/rates/${token}`, {
        method: "POST",
        body,
        headers: {
          "X-Shopify-Hmac-Sha256": createHmac("sha256", TEST_API_SECRET)
            .update(body)
            .digest("base64"),
          "X-Shopify-Shop-Domain": SHOP,
        },
      }),
      params: { token },
      context: {},
    });
    expect(await response.json()).toEqual({ rates: [] });
  });
});
