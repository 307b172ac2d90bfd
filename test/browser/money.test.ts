import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { describeBrowser, setupBrowserHarness } from "./harness";

/**
 * The money pages in Chromium on the real build: the Profit chart and its CSV export, the
 * Quote table's sums, the Products list's margins and the Catalogue at 1280 px.
 */
const h = setupBrowserHarness();

const DAY_MS = 86_400_000;

/** Print orders on three of the last seven days (noon UTC is the same day in Amsterdam). */
async function seedProfit() {
  const { default: prisma } = await import("../../app/db.server");
  const shop = h().shop;
  const noon = (daysAgo: number) => {
    const d = new Date(Date.now() - daysAgo * DAY_MS);
    d.setUTCHours(12, 0, 0, 0);
    return d;
  };
  const orders = [
    { daysAgo: 1, revenueMinor: 4990, costMinor: 2310, title: "Photo book, 24 pages" },
    { daysAgo: 3, revenueMinor: 1495, costMinor: 1720, title: "The Quiet Harbour" },
    { daysAgo: 5, revenueMinor: 3495, costMinor: 1500, title: "Photo book, 24 pages" },
  ];
  for (const [n, o] of orders.entries()) {
    const at = noon(o.daysAgo);
    const shopOrder = await prisma.shopOrder.create({
      data: {
        shop,
        shopifyOrderId: String(95_000 + n),
        name: `#${5000 + n}`,
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
        orderReference: `PC-${95_000 + n}-1`,
        status: "paid",
        currency: "EUR",
        wholesaleTotalMinor: o.costMinor,
        createdAt: at,
        nextAttemptAt: new Date("9999-12-31T00:00:00Z"),
        items: {
          create: {
            shop,
            itemReference: "1",
            shopifyLineItemId: String(96_000 + n),
            // The photo book is variant 20001, the novel 20003 (as in the demo shop).
            variantId: `gid://shopify/ProductVariant/${o.title.startsWith("Photo") ? 20_001 : 20_003}`,
            offeringId: 228500,
            quantity: 1,
            title: o.title,
            revenueMinor: o.revenueMinor,
            revenueCurrency: "EUR",
          },
        },
      },
    });
  }
  return orders;
}

/** "€1,234.56" or "−€3.52" (or "Loss: −€3.52") as minor units. */
function cents(cell: string): number {
  const m = /(−|-)?€([\d,]+)\.(\d{2})/.exec(cell);
  if (!m) throw new Error(`no amount in "${cell}"`);
  const value = Number(m[2]!.replaceAll(",", "")) * 100 + Number(m[3]);
  return m[1] ? -value : value;
}

/**
 * How far the first table overflows the boxes around it that scroll sideways (scrollWidth -
 * clientWidth of each, the largest), and how many such boxes there are.
 */
async function tableOverflow(page: Page) {
  return page.evaluate(() => {
    let overflow = Number.NEGATIVE_INFINITY;
    let scrollers = 0;
    for (let el = document.querySelector("table")?.parentElement; el; el = el.parentElement) {
      const x = getComputedStyle(el).overflowX;
      if (x === "auto" || x === "scroll") {
        scrollers += 1;
        overflow = Math.max(overflow, el.scrollWidth - el.clientWidth);
      }
    }
    return { overflow, scrollers };
  });
}

