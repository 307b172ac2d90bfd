import axe from "axe-core";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { describeBrowser, setupBrowserHarness } from "./harness";

/**
 * Creating a print product in Chromium, on the real build: a two-variant book
 * from the merchant's PDF, priced by the shop's margin rule, is created in the
 * Shopify stand-in and mapped; Products lists it with its margin; a paid
 * order of it goes to print and is paid at the print service.
 */
const h = setupBrowserHarness();

// Checks the PDF (twice), quotes both variants, renders nothing, creates and maps: a busy machine needs time.
const SLOW = { timeout: 90_000 };
const TITLE = "Summer in Zeeland";

/** axe-core's serious and critical violations on the page as it is now (as accessibility.test.ts). */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) {
    await page.addScriptTag({ content: axe.source });
  }
  return page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const result = await run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `[${v.impact}] ${v.id}: ${v.help} (${v.nodes[0]?.target.join(" ")})`);
  });
}

describeBrowser("creating a print product from a PDF", () => {
  it(
    "creates a two-variant book, lists it mapped with its margin, and prints a paid order",
    SLOW,
    async () => {
      const { sandbox, shopify, shop } = h();
      // From the offering's page in the catalogue.
      const page = await h().openAdmin("/app/catalogue/228478");
      await page.getByRole("link", { name: "Create product" }).first().click();
      await page.waitForURL(/\/app\/products\/new\?offering=228478/);
      await page.getByRole("heading", { name: "Create product" }).waitFor();
      // Opened from the offering: the first variant is that offering, named after it.
      expect(await page.getByLabel("Offering", { exact: true }).first().inputValue()).toBe(
        "228478",
      );
      const names = page.getByLabel("Name shoppers see");
      expect(await names.first().inputValue()).toBe("Hardcover book A4 portrait");

      await page.getByLabel("Title", { exact: true }).fill(TITLE);
      await page.getByLabel("Description").fill("A week on the coast, in 48 pages.");
      await page
        .getByLabel("Interior PDF URL")
        .fill(`${sandbox.url}/files/photo-book/interior-48.pdf`);
      await page.getByLabel("Pages", { exact: true }).fill("48");
      await names.first().fill("Hardcover");
      await page.getByLabel("ISBN (optional)").first().fill("978-0-306-40615-7");

      await page.getByRole("button", { name: "Add a variant" }).click();
      await page.getByLabel("Offering", { exact: true }).nth(1).selectOption("228501");
      // A custom-size offering asks for its size; the A4 one does not.
      expect(await page.getByLabel("Width (mm)").count()).toBe(1);
      await names.nth(1).fill("Softcover");
      await page.getByLabel("Width (mm)").fill("210");
      await page.getByLabel("Height (mm)").fill("297");

      await page.getByRole("button", { name: "Work out prices" }).click();
      const table = page.locator("table").filter({ hasText: "Suggested price" });
      await table.getByText("Softcover", { exact: true }).waitFor({ timeout: 30_000 });
      expect(await table.getByText("Ready to print").count()).toBe(2);
      expect(await table.getByText(/€\d+\.99/).count()).toBeGreaterThanOrEqual(4);
      expect(await page.getByText("Sell below cost").count()).toBe(0);
      await h().screenshot("product-creation-form");
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole("button", { name: "Create product" }).click();
      await page.waitForURL(/\/app\/products\/created\/[\w-]+/, { timeout: 60_000 });
      await page.getByText("Product created as a draft in your store").waitFor();
      await page.getByRole("link", { name: "Mapping of Hardcover" }).waitFor();
      await page.getByRole("link", { name: "Mapping of Softcover" }).waitFor();
      // The edition's ISBN, as written to its barcode.
      await page.getByText("ISBN 9780306406157", { exact: true }).waitFor();
      // The product image is the PDF's first page.
      await page.getByText(/^Image: (ready|Shopify is still processing it)\.$/).waitFor();
      await h().screenshot("product-creation-created");
      expect(await seriousViolations(page)).toEqual([]);

      // One product in the store, with both variants.
      const products = shopify.control.products(shop, { title: TITLE });
      expect(products).toHaveLength(1);
      const product = products[0]!;
      expect(product.variants.map((v) => v.title).sort()).toEqual(["Hardcover", "Softcover"]);

      // Products lists it mapped, with a margin worked out when it was created.
      await h().openAdmin(`/app/products?q=${encodeURIComponent(TITLE)}`);
      for (const label of ["Hardcover", "Softcover"]) {
        const row = page.locator("tr").filter({ has: page.getByRole("link", { name: label }) });
        await row.getByText("Mapped", { exact: true }).waitFor();
        await row
          .getByText(/€\d+\.\d\d/)
          .nth(1)
          .waitFor();
        expect(await row.getByText("Not worked out").count()).toBe(0);
        expect(await row.getByText(/Loss/).count()).toBe(0);
      }
      await h().screenshot("product-creation-products");

      // A customer buys the softcover; the paid order goes to print.
      const softcover = product.variants.find((v) => v.title === "Softcover")!;
      const { order } = await shopify.control.createOrder(
        { lineItems: [{ variantId: softcover.id }], email: "anna@example.com" },
        { deliver: false },
      );
      await shopify.control.markOrderPaid(order.id, { topics: ["orders/paid"] });
      const worker = await h().createWorker();
      await worker.drain();
      const { default: prisma } = await import("../../app/db.server");
      const printOrder = await prisma.printOrder.findFirstOrThrow({
        where: { shopifyOrderId: String(order.legacyId) },
        include: { items: true },
      });
      expect(printOrder.status, printOrder.lastErrorMessage ?? "").toBe("paid");
      expect(printOrder.items.map((i) => i.offeringId)).toEqual([228501]);
      // The print service got the product's own file, size and pages, and was paid.
      const atService = sandbox.control.order(printOrder.printOrderId!)!;
      expect(atService.state).toBe("PAID");
      expect(atService.items.map((i) => [i.offeringId, i.files?.pages, i.files?.width])).toEqual([
        [228501, 48, 210],
      ]);
      expect(atService.items[0]?.files?.contentUrl).toBe(
        `${sandbox.url}/files/photo-book/interior-48.pdf`,
      );

      await h().openAdmin(`/app/orders/${printOrder.id}`);
      await page.getByText("Paid", { exact: true }).first().waitFor();
      await page.getByText(TITLE).first().waitFor();
      await h().screenshot("product-creation-order-paid");

      // The print service prints it; the open order page says so on its own.
      sandbox.control.advance({ orderId: printOrder.printOrderId!, to: "IN_PRODUCTION" });
      await sandbox.control.waitForCallbacks();
      await worker.drain();
      await page.getByText("Print service: Being printed.").first().waitFor({ timeout: 30_000 });
      await page.getByText("In production", { exact: true }).first().waitFor();
      await h().screenshot("product-creation-order-printing");
    },
  );

  it(
    "shows a refused price on its variant's field, and sells below cost only when confirmed",
    SLOW,
    async () => {
      const { sandbox, shopify, shop } = h();
      const title = "Loss leader notebook";
      const page = await h().openAdmin("/app/products/new?offering=228501");
      // The form's request key is in the address: a reload posts the same one.
      await page.waitForURL(/[?&]key=[\w-]{22,}/);
      await page.getByLabel("Title", { exact: true }).fill(title);
      // Typed work is not lost on a navigation: the app asks first, and "Stay" keeps it.
      await page
        .getByRole("navigation", { name: "App navigation" })
        .getByRole("link", { name: "Orders" })
        .click();
      const leave = page.getByRole("dialog", { name: "Leave page with unsaved changes?" });
      await leave.getByRole("button", { name: "Stay" }).click();
      await leave.waitFor({ state: "hidden" });
      expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe(title);
      await page
        .getByLabel("Interior PDF URL")
        .fill(`${sandbox.url}/files/photo-book/interior-48.pdf`);
      await page.getByLabel("Pages", { exact: true }).fill("48");
      await page.getByLabel("Width (mm)").fill("210");
      await page.getByLabel("Height (mm)").fill("297");
      await page.getByText("No image", { exact: true }).click();
      const price = page.getByLabel("Price (EUR, optional)");
      await price.fill("abc");

      await page.getByRole("button", { name: "Create product" }).click();
      await page.getByText("The product was not created").waitFor({ timeout: 30_000 });
      const priceField = page.locator(".Polaris-FormLayout__Item").filter({ has: price });
      await priceField.locator(".Polaris-InlineError").waitFor();

      // A price below cost: the preview says so, and creating needs the confirmation.
      await price.fill("5.00");
      // The old message goes as soon as the field changes.
      expect(await priceField.locator(".Polaris-InlineError").count()).toBe(0);
      await page.getByRole("button", { name: "Create product" }).click();
      const confirm = page.getByLabel("Sell below cost");
      await confirm.waitFor({ timeout: 30_000 });
      await page.getByText("Some prices are below what printing costs").waitFor();
      await page
        .getByText(/^Loss: /)
        .first()
        .waitFor();
      expect(shopify.control.products(shop, { title })).toHaveLength(0);
      await h().screenshot("product-creation-loss");
      expect(await seriousViolations(page)).toEqual([]);

      await confirm.check();
      // A double click posts the same request key twice: still one product.
      await page.getByRole("button", { name: "Create product" }).dblclick();
      await page.waitForURL(/\/app\/products\/created\/[\w-]+/, { timeout: 60_000 });
      await page.getByText("Product created as a draft in your store").waitFor();
      await page
        .getByText(/^Loss: /)
        .first()
        .waitFor();
      expect(shopify.control.products(shop, { title })).toHaveLength(1);
      expect(shopify.control.products(shop, { title })[0]?.variants[0]?.price).toBe("5.00");

      // Products warns of it, with the way to reprice.
      await h().openAdmin("/app/products");
      await page.getByText(/^1 variant sells below your target margin$/).waitFor();
      await page.getByRole("link", { name: "Review prices" }).waitFor();
      await h().screenshot("product-creation-products-below-target");
    },
  );

  it(
    "says why a creation failed, and Try again reopens the form with the same values",
    SLOW,
    async () => {
      const { sandbox, shopify, shop } = h();
      const title = "Second try atlas";
      const page = await h().openAdmin("/app/products/new?offering=228478");
      await page.getByLabel("Title", { exact: true }).fill(title);
      await page
        .getByLabel("Interior PDF URL")
        .fill(`${sandbox.url}/files/photo-book/interior-48.pdf`);
      await page.getByLabel("Pages", { exact: true }).fill("48");
      await page.getByText("No image", { exact: true }).click();
      // Shopify refuses to create products for a while.
      shopify.control.injectFault({
        target: "graphql",
        mutation: "productSet",
        status: 503,
        times: 5,
      });
      try {
        await page.getByRole("button", { name: "Create product" }).click();
        await page.waitForURL(/\/app\/products\/created\/[\w-]+/, { timeout: 60_000 });
        await page.getByText("The product was not created").waitFor();
      } finally {
        shopify.control.clearFaults();
      }
      expect(shopify.control.products(shop, { title })).toHaveLength(0);
      await h().screenshot("product-creation-failed");

      await page.getByRole("link", { name: "Try again" }).click();
      await page.waitForURL(/\/app\/products\/new\?/);
      expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe(title);
      expect(await page.getByLabel("Pages", { exact: true }).inputValue()).toBe("48");
      expect(await page.getByLabel("Offering", { exact: true }).first().inputValue()).toBe(
        "228478",
      );
      await page.getByRole("button", { name: "Create product" }).click();
      await page.waitForURL(/\/app\/products\/created\/[\w-]+/, { timeout: 60_000 });
      await page.getByText("Product created as a draft in your store").waitFor();
      expect(shopify.control.products(shop, { title })).toHaveLength(1);
    },
  );

  it("asks for the write_products scope, saying why, when the shop has not granted it", async () => {
    const { shopify, shop } = h();
    const { updateShopScopes } = await import("../../app/data/shop.server");
    const { DEFAULT_SCOPES } = await import("../../sandbox/shopify");
    const without = DEFAULT_SCOPES.split(",")
      .filter((s) => s !== "write_products")
      .join(",");
    shopify.control.setScopes(shop, without);
    await updateShopScopes({ shop, scopes: without });
    try {
      // From the Products page's primary action.
      const page = await h().openAdmin("/app/products");
      await page.getByRole("link", { name: "Create product" }).first().click();
      await page.getByText("Allow Print Connect to create products").waitFor();
      await page.getByText(/Shopify asks you to allow it to write products/).waitFor();
      await page.getByRole("button", { name: "Grant access" }).waitFor();
      expect(await page.getByLabel("Title", { exact: true }).count()).toBe(0);
      await h().screenshot("product-creation-scope");
    } finally {
      shopify.control.setScopes(shop, DEFAULT_SCOPES);
      await updateShopScopes({ shop, scopes: DEFAULT_SCOPES });
    }
  });
});
