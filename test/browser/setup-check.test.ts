import type { Locator, Page } from "playwright-core";
import { expect, it } from "vitest";
import { DEFAULT_PRODUCT_TEMPLATE, DEMO_IDS } from "../../sandbox/shopify/seed";
import { describeBrowser, setupBrowserHarness } from "./harness";
import { standInAdminPages } from "./stand-in-admin-pages";

/**
 * Home's setup check in the browser, streamed in after the page: first a shop with problems
 * (the block missing from the theme, the cart rule off, the carrier service turned off in
 * Shopify), fixed with the check's own buttons where the app can; then a shop where everything
 * is fine. Screenshots at 1280 and 375 px of both.
 */
const h = setupBrowserHarness();

const templateWithBlock = DEFAULT_PRODUCT_TEMPLATE.replace(
  '"title": { "type": "title", "settings": {} },',
  `"title": { "type": "title", "settings": {} },
        "print": { "type": "shopify://apps/print-connect/blocks/print-specs/0f3c2a10-5b7e-4c1d-9a2e-3b4c5d6e7f80", "settings": {} },`,
);

function setupCard(page: Page) {
  return page
    .locator(".Polaris-Card, .Polaris-ShadowBevel")
    .filter({ has: page.getByRole("heading", { name: "Setup check", level: 2 }) })
    .filter({ hasNot: page.getByText("Asking Shopify and the print service") });
}

/**
 * What the setup card says, for a poll. When one of the check's questions to Shopify ran past
 * its bound or found the stand-in's query budget spent ("Couldn't check"), Home is opened
 * again, as a merchant would; `unfold` opens the fine checks when they are folded.
 */
async function cardTextOnceChecked(card: Locator, { unfold = false } = {}): Promise<string> {
  const text = (await card.count()) > 0 ? await card.first().innerText() : "";
  if (/Couldn.t check/.test(text)) {
    await h().openAdmin("/app");
    return text;
  }
  if (!unfold) return text;
  const show = card.getByRole("button", { name: /^Show the \d+ fine checks$/ });
  if (await show.isVisible()) await show.click();
  return (await card.count()) > 0 ? await card.first().innerText() : "";
}

