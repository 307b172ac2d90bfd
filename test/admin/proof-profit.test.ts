import "../support/app-env";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { loader as profitLoader } from "~/routes/app.profit._index";
import { loader as exportLoader } from "~/routes/app.profit.export";
import { savePrintSettings } from "~/data/print-settings.server";
import { testDatabaseProvider, testDbFile } from "../support/app-env";
import { seedProof, type ProofSeed } from "../support/proof-seed";
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
 * Proof copies on the Profit page and in its CSV export, through the real routes: a proof is
 * never revenue nor print cost of a sale, no product's row counts it, its cost (the wholesale
 * total) shows as "Proofs" and is taken off the margin for the period's profit. The same
 * report is read before and after the proofs are added: the sales' figures do not move.
 * The demo shop is in Europe/Amsterdam (UTC+1 until 29 March 2026 01:00 UTC).
 */

let env: AdminEnv;
const OTHER_SHOP = "other-proof-profit.myshopify.com";
const PERIOD = "range=custom&from=2026-03-27&to=2026-03-31";
let serial = 0;

async function seedSale(o: {
  at: string;
  costMinor: number;
  items: { variant: string; title: string; quantity: number; revenueMinor: number }[];
}) {
  serial += 1;
  const at = new Date(o.at);
  const shopOrder = await prisma.shopOrder.create({
    data: {
      shop: DEMO_SHOP,
      shopifyOrderId: String(90_000 + serial),
      name: `#${9000 + serial}`,
      currency: "EUR",
      lineItems: "[]",
      createdAt: at,
    },
  });
  await prisma.printOrder.create({
    data: {
      shop: DEMO_SHOP,
      shopOrderId: shopOrder.id,
      shopifyOrderId: shopOrder.shopifyOrderId,
      shopifyOrderName: shopOrder.name,
      orderReference: `PC-${90_000 + serial}-1`,
      status: "paid",
      currency: "EUR",
      wholesaleTotalMinor: o.costMinor,
      createdAt: at,
      nextAttemptAt: new Date("9999-12-31T00:00:00Z"),
      items: {
        create: o.items.map((item, i) => ({
          shop: DEMO_SHOP,
          itemReference: String(i + 1),
          shopifyLineItemId: String(95_000 + serial * 10 + i),
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

interface Day {
  day: string;
  printOrders: number;
  revenueMinor: number;
  costMinor: number;
  marginMinor: number;
  proofCostMinor: number;
  profitMinor: number;
}
interface Body {
  report: {
    days: Day[];
    products: { variantId: string; copies: number; revenueMinor: number; costMinor: number }[];
    total: Omit<Day, "day">;
    proofs: { printOrders: number; copies: number; costMinor: number };
    unpriced: number;
    conversions: string[];
  };
}

const report = async (query: string) =>
  (await data<Body>(await call(profitLoader, get(`/app/profit?${PERIOD}${query}`)))).report;

async function csv(rows: "day" | "product") {
  const response = await call(exportLoader, get(`/app/profit/export?${PERIOD}&rows=${rows}`));
  expect(response.status).toBe(200);
  return (await response.text()).trimEnd().split("\r\n");
}

const book = (revenueMinor: number) => [
  { variant: "501", title: "Photo book", quantity: 1, revenueMinor },
];

let before: {
  days: Body["report"];
  products: Body["report"];
  dayCsv: string[];
  productCsv: string[];
};

beforeAll(async () => {
  env = await startAdminEnv();
  await savePrintSettings({ shop: DEMO_SHOP, input: sandboxSettings(env.sandbox) });
  // The print service's rates come from a quote of one of the shop's mapped offerings.
  await prisma.variantMapping.create({
    data: {
      shop: DEMO_SHOP,
      variantId: "gid://shopify/ProductVariant/501",
      offeringId: 228500,
      numberOfPages: 240,
    },
  });
  await seedSale({ at: "2026-03-27T10:00:00Z", costMinor: 500, items: book(1200) });
  await seedSale({ at: "2026-03-28T10:00:00Z", costMinor: 700, items: book(1000) });
  await seedSale({
    at: "2026-03-30T09:00:00Z",
    costMinor: 2000,
    items: [
      { variant: "601", title: "Poster", quantity: 2, revenueMinor: 3000 },
      { variant: "602", title: "Card", quantity: 1, revenueMinor: 1000 },
    ],
  });
  // The same report with no proof yet: what the proofs must leave as it is.
  before = {
    days: await report(""),
    products: await report("&view=product"),
    dayCsv: await csv("day"),
    productCsv: await csv("product"),
  };

  const proof = (n: number, at: string, more: Partial<ProofSeed>) =>
    seedProof(DEMO_SHOP, {
      n,
      at: new Date(at),
      status: "paid",
      variantId: "gid://shopify/ProductVariant/501",
      ...more,
    });
  // In the same hour as a sale: taken out of that hour's sums exactly.
  await proof(1, "2026-03-27T10:20:00Z", { wholesaleTotalMinor: 1170 });
  // On a day with no sale.
  await proof(2, "2026-03-29T12:00:00Z", { wholesaleTotalMinor: 1170, status: "fulfilled" });
  // Charged in US dollars (1085 USD is 10.00 EUR at the sandbox's 1.0850), two copies of a
  // variant a sale also printed.
  await proof(3, "2026-03-30T09:30:00Z", {
    wholesaleTotalMinor: 1085,
    currency: "USD",
    quantity: 2,
    variantId: "gid://shopify/ProductVariant/601",
  });
  // Not counted: cancelled, not priced yet (counted apart), after the period, another shop's.
  await proof(4, "2026-03-28T11:00:00Z", { wholesaleTotalMinor: 999, status: "cancelled" });
  await proof(5, "2026-03-28T12:00:00Z", { wholesaleTotalMinor: null, status: "pending" });
  await proof(6, "2026-04-02T10:00:00Z", { wholesaleTotalMinor: 5000 });
  await seedProof(OTHER_SHOP, { n: 1, at: new Date("2026-03-28T10:00:00Z") });
});
afterAll(async () => {
  await env?.close();
});

const PROOFS = 1170 + 1170 + 1000;

describe("proofs on the Profit page", () => {
  it("leaves revenue, print cost and margin of the sales as they were", async () => {
    const after = await report("");
    const sales = (d: Day) => ({
      day: d.day,
      printOrders: d.printOrders,
      revenueMinor: d.revenueMinor,
      costMinor: d.costMinor,
      marginMinor: d.marginMinor,
    });
    expect(after.days.map(sales)).toEqual(before.days.days.map(sales));
    expect(after.total.revenueMinor).toBe(before.days.total.revenueMinor);
    expect(after.total.revenueMinor).toBe(1200 + 1000 + 4000);
    expect(after.total.costMinor).toBe(500 + 700 + 2000);
    expect(after.total.printOrders).toBe(3);
    // The unpriced proof is counted apart like any print order without a price.
    expect(after.unpriced).toBe(before.days.unpriced + 1);
    expect(after.conversions).toEqual(["1 USD = 0.9217 EUR"]);
  });

  it("shows the proofs' cost apart and takes it off the margin for the period's profit", async () => {
    const before0 = before.days;
    expect(before0.proofs).toEqual({ printOrders: 0, copies: 0, costMinor: 0 });
    expect(before0.total.profitMinor).toBe(before0.total.marginMinor);

    const after = await report("");
    expect(after.proofs).toEqual({ printOrders: 3, copies: 4, costMinor: PROOFS });
    expect(after.total.proofCostMinor).toBe(PROOFS);
    expect(after.total.profitMinor).toBe(after.total.marginMinor - PROOFS);
    expect(after.days.map((d) => [d.day, d.proofCostMinor, d.profitMinor])).toEqual([
      ["2026-03-27", 1170, 1200 - 500 - 1170],
      ["2026-03-28", 0, 1000 - 700],
      ["2026-03-29", 1170, -1170],
      ["2026-03-30", 1000, 4000 - 2000 - 1000],
      ["2026-03-31", 0, 0],
    ]);
  });

  it("keeps proofs out of every product's row", async () => {
    const after = await report("&view=product");
    expect(after.products).toEqual(before.products.products);
    expect(after.products.map((p) => [p.variantId.split("/").pop(), p.copies])).toEqual([
      ["601", 2],
      ["501", 2],
      ["602", 1],
    ]);
  });

  it("exports the same figures: sales unchanged, the proofs and the profit per day", async () => {
    const days = await csv("day");
    expect(days[0]).toBe("Date,Print orders,Currency,Revenue,Print cost,Margin,Proofs,Profit");
    expect(days).toEqual([
      days[0],
      "2026-03-27,1,EUR,12.00,5.00,7.00,11.70,-4.70",
      "2026-03-28,1,EUR,10.00,7.00,3.00,0.00,3.00",
      "2026-03-29,0,EUR,0.00,0.00,0.00,11.70,-11.70",
      "2026-03-30,1,EUR,40.00,20.00,20.00,10.00,10.00",
      "2026-03-31,0,EUR,0.00,0.00,0.00,0.00,0.00",
    ]);
    // The sales' columns are those of the export before any proof.
    const sales = (rows: string[]) => rows.slice(1).map((r) => r.split(",").slice(0, 6).join(","));
    expect(sales(days)).toEqual(sales(before.dayCsv));
    const proofsColumn = days.slice(1).reduce((sum, r) => sum + Number(r.split(",")[6]) * 100, 0);
    expect(Math.round(proofsColumn)).toBe(PROOFS);
    expect(await csv("product")).toEqual(before.productCsv);
  });

  it("never counts another shop's proof", async () => {
    env.shopify.control.addShop({
      domain: OTHER_SHOP,
      currencyCode: "EUR",
      countryCode: "NL",
      ianaTimezone: "Europe/Amsterdam",
      products: [],
    });
    const other = (
      await data<Body>(await call(profitLoader, get(`/app/profit?${PERIOD}`, OTHER_SHOP)))
    ).report;
    expect(other.proofs).toEqual({ printOrders: 1, copies: 1, costMinor: 1170 });
    expect(other.total.revenueMinor).toBe(0);
    expect(other.total.costMinor).toBe(0);
    expect(other.total.profitMinor).toBe(-1170);
  });

  it("adds up the proofs from the (shop, kind, createdAt) index", async () => {
    if (testDatabaseProvider !== "sqlite") return;
    const db = createClient({ url: `file:${testDbFile}` });
    const proofs = `p."shop" = ? AND p."kind" = 'proof' AND p."createdAt" >= ? AND p."createdAt" < ? AND p."status" <> 'cancelled' AND p."wholesaleTotalMinor" IS NOT NULL`;
    const args = [DEMO_SHOP, "2026-03-26T23:00:00.000+00:00", "2026-03-31T22:00:00.000+00:00"];
    const plans = await Promise.all(
      [
        // The proofs' day sums, and their lines (revenue and product sums join them so).
        `SELECT substr(p."createdAt", 1, 13), p."currency", SUM(p."wholesaleTotalMinor"), COUNT(*) FROM "PrintOrder" p WHERE ${proofs} GROUP BY 1, 2`,
        `SELECT i."variantId", SUM(i."quantity") FROM "PrintOrder" p JOIN "PrintOrderItem" i ON i."shop" = p."shop" AND i."printOrderRowId" = p."id" WHERE ${proofs} GROUP BY 1`,
      ].map((sql) => db.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args })),
    );
    db.close();
    for (const plan of plans) {
      const detail = plan.rows.map((r) => String(r.detail)).join("\n");
      expect(detail).toMatch(/SEARCH p USING INDEX PrintOrder_shop_kind_createdAt_idx/);
      expect(detail).not.toMatch(/SCAN (p|i)\b/);
    }
  });
});
