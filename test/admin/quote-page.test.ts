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
import { loader as quoteLoader } from "~/routes/app.quote";
import { QuoteGroupTable, type QuoteGroupView } from "~/components/QuoteTable";
import { quoteFieldValues, type QuotePageData } from "~/components/QuoteForm";
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

const polarisEnglish = createRequire(import.meta.url)(
  "@shopify/polaris/locales/en.json",
) as AppProviderProps["i18n"];

let env: AdminEnv;
beforeAll(async () => {
  env = await startAdminEnv();
  await savePrintSettings({ shop: DEMO_SHOP, input: sandboxSettings(env.sandbox) });
});
afterAll(async () => {
  await env?.close();
});

type Money = { amountMinor: number; currency: string };

/** 12 copies of a book (quantity discount) and 2 of another made at the same facility. */
const ITEMS = [
  { offeringId: 228478, numberOfPages: 24, quantity: 12 },
  { offeringId: 228500, numberOfPages: 100, quantity: 2 },
];

async function loadQuote() {
  const query = ITEMS.map(
    (i) => `item=${encodeURIComponent(`${i.offeringId}:${i.numberOfPages}:${i.quantity}:`)}`,
  ).join("&");
  const body = await data<{ quote: { together: boolean; groups: QuoteGroupView[] } | null }>(
    await call(quoteLoader, get(`/app/quote?country=NL&currency=EUR&${query}`)),
  );
  expect(body.quote?.together, JSON.stringify(body).slice(0, 600)).toBe(true);
  return body.quote!.groups[0]!;
}

async function serviceSummary() {
  const response = await fetch(`${env.sandbox.jsonBaseUrl}/quote`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      apiKey: "sandbox-merchant-key",
      countryCode: "NL",
      state: "",
      currency: "EUR",
      items: ITEMS,
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { quoteSummary: { totalWholesalePrice: number } })
    .quoteSummary;
}

/** Validator wording that must never reach a merchant. */
const RAW = /expected|invalid input|too (big|small)|received|nan/i;

const add = (...m: Money[]) => m.reduce((a, b) => a + b.amountMinor, 0);

