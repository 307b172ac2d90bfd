import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { listLegacyPrices } from "~/lib/catalogue.server";
import { storedMargins } from "~/data/mapping-quote.server";
import { savePrintSettings } from "~/data/print-settings.server";
import { keepSaleCost, quoteSaleCosts, type SaleCost } from "~/lib/sale-costs.server";
import { parseMajor } from "~/services/print/money";
import type { AdminApi } from "~/services/shopify-admin";
import { authenticate } from "~/shopify.server";
import { DEMO_SHOP, get, sandboxSettings, startAdminEnv, type AdminEnv } from "../admin/helpers";

/**
 * The cost of one sale of a product about to be created: the print sandbox's real quote for
 * the shop's own country, in the shop's currency, through the Shopify stand-in.
 */
const HARDCOVER = 228478;
const MAGAZINE = 228520; // sold in lots of at least 5
const SOFTCOVER_CUSTOM = 228501; // minimumQuantity 0: still one copy

const US_SHOP = "print-connect-us.myshopify.com";
const JP_SHOP = "print-connect-jp.myshopify.com";
const NEW_SHOP = "print-connect-new.myshopify.com";

let env: AdminEnv;

async function adminOf(shop: string): Promise<AdminApi> {
  const { admin } = await authenticate.admin(get("/app", shop));
  return admin;
}

const quoteRequests = () => env.sandbox.control.requests({ op: "quote", limit: 10_000 }).length;

/** The sandbox's own answer for one line, for comparing amounts without the app in between. */
async function serviceQuote(
  item: { offeringId: number; numberOfPages: number; quantity: number },
  country: string,
  currency: string,
) {
  const response = await fetch(`${env.sandbox.jsonBaseUrl}/quote`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      apiKey: "sandbox-merchant-key",
      countryCode: country,
      state: "",
      currency,
      items: [item],
    }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { quoteSummary: { totalWholesalePrice: number } };
  // The JSON API states amounts in major units.
  return parseMajor(body.quoteSummary.totalWholesalePrice, currency).amountMinor;
}

beforeAll(async () => {
  env = await startAdminEnv();
  env.shopify.control.addShop({ domain: US_SHOP, currencyCode: "USD", countryCode: "US" });
  env.shopify.control.addShop({ domain: JP_SHOP, currencyCode: "JPY", countryCode: "JP" });
  env.shopify.control.addShop({ domain: NEW_SHOP });
  for (const shop of [DEMO_SHOP, US_SHOP, JP_SHOP]) {
    await savePrintSettings({ shop, input: sandboxSettings(env.sandbox) });
  }
});
afterAll(async () => {
  await env?.close();
});

