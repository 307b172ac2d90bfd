import { expect, it } from "vitest";
import { describeBrowser, setupBrowserHarness } from "./harness";

/**
 * Create product with "Draft until I approve a proof copy" in Chromium, on the real build: the
 * product is made a draft, its page offers the proof, and "Mark the proof approved" makes it
 * active in Shopify.
 */
const h = setupBrowserHarness();

const SLOW = { timeout: 90_000 };

describeBrowser("a product kept a draft until its proof is approved", () => {
  it("is created as a draft and made active when the proof is marked approved", SLOW, async () => {
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

    await page.getByRole("button", { name: "Mark the proof approved" }).click();
    await page.getByText("Approved", { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByText(/^You approved the proof on /).waitFor();
    expect(shopify.control.products(shop, { title })[0]?.status).toBe("ACTIVE");
    await h().screenshot("proof-approval-approved");
    h().assertNoBrowserErrors();
  });
});
