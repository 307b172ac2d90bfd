import "../support/app-env";
import { createRequire } from "node:module";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";
import { AppProvider, type AppProviderProps } from "@shopify/polaris";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as insightsLoader } from "~/routes/app.mapping-insights";
import { MappingInsightsView, type MappingInsightsData } from "~/components/MappingInsights";
import { savePrintSettings } from "~/data/print-settings.server";
import {
  call,
  data,
  DEMO_SHOP,
  get,
  sandboxSettings,
  startAdminEnv,
  type AdminEnv,
} from "./helpers";

/**
 * The mapping page's print check through its resource route: real route module, real
 * database, the print sandbox over HTTP and the Shopify stand-in (demo shop in the Netherlands,
 * prices in EUR).
 */

const polarisEnglish = createRequire(import.meta.url)(
  "@shopify/polaris/locales/en.json",
) as AppProviderProps["i18n"];

const VARIANT = {
  photoBook24: "20001", // €34.95
  novel: "20003", // €14.95
  magazine: "20004", // €8.50
  framedPrint: "20006", // €89.00
};
const OFFERING = { hardcoverA4: 228478, magazine: 228520, artPrint: 228550 };

let env: AdminEnv;
beforeAll(async () => {
  env = await startAdminEnv();
  await savePrintSettings({ shop: DEMO_SHOP, input: sandboxSettings(env.sandbox) });
});
afterAll(async () => {
  await env?.close();
});

async function insights(
  variant: string,
  offeringId: number | string,
  pages: number | string,
  shop = DEMO_SHOP,
) {
  const query = new URLSearchParams({
    variant,
    offeringId: String(offeringId),
    pages: String(pages),
  });
  const response = await call(insightsLoader, get(`/app/mapping-insights?${query}`, shop));
  expect(response.status).toBe(200);
  return data<MappingInsightsData>(response);
}

/** The service's own total for one quote, asked directly. */
async function serviceTotal(offeringId: number, numberOfPages: number, quantity = 1) {
  const response = await fetch(`${env.sandbox.jsonBaseUrl}/quote`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      apiKey: "sandbox-merchant-key",
      countryCode: "NL",
      currency: "EUR",
      items: [{ offeringId, numberOfPages, quantity }],
    }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { quoteSummary: { totalWholesalePrice: number } };
  return Math.round(body.quoteSummary.totalWholesalePrice * 100);
}

