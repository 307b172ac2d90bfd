import { expect, it } from "vitest";
import { describeBrowser, setupBrowserHarness } from "./harness";

/**
 * A book mapping's ISBN on later visits to its page: when the variant's barcode in Shopify is
 * not the saved ISBN (a write Shopify refused, or a barcode changed in Shopify since), the page
 * says which barcode Shopify has and how to write the ISBN (test/admin/isbn.test.ts drives the
 * refused write through the real routes).
 */
const h = setupBrowserHarness();
const NOVEL = 20003;

describeBrowser("a book's ISBN on its mapping page", () => {
  it("says when Shopify's barcode is not the saved ISBN, and not when it is", async () => {
    const { default: prisma } = await import("../../app/db.server");
    await prisma.variantMapping.upsert({
      where: {
        shop_variantId: { shop: h().shop, variantId: `gid://shopify/ProductVariant/${NOVEL}` },
      },
      create: {
        shop: h().shop,
        variantId: `gid://shopify/ProductVariant/${NOVEL}`,
        offeringId: 228500,
        title: "Softcover novel",
        contentUrl: "https://files.example.com/novel.pdf",
        contentWidth: 148,
        contentHeight: 210,
        numberOfPages: 240,
        isbn: "9781861978769",
      },
      update: { isbn: "9781861978769" },
    });
    const variant = h().shopify.state.variants.get(NOVEL)!;
    variant.barcode = "4006381333931";

    const page = await h().openAdmin(`/app/products/${NOVEL}`);
    const banner = page.getByRole("status").or(page.getByRole("alert")).filter({
      hasText: "The ISBN is saved, but it is not in Shopify yet",
    });
    await banner
      .getByText(
        "The variant's barcode in Shopify is 4006381333931, not the saved ISBN 9781861978769.",
        { exact: false },
      )
      .waitFor();
    await h().screenshot("isbn-not-in-shopify");

    variant.barcode = "9781861978769";
    await h().openAdmin(`/app/products/${NOVEL}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByLabel("ISBN").waitFor();
    expect(await page.getByText("The ISBN is saved, but it is not in Shopify yet").count()).toBe(0);
  });
});

describeBrowser("one ISBN on two products", () => {
  it("warns under the ISBN field as it is typed, naming the product that has it", async () => {
    const { default: prisma } = await import("../../app/db.server");
    // The novel's mapping carries the ISBN (the test above saved it).
    await prisma.variantMapping.update({
      where: {
        shop_variantId: { shop: h().shop, variantId: `gid://shopify/ProductVariant/${NOVEL}` },
      },
      data: { isbn: "9781861978769" },
    });
    const page = await h().openAdmin("/app/products/20001");
    await page.getByLabel("ISBN").fill("978-1-86197-876-9");
    await page
      .getByText("ISBN 9781861978769 is already on “Softcover novel”.", { exact: false })
      .waitFor();
    await page.getByRole("link", { name: "Open “Softcover novel”" }).waitFor();
    await h().screenshot("isbn-on-another-product");
    // Another ISBN: the warning goes.
    await page.getByLabel("ISBN").fill("978-3-16-148410-0");
    await page.getByText("is already on", { exact: false }).waitFor({ state: "detached" });
    h().assertNoBrowserErrors();
  });
});
