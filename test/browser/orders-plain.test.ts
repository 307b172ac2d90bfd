import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { describeBrowser, setupBrowserHarness } from "./harness";
import { cardTitled, seedPrintOrder } from "./order-seed";

/**
 * The orders pages speak plainly: no internal code or component name as the
 * main text (a code may follow in small print), counts with their plural, a
 * split Shopify order says "1 of 2" and links to its other print order, and
 * the order page shows the margin, a loss standing out in words.
 */
const h = setupBrowserHarness();

/** Codes and internal names found in the page's text outside small print. */
async function codesInMainText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const code = /\b([A-Z]{2,}(?:_[A-Z]+)+|worker|poller|callback|ORDERS_PAID)\b/g;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, [hidden]")) continue;
      if (parent.closest(".Polaris-Text--bodySm")) continue; // small print may name a code
      for (const m of (node.textContent ?? "").matchAll(code)) found.push(m[0]);
    }
    return found;
  });
}

describeBrowser("the orders pages in plain words", () => {
  it("names a problem in words with its code in small print only", async () => {
    const order = await seedPrintOrder(h().shop, {
      status: "needs_attention",
      error: {
        code: "NO_PF",
        message:
          "The print service cannot produce these items for this destination: none of its production facilities ships a Hardcover book A4 portrait to Iceland.",
        action:
          "Ship these items yourself, or map them to an offering available there, then retry.",
      },
    });
    const page = await h().openAdmin(`/app/orders/${order.id}`);
    await page.getByText("This order needs your attention").waitFor();
    await page.getByText("Code: NO_PF").waitFor();
    expect(await codesInMainText(page)).toEqual([]);

    await h().openAdmin("/app/orders?view=attention");
    await page.getByText("The print service cannot produce these items").first().waitFor();
    expect(await codesInMainText(page)).toEqual([]);
    // The whole reason is readable at 1280 px: it wraps instead of widening the table.
    const overflow = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>(".Polaris-IndexTable-ScrollContainer")].map(
        (box) => box.scrollWidth - box.clientWidth,
      ),
    );
    expect(overflow.length).toBeGreaterThan(0);
    expect(Math.max(...overflow)).toBeLessThanOrEqual(0);
  });

  it("says which print order of a split Shopify order this is, and links to the other", async () => {
    const first = await seedPrintOrder(h().shop, { status: "paid", quantity: 3 });
    const second = await seedPrintOrder(h().shop, { status: "pending", splitOf: first });
    const page = await h().openAdmin("/app/orders");
    const rows = page.locator("tr", { hasText: first.name });
    await rows.getByText("Print order 1 of 2").waitFor();
    await rows.getByText("Print order 2 of 2").waitFor();
    // "Items" counts copies: 3 of the notebook.
    const firstRow = page.locator("tr", { hasText: "Print order 1 of 2" });
    expect(await firstRow.locator("td").nth(4).innerText()).toBe("3");

    await h().openAdmin(`/app/orders/${first.id}`);
    await page.getByRole("heading", { name: "Print order 1 of 2" }).waitFor();
    await page.getByText("3 copies").waitFor();
    await h().screenshot("orders-split-order");
    await page.getByRole("link", { name: "Print order 2 of 2" }).click();
    await page.waitForURL((url) => url.pathname === `/app/orders/${second.id}`);
    await page.getByRole("heading", { name: "Print order 2 of 2" }).waitFor();
    await page.getByText("1 copy", { exact: true }).waitFor();
    await page.getByRole("link", { name: "Print order 1 of 2" }).waitFor();
  });

  it("fits a 375 px wide screen: the list, its selection bar and the order page", async () => {
    const order = await seedPrintOrder(h().shop, { status: "held" });
    const page = h().page;
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      await h().openAdmin("/app/orders");
      // One stacked block per order: its status, date, copies and details all in view.
      const row = page.locator("tr", { hasText: order.name });
      await row.getByText("Held", { exact: true }).waitFor();
      await row.getByText(/ · \d+ cop(y|ies) · /).waitFor();
      await row.getByText(/^Until /).waitFor();
      await row.getByRole("checkbox").check();
      await page.getByText("1 selected").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );
      await h().screenshot("orders-list-375px");
      await h().openAdmin(`/app/orders/${order.id}`);
      await cardTitled(page, "Margin").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );
      await h().screenshot("orders-order-375px");
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it("shows the margin, and a loss as a loss in words", async () => {
    // 2 copies at 12.50 = 25.00 in Shopify; the print service charges 12.34.
    const earning = await seedPrintOrder(h().shop, { status: "paid", quantity: 2 });
    const page = await h().openAdmin(`/app/orders/${earning.id}`);
    const card = cardTitled(page, "Margin");
    await card.getByText(/25[.,]00/).waitFor();
    await card.getByText(/12[.,]66/).waitFor();
    expect(await card.getByText("Loss", { exact: true }).count()).toBe(0);

    // 1 copy at 12.50; the print service charges 19.99.
    const losing = await seedPrintOrder(h().shop, { status: "paid", wholesaleTotalMinor: 1999 });
    await h().openAdmin(`/app/orders/${losing.id}`);
    await page.getByText(/This order loses money/).waitFor();
    const loss = cardTitled(page, "Margin");
    await loss.getByText("Loss", { exact: true }).first().waitFor();
    await loss.getByText(/-.?7[.,]49/).waitFor();
    await h().screenshot("orders-order-page-loss");
  });
});
