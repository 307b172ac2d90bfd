import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { XMLParser } from "fast-xml-parser";
import type { Sandbox } from "../../sandbox/index";
import { FIXED_NOW, KEY, M, OFF, client, createOrder, pay, start, type Json } from "./helpers";

/** The print service publishing a new price list, through the control API. */

const HOUR = 3600 * 1000;
let now = FIXED_NOW;
let sb: Sandbox;
let api: ReturnType<typeof client>;
beforeEach(async () => {
  now = FIXED_NOW;
  sb = await start({ clock: { now: () => now } });
  api = client(sb);
});
afterEach(() => sb.close());

const xml = new XMLParser({
  parseTagValue: false,
  ignoreAttributes: false,
  attributeNamePrefix: "",
});
const iso = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");

async function legacyList() {
  const r = await api.legacyGet("/offering/list", {
    merchantApiKey: KEY,
    applicationApiKey: M.applicationApiKey,
  });
  expect(r.status).toBe(200);
  const root = xml.parse(r.text).root as Json;
  const offerings = root.offerings.offering as Json[];
  return {
    pricingExpireDate: root.pricingExpireDate as string,
    price: (id: number) => offerings.find((o) => Number(o.id) === id)?.price as string,
  };
}

async function jsonListPrice(id: number, currency = "EUR") {
  const r = await api.get("/offering/list", { merchantApiKey: KEY, currency });
  expect(r.status).toBe(200);
  const all = Object.values(r.body as Json)
    .flatMap((subs) => Object.values(subs as Json))
    .flat() as Json[];
  return all.find((o) => o.id === id).pricingDto as { price: number; pricePerPage: number };
}

async function jsonQuote(offeringId: number, numberOfPages: number) {
  const r = await api.post("/quote", {
    apiKey: KEY,
    countryCode: "NL",
    currency: "EUR",
    items: [{ offeringId, numberOfPages, quantity: 1 }],
  });
  expect(r.status).toBe(200);
  return r.body.quotedItems[0] as Json;
}

async function legacyQuote(offeringId: number, numberOfPages: number) {
  const r = await api.legacyGet("/offering/quote", {
    merchantApiKey: KEY,
    applicationApiKey: M.applicationApiKey,
    offeringId,
    numberOfPages,
    quantity: 1,
    currency: "EUR",
    countryCode: "NL",
  });
  expect(r.status).toBe(200);
  return xml.parse(r.text).quote as Json;
}

describe("the price list in force", () => {
  it("starts at the catalogue's prices, promised for 24 hours from when it is first asked for", async () => {
    const state = (await api.control("GET", "/prices")).body;
    expect(state).toMatchObject({
      version: 1,
      publishedAt: null,
      validForHours: 24,
      offerings: [],
    });
    expect(state.pricingExpireDate).toBe(iso(FIXED_NOW + 24 * HOUR));
    const list = await legacyList();
    expect(list.pricingExpireDate).toBe(iso(FIXED_NOW + 24 * HOUR));
    expect(list.price(OFF.hardcoverA4)).toBe("12.50");
  });

  it("moves the legacy pricingExpireDate on by the sandbox clock: the same prices promised again", async () => {
    expect((await legacyList()).pricingExpireDate).toBe(iso(FIXED_NOW + 24 * HOUR));
    now = FIXED_NOW + 23 * HOUR;
    expect((await legacyList()).pricingExpireDate).toBe(iso(FIXED_NOW + 24 * HOUR));
    now = FIXED_NOW + 25 * HOUR;
    const later = await legacyList();
    expect(later.pricingExpireDate).toBe(iso(FIXED_NOW + 48 * HOUR));
    expect(later.price(OFF.hardcoverA4)).toBe("12.50");
  });
});

