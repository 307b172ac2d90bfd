import axe from "axe-core";
import { expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { describeBrowser, setupBrowserHarness } from "./harness";

/**
 * Managing what the merchant created: billing entities (Settings) and publications. The print
 * service can neither change nor delete either, so Edit makes a corrected one and Hide/Remove
 * act in this app only; the pages say so.
 */
const h = setupBrowserHarness();

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

/** axe-core's serious and critical findings on the page as it is now, as "rule: target". */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window)))
    await page.addScriptTag({ content: axe.source });
  return page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const result = await run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
}

function billingForm(page: Page) {
  return page.locator("form", {
    has: page.getByRole("heading", { level: 3, name: /^(Add a billing entity|Edit )/ }),
  });
}

describeBrowser("managing billing entities and publications", () => {
  it("checks a billing entity's fields, edits one as a new entity, and hides one", async () => {
    const page = await h().openAdmin("/app/billing-entities");
    await page.getByRole("heading", { name: "Billing entities", level: 1 }).waitFor();
    const form = billingForm(page);
    const saveBar = page.getByRole("region", { name: "Save bar" });
    expect(await saveBar.isVisible()).toBe(false);
    await form.getByLabel("Company name").fill("Atelier Noord");
    // What is typed here is guarded like any form: the save bar shows until it is saved.
    await saveBar.waitFor();
    await form.getByLabel("Country").selectOption({ label: "Netherlands" });
    await form.getByLabel("Postal code").fill("10115");
    await form.getByLabel("VAT number").fill("NL12345");
    await form.getByLabel("Invoice email addresses").fill("invoices@atelier.example");
    await form.getByRole("button", { name: "Create billing entity" }).click();

    const postal = form.getByLabel("Postal code");
    const vat = form.getByLabel("VAT number");
    await page.getByText("Enter a postal code in this country's format, e.g. 1012 AB").waitFor();
    expect(await errorOf(postal)).toContain("e.g. 1012 AB");
    expect(await errorOf(vat)).toContain(
      "A VAT number starting with NL continues with 9 digits, B and 2 digits, e.g. NL123456789B01",
    );
    await h().screenshot("manage-billing-entity-refused");
    expect(await seriousViolations(page)).toEqual([]);

    await postal.fill("1015 CJ");
    await vat.fill("NL123456789B01");
    await form.getByRole("button", { name: "Create billing entity" }).click();
    const created = page.getByText(/^Billing entity #\d+ created$/);
    await created.waitFor();
    const originalId = Number((await created.innerText()).match(/#(\d+)/)![1]);
    await saveBar.waitFor({ state: "hidden" });
    const list = page.getByRole("list", { name: "Billing entities", exact: true });
    await list.getByText("Atelier Noord").waitFor();

    // Edit: prefilled with what was sent; the note says the print service keeps the old one.
    await page.getByRole("button", { name: "Edit Atelier Noord" }).click();
    await page.getByRole("heading", { name: `Edit Atelier Noord (#${originalId})` }).waitFor();
    await page
      .getByText(`Saving creates a new billing entity with these details and hides #${originalId}`)
      .waitFor();
    const editForm = billingForm(page);
    expect(await editForm.getByLabel("Postal code").inputValue()).toBe("1015 CJ");
    expect(await editForm.getByLabel("Country").inputValue()).toBe("NL");
    await editForm.getByLabel("Company name").fill("Atelier Noord BV");
    await editForm.getByLabel("Postal code").fill("1016");
    await editForm.getByRole("button", { name: "Save as a new billing entity" }).click();
    await page.getByText("Enter a postal code in this country's format, e.g. 1012 AB").waitFor();
    expect(await errorOf(editForm.getByLabel("Postal code"))).toContain("1012 AB");
    await editForm.getByLabel("Postal code").fill("1016 DX");
    await editForm.getByRole("button", { name: "Save as a new billing entity" }).click();
    const replaced = page.getByText(new RegExp(`^Billing entity #(\\d+) replaces #${originalId}$`));
    await replaced.waitFor();
    await list.getByText("Atelier Noord BV").waitFor();
    const hidden = page.getByRole("list", { name: "Hidden billing entities" });
    await hidden.getByText(`Atelier Noord #${originalId}`).waitFor();
    await hidden.getByText(/^Replaced by #\d+/).waitFor();

    // Hide: only here, and it can come back.
    await page.getByRole("button", { name: "Hide Atelier Noord BV" }).click();
    await page.getByText(/^Billing entity #\d+ is hidden here$/).waitFor();
    await page.getByText("The print service still has it. You can show it again below.").waitFor();
    await hidden.getByText(/^Atelier Noord BV #\d+$/).waitFor();
    expect(await list.getByText("Atelier Noord BV").count()).toBe(0);
    await page.getByText("All your billing entities are hidden here.", { exact: false }).waitFor();

    await page.getByRole("button", { name: "Show again: Atelier Noord BV" }).click();
    await page.getByText(/^Billing entity #\d+ is shown again$/).waitFor();
    await list.getByText("Atelier Noord BV").waitFor();
    await h().screenshot("manage-billing-entities");
    expect(await seriousViolations(page)).toEqual([]);
    h().assertNoBrowserErrors();
  });

  it("lists publications with product names, copies a link, edits and removes one", async () => {
    await h().context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: h().appUrl,
    });
    const page = await h().openAdmin("/app/publications");
    await page.getByRole("heading", { name: "Publications", level: 1 }).waitFor();
    await page.getByText("A print file", { exact: true }).click();
    await page.getByLabel("Product", { exact: true }).selectOption("228500");
    await page.getByLabel("File URL").fill("https://files.example.com/travel-diary.pdf");
    await page.getByLabel("Pages", { exact: true }).fill("48");
    await page.getByLabel("Width (mm)").fill("148");
    await page.getByLabel("Height (mm)").fill("210");
    await page.getByLabel("Title", { exact: true }).fill("Travel diary");
    await page.getByRole("button", { name: "Create publication" }).click();
    await page.getByText("Publication created").waitFor();

    const row = page.getByRole("row", { name: /Travel diary/ });
    await row.getByText("Softcover book A5").waitFor();
    await row.getByText("Offering 228500").waitFor();
    const link = await row.getByRole("link", { name: "Open checkout" }).getAttribute("href");
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/print\/\d+$/);

    // The copy button puts the link on the clipboard and says so.
    await row.getByRole("button", { name: "Copy link of Travel diary" }).click();
    await row.getByRole("button", { name: "Copied link of Travel diary" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // Every column is in view at 1280 px: nothing scrolls sideways inside the card.
    for (const name of [
      "Title",
      "Product",
      "Checkout link",
      "Currency and language",
      "Created",
      "Actions",
    ])
      await page.getByRole("columnheader", { name }).waitFor();
    const overflow = await page.evaluate(() => {
      const scroller = document.querySelector(".Polaris-IndexTable-ScrollContainer");
      return scroller ? scroller.scrollWidth - scroller.clientWidth : -1;
    });
    expect(overflow).toBeGreaterThanOrEqual(0);
    expect(overflow).toBeLessThanOrEqual(1);
    await h().screenshot("manage-publications");

    // Edit: a refused field first, then saved as a new listing; the old link keeps working.
    await row.getByRole("button", { name: "Edit Travel diary" }).click();
    await page.getByRole("heading", { name: "Edit “Travel diary”" }).waitFor();
    await row.getByText("EUR · English").waitFor();
    await page.getByText("The print service cannot change a listing.", { exact: false }).waitFor();
    expect(await page.getByLabel("File URL").inputValue()).toBe(
      "https://files.example.com/travel-diary.pdf",
    );
    const saveBar = page.getByRole("region", { name: "Save bar" });
    expect(await saveBar.isVisible()).toBe(false);
    await page.getByLabel("Title", { exact: true }).fill("Travel diary, hardcover");
    // Unsaved changes: the save bar shows, and leaving asks first; "Stay" keeps the input.
    await saveBar.waitFor();
    await page
      .getByRole("navigation", { name: "App navigation" })
      .getByRole("link", { name: "Orders" })
      .click();
    const leave = page.getByRole("dialog", { name: "Leave page with unsaved changes?" });
    await leave.waitFor();
    await leave.getByRole("button", { name: "Stay" }).click();
    await leave.waitFor({ state: "hidden" });
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe(
      "Travel diary, hardcover",
    );
    await page.getByLabel("Product", { exact: true }).selectOption("228478");
    await page.getByLabel("Pages", { exact: true }).fill("0");
    await page.getByRole("button", { name: "Save as a new listing" }).click();
    await page
      .getByText("Enter the number of pages, a whole number from 1 to 10,000")
      .first()
      .waitFor();
    expect(await errorOf(page.getByLabel("Pages", { exact: true }))).toContain("1 to 10,000");
    await h().screenshot("manage-publication-edit-refused");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("Pages", { exact: true }).fill("64");
    await page.getByRole("button", { name: "Save as a new listing" }).click();
    await page.getByText("Publication saved as a new listing").waitFor();
    await saveBar.waitFor({ state: "hidden" });
    expect(await page.getByRole("textbox", { name: "Old checkout link" }).inputValue()).toBe(link);
    const edited = page.getByRole("row", { name: /Travel diary, hardcover/ });
    await edited.getByText("Hardcover book A4 portrait").waitFor();
    const newLink = await edited.getByRole("link", { name: "Open checkout" }).getAttribute("href");
    expect(newLink).not.toBe(link);
    await page.getByRole("heading", { name: "Create a publication" }).waitFor();

    // Remove: asked first, with what it means at the print service.
    await edited.getByRole("button", { name: "Remove Travel diary, hardcover" }).click();
    await page.getByText("Remove “Travel diary, hardcover” from this list?").waitFor();
    await page.getByText("The print service cannot delete a listing", { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Remove from list" }).click();
    await page.getByText("“Travel diary, hardcover” is no longer in your list").waitFor();
    await page.getByText("its checkout link keeps working", { exact: false }).first().waitFor();
    await page.getByRole("row", { name: /Travel diary, hardcover/ }).waitFor({ state: "detached" });
    h().assertNoBrowserErrors();
  });

  it("shows every publication column at 375 px without sideways scrolling", async () => {
    const page = await h().openAdmin("/app/publications");
    await page.getByRole("heading", { name: "Publications", level: 1 }).waitFor();
    await page.getByText("A print file", { exact: true }).click();
    await page.getByLabel("Product", { exact: true }).selectOption("228500");
    await page.getByLabel("File URL").fill("https://files.example.com/pocket.pdf");
    await page.getByLabel("Pages", { exact: true }).fill("32");
    await page.getByLabel("Width (mm)").fill("105");
    await page.getByLabel("Height (mm)").fill("148");
    await page.getByLabel("Title", { exact: true }).fill("Pocket guide");
    await page.getByRole("button", { name: "Create publication" }).click();
    await page.getByText("Publication created").waitFor();
    await page.setViewportSize({ width: 375, height: 800 });
    try {
      // On a phone the table stacks each publication in one item.
      const row = page.locator("li, tr").filter({ hasText: "Pocket guide" }).last();
      await row.getByText("Softcover book A5").waitFor();
      await row.getByRole("button", { name: "Copy link of Pocket guide" }).waitFor();
      await row.getByRole("button", { name: "Edit Pocket guide" }).waitFor();
      await row.getByRole("button", { name: "Remove Pocket guide" }).waitFor();
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(sideways).toBeLessThanOrEqual(0);
      await h().screenshot("manage-publications-375");
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    h().assertNoBrowserErrors();
  });
});