describeBrowser("money pages in the browser", () => {
  it("draws the Profit chart for the seeded days and exports the rows as CSV", async () => {
    const seeded = await seedProfit();
    const page = await h().openAdmin("/app/profit?range=7");
    await page.getByRole("heading", { name: "Profit", level: 1 }).waitFor();
    const chart = page.locator(".recharts-wrapper > svg.recharts-surface").first();
    await chart.waitFor();
    // One margin point per day of the period, one revenue bar per day that sold something.
    expect(await page.locator(".recharts-line-dots circle").count()).toBe(7);
    const drawn = page.locator(".recharts-bar").first().locator("path.recharts-rectangle");
    expect(await drawn.count()).toBe(3);
    // The chart is named for assistive technology, and its figures are in a table.
    expect(await chart.getAttribute("role")).toBe("application");
    expect(await chart.getAttribute("aria-label")).toBe("Revenue, print cost and margin per day");
    const group = page.locator('[role="group"][aria-labelledby]').first();
    const labelledBy = (await group.getAttribute("aria-labelledby"))!;
    expect(await page.locator(`[id="${labelledBy}"]`).textContent()).toBe("Per day");
    const table = page.locator("table").first();
    expect(await table.locator("tbody tr").count()).toBe(7);
    const total = seeded.reduce((s, o) => s + o.revenueMinor - o.costMinor, 0);
    // One day lost money: it says so in words, in the critical tone.
    await page
      .getByText(/^Loss: /)
      .first()
      .waitFor();
    await h().screenshot("money-profit");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export days as CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^profit-by-day-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = (await readFile((await download.path())!, "utf8")).trimEnd().split("\r\n");
    expect(csv[0]).toBe("Date,Print orders,Currency,Revenue,Print cost,Margin,Proofs,Profit");
    expect(csv).toHaveLength(8);
    const margins = csv.slice(1).map((row) => Math.round(Number(row.split(",")[5]) * 100));
    expect(margins.reduce((a, b) => a + b, 0)).toBe(total);
    expect(csv.slice(1).filter((row) => row.split(",")[1] === "1")).toHaveLength(3);

    await page.getByRole("button", { name: "Per product" }).click();
    await page.getByRole("columnheader", { name: "Copies" }).waitFor();
    await h().screenshot("money-profit-products");
    const [products] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export products as CSV" }).click(),
    ]);
    const rows = (await readFile((await products.path())!, "utf8")).trimEnd().split("\r\n");
    expect(rows[0]).toBe("Product,Variant ID,Copies,Currency,Revenue,Print cost,Margin");
    expect(rows.slice(1)).toEqual([
      '"Photo book, 24 pages",20001,2,EUR,84.85,38.10,46.75',
      "The Quiet Harbour,20003,1,EUR,14.95,17.20,-2.25",
    ]);

    // A copied link with a period far in the future: the reason on its field, nothing added up.
    await h().openAdmin("/app/profit?range=custom&from=9999-12-31&to=9999-12-31");
    const from = page.getByLabel("From");
    await page.getByText(/^The first day must fall between 1 January 2000 and /).waitFor();
    expect(await from.inputValue()).toBe("9999-12-31");
    expect(await from.getAttribute("aria-invalid")).toBe("true");
    expect(await from.getAttribute("min")).toBe("2000-01-01");
    expect(await page.locator("table").count()).toBe(0);
    await h().screenshot("money-profit-period-refused");

    // On a phone the page does not scroll sideways; the chart keeps to the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    try {
      await h().openAdmin("/app/profit?range=7");
      await page.locator(".recharts-wrapper > svg.recharts-surface").first().waitFor();
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        chart:
          document.querySelector(".recharts-wrapper > svg")?.getBoundingClientRect().right ?? 0,
      }));
      expect(widths.page).toBeLessThanOrEqual(375);
      expect(widths.chart).toBeLessThanOrEqual(375);
      await h().screenshot("money-profit-375px");
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it("shows a Quote table whose totals are the sums of its rows", async () => {
    // Two offerings and a mapped variant (the novel, €14.95 in Shopify) with its margin.
    const items = ["228478:24:12:", "228500:100:3:", "228500:36:7:", "228500:240:2:20003"]
      .map((i) => `item=${encodeURIComponent(i)}`)
      .join("&");
    const page = await h().openAdmin(`/app/quote?country=NL&currency=EUR&${items}`);
    await page.getByRole("columnheader", { name: "Product, all copies" }).waitFor();
    // The variant's row names it in the form, mapped or not.
    expect(await page.getByLabel("Item 4", { exact: true }).inputValue()).toBe("v:20003");
    const table = page.locator("table").first();
    const headers = await table.locator("thead th").allInnerTexts();
    const rows = await table
      .locator("tbody tr")
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll("th,td")].map((c) => c.textContent ?? "")),
      );
    const totals = await table
      .locator("tfoot tr, tbody tr:has(th:text-is('Total'))")
      .first()
      .evaluate((tr) => [...tr.querySelectorAll("th,td")].map((c) => c.textContent ?? ""));
    const body = rows.filter((r) => r[0] !== "Total" && r.length === headers.length);
    expect(body.length).toBeGreaterThanOrEqual(4);
    for (const name of [
      "Product, all copies",
      "Quantity discount",
      "Shipping",
      "VAT",
      "Total cost",
    ]) {
      const col = headers.findIndex((x) => x.trim() === name);
      const sum = body
        .map((r) => r[col]!)
        .filter((c) => c.trim() !== "")
        .reduce((s, c) => s + cents(c), 0);
      expect(cents(totals[col]!), name).toBe(sum);
    }
    // Shopify price and margin add up over the items that have one.
    for (const name of ["Shopify price, all copies", "Margin"]) {
      const col = headers.findIndex((x) => x.trim() === name);
      const shown = body.map((r) => r[col]!).filter((c) => /€/.test(c));
      expect(shown.length, name).toBe(1);
      expect(cents(totals[col]!), name).toBe(shown.reduce((s, c) => s + cents(c), 0));
    }
    await h().screenshot("money-quote");
  });

  it("works out and shows margins in the Products list, with offering names", async () => {
    const page = await h().openAdmin("/app/products");
    await page.getByRole("columnheader", { name: "Margin" }).waitFor();
    const work = page.getByRole("button", { name: "Work out margins" });
    if (await work.count()) {
      await work.click();
      await page.getByText(/^Margins worked out for/).waitFor();
    }
    await page
      .getByText(/copy to NL|copies to NL/)
      .first()
      .waitFor();
    await h().screenshot("money-products");
    // The list fits its card at 1280 px: margins and offerings are not behind a scroll.
    const fit = await tableOverflow(page);
    expect(fit.scrollers, "a scrolling box around the table").toBeGreaterThan(0);
    expect(fit.overflow).toBeLessThanOrEqual(0);
    // Offering names, not bare numbers.
    const offerings = await page.locator('a[href*="/app/catalogue/"]').allInnerTexts();
    expect(offerings.length).toBeGreaterThan(0);
    for (const name of offerings) expect(name).not.toMatch(/^\s*(Offering )?\d+\s*$/);
  });

  it("fits the Catalogue table in its card at 1280 px, prices included", async () => {
    const page = await h().openAdmin("/app/catalogue");
    await page.getByRole("columnheader", { name: "Per page" }).waitFor();
    expect(page.viewportSize()?.width).toBe(1280);
    const fit = await tableOverflow(page);
    expect(fit.scrollers, "a scrolling box around the table").toBeGreaterThan(0);
    expect(fit.overflow).toBeLessThanOrEqual(0);
    const lastHeader = await page.getByRole("columnheader", { name: "Per page" }).boundingBox();
    expect(lastHeader!.x + lastHeader!.width).toBeLessThanOrEqual(1280);
    await h().screenshot("money-catalogue");
  });
});
