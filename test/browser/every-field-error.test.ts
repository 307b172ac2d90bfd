import { expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { describeBrowser, setupBrowserHarness } from "./harness";

/**
 * One submit shows every field's error at once, on a wide screen and on a phone: the merchant
 * never fixes one field only to be told of the next one.
 */
const h = setupBrowserHarness();

const VIEWPORTS = [
  { name: "1280", width: 1280, height: 900 },
  { name: "375", width: 375, height: 812 },
] as const;

/** A field's error text, read through its aria-describedby like a screen reader would. */
async function errorOf(field: Locator): Promise<string> {
  expect(await field.getAttribute("aria-invalid")).toBe("true");
  const ids = (await field.getAttribute("aria-describedby")) ?? "";
  const page = field.page();
  const texts = await Promise.all(
    ids
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).innerText()),
  );
  return texts.join(" ");
}

async function at(page: Page, viewport: (typeof VIEWPORTS)[number]) {
  await page.setViewportSize({ width: viewport.width, height: viewport.height });
}

describeBrowser("every field's error on the first submit", () => {
  for (const viewport of VIEWPORTS) {
    it(`Create product, empty: the title, the offering, the PDF and the pages (${viewport.name} px)`, async () => {
      const page = h().page;
      await at(page, viewport);
      await h().openAdmin("/app/products/new");
      await page.getByRole("heading", { name: "Create product", level: 1 }).waitFor();
      await page.getByRole("button", { name: "Create product" }).click();
      await page.getByText("The product was not created").waitFor();
      expect(await errorOf(page.getByLabel("Title", { exact: true }))).toContain(
        "Enter the product's title",
      );
      expect(await errorOf(page.getByLabel("Interior PDF URL"))).toContain(
        "Enter the URL of the print file",
      );
      expect(await errorOf(page.getByLabel("Pages", { exact: true }))).toContain(
        "Enter the number of pages",
      );
      await page.getByText("Choose at least one offering").first().waitFor();
      await h().screenshot(`every-field-error-create-product-${viewport.name}`);
    });

    it(`billing entity: name, e-mail, phone, postal code and VAT number at once (${viewport.name} px)`, async () => {
      const page = h().page;
      await at(page, viewport);
      await h().openAdmin("/app/billing-entities");
      await page.getByRole("heading", { name: "Billing entities", level: 1 }).waitFor();
      const form = page.locator("form", {
        has: page.getByRole("heading", { level: 3, name: "Add a billing entity" }),
      });
      await form.getByLabel("Invoice email addresses").fill("invoices-at-atelier");
      await form.getByLabel("Phone number").fill("call me");
      await form.getByLabel("Country").selectOption({ label: "Netherlands" });
      await form.getByLabel("Postal code").fill("12");
      await form.getByLabel("VAT number").fill("NL12");
      await form.getByRole("button", { name: "Create billing entity" }).click();
      await form.getByText("Enter the company name").waitFor();
      expect(await errorOf(form.getByLabel("Company name"))).toContain("Enter the company name");
      expect(await errorOf(form.getByLabel("Invoice email addresses"))).toContain(
        "Enter valid email addresses",
      );
      expect(await errorOf(form.getByLabel("Phone number"))).toContain("Enter a phone number");
      expect(await errorOf(form.getByLabel("Postal code"))).toContain("e.g. 1012 AB");
      expect(await errorOf(form.getByLabel("VAT number"))).toContain(
        "A VAT number starting with NL continues with 9 digits",
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      await h().screenshot(`every-field-error-billing-entity-${viewport.name}`);
    });
  }
});
