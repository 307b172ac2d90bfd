import "../support/app-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { loader as profitLoader } from "~/routes/app.profit._index";
import { loader as exportLoader } from "~/routes/app.profit.export";
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
 * The Profit page and its CSV export on the real database (SQLite, or PostgreSQL with
 * TEST_DATABASE=postgresql): days in the shop's time zone (the demo shop is in
 * Europe/Amsterdam, which moves its clocks on 29 March 2026), the period's bounds, products,
 * print costs in another currency converted with the print service's rates, and shop scoping.
 */

let env: AdminEnv;
const OTHER_SHOP = "another-shop.myshopify.com";
let serial = 0;

interface Seed {
  shop?: string;
  at: string;
  status?: string;
  currency?: string;
  costMinor: number | null;
  items: { variant: string; title: string; quantity: number; revenueMinor: number }[];
}

async function seed(o: Seed) {
  serial += 1;
  const shop = o.shop ?? DEMO_SHOP;
  const at = new Date(o.at);
  const shopOrder = await prisma.shopOrder.create({
    data: {
      shop,
      shopifyOrderId: String(70_000 + serial),
      name: `#${7000 + serial}`,
      currency: "EUR",
      lineItems: "[]",
      createdAt: at,
    },
  });
  await prisma.printOrder.create({
    data: {
      shop,
      shopOrderId: shopOrder.id,
      shopifyOrderId: shopOrder.shopifyOrderId,
      shopifyOrderName: shopOrder.name,
      orderReference: `PC-${70_000 + serial}-1`,
      status: o.status ?? "paid",
      currency: o.currency ?? "EUR",
      wholesaleTotalMinor: o.costMinor,
      createdAt: at,
      nextAttemptAt: new Date("9999-12-31T00:00:00Z"),
      items: {
        create: o.items.map((item, i) => ({
          shop,
          itemReference: String(i + 1),
          shopifyLineItemId: String(80_000 + serial * 10 + i),
          variantId: `gid://shopify/ProductVariant/${item.variant}`,
          offeringId: 228500,
          quantity: item.quantity,
          title: item.title,
          revenueMinor: item.revenueMinor,
          revenueCurrency: "EUR",
        })),
      },
    },
  });
}

const book = (revenueMinor: number) => [
  { variant: "501", title: "Photo book", quantity: 1, revenueMinor },
];

beforeAll(async () => {
  env = await startAdminEnv();
  await savePrintSettings({ shop: DEMO_SHOP, input: sandboxSettings(env.sandbox) });
  // The print service's rates are read from a quote of one of the shop's mapped offerings.
  await prisma.variantMapping.create({
    data: {
      shop: DEMO_SHOP,
      variantId: "gid://shopify/ProductVariant/501",
      offeringId: 228500,
      numberOfPages: 240,
    },
  });
  // Amsterdam is UTC+1 until 29 March 2026 01:00 UTC, UTC+2 after.
  await seed({ at: "2026-03-26T22:30:00Z", costMinor: 111, items: book(999) }); // 26th, 23:30: before
  await seed({ at: "2026-03-26T23:30:00Z", costMinor: 500, items: book(1200) }); // 27th, 00:30
  await seed({ at: "2026-03-28T10:00:00Z", status: "cancelled", costMinor: 400, items: book(900) });
  await seed({ at: "2026-03-28T11:00:00Z", costMinor: null, items: book(900) }); // not priced yet
  await seed({ at: "2026-03-28T23:30:00Z", costMinor: 700, items: book(1000) }); // 29th, 00:30
  await seed({ at: "2026-03-29T22:30:00Z", costMinor: 800, items: book(2000) }); // 30th, 00:30
  await seed({
    at: "2026-03-30T09:00:00Z",
    costMinor: 2000,
    items: [
      { variant: "601", title: 'Poster, "big"', quantity: 2, revenueMinor: 3000 },
      { variant: "602", title: "=SUM(1)", quantity: 1, revenueMinor: 1000 },
    ],
  });
  // Print cost in US dollars: 1085 USD at the sandbox's 1.0850 USD per EUR is 10.00 EUR.
  await seed({ at: "2026-03-31T10:00:00Z", currency: "USD", costMinor: 1085, items: book(1500) });
  await seed({ at: "2026-03-31T21:59:00Z", costMinor: 300, items: book(900) }); // 31st, 23:59
  await seed({ at: "2026-03-31T22:00:00Z", costMinor: 222, items: book(999) }); // 1 April: after
  await seed({ shop: OTHER_SHOP, at: "2026-03-28T12:00:00Z", costMinor: 5, items: book(99_999) });
});
afterAll(async () => {
  await env?.close();
});

