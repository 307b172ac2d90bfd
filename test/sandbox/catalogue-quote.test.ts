import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { XMLParser } from "fast-xml-parser";
import type { Sandbox } from "../../sandbox/index";
import { CATEGORIES } from "../../sandbox/catalogue";
import { KEY, M, OFF, client, start, type Json } from "./helpers";

let sb: Sandbox;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  sb = await start();
  api = client(sb);
});
afterAll(() => sb.close());

const quoteBody = (items: Json[], extra: Json = {}) => ({
  apiKey: KEY,
  countryCode: "NL",
  state: null,
  currency: "EUR",
  items,
  ...extra,
});

describe("catalogue", () => {
  it("lists offerings in every category and sub-category the interface names", async () => {
    const r = await api.get("/offering/list", { merchantApiKey: KEY });
    expect(r.status).toBe(200);
    for (const c of CATEGORIES)
      for (const s of c.subCategories) expect(r.body[c.code][s.code].length).toBeGreaterThan(0);
    const ids = Object.values(r.body as Json)
      .flatMap((subs) => Object.values(subs as Json))
      .flat()
      .map((o) => (o as Json).id as number);
    expect(ids.every((id) => id >= 100000 && id <= 999999)).toBe(true);
  });

  it("gives offering prices in minor units of the requested currency", async () => {
    const r = await api.get("/offering/list", {
      merchantApiKey: KEY,
      currency: "USD",
      subCategoryFilter: "HC",
    });
    const hc = r.body.BO.HC.find((o: Json) => o.id === OFF.hardcoverA4);
    expect(hc.pricingDto).toEqual({ currency: "USD", price: 1356, pricePerPage: 3 });
    expect(Object.keys(r.body)).toEqual(["BO"]);
  });

  it("reports dynamic sizes with their minimums and a minimum quantity of zero", async () => {
    const r = await api.get("/offering/list", { merchantApiKey: KEY, categoryFilter: "BO" });
    const custom = r.body.BO.SC.find((o: Json) => o.id === OFF.softcoverCustom);
    expect(custom).toMatchObject({
      dynamicSize: true,
      minDimensionWidth: 100,
      minDimensionHeight: 100,
      minimumQuantity: 0,
    });
    const fixed = r.body.BO.HC[0];
    expect(fixed.dynamicSize).toBe(false);
    expect(fixed).not.toHaveProperty("minDimensionWidth");
  });

  it("leaves out offerings that cannot ship to the filtered country", async () => {
    const us = await api.get("/offering/list", { merchantApiKey: KEY, countryIsoCode2: "US" });
    expect(us.body.WA?.PR).toBeUndefined();
    expect(us.body.BO.HC.map((o: Json) => o.id)).toContain(OFF.hardcoverUS);
    const nl = await api.get("/offering/list", { merchantApiKey: KEY, countryIsoCode2: "NL" });
    expect(nl.body.BO.HC.map((o: Json) => o.id)).not.toContain(OFF.hardcoverUS);
    expect(nl.body.WA.PR.map((o: Json) => o.id)).toContain(OFF.artPrint);
  });

  it("answers 404 CURR_INVALID for an unknown currency and 500 for an unknown merchant key", async () => {
    const cur = await api.get("/offering/list", { merchantApiKey: KEY, currency: "XXX" });
    expect(cur.status).toBe(404);
    expect(cur.body).toMatchObject({ custom_code: "CURR_INVALID" });
    expect(typeof cur.body.url).toBe("string");
    expect(typeof cur.body.timestamp).toBe("string");
    const key = await api.get("/offering/list", { merchantApiKey: "nope" });
    expect(key.status).toBe(500);
    expect(key.body.details).toBe("Unknown merchant api key");
    expect(key.body.custom_code).toBeUndefined();
  });

  it("lists the categories with their sub-categories", async () => {
    const r = await api.get("/categories");
    expect(r.status).toBe(200);
    expect(r.body.map((c: Json) => c.code)).toEqual(["BO", "MA", "CA", "DP", "WA", "NB"]);
    expect(
      r.body.find((c: Json) => c.code === "WA").subCategories.map((s: Json) => s.code),
    ).toContain("BOXED FRAMES");
  });
});