/** The table as the page renders it, cell texts per row (header, body rows, totals). */
async function renderedRows(group: QuoteGroupView): Promise<string[][]> {
  // The app layout's loader gives the page its formatting context; English in UTC here.
  const handler = createStaticHandler([
    {
      id: "routes/app",
      path: "/",
      loader: () => ({ format: { locale: "en", timeZone: "UTC" } }),
      element: createElement(QuoteGroupTable, { group }),
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
  const text = (cell: string) =>
    cell
      .replace(/<[^>]+>/g, " ")
      .replace(/&[a-z#0-9]+;/g, " ")
      .replace(/\s+/g, " ")
      .trim();
  return [...html.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => text(c[1]!)),
  );
}

/** The item cell's copies and price per copy: "Novel3 copies · ≈ €4.17 per copy". */
function copiesOf(itemCell: string): { quantity: number; perCopy: string } {
  const m = /(\d+) cop(?:y|ies) · (.+) per copy$/.exec(itemCell);
  if (!m) throw new Error(`no copies in "${itemCell}"`);
  return { quantity: Number(m[1]), perCopy: m[2]!.trim() };
}

/** "€1,234.56", "−€3.52" or "€12.34 (9%)" as minor units. */
function cents(cell: string): number {
  const m = /(−|-)?€([\d,]+)\.(\d{2})/.exec(cell);
  if (!m) throw new Error(`no amount in "${cell}"`);
  const value = Number(m[2]!.replaceAll(",", "")) * 100 + Number(m[3]);
  return m[1] ? -value : value;
}

describe("the quote page", () => {
  it("sends line amounts that add up to the service's own total, with per-copy kept apart", async () => {
    const group = await loadQuote();
    for (const l of group.lines) {
      expect(add(l.productPrice) - add(l.discount) + add(l.shipping) + add(l.vat)).toBe(
        add(l.total),
      );
      if (l.perCopyExact)
        expect(l.perCopy.amountMinor * l.quantity).toBe(l.productPrice.amountMinor);
    }
    const book = group.lines.find((l) => l.quantity === 12)!;
    expect(book.discount.amountMinor).toBeGreaterThan(0);

    const s = group.summary;
    const column = (pick: (l: QuoteGroupView["lines"][number]) => Money) =>
      add(...group.lines.map(pick));
    expect(s.product.amountMinor).toBe(column((l) => l.productPrice));
    expect(s.discount.amountMinor).toBe(column((l) => l.discount));
    expect(s.shipping.amountMinor).toBe(column((l) => l.shipping));
    expect(s.vat.amountMinor).toBe(column((l) => l.vat));
    expect(s.total.amountMinor).toBe(column((l) => l.total));
    expect(s.product.amountMinor - s.discount.amountMinor + add(s.shipping, s.vat)).toBe(
      s.total.amountMinor,
    );
    expect(s.unexplained.amountMinor).toBe(0);
    expect(s.total.amountMinor).toBe(
      Math.round((await serviceSummary()).totalWholesalePrice * 100),
    );
  });

  it("renders a table whose rows and totals add up to what it shows", async () => {
    const group = await loadQuote();
    const [header, ...rest] = await renderedRows(group);
    expect(header).toEqual([
      "Item",
      "Product, all copies",
      "Quantity discount",
      "Shipping",
      "VAT",
      "Total cost",
      "Shopify price, all copies",
      "Margin",
    ]);
    const col = (name: string) => header!.indexOf(name);
    const body = rest.filter((r) => r[0] !== "Total" && r.length === header!.length);
    const totals = rest.find((r) => r[0] === "Total")!;
    expect(body).toHaveLength(2);
    expect(totals).toBeDefined();

    const amounts = (row: string[]) => ({
      product: cents(row[col("Product, all copies")]!),
      discount: cents(row[col("Quantity discount")]!),
      shipping: cents(row[col("Shipping")]!),
      vat: cents(row[col("VAT")]!),
      total: cents(row[col("Total cost")]!),
    });
    for (const row of body) {
      const a = amounts(row);
      // The discount is shown negative: every column adds up to the total.
      expect(a.product + a.discount + a.shipping + a.vat).toBe(a.total);
      const { quantity, perCopy } = copiesOf(row[0]!);
      expect(cents(perCopy) * quantity).toBe(a.product);
    }
    const t = amounts(totals);
    expect(t.product + t.discount + t.shipping + t.vat).toBe(t.total);
    for (const key of ["product", "discount", "shipping", "vat", "total"] as const) {
      expect(t[key]).toBe(body.map(amounts).reduce((sum, a) => sum + a[key], 0));
    }
    expect(t.discount).toBeLessThan(0);
    // Per copy is said with each item, not a column to add up.
    expect(header).not.toContain("Product per copy");
  });
});

/** The quote page's answer for these items (`offering:pages:quantity:variant`). */
async function quoteOf(items: string[], currency = "EUR", country = "NL") {
  const query = items.map((i) => `item=${encodeURIComponent(i)}`).join("&");
  const body = await data<{
    quote: {
      together: boolean;
      groups: QuoteGroupView[];
      conversion: string | null;
    } | null;
  }>(await call(quoteLoader, get(`/app/quote?country=${country}&currency=${currency}&${query}`)));
  expect(body.quote, JSON.stringify(body).slice(0, 600)).not.toBeNull();
  return body.quote!;
}

describe("the quote table's sums", () => {
  it("shows columns whose totals are the sums of the rows, for many quantities and offerings", async () => {
    const cases = [
      ["228478:24:1:", "228500:100:3:"],
      ["228478:24:7:", "228500:100:50:"],
      ["228478:48:101:", "228500:36:13:"],
      ["228500:120:500:"],
      ["228478:24:11:", "228478:30:9:", "228500:64:10:"],
    ];
    for (const items of cases) {
      const quote = await quoteOf(items);
      for (const group of quote.groups) {
        const [header, ...rest] = await renderedRows(group);
        const col = (name: string) => header!.indexOf(name);
        const totals = rest.find((r) => r[0] === "Total")!;
        const body = rest.filter((r) => r !== totals && r.length === header!.length);
        expect(body.length, items.join(" ")).toBeGreaterThanOrEqual(group.lines.length);
        for (const name of [
          "Product, all copies",
          "Quantity discount",
          "Shipping",
          "VAT",
          "Total cost",
        ]) {
          const shown = body
            .map((r) => r[col(name)]!)
            .filter((cell) => cell !== "")
            .reduce((sum, cell) => sum + cents(cell), 0);
          expect(cents(totals[col(name)]!), `${name} of ${items.join(" ")}`).toBe(shown);
        }
        for (const row of body.slice(0, group.lines.length)) {
          const { quantity, perCopy } = copiesOf(row[0]!);
          // A per-copy price that does not divide evenly says it is rounded.
          if (cents(perCopy) * quantity !== cents(row[col("Product, all copies")]!))
            expect(perCopy.startsWith("≈")).toBe(true);
        }
        const t = (name: string) => cents(totals[col(name)]!);
        expect(t("Product, all copies") + t("Quantity discount") + t("Shipping") + t("VAT")).toBe(
          t("Total cost"),
        );
      }
    }
  });

  it("converts the margin with the print service's rates when the quote is in another currency", async () => {
    // The novel (variant 20003) sells for €14.95 in Shopify; the quote is asked in US dollars.
    const quote = await quoteOf(["228500:240:2:20003"], "USD");
    const line = quote.groups[0]!.lines[0]!;
    expect(line.total.currency).toBe("USD");
    expect(line.revenue).toEqual({ amountMinor: 2990, currency: "EUR" });
    const rateOf = async (currency: string) => {
      const response = await fetch(`${env.sandbox.jsonBaseUrl}/quote`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          apiKey: "sandbox-merchant-key",
          countryCode: "NL",
          state: "",
          currency,
          items: [{ offeringId: 228500, numberOfPages: 240, quantity: 2 }],
        }),
      });
      return Number(
        ((await response.json()) as { quoteDetails: { exchangeRate: string } }).quoteDetails
          .exchangeRate,
      );
    };
    const [usd, eur] = [await rateOf("USD"), await rateOf("EUR")];
    expect(usd).not.toBe(eur);
    const costInEur = Math.round((line.total.amountMinor * eur) / usd);
    expect(line.margin).toEqual({ amountMinor: 2990 - costInEur, currency: "EUR" });
    expect(line.marginNote).toBeNull();
    expect(quote.conversion).toMatch(/^1 USD = 0\.\d{4} EUR$/);
    const rows = await renderedRows(quote.groups[0]!);
    const header = rows[0]!;
    const marginCell = rows[1]![header.indexOf("Margin")]!;
    expect(marginCell).not.toBe("—");
    expect(Math.abs(cents(marginCell))).toBe(Math.abs(2990 - costInEur));
    if (2990 - costInEur < 0) expect(marginCell).toMatch(/^Loss:/);
  });
});

describe("the quote form's messages", () => {
  it("puts a plain message with the allowed range on the field for absurd input", async () => {
    const quote = async (params: string) =>
      data<{
        quote: unknown;
        form: QuotePageData["form"];
        fieldErrors: Record<string, string> | null;
      }>(await call(quoteLoader, get(`/app/quote?${params}`)));
    const cases: [string, string, RegExp][] = [
      ...["abc", "0", "-3", "1.5", "99999999999", "1e400", "NaN", ""].map(
        (pages): [string, string, RegExp] => [
          `country=NL&currency=EUR&item=${encodeURIComponent(`228478:${pages}:1:`)}`,
          "items.0.numberOfPages",
          /^Enter the pages, a whole number from 1 to 10,000$/,
        ],
      ),
      ...["abc", "0", "100001", "2.5", "99999999999999999999", "Infinity"].map(
        (quantity): [string, string, RegExp] => [
          `country=NL&currency=EUR&item=${encodeURIComponent(`228478:24:1:`)}&item=${encodeURIComponent(`228500:100:${quantity}:`)}`,
          "items.1.quantity",
          /^Enter a quantity, a whole number from 1 to 100,000$/,
        ],
      ),
      ...["", "abc", "-1", "99999999999999999999"].map((offeringId): [string, string, RegExp] => [
        `country=NL&currency=EUR&item=${encodeURIComponent(`${offeringId}:24:1:`)}`,
        "items.0.offeringId",
        /^Choose a variant or offering$/,
      ]),
      [`country=Netherlands&currency=EUR&item=228478:24:1:`, "countryCode", /two-letter/],
      [`country=NL&currency=euros&item=228478:24:1:`, "currency", /three-letter/],
      [`country=US&state=${"x".repeat(60)}&currency=EUR&item=228478:24:1:`, "state", /at most 50/],
    ];
    for (const [params, field, message] of cases) {
      const body = await quote(params);
      expect(body.quote, params.slice(0, 100)).toBeNull();
      expect(body.fieldErrors?.[field], params.slice(0, 100)).toMatch(message);
      for (const text of Object.values(body.fieldErrors ?? {})) expect(text).not.toMatch(RAW);
      // Each message sits on a field the form holds, so it goes when that field changes.
      expect(Object.keys(quoteFieldValues(body.form))).toEqual(
        expect.arrayContaining(Object.keys(body.fieldErrors ?? {})),
      );
    }
  });
});
