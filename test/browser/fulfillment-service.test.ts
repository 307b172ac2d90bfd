import { expect, it } from "vitest";
import { DEMO_IDS } from "../../sandbox/shopify";
import { describeBrowser, setupBrowserHarness } from "./harness";

/**
 * Settings' move to the app's fulfillment service in Chromium, on the real build: the preview
 * names the print products that move, one button confirms it, and the section then says how
 * far the worker got and, once every mapped product is stocked, since when Shopify sends the
 * print lines to Print Connect.
 */
const h = setupBrowserHarness();

describeBrowser("the move to the fulfillment service", () => {
  it("previews, confirms, and says where the move stands", async () => {
    const { page } = h();
    const { ensureFulfillmentService } = await import("../../app/lib/fulfillment-service.server");
    const { unauthenticated } = await import("../../app/shopify.server");
    // Registered as a visit of a shop installed before registers it (after the page answered).
    await ensureFulfillmentService({
      shop: h().shop,
      admin: async () => (await unauthenticated.admin(h().shop)).admin,
    });

    // A mapped variant's page says where Shopify sends its lines, and offers the move.
    const variantPage = `/app/products/${DEMO_IDS.variants.photoBook24.split("/").pop()}`;
    await h().openAdmin(variantPage);
    await page.getByText("Shopify sends this product's lines to your own location").waitFor();
    await page.getByRole("link", { name: "Move to Print Connect fulfillment" }).waitFor();
    await h().screenshot("mapping-before-move");

    await h().openAdmin("/app/settings");
    const button = page.getByRole("button", { name: "Move to Print Connect fulfillment" });
    await button.scrollIntoViewIfNeeded();
    await page
      .getByText(/Moving stocks your \d+ print products at the Print Connect location/)
      .waitFor();
    // Each mapped product by its title (the demo shop has fewer than the eight it names).
    await page.getByRole("listitem").filter({ hasText: "Hardcover Photo Book" }).first().waitFor();
    await h().screenshot("settings-service-preview");
    await page.setViewportSize({ width: 375, height: 812 });
    await button.scrollIntoViewIfNeeded();
    await h().screenshot("settings-service-preview-375");
    await page.setViewportSize({ width: 1280, height: 900 });

    await button.click();
    await page.getByText(/Moving: 0 of \d+ print products stocked/).waitFor();
    await h().screenshot("settings-service-moving");

    // The worker's looks, as the worker process runs them, until every product is stocked.
    const { serviceRoundDeps } = await import("../../app/lib/fulfillment-service-looks.server");
    const { lookAtShop } = await import("../../app/services/fulfillment-service/round");
    const quiet = { info() {}, warn() {} };
    await expect
      .poll(async () => {
        await lookAtShop(serviceRoundDeps({ logger: quiet }), h().shop);
        const { default: prisma } = await import("../../app/db.server");
        return (await prisma.shop.findUniqueOrThrow({ where: { shop: h().shop } }))
          .serviceModelSince;
      })
      .not.toBeNull();
    await h().openAdmin("/app/settings");
    const since = page.getByText(/Shopify sends your print lines to Print Connect/);
    await since.scrollIntoViewIfNeeded();
    await h().screenshot("settings-service-moved");
    await page.setViewportSize({ width: 375, height: 812 });
    await since.scrollIntoViewIfNeeded();
    await h().screenshot("settings-service-moved-375");

    await h().openAdmin(variantPage);
    const stocked = page.getByText(/^Stocked at the Print Connect location/);
    await stocked.scrollIntoViewIfNeeded();
    await h().screenshot("mapping-stocked-375");
    await page.setViewportSize({ width: 1280, height: 900 });
    await h().screenshot("mapping-stocked");
  });
});