interface Body {
  period: { range: string; from: string; to: string; timeZone: string };
  report: {
    currency: string;
    days: {
      day: string;
      printOrders: number;
      revenueMinor: number;
      costMinor: number;
      marginMinor: number;
    }[];
    products: {
      variantId: string;
      title: string;
      copies: number;
      revenueMinor: number;
      costMinor: number;
      marginMinor: number;
    }[];
    total: { revenueMinor: number; costMinor: number; marginMinor: number; printOrders: number };
    unpriced: number;
    unconverted: unknown[];
    conversions: string[];
  };
}

const PERIOD = "range=custom&from=2026-03-27&to=2026-03-31";

describe("the profit page", () => {
  it("adds up revenue, print cost and margin per day in the shop's time zone, within the period", async () => {
    const body = await data<Body>(await call(profitLoader, get(`/app/profit?${PERIOD}`)));
    expect(body.period).toEqual({
      range: "custom",
      from: "2026-03-27",
      to: "2026-03-31",
      timeZone: "Europe/Amsterdam",
    });
    const r = body.report;
    expect(r.currency).toBe("EUR");
    const day = (d: string, printOrders: number, revenueMinor: number, costMinor: number) => ({
      day: d,
      printOrders,
      revenueMinor,
      costMinor,
      marginMinor: revenueMinor - costMinor,
      // No proof copies here (test/admin/proof-profit.test.ts has them).
      proofCostMinor: 0,
      profitMinor: revenueMinor - costMinor,
    });
    expect(r.days).toEqual([
      day("2026-03-27", 1, 1200, 500),
      day("2026-03-28", 0, 0, 0),
      day("2026-03-29", 1, 1000, 700),
      day("2026-03-30", 2, 6000, 2800),
      day("2026-03-31", 2, 1500 + 900, 1000 + 300),
    ]);
    expect(r.total).toEqual({
      revenueMinor: 1200 + 1000 + 6000 + 2400,
      costMinor: 500 + 700 + 2800 + 1300,
      marginMinor: 1200 + 1000 + 6000 + 2400 - (500 + 700 + 2800 + 1300),
      printOrders: 6,
      proofCostMinor: 0,
      profitMinor: 1200 + 1000 + 6000 + 2400 - (500 + 700 + 2800 + 1300),
    });
    expect(r.unpriced).toBe(1);
    expect(r.unconverted).toEqual([]);
    expect(r.conversions).toEqual(["1 USD = 0.9217 EUR"]);
  });

  it("adds up per product, sharing a print order's cost by what each line sold for", async () => {
    const days = await data<Body>(await call(profitLoader, get(`/app/profit?${PERIOD}`)));
    // The day view leaves the costlier product sums out.
    expect(days.report.products).toEqual([]);
    const body = await data<Body>(
      await call(profitLoader, get(`/app/profit?${PERIOD}&view=product`)),
    );
    expect(body.report.products).toEqual([
      {
        variantId: "gid://shopify/ProductVariant/501",
        title: "Photo book",
        copies: 5,
        revenueMinor: 1200 + 1000 + 2000 + 1500 + 900,
        costMinor: 500 + 700 + 800 + 1000 + 300,
        marginMinor: 6600 - 3300,
      },
      {
        variantId: "gid://shopify/ProductVariant/601",
        title: 'Poster, "big"',
        copies: 2,
        revenueMinor: 3000,
        costMinor: 1500,
        marginMinor: 1500,
      },
      {
        variantId: "gid://shopify/ProductVariant/602",
        title: "=SUM(1)",
        copies: 1,
        revenueMinor: 1000,
        costMinor: 500,
        marginMinor: 500,
      },
    ]);
  });

  it("never shows another shop's print orders, nor this shop's to another", async () => {
    env.shopify.control.addShop({
      domain: OTHER_SHOP,
      currencyCode: "EUR",
      countryCode: "NL",
      ianaTimezone: "Europe/Amsterdam",
      products: [],
    });
    const other = await data<Body>(
      await call(profitLoader, get(`/app/profit?${PERIOD}`, OTHER_SHOP)),
    );
    expect(other.report.days.filter((d) => d.printOrders > 0)).toEqual([
      {
        day: "2026-03-28",
        printOrders: 1,
        revenueMinor: 99_999,
        costMinor: 5,
        marginMinor: 99_994,
        proofCostMinor: 0,
        profitMinor: 99_994,
      },
    ]);
    expect(other.report.unpriced).toBe(0);
    const mine = await data<Body>(
      await call(profitLoader, get(`/app/profit?${PERIOD}&view=product`)),
    );
    expect(mine.report.days.find((d) => d.day === "2026-03-28")!.printOrders).toBe(0);
    expect(mine.report.products.some((p) => p.revenueMinor >= 99_999)).toBe(false);
  });

  it("shares a print order's cost by copies when nothing was paid, rounding each share down", async () => {
    const shop = "shared-costs.myshopify.com";
    env.shopify.control.addShop({
      domain: shop,
      currencyCode: "EUR",
      countryCode: "NL",
      ianaTimezone: "Europe/Amsterdam",
      products: [],
    });
    const line = (variant: string, quantity: number, revenueMinor: number) => ({
      variant,
      title: `Variant ${variant}`,
      quantity,
      revenueMinor,
    });
    // Free copies: 900 shared 2:1 by copies.
    await seed({
      shop,
      at: "2026-03-27T10:00:00Z",
      costMinor: 900,
      items: [line("701", 2, 0), line("702", 1, 0)],
    });
    // Paid: 1000 shared 1:2 by revenue, each share rounded down (333 + 666).
    await seed({
      shop,
      at: "2026-03-28T10:00:00Z",
      costMinor: 1000,
      items: [line("701", 1, 100), line("702", 1, 200)],
    });
    const body = await data<Body>(
      await call(profitLoader, get(`/app/profit?${PERIOD}&view=product`, shop)),
    );
    const cost = Object.fromEntries(
      body.report.products.map((p) => [p.variantId.split("/").pop(), [p.copies, p.costMinor]]),
    );
    expect(cost).toEqual({ "701": [3, 600 + 333], "702": [2, 300 + 666] });
    expect(body.report.total.costMinor).toBe(1900);
  });

  it("puts orders on the right day in a time zone half an hour off the hour", async () => {
    const shop = "kolkata-prints.myshopify.com";
    env.shopify.control.addShop({
      domain: shop,
      currencyCode: "EUR",
      countryCode: "IN",
      ianaTimezone: "Asia/Kolkata",
      products: [],
    });
    // India is UTC+5:30: 18:29 UTC is 23:59 there, 18:30 UTC is the next day.
    await seed({ shop, at: "2026-03-27T18:29:00Z", costMinor: 100, items: book(300) });
    await seed({ shop, at: "2026-03-27T18:30:00Z", costMinor: 200, items: book(500) });
    await seed({ shop, at: "2026-03-26T18:29:59Z", costMinor: 999, items: book(999) }); // 26th
    const body = await data<Body>(
      await call(profitLoader, get("/app/profit?range=custom&from=2026-03-27&to=2026-03-28", shop)),
    );
    expect(body.period.timeZone).toBe("Asia/Kolkata");
    expect(body.report.days).toEqual([
      {
        day: "2026-03-27",
        printOrders: 1,
        revenueMinor: 300,
        costMinor: 100,
        marginMinor: 200,
        proofCostMinor: 0,
        profitMinor: 200,
      },
      {
        day: "2026-03-28",
        printOrders: 1,
        revenueMinor: 500,
        costMinor: 200,
        marginMinor: 300,
        proofCostMinor: 0,
        profitMinor: 300,
      },
    ]);
  });

  it("refuses a period it cannot read with the reason on its field, adding nothing up", async () => {
    const response = await call(
      profitLoader,
      get(`/app/profit?range=custom&from=yesterday&to=2026-13-40`),
    );
    // The page shows the refusal itself (and stays clean of failed requests in the console).
    expect(response.status).toBe(200);
    const body = await data<{
      refusal: { field: string; message: string };
      period: { from: string; to: string };
      report: null;
    }>(response);
    expect(body.refusal).toEqual({
      field: "from",
      message: "“yesterday” is not a date. Enter the first day as a date, for example 2000-01-31.",
    });
    // The form shows what was typed, so the merchant can correct it.
    expect([body.period.from, body.period.to]).toEqual(["yesterday", "2026-13-40"]);
    expect(body.report).toBeNull();
  });
});