describe("quote", () => {
  it("prices items with base, per page, shipping, discount and destination VAT", async () => {
    const r = await api.post(
      "/quote",
      quoteBody([{ offeringId: OFF.softcoverA5, numberOfPages: 100, quantity: 12 }]),
    );
    expect(r.status).toBe(200);
    expect(r.body.quoteDetails).toEqual({
      countryCode: "NL",
      state: null,
      currency: "EUR",
      exchangeRate: "1.0000",
    });
    // unit = 4.50 + 0.02 * (100 - 32) = 5.86; x12 = 70.32; 5% discount = 3.52
    // shipping NL (facility country) = 3.95 + 11 * 0.99 = 14.84; VAT 9% of 66.80 + 14.84
    expect(r.body.quotedItems[0]).toEqual({
      offeringId: OFF.softcoverA5,
      numberOfPages: 100,
      quantity: 12,
      basePrice: 4.5,
      pricePerPage: 0.02,
      productPrice: 70.32,
      shippingWholesale: 14.84,
      totalQuantityDiscount: 3.52,
      vatPercentage: 9,
      vat: 7.35,
      totalItemPrice: 88.99,
    });
    expect(r.body.quoteSummary).toEqual({
      numberOfItems: 1,
      totalWholesalePrice: 88.99,
      totalShippingPrice: 14.84,
      totalQuantityDiscount: 3.52,
      vatSummary: [{ vatPercentage: 9, vat: 7.35 }],
    });
  });

  it("charges region and world shipping and the destination's VAT", async () => {
    const item = { offeringId: OFF.hardcoverA4, numberOfPages: 24, quantity: 1 };
    const de = await api.post("/quote", quoteBody([item], { countryCode: "DE" }));
    const us = await api.post("/quote", quoteBody([item], { countryCode: "US", currency: "USD" }));
    expect(de.body.quotedItems[0]).toMatchObject({ shippingWholesale: 8.95, vatPercentage: 7 });
    expect(us.body.quotedItems[0]).toMatchObject({
      basePrice: 13.56,
      shippingWholesale: 20.56,
      vatPercentage: 0,
      vat: 0,
    });
    expect(us.body.quoteDetails.exchangeRate).toBe("1.0850");
  });

  it("answers 400 MULTI_ORDER_INVALID_DATA with && groups and the cannot-produce sentence", async () => {
    const r = await api.post(
      "/quote",
      quoteBody([
        { offeringId: OFF.hardcoverA4, numberOfPages: 100, quantity: 1 },
        { offeringId: OFF.softcoverA5, numberOfPages: 100, quantity: 1 },
        { offeringId: OFF.boxedFrame, numberOfPages: 1, quantity: 1 },
        { offeringId: OFF.hardcoverUS, numberOfPages: 100, quantity: 1 },
      ]),
    );
    expect(r.status).toBe(400);
    expect(r.body.custom_code).toBe("MULTI_ORDER_INVALID_DATA");
    expect(r.body.details).toBe(
      "Offerings cannot be produced at one production facility. Possible combinations: [228478, 228500] && [228565]. Unfortunately we cannot produce yet offering: 228479",
    );
  });

  it("combines items made at one facility in one quote", async () => {
    const r = await api.post(
      "/quote",
      quoteBody([
        { offeringId: OFF.hardcoverA4, numberOfPages: 100, quantity: 1 },
        { offeringId: OFF.calendar, numberOfPages: 13, quantity: 1 },
      ]),
    );
    expect(r.status).toBe(200);
    expect(r.body.quoteSummary.vatSummary).toEqual([
      { vatPercentage: 9, vat: expect.any(Number) },
      { vatPercentage: 21, vat: expect.any(Number) },
    ]);
  });

  it("answers 404 NO_PF when nothing can be produced for the destination", async () => {
    const wa = await api.post(
      "/quote",
      quoteBody([{ offeringId: OFF.artPrint, numberOfPages: 1, quantity: 1 }], {
        countryCode: "US",
      }),
    );
    expect(wa.status).toBe(404);
    expect(wa.body.custom_code).toBe("NO_PF");
    const cal = await api.post(
      "/quote",
      quoteBody([{ offeringId: OFF.calendar, numberOfPages: 13, quantity: 1 }], {
        countryCode: "BR",
      }),
    );
    expect(cal.body.custom_code).toBe("NO_PF");
  });

  it("rejects quantities and page counts outside the offering limits with OFF_MIN", async () => {
    const qty = await api.post(
      "/quote",
      quoteBody([{ offeringId: OFF.magazine, numberOfPages: 48, quantity: 4 }]),
    );
    expect(qty.status).toBe(400);
    expect(qty.body.custom_code).toBe("OFF_MIN");
    const pages = await api.post(
      "/quote",
      quoteBody([{ offeringId: OFF.hardcoverA4, numberOfPages: 801, quantity: 1 }]),
    );
    expect(pages.body.custom_code).toBe("OFF_MIN");
  });

  it("answers OFF_NOT_FOUND, CURR_INVALID and INVALID_DATA naming the field", async () => {
    const off = await api.post(
      "/quote",
      quoteBody([{ offeringId: 999999, numberOfPages: 10, quantity: 1 }]),
    );
    expect([off.status, off.body.custom_code]).toEqual([404, "OFF_NOT_FOUND"]);
    const cur = await api.post(
      "/quote",
      quoteBody([{ offeringId: OFF.hardcoverA4, numberOfPages: 100, quantity: 1 }], {
        currency: "ABC",
      }),
    );
    expect([cur.status, cur.body.custom_code]).toEqual([404, "CURR_INVALID"]);
    const bad = await api.post(
      "/quote",
      quoteBody([{ offeringId: OFF.hardcoverA4, numberOfPages: 100 }]),
    );
    expect([bad.status, bad.body.custom_code]).toEqual([400, "INVALID_DATA"]);
    expect(bad.body.details).toContain("items[0].quantity");
  });
});