describe("quoteSaleCosts", () => {
  it("quotes each distinct item once, for its smallest sale, to the shop's country in its currency", async () => {
    const admin = await adminOf(DEMO_SHOP);
    const before = quoteRequests();
    const result = await quoteSaleCosts({
      shop: DEMO_SHOP,
      admin,
      items: [
        { offeringId: HARDCOVER, numberOfPages: 48 },
        { offeringId: MAGAZINE, numberOfPages: 24 },
        { offeringId: HARDCOVER, numberOfPages: 48 },
        { offeringId: SOFTCOVER_CUSTOM, numberOfPages: 64, width: 170, height: 240 },
      ],
    });
    expect(quoteRequests() - before).toBe(3);
    if (result.status !== "ok") throw new Error(JSON.stringify(result));
    expect(result).toMatchObject({
      countryCode: "NL",
      countryName: "Netherlands",
      currency: "EUR",
    });
    const [hardcover, magazine, again, custom] = result.costs as [
      SaleCost,
      SaleCost,
      SaleCost,
      SaleCost,
    ];
    expect(again).toEqual(hardcover);
    expect(hardcover).toMatchObject({ offeringId: HARDCOVER, quantity: 1, currency: "EUR" });
    expect(custom).toMatchObject({ offeringId: SOFTCOVER_CUSTOM, quantity: 1 });
    expect(magazine).toMatchObject({ offeringId: MAGAZINE, quantity: 5, currency: "EUR" });

    for (const [cost, pages] of [
      [hardcover, 48],
      [magazine, 24],
    ] as const) {
      expect(cost.totalMinor).toBe(cost.printMinor + cost.shippingMinor + cost.vatMinor);
      expect(cost.perCopyMinor).toBe(Math.ceil(cost.totalMinor / cost.quantity));
      expect(cost.printMinor).toBeGreaterThan(0);
      expect(cost.vatMinor).toBeGreaterThan(0);
      const service = await serviceQuote(
        { offeringId: cost.offeringId, numberOfPages: pages, quantity: cost.quantity },
        "NL",
        "EUR",
      );
      expect(cost.totalMinor).toBe(service);
    }
    // Five magazines cost more than one copy each, and more than one copy's worth.
    expect(magazine.perCopyMinor * 5).toBeGreaterThanOrEqual(magazine.totalMinor);

    // The prices hold until the legacy list's pricingExpireDate.
    const legacy = await listLegacyPrices({ shop: DEMO_SHOP });
    if (legacy.status !== "ok") throw new Error("no legacy prices");
    const expires = legacy.data.byOffering[HARDCOVER]?.pricingExpireDate;
    expect(expires).toBeTruthy();
    expect(hardcover.validUntil?.getTime()).toBe(Date.parse(expires!));
    expect(hardcover.validUntil!.getTime()).toBeGreaterThan(Date.now());
  });

  it("quotes in the shop's own currency and country", async () => {
    const result = await quoteSaleCosts({
      shop: US_SHOP,
      admin: await adminOf(US_SHOP),
      items: [{ offeringId: HARDCOVER, numberOfPages: 48 }],
    });
    if (result.status !== "ok") throw new Error(JSON.stringify(result));
    expect(result).toMatchObject({
      countryCode: "US",
      countryName: "United States",
      currency: "USD",
    });
    const [cost] = result.costs;
    expect(cost).toMatchObject({ currency: "USD", quantity: 1, exchangeRate: "1.0850" });
    const service = await serviceQuote(
      { offeringId: HARDCOVER, numberOfPages: 48, quantity: 1 },
      "US",
      "USD",
    );
    expect(cost!.totalMinor).toBe(service);
  });

  it("falls back to the print settings currency when the service does not quote the shop's", async () => {
    const result = await quoteSaleCosts({
      shop: JP_SHOP,
      admin: await adminOf(JP_SHOP),
      items: [{ offeringId: HARDCOVER, numberOfPages: 48 }],
    });
    if (result.status !== "ok") throw new Error(JSON.stringify(result));
    expect(result).toMatchObject({ countryCode: "JP", currency: "EUR" });
    expect(result.costs[0]).toMatchObject({ currency: "EUR", quantity: 1 });
  });

  it("says so without print credentials, and names what cannot be quoted", async () => {
    const admin = await adminOf(NEW_SHOP);
    expect(
      await quoteSaleCosts({
        shop: NEW_SHOP,
        admin,
        items: [{ offeringId: HARDCOVER, numberOfPages: 48 }],
      }),
    ).toEqual({ status: "no_credentials" });

    const demo = await adminOf(DEMO_SHOP);
    const gone = await quoteSaleCosts({
      shop: DEMO_SHOP,
      admin: demo,
      items: [{ offeringId: 999_999, numberOfPages: 48 }],
    });
    expect(gone).toEqual({
      status: "unavailable",
      reason: "The print service no longer offers Offering 999999.",
    });
    // 5 pages is below the hardcover's minimum of 24: the service's own reason, named.
    const tooThin = await quoteSaleCosts({
      shop: DEMO_SHOP,
      admin: demo,
      items: [{ offeringId: HARDCOVER, numberOfPages: 5 }],
    });
    expect(tooThin.status).toBe("unavailable");
    if (tooThin.status === "unavailable") {
      expect(tooThin.reason).toMatch(/^Hardcover book A4 portrait: /);
      expect(tooThin.reason).toMatch(/24/);
    }
  });
});

describe("keepSaleCost", () => {
  it("keeps the quote for the Products list, with the date the prices hold until", async () => {
    const admin = await adminOf(DEMO_SHOP);
    const result = await quoteSaleCosts({
      shop: DEMO_SHOP,
      admin,
      items: [{ offeringId: MAGAZINE, numberOfPages: 24 }],
    });
    if (result.status !== "ok") throw new Error(JSON.stringify(result));
    const cost = result.costs[0]!;
    await keepSaleCost({
      shop: DEMO_SHOP,
      variantId: "20077",
      numberOfPages: 24,
      countryCode: result.countryCode,
      cost,
    });
    const row = await prisma.mappingQuote.findUniqueOrThrow({
      where: {
        shop_variantId: { shop: DEMO_SHOP, variantId: "gid://shopify/ProductVariant/20077" },
      },
    });
    expect(row).toMatchObject({
      offeringId: MAGAZINE,
      numberOfPages: 24,
      quantity: 5,
      countryCode: "NL",
      currency: "EUR",
      printMinor: cost.printMinor,
      shippingMinor: cost.shippingMinor,
      vatMinor: cost.vatMinor,
      exchangeRate: "1.0000",
    });
    expect(row.validUntil?.getTime()).toBe(cost.validUntil?.getTime());
    expect(row.validUntil).not.toBeNull();
    // Another shop never sees it.
    expect(
      await prisma.mappingQuote.count({ where: { shop: US_SHOP, variantId: row.variantId } }),
    ).toBe(0);

    // The Products list's margin from the kept row: 5 copies at the per-copy price minus the cost.
    const price = { amountMinor: cost.perCopyMinor + 500, currency: "EUR" };
    const margins = await storedMargins({
      shop: DEMO_SHOP,
      variants: [
        { id: row.variantId, price, mapping: { offeringId: MAGAZINE, numberOfPages: 24 } },
      ],
    });
    expect(margins[row.variantId]).toEqual({
      status: "ok",
      quantity: 5,
      countryCode: "NL",
      price: { amountMinor: price.amountMinor * 5, currency: "EUR" },
      cost: { amountMinor: cost.totalMinor, currency: "EUR" },
      margin: { amountMinor: price.amountMinor * 5 - cost.totalMinor, currency: "EUR" },
    });
  });
});