describe("the profit export", () => {
  async function csv(rows: string) {
    const response = await call(exportLoader, get(`/app/profit/export?${PERIOD}&rows=${rows}`));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    return {
      disposition: response.headers.get("Content-Disposition"),
      text: await response.text(),
    };
  }

  it("has one row per day, amounts as decimal text with their currency", async () => {
    const { disposition, text } = await csv("day");
    expect(disposition).toBe('attachment; filename="profit-by-day-2026-03-27-to-2026-03-31.csv"');
    expect(text).toBe(
      [
        "Date,Print orders,Currency,Revenue,Print cost,Margin,Proofs,Profit",
        "2026-03-27,1,EUR,12.00,5.00,7.00,0.00,7.00",
        "2026-03-28,0,EUR,0.00,0.00,0.00,0.00,0.00",
        "2026-03-29,1,EUR,10.00,7.00,3.00,0.00,3.00",
        "2026-03-30,2,EUR,60.00,28.00,32.00,0.00,32.00",
        "2026-03-31,2,EUR,24.00,13.00,11.00,0.00,11.00",
        "",
      ].join("\r\n"),
    );
  });

  it("answers a period in the far future at once with 400 and the reason, and stays up", async () => {
    // 9999-12-31 once made the day loop run for ever, taking every shop's requests with it.
    const started = Date.now();
    const response = await call(
      exportLoader,
      get("/app/profit/export?rows=day&range=custom&from=9999-12-31&to=9999-12-31"),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toMatch(
      /^The first day must fall between 1 January 2000 and \d{1,2} \w+ \d{4}\.\n$/,
    );
    const page = await call(
      profitLoader,
      get("/app/profit?range=custom&from=9999-12-31&to=9999-12-31&view=product"),
    );
    expect((await data<{ refusal: { field: string } }>(page)).refusal.field).toBe("from");
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("has one row per product, quoting commas and quotes and defusing formulas", async () => {
    const { text } = await csv("product");
    expect(text).toBe(
      [
        "Product,Variant ID,Copies,Currency,Revenue,Print cost,Margin",
        "Photo book,501,5,EUR,66.00,33.00,33.00",
        '"Poster, ""big""",601,2,EUR,30.00,15.00,15.00',
        "'=SUM(1),602,1,EUR,10.00,5.00,5.00",
        "",
      ].join("\r\n"),
    );
  });
});