describe("legacy quote agreement", () => {
  const xml = new XMLParser({ parseTagValue: false });
  const cases = [
    { offeringId: OFF.hardcoverA4, pages: 100, quantity: 1, currency: "EUR", country: "NL" },
    { offeringId: OFF.softcoverA5, pages: 333, quantity: 57, currency: "GBP", country: "FR" },
    { offeringId: OFF.magazine, pages: 48, quantity: 120, currency: "USD", country: "JP" },
    { offeringId: OFF.layflat, pages: 60, quantity: 3, currency: "CAD", country: "CA" },
    { offeringId: OFF.artPrint, pages: 1, quantity: 2, currency: "AUD", country: "GB" },
  ];
  for (const c of cases) {
    it(`agrees with the JSON quote for ${c.offeringId} x${c.quantity} to ${c.country} in ${c.currency}`, async () => {
      const j = await api.post(
        "/quote",
        quoteBody([{ offeringId: c.offeringId, numberOfPages: c.pages, quantity: c.quantity }], {
          countryCode: c.country,
          currency: c.currency,
        }),
      );
      const l = await api.legacyGet("/offering/quote", {
        applicationApiKey: M.applicationApiKey,
        merchantApiKey: KEY,
        offeringId: c.offeringId,
        currency: c.currency,
        countryCode: c.country,
        numberOfPages: c.pages,
        quantity: c.quantity,
      });
      expect(l.status).toBe(200);
      const q = xml.parse(l.text).quote;
      const it0 = j.body.quotedItems[0];
      const money = (n: number) => n.toFixed(2);
      expect(q.rate).toBe(j.body.quoteDetails.exchangeRate);
      expect(q["price-wholesale"]).toBe(money(it0.productPrice - it0.totalQuantityDiscount));
      expect(q["price-shipping"]).toBe(money(it0.shippingWholesale));
      expect(q.vat).toBe(money(it0.vat));
      expect(q["total-price-including-vat"]).toBe(money(it0.totalItemPrice));
      expect(Number(q["vat-percentage"])).toBe(it0.vatPercentage);
      expect(q["price-per-page"]).toBe(money(it0.pricePerPage));
    });
  }
});
