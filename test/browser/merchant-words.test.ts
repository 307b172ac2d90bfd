/**
 * What a new merchant reads, in Chromium: a mapping that loses money says so where the save is
 * confirmed, in a warning; each link says where it leads; Shopify's "Default Title", the print
 * service's "legacy interface" and stand-ins for secrets never show; a loss keeps its sign and
 * amount on one line; Shopify's order notifications are not "webhooks", and the address the print
 * service sends status updates to has one name on every page.
 */
import { expect, it } from "vitest";
import { describeBrowser, setupBrowserHarness } from "./harness";

const h = setupBrowserHarness();

/** Names Shopify or the print service use that a merchant never chose. */
const RAW = /Default Title|legacy interface|<this shop's token>|SHOPIFY_[A-Z]+|\b1 pages\b/;

const SLOW = { timeout: 90_000 };

describeBrowser("the merchant's words", () => {
  // Saving checks a 600-page print file in a PDF thread: 16-25 s for the whole test on a
  // loaded 2-core machine, once over the 20 s a locator waits. Upper bounds, not waits.
  it("says a saved mapping that loses money, with the amount, in a warning", SLOW, async () => {
    const page = await h().openAdmin("/app/products/20003");
    // The only variant of the novel: the page names the product alone.
    await page
      .getByRole("heading", { name: "The Quiet Harbour (Softcover Novel)", level: 1 })
      .waitFor();
    await page.getByLabel("Category").first().selectOption("BO");
    await page.getByLabel("Offering", { exact: true }).selectOption("228500");
    await page
      .getByLabel("File URL", { exact: true })
      .fill(`${h().sandbox.url}/files/generate/600p-154x216mm.pdf`);
    await page.getByLabel("Pages", { exact: true }).fill("600");
    await page.getByRole("button", { name: "Save mapping" }).last().click();

    // Polaris gives a warning banner the alert role (a success banner: status).
    const banner = page
      .getByRole("alert")
      .filter({ hasText: "Mapping saved, but this variant sells at a loss" });
    await banner.waitFor({ timeout: 60_000 });
    const text = await banner.innerText();
    expect(text).toMatch(/sells at a loss of €\d+\.\d{2}/);
    expect(text).toMatch(/Raise the price in Shopify to at least €\d+\.\d{2}/);
    expect(await page.getByRole("status").filter({ hasText: "Mapping saved" }).count()).toBe(0);
    // Its header strip in the warning colour, not the success green.
    const colours = await banner.evaluate((el) =>
      [el, ...el.querySelectorAll("*")].map((n) => getComputedStyle(n).backgroundColor).join(" "),
    );
    expect(colours).toContain("rgb(255, 184, 0)");
    expect(colours).not.toContain("rgb(4, 123, 93)");
    await h().screenshot("words-mapping-loss");

    // The print check beside the form keeps "= -€x" on one line.
    const result = page.getByText(/^= -€\d+\.\d{2}$/).first();
    await result.waitFor();
    const box = await result.evaluate((el) => {
      // The line boxes its characters sit on (an empty fragment left at a line's end is not one).
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = new Set(
        [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
      );
      return { lines: tops.size, wrap: getComputedStyle(el).whiteSpace };
    });
    expect(box).toEqual({ lines: 1, wrap: "nowrap" });

    // Every link to the quote says where it leads, each in its own words.
    const names = await page.locator("a[href*='/app/quote']").evaluateAll((links) =>
      links
        // Polaris also renders the header's actions in a hidden menu for narrow screens.
        .filter((a) => a.getClientRects().length > 0 && getComputedStyle(a).visibility !== "hidden")
        .map((a) => (a.getAttribute("aria-label") ?? a.textContent ?? "").trim()),
    );
    expect(names.length).toBeGreaterThanOrEqual(3);
    expect(new Set(names).size, names.join(" | ")).toBe(names.length);
    expect(names).not.toContain("See quote and margin");
    expect(await page.locator("body").innerText()).not.toMatch(RAW);
  });

  it("lists a publication by the product it comes from, with what its shopper pays", async () => {
    // Made as the page's Create does (its action calls this), from the novel mapped above.
    const { createPublication } = await import("../../app/lib/publications.server");
    const created = await createPublication({
      shop: h().shop,
      input: {
        source: "variant",
        variantId: "gid://shopify/ProductVariant/20003",
        title: "The Quiet Harbour",
        currency: "EUR",
        locale: "en",
      },
    });
    expect(created).toMatchObject({ ok: true });
    const page = await h().openAdmin("/app/publications");
    await page.getByRole("columnheader", { name: "Product" }).waitFor();
    const row = page.getByRole("row").filter({ hasText: "The Quiet Harbour" });
    await row.getByText("From The Quiet Harbour (Softcover Novel)").waitFor();
    await row.getByText(/^Shopper pays €\d+\.\d{2}$/).waitFor();
    await row.getByText("1 copy to Netherlands, shipping and VAT included").waitFor();
    await row
      .getByText(/^You earn €\d+\.\d{2}: your markup over the print cost, before VAT$/)
      .waitFor();
    expect(await page.locator("body").innerText()).not.toMatch(/From variant \d+/);
    // The new column still lets every column fit at 1280 px, nothing scrolled out of view.
    const overflow = await page.evaluate(() => {
      const scroller = document.querySelector(".Polaris-IndexTable-ScrollContainer");
      return scroller ? scroller.scrollWidth - scroller.clientWidth : -1;
    });
    expect(overflow).toBeGreaterThanOrEqual(0);
    expect(overflow).toBeLessThanOrEqual(1);
    await h().screenshot("words-publications");
  });

  it("says notification where Shopify's order webhooks are meant, and one name for the status update URL", async () => {
    for (const path of ["/app", "/app/delivery", "/app/settings"]) {
      const page = await h().openAdmin(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(await page.locator("body").innerText(), path).not.toMatch(/webhook|callback/i);
    }
    const home = await h().openAdmin("/app");
    await home.getByText("Last order notification").waitFor();
    const settings = await h().openAdmin("/app/settings");
    await settings.getByRole("heading", { name: "Status update URL" }).waitFor();
    expect(await settings.getByRole("textbox", { name: "Status update URL" }).inputValue()).toBe(
      h().callbackUrl,
    );
    await h().screenshot("words-status-update-url");
  });

  it("names what the catalogue and shipping-rates pages show without the service's jargon", async () => {
    for (const path of ["/app/catalogue/228478", "/app/shipping-rates", "/app/publications"]) {
      const page = await h().openAdmin(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(await page.locator("body").innerText(), path).not.toMatch(RAW);
    }
    const page = await h().openAdmin("/app/shipping-rates");
    await page.getByText(/secret code of your shop's own/).waitFor();
    await h().screenshot("words-shipping-rates");
  });
});