describe("publishing a new price list", () => {
  it("raises every offering's print prices by the percentage in every interface, shipping unchanged", async () => {
    const before = await jsonQuote(OFF.hardcoverA4, 100);
    now = FIXED_NOW + 2 * HOUR;
    const r = await api.control("POST", "/prices", { percent: 15 });
    expect(r.status).toBe(200);
    expect(r.body.version).toBe(2);
    expect(r.body.publishedAt).toBe(new Date(now).toISOString());
    // The new list's own promise starts when it is published.
    expect(r.body.pricingExpireDate).toBe(iso(now + 24 * HOUR));
    // 1250 + 15 % = 1437.5 -> 1438 (half up); 3 per page + 15 % = 3.45 -> 3.
    expect(r.body.offerings).toContainEqual({
      id: OFF.hardcoverA4,
      basePrice: 1438,
      pricePerPage: 3,
    });

    expect(await jsonListPrice(OFF.hardcoverA4)).toMatchObject({ price: 1438, pricePerPage: 3 });
    // 650 + 15 % = 747.5 -> 748.
    expect((await jsonListPrice(OFF.notebook)).price).toBe(748);
    expect((await jsonListPrice(OFF.hardcoverA4, "USD")).price).toBe(1560); // 1438 × 1.085

    const after = await jsonQuote(OFF.hardcoverA4, 100);
    expect(after.basePrice).toBe(14.38);
    expect(after.productPrice).toBe(14.38 + 0.03 * 76);
    expect(after.shippingWholesale).toBe(before.shippingWholesale);
    expect(after.totalItemPrice).toBeGreaterThan(before.totalItemPrice);

    const legacy = await legacyQuote(OFF.hardcoverA4, 100);
    expect(legacy["price-wholesale"]).toBe("16.66");

    const list = await legacyList();
    expect(list.price(OFF.hardcoverA4)).toBe("14.38");
    expect(list.pricingExpireDate).toBe(iso(now + 24 * HOUR));
  });

  it("prices an order at the list in force until it is paid, then at the list it was paid under", async () => {
    const price = async (id: number) =>
      (await api.get("/order/details", { merchantApiKey: KEY, orderId: id })).body
        .item_price_data[0].wholesale_product_price as string;
    const open = await createOrder(sb);
    const paid = await createOrder(sb);
    expect((await pay(sb, paid)).status).toBe(200);
    const credit = sb.control.merchant(KEY)!.credit;
    // 100 pages: 1250 + 76 × 3 = 1478.
    expect(await price(open)).toBe("14.78");
    expect(await price(paid)).toBe("14.78");

    now = FIXED_NOW + HOUR;
    await api.control("POST", "/prices", { offerings: [{ id: OFF.hardcoverA4, percent: 20 }] });
    const made = await createOrder(sb);
    // 1500 + 76 × 4 (3 + 20 % = 3.6 -> 4) = 1804; the open order follows the list too.
    expect(await price(made)).toBe("18.04");
    expect(await price(open)).toBe("18.04");
    expect(await price(paid)).toBe("14.78");
    expect(sb.control.merchant(KEY)!.credit).toBe(credit);

    // Paid now, it pays the new prices, and keeps them through the next list.
    expect((await pay(sb, open)).status).toBe(200);
    now += HOUR;
    await api.control("POST", "/prices", { percent: 50 });
    expect(await price(open)).toBe("18.04");
    expect(await price(paid)).toBe("14.78");
    expect(await price(made)).not.toBe("18.04");
  });

  it("changes only the offerings named, each by its own percentage, on top of the list before", async () => {
    await api.control("POST", "/prices", { percent: 10 });
    const r = await api.control("POST", "/prices", {
      offerings: [
        { id: OFF.hardcoverA4, percent: 10 },
        { id: OFF.softcoverA5, percent: -10 },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.version).toBe(3);
    // 1250 -> 1375 -> 1513 (137.5 rounds half up).
    expect((await jsonListPrice(OFF.hardcoverA4)).price).toBe(1513);
    // 450 -> 495 -> 445 (49.5 off rounds half up to 50).
    expect((await jsonListPrice(OFF.softcoverA5)).price).toBe(445);
    // Named in neither change: the first list's 10 % only (650 -> 715).
    expect((await jsonListPrice(OFF.notebook)).price).toBe(715);
  });

  it("keeps a new list's prices for the hours it is published for", async () => {
    now = FIXED_NOW + 30 * HOUR;
    const r = await api.control("POST", "/prices", { percent: 5, validForHours: 12 });
    expect(r.body.pricingExpireDate).toBe(iso(now + 12 * HOUR));
    now += 13 * HOUR;
    expect((await legacyList()).pricingExpireDate).toBe(iso(FIXED_NOW + 54 * HOUR));
    expect(sb.control.prices().validForHours).toBe(12);
  });

  it("refuses what it cannot publish and changes nothing", async () => {
    const refused = [
      {},
      { percent: "15" },
      { percent: -95 },
      { percent: 1001 },
      { offerings: [] },
      { offerings: [{ id: OFF.hardcoverA4 }] },
      { percent: 5, validForHours: 0 },
      { percent: 5, currency: "USD" },
    ];
    for (const body of refused) {
      const r = await api.control("POST", "/prices", body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.custom_code).toBe("INVALID_DATA");
    }
    const unknown = await api.control("POST", "/prices", {
      offerings: [{ id: 999999, percent: 5 }],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.custom_code).toBe("OFF_NOT_FOUND");
    expect(sb.control.prices().version).toBe(1);
    expect((await jsonListPrice(OFF.hardcoverA4)).price).toBe(1250);
  });

  it("is undone by a reset, in-process as over HTTP", async () => {
    sb.control.publishPrices({ percent: 50 });
    expect((await jsonListPrice(OFF.hardcoverA4)).price).toBe(1875);
    await api.control("POST", "/reset");
    expect((await jsonListPrice(OFF.hardcoverA4)).price).toBe(1250);
    expect(sb.control.prices()).toMatchObject({ version: 1, offerings: [] });
  });

  it("leaves another sandbox in the same process at its own prices", async () => {
    const other = await start();
    try {
      await api.control("POST", "/prices", { percent: 15 });
      const r = await client(other).get("/offering/list", { merchantApiKey: KEY });
      expect(r.body.BO.HC.find((o: Json) => o.id === OFF.hardcoverA4).pricingDto.price).toBe(1250);
    } finally {
      await other.close();
    }
  });
});