async function shots(page: Page, name: string) {
  await h().screenshot(`${name}-1280`);
  await page.setViewportSize({ width: 375, height: 812 });
  try {
    await setupCard(page).scrollIntoViewIfNeeded();
    await h().screenshot(`${name}-375`);
    // Nothing of the check runs wider than the phone's screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
}

describeBrowser("Home's setup check", () => {
  it("shows each problem with the one action that fixes it, and carries out the ones the app can", async () => {
    const { saveMapping } = await import("../../app/data/mapping.server");
    const { enableCarrierRates } = await import("../../app/lib/rates.server");
    const { shopifyAdmin } = await import("../../app/lib/admin-client.server");
    const shop = h().shop;
    // A print sold in sets of 5 (the cart rule must be on), rates on, their service off in Shopify.
    await saveMapping({
      shop,
      mapping: {
        variantId: DEMO_IDS.variants.notebook,
        productId: DEMO_IDS.products.notebook,
        title: "Dotted Notebook A5",
        offeringId: 228570,
        contentWidth: 148,
        contentHeight: 210,
        numberOfPages: 96,
        storefrontMinimumQuantity: 5,
      },
    });
    await enableCarrierRates({
      shop,
      graphql: (query, variables) => shopifyAdmin.graphql(shop, query, variables),
    });
    const [service] = h().shopify.control.listCarrierServices(shop);
    h().shopify.control.setCarrierServiceActive(service!.id, false);

    const page = await h().openAdmin("/app");
    const card = setupCard(page);
    await card.getByRole("heading", { name: "Print details on your product pages" }).waitFor();
    await card.getByText("does not show the Print details block").waitFor();
    expect(
      await card
        .getByRole("link", { name: "Add the block in the theme editor" })
        .getAttribute("href"),
    ).toContain(`/admin/themes/current/editor?template=product&addAppBlockId=`);
    await card.getByText(/^None yet\. The print service sends one/).waitFor();
    await card.getByRole("textbox", { name: "Status update URL" }).waitFor();
    await card.getByRole("button", { name: "Turn on the cart rule" }).waitFor();
    await card.getByRole("button", { name: "Turn the carrier service on" }).waitFor();
    await shots(page, "home-setup-check-problems");

    await card.getByRole("button", { name: "Turn on the cart rule" }).click();
    await page
      .getByText("The cart rule is on: checkout now refuses fewer copies than a set.")
      .waitFor();
    expect(h().shopify.control.listValidations(shop)).toEqual([
      expect.objectContaining({ functionHandle: "print-connect-cart-rules", enabled: true }),
    ]);
    await card.getByRole("button", { name: "Turn the carrier service on" }).click();
    await page.getByText("The carrier service is registered and active again.").waitFor();
    expect(h().shopify.control.listCarrierServices(shop)[0]?.active).toBe(true);
    // Home reloaded its data (it asks Shopify and the print service again, which takes a while
    // on a busy machine): the two items are fine now.
    const reloaded = { timeout: 30_000 };
    await card
      .getByRole("button", { name: "Turn the carrier service on" })
      .waitFor({ state: "detached", ...reloaded });
    await card
      .getByRole("button", { name: "Turn on the cart rule" })
      .waitFor({ state: "detached", ...reloaded });
    // A reload that lands after the click folds the fine checks again: open them until shown.
    await expect
      .poll(() => cardTextOnceChecked(card, { unfold: true }), reloaded)
      .toContain("On: checkout refuses fewer copies");
    await card.getByText("The Print Connect carrier service is registered and active").waitFor();
    await h().screenshot("home-setup-check-fixed");
  });

  it("adds the Print details block through the theme editor link: offline, the stand-in's editor", async () => {
    const page = await h().openAdmin("/app");
    await standInAdminPages(page);
    const card = setupCard(page);
    await card.getByText("does not show the Print details block").waitFor();
    await card.getByRole("link", { name: "Add the block in the theme editor" }).click();
    await page.waitForURL((url) => url.pathname === "/dev/shopify-admin");
    expect(new URL(page.url()).searchParams.get("to")).toMatch(
      new RegExp(
        `^https://${h().shop}/admin/themes/current/editor\\?template=product&addAppBlockId=[^&]+/print-specs`,
      ),
    );
    await page.getByRole("heading", { name: "Dawn: product template" }).waitFor();
    await h().screenshot("theme-editor-stand-in");
    await page.getByRole("button", { name: "Add block and save" }).click();
    await page.getByText("Block added and saved.").waitFor();
    await h().openAdmin("/app");
    const back = setupCard(page);
    await expect
      .poll(() => cardTextOnceChecked(back, { unfold: true }), { timeout: 30_000 })
      .toContain("The Print details block is on the product page of your live theme");
    await page.unroute("**/dev/shopify-admin?**");
  });

  it("says all is well once the block is in the theme and an order went through, and lists the fine checks on request", async () => {
    h().shopify.control.setThemeFile("templates/product.json", templateWithBlock);
    const { shopify } = h();
    const { order } = await shopify.control.createOrder(
      { lineItems: [{ variantId: DEMO_IDS.variants.photoBook24 }], email: "anna@example.com" },
      { deliver: false },
    );
    await shopify.control.markOrderPaid(order.id, { topics: ["orders/paid"] });
    const worker = await h().createWorker();
    await worker.drain();
    await h().sandbox.control.waitForCallbacks();

    const page = await h().openAdmin("/app");
    const card = setupCard(page);
    // The check asks Shopify and the print service (each call bounded at 6 and 9 s), which
    // takes a while on a busy machine; a failure shows what the card said instead.
    await expect
      .poll(() => cardTextOnceChecked(card), { timeout: 30_000 })
      .toContain("Print Connect, Shopify and the print service are set up and talking.");
    await card.getByText(/^10 of 10 checks fine/).waitFor();
    await card.getByRole("button", { name: "Show the 10 fine checks" }).click();
    await card
      .getByText(`Shopify's latest paid order, ${order.name}, reached Print Connect.`)
      .waitFor();
    await card.getByText(/^Last status update:/).waitFor();
    await shots(page, "home-setup-check-fine");
  });
});
