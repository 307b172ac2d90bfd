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
    const { default: prisma } = await import("../../app/db.server");
    // A shop installed before the app was a fulfillment service: no service yet, its own model.
    await prisma.shop.update({
      where: { shop: h().shop },
      data: {
        fulfillmentServiceId: null,
        fulfillmentLocationId: null,
        serviceMoveAt: null,
        serviceModelSince: null,
        serviceRoundDueAt: null,
      },
    });
    // Registered as a visit of a shop installed before registers it (after the page answered);
    // its mapped variants wait for the merchant's move.
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
    await page.setViewportSize({ width: 1280, height: 900 });

    // An order of the moved shop: printed and paid, Shopify's request accepted; the order page
    // says what Shopify's own order page shows.
    const { shopify } = h();
    const { order } = await shopify.control.createOrder(
      {
        lineItems: [{ variantId: DEMO_IDS.variants.photoBook24 }],
        email: "anna@example.com",
        shippingAddress: { countryCode: "NL", zip: "1015 CJ", city: "Amsterdam" },
      },
      { deliver: false },
    );
    await shopify.control.markOrderPaid(order.id, { topics: ["orders/paid"] });
    await (await h().createWorker()).drain();
    const ours = shopify.control
      .getOrder(order.id)!
      .fulfillmentOrders.find(
        (fo) => fo.location.id === shopify.control.fulfillmentServices()[0]!.location.id,
      )!;
    await shopify.control.requestFulfillment(ours.id);
    await lookAtShop(serviceRoundDeps({ logger: quiet }), h().shop);
    const printOrder = await prisma.printOrder.findFirstOrThrow({
      where: { shop: h().shop, shopifyOrderId: String(order.legacyId) },
    });
    await h().openAdmin(`/app/orders/${printOrder.id}`);
    await page.getByText(/^In Shopify: In progress, /).waitFor();
    await h().screenshot("order-request-accepted");
    await page.setViewportSize({ width: 375, height: 812 });
    await h().screenshot("order-request-accepted-375");
    await page.setViewportSize({ width: 1280, height: 900 });

    await h().openAdmin(variantPage);
    await page.getByText(/^Stocked at the Print Connect location/).waitFor();
    await h().screenshot("mapping-stocked");

    // The merchant moves an order's print lines to their own location before requesting them;
    // the parcel ships all the same: never fulfilled there by the app, and the order page says
    // why and what to do.
    const { order: movedOrder } = await shopify.control.createOrder(
      {
        lineItems: [{ variantId: DEMO_IDS.variants.photoBook24 }],
        email: "ben@example.com",
        shippingAddress: { countryCode: "NL", zip: "1015 CJ", city: "Amsterdam" },
      },
      { deliver: false },
    );
    await shopify.control.markOrderPaid(movedOrder.id, { topics: ["orders/paid"] });
    const worker = await h().createWorker();
    await worker.drain();
    const toMove = shopify.control
      .getOrder(movedOrder.id)!
      .fulfillmentOrders.find(
        (fo) => fo.location.id === shopify.control.fulfillmentServices()[0]!.location.id,
      )!;
    shopify.control.moveFulfillmentOrder(toMove.id, DEMO_IDS.locations.warehouse);
    const moved = await prisma.printOrder.findFirstOrThrow({
      where: { shop: h().shop, shopifyOrderId: String(movedOrder.legacyId) },
    });
    h().sandbox.control.advance({ orderId: moved.printOrderId!, to: "SHIPPED" });
    await h().sandbox.control.waitForCallbacks();
    await worker.drain();
    await h().openAdmin(`/app/orders/${moved.id}`);
    await page
      .getByText(/moved to Shop warehouse, away from Print Connect/)
      .first()
      .waitFor();
    await h().screenshot("order-moved-in-shopify");
    await page.setViewportSize({ width: 375, height: 812 });
    await h().screenshot("order-moved-in-shopify-375");
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(shopify.control.getOrder(movedOrder.id)!.fulfillments).toEqual([]);
  });
});
