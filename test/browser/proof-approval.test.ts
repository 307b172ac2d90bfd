import { expect, it } from "vitest";
import { describeBrowser, setupBrowserHarness } from "./harness";
import { standInAdminPages } from "./stand-in-admin-pages";

/**
 * Create product with "Draft until I approve a proof copy" in Chromium, on the real build: the
 * product is made a draft and its page offers the proof. With none ordered it can be approved
 * only by confirming that; once one is ordered, its page names it and "Approve Proof P…" makes
 * the product active in Shopify.
 */
const h = setupBrowserHarness();

const SLOW = { timeout: 90_000 };

describeBrowser("a product kept a draft until its proof is approved", () => {
  it(
    "is created as a draft and made active when the proof ordered of it is approved",
    SLOW,
    async () => {
      const { sandbox, shopify, shop } = h();
      const title = "Proof first notebook";
      const page = await h().openAdmin("/app/products/new?offering=228501");
      await page.getByLabel("Title", { exact: true }).fill(title);
      await page
        .getByLabel("Interior PDF URL")
        .fill(`${sandbox.url}/files/photo-book/interior-48.pdf`);
      await page.getByLabel("Pages", { exact: true }).fill("48");
      await page.getByLabel("Width (mm)").fill("210");
      await page.getByLabel("Height (mm)").fill("297");
      await page.getByText("No image", { exact: true }).click();
      await page.getByText("Draft until I approve a proof copy", { exact: true }).click();
      await page.getByRole("button", { name: "Create product" }).click();
      await page.waitForURL(/\/app\/products\/created\/[\w-]+/, { timeout: 60_000 });
      await page.getByText("Waiting for approval", { exact: true }).waitFor();
      await page.getByRole("link", { name: "Order a proof copy", exact: true }).waitFor();
      expect(shopify.control.products(shop, { title })[0]?.status).toBe("DRAFT");
      await h().screenshot("proof-approval-waiting");

      // No proof ordered: approving needs the confirmation that none was.
      const without = page.getByRole("button", { name: "Approve without a proof" });
      expect(await without.isDisabled()).toBe(true);
      await page.getByText("No proof copy ordered yet.", { exact: true }).waitFor();

      // The merchant orders one: back on the product's page, it is named and approved.
      const productPage = page.url();
      await page.getByRole("link", { name: "Order a proof copy", exact: true }).click();
      await page.waitForURL(/\/app\/proofs\/new\?/);
      const place = page.getByRole("button", { name: /^Place proof order for €\d/ });
      await place.waitFor({ timeout: 30_000 });
      await place.click();
      await page.waitForURL(/\/app\/orders\/[^/?]+/);
      await page.goto(productPage);
      const approve = page.getByRole("button", { name: /^Approve Proof P\d+$/ });
      await approve.waitFor();
      const proofName = (await approve.textContent())!.replace("Approve ", "");
      await page.getByRole("link", { name: proofName, exact: true }).waitFor();
      await h().screenshot("proof-approval-proof-ordered");
      await approve.click();
      await page.getByText("Approved", { exact: true }).waitFor({ timeout: 30_000 });
      await page.getByText(`You approved ${proofName} on `, { exact: false }).waitFor();
      expect(shopify.control.products(shop, { title })[0]?.status).toBe("ACTIVE");
      await h().screenshot("proof-approval-approved");
      // "Open in Shopify": offline, the Shopify stand-in's page of the product.
      await standInAdminPages(page);
      await page.getByRole("link", { name: "Open in Shopify" }).last().click();
      await page.waitForURL((url) => url.pathname === "/dev/shopify-admin");
      expect(new URL(page.url()).searchParams.get("to")).toMatch(
        new RegExp(`^https://${shop}/admin/products/\\d+$`),
      );
      await page.getByRole("heading", { name: new RegExp(`^${title}`) }).waitFor();
      await page.getByText("Active", { exact: true }).waitFor();
      await h().screenshot("open-in-shopify-stand-in");
      await page.unroute("**/dev/shopify-admin?**");
      h().assertNoBrowserErrors();
    },
  );
});

describeBrowser("a product approved without a proof copy", () => {
  it("is made active only once the merchant confirms that none was ordered", SLOW, async () => {
    const { sandbox, shopify, shop } = h();
    const title = "Unproofed notebook";
    const page = await h().openAdmin("/app/products/new?offering=228501");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page
      .getByLabel("Interior PDF URL")
      .fill(`${sandbox.url}/files/photo-book/interior-48.pdf`);
    await page.getByLabel("Pages", { exact: true }).fill("48");
    await page.getByLabel("Width (mm)").fill("210");
    await page.getByLabel("Height (mm)").fill("297");
    await page.getByText("No image", { exact: true }).click();
    await page.getByText("Draft until I approve a proof copy", { exact: true }).click();
    await page.getByRole("button", { name: "Create product" }).click();
    await page.waitForURL(/\/app\/products\/created\/[\w-]+/, { timeout: 60_000 });
    await page.getByText("I approve this product without ordering a proof copy").click();
    await page.getByRole("button", { name: "Approve without a proof" }).click();
    await page
      .getByText(/^You approved the product without a proof copy on /)
      .waitFor({ timeout: 30_000 });
    expect(shopify.control.products(shop, { title })[0]?.status).toBe("ACTIVE");
    await h().screenshot("proof-approval-without-proof");
    h().assertNoBrowserErrors();
  });
});