/** The card as the page renders it, as plain text. */
async function renderedText(insightsData: MappingInsightsData): Promise<string> {
  const handler = createStaticHandler([
    {
      id: "routes/app",
      path: "/",
      loader: () => ({ format: { locale: "en", timeZone: "UTC" } }),
      element: createElement(MappingInsightsView, { data: insightsData }),
    },
  ]);
  const context = await handler.query(new Request("http://app.test/"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToStaticMarkup(
    createElement(
      AppProvider,
      { i18n: polarisEnglish },
      createElement(StaticRouterProvider, { router, context, hydrate: false }),
    ),
  );
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

function spineRequests(): number {
  return env.sandbox.control.requests({ op: "offering.spine" }).length;
}

describe("the mapping page's print check", () => {
  it("shows a book's spine width and full cover size, and its margin in the shop's country", async () => {
    const body = await insights(VARIANT.photoBook24, OFFERING.hardcoverA4, 24);
    // 12 leaves x 0.12 mm + 4 mm boards = 5.4 mm; 210 + 5.4 + 210 + 2 x 15 mm wrap.
    expect(body.spine).toEqual({
      status: "ok",
      spine: { spineWidthMm: 5.4, coverWidthMm: 455.4, coverHeightMm: 327, bleedMm: 15 },
    });
    if (body.margin?.status !== "ok") throw new Error(JSON.stringify(body.margin));
    const m = body.margin.margin;
    const total = await serviceTotal(OFFERING.hardcoverA4, 24);
    expect(m).toMatchObject({ countryCode: "NL", countryName: "Netherlands", quantity: 1 });
    expect(m.price).toEqual({ amountMinor: 3495, currency: "EUR" });
    expect(m.cost).toEqual({ amountMinor: total, currency: "EUR" });
    expect(m.print.amountMinor + m.shipping.amountMinor + m.vat.amountMinor).toBe(total);
    expect(m.margin).toEqual({ amountMinor: 3495 - total, currency: "EUR" });
    expect(m.covers).toBe(3495 >= total);

    const text = await renderedText(body);
    expect(text).toContain(
      "Spine 5.4 mm · Cover file 455.4 × 327 mm (back, spine, front and 15 mm wrap)",
    );
    const euros = (minor: number) =>
      `${minor < 0 ? "-" : ""}€${(Math.abs(minor) / 100).toFixed(2)}`;
    expect(text).toContain(
      `Margin in Netherlands: price €34.95 − print ${euros(m.print.amountMinor)} − shipping ${euros(m.shipping.amountMinor)} − VAT ${euros(m.vat.amountMinor)} = ${euros(3495 - total)}`,
    );
  });

  it("asks the print service once per offering and page count (cached)", async () => {
    const before = spineRequests();
    await insights(VARIANT.photoBook24, OFFERING.hardcoverA4, 26);
    await insights(VARIANT.photoBook24, OFFERING.hardcoverA4, 26);
    expect(spineRequests()).toBe(before + 1);
    await insights(VARIANT.photoBook24, OFFERING.hardcoverA4, 28);
    expect(spineRequests()).toBe(before + 2);
  });

  it("says nothing about spines for wall art", async () => {
    const body = await insights(VARIANT.framedPrint, OFFERING.artPrint, 1);
    expect(body.spine).toEqual({ status: "no_spine" });
    expect(body.margin?.status).toBe("ok");
    const text = await renderedText(body);
    expect(text).not.toMatch(/spine/i);
    expect(text).toContain("Margin in Netherlands: price €89.00");
  });

  it("warns when the price does not cover printing, shipping and VAT", async () => {
    // A €14.95 novel mapped to a 400-page A4 hardcover.
    const body = await insights(VARIANT.novel, OFFERING.hardcoverA4, 400);
    if (body.margin?.status !== "ok") throw new Error(JSON.stringify(body.margin));
    const m = body.margin.margin;
    const total = await serviceTotal(OFFERING.hardcoverA4, 400);
    expect(total).toBeGreaterThan(1495);
    expect(m.covers).toBe(false);
    expect(m.margin).toEqual({ amountMinor: 1495 - total, currency: "EUR" });
    const text = await renderedText(body);
    expect(text).toContain("Your price does not cover printing, shipping and VAT to Netherlands");
    expect(text).toContain(`Raise the price in Shopify to at least €${(total / 100).toFixed(2)}`);
  });

  it("quotes an offering sold in lots for its minimum quantity, with a 3 mm bleed cover", async () => {
    const body = await insights(VARIANT.magazine, OFFERING.magazine, 48);
    expect(body.spine).toEqual({
      status: "ok",
      spine: { spineWidthMm: 2.7, coverWidthMm: 428.7, coverHeightMm: 303, bleedMm: 3 },
    });
    if (body.margin?.status !== "ok") throw new Error(JSON.stringify(body.margin));
    const total = await serviceTotal(OFFERING.magazine, 48, 5);
    expect(body.margin.margin).toMatchObject({
      quantity: 5,
      price: { amountMinor: 5 * 850, currency: "EUR" },
      cost: { amountMinor: total, currency: "EUR" },
      covers: 5 * 850 >= total,
    });
    const text = await renderedText(body);
    expect(text).toContain("(back, spine, front and 3 mm bleed)");
    expect(text).toContain("Margin in Netherlands for 5 copies (the minimum order)");
  });

  it("shows a quiet line when the quote cannot be had", async () => {
    // 900 pages is more than this hardcover takes (24 to 800).
    const body = await insights(VARIANT.photoBook24, OFFERING.hardcoverA4, 900);
    expect(body.margin?.status).toBe("unavailable");
    expect(body.spine?.status).toBe("error");
    const text = await renderedText(body);
    // The offering's rule, said once, never the service's own refusal ("outside 24..800").
    expect(text).toContain(
      "No spine size or margin check: Hardcover book A4 portrait takes 24 to 800 pages.",
    );
    expect(text.match(/takes 24 to 800 pages/g)).toHaveLength(1);
    expect(text).not.toMatch(/outside|\.\./);
    expect(text).not.toContain("does not cover");
  });

  it("falls back to the print settings currency when the service does not quote in the shop's, and says so", async () => {
    const shop = "yen-books.myshopify.com";
    env.shopify.control.addShop({
      domain: shop,
      currencyCode: "JPY",
      countryCode: "NL",
      products: [
        {
          title: "Yen Photo Book",
          productType: "Photo Book",
          variants: [{ title: "Default Title", sku: "YEN-BOOK", price: "4500" }],
        },
      ],
    });
    await savePrintSettings({ shop, input: sandboxSettings(env.sandbox) });
    const variant = [...env.shopify.state.variants.values()].find((v) => v.shop === shop);
    const body = await insights(String(variant!.id), OFFERING.hardcoverA4, 24, shop);
    if (body.margin?.status !== "ok") throw new Error(JSON.stringify(body.margin));
    const m = body.margin.margin;
    expect(m.cost).toEqual({
      amountMinor: await serviceTotal(OFFERING.hardcoverA4, 24),
      currency: "EUR",
    });
    expect(m.margin).toBeNull();
    expect(m.covers).toBeNull();
    expect(m.note).toBe(
      "The print service does not quote in JPY, so this is quoted in EUR (your print settings currency) and cannot be compared with the Shopify price.",
    );
    const text = await renderedText(body);
    expect(text).toContain("Cost in Netherlands: print");
    expect(text).not.toContain("does not cover");
  });

  it("answers nothing for half-typed input", async () => {
    expect(await insights(VARIANT.photoBook24, "", 24)).toEqual({ spine: null, margin: null });
    expect(await insights(VARIANT.photoBook24, "22847x", 24)).toEqual({
      spine: null,
      margin: null,
    });
  });
});
