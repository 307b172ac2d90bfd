import axe from "axe-core";
import type { Locator, Page } from "playwright-core";
import { expect, it } from "vitest";
import { describeBrowser, setupBrowserHarness } from "./harness";

/**
 * Unsaved changes on the admin's forms (Settings, billing entities, mapping,
 * bulk mapping, backup rates), in Chromium on the real build with the App Bridge stand-in:
 * a change shows the save bar, leaving through the app's navigation asks
 * first ("Stay" keeps the input, "Leave page" goes), Discard puts the saved
 * values back, Save stores them and the bar goes, a refused save keeps both
 * the bar and the input.
 */
const h = setupBrowserHarness();

// Saves go through the print sandbox (keys, file checks): a busy machine needs more than 20 s.
const SLOW = { timeout: 90_000 };

const LEAVE_TITLE = "Leave page with unsaved changes?";

function saveBar(page: Page): Locator {
  return page.getByRole("region", { name: "Save bar" });
}
function leaveDialog(page: Page): Locator {
  return page.getByRole("dialog", { name: LEAVE_TITLE });
}
function navLink(page: Page, name: string): Locator {
  return page.getByRole("navigation", { name: "App navigation" }).getByRole("link", { name });
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

/** axe-core's serious and critical findings inside the save bar and the leave dialog. */
async function seriousViolationsInSaveBarAndDialog(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) {
    await page.addScriptTag({ content: axe.source });
  }
  return page.evaluate(async () => {
    const context = { include: [["ui-save-bar"], ["ui-modal"]] } as unknown as axe.ElementContext;
    const result = await window.axe.run(context, { resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `[${v.impact}] ${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(", ")})`);
  });
}

/**
 * With `field` changed to `typed` (the save bar showing): the navigation link
 * asks first; "Stay" keeps the input and the page; "Leave page" goes to `to`.
 */
async function staysThenLeaves(
  page: Page,
  field: Locator,
  typed: string,
  link: string,
  to: RegExp,
  screenshot?: string,
) {
  const before = new URL(page.url()).pathname;
  await navLink(page, link).click();
  const dialog = leaveDialog(page);
  await dialog.waitFor();
  await dialog.getByText("Leaving this page will delete all unsaved changes.").waitFor();
  expect(await seriousViolationsInSaveBarAndDialog(page)).toEqual([]);
  if (screenshot) await h().screenshot(screenshot);
  await dialog.getByRole("button", { name: "Stay" }).click();
  await dialog.waitFor({ state: "hidden" });
  expect(new URL(page.url()).pathname).toBe(before);
  expect(await field.inputValue()).toBe(typed);
  await saveBar(page).waitFor();

  await navLink(page, link).click();
  await dialog.getByRole("button", { name: "Leave page" }).click();
  await page.waitForURL(to);
  await saveBar(page).waitFor({ state: "hidden" });
}

describeBrowser("unsaved changes on the admin's forms", () => {
  it("Settings: a changed API key shows the save bar and is not lost silently", SLOW, async () => {
    const page = await h().openAdmin("/app/settings");
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    const key = page.getByLabel("Merchant API key");
    const saved = await key.inputValue();
    expect(saved).not.toBe("");
    expect(await saveBar(page).isVisible()).toBe(false);

    // Dirty means different from what is saved: typing the old value back is clean again.
    await key.click();
    await key.fill("a-new-key");
    await saveBar(page).waitFor();
    await key.fill(saved);
    await saveBar(page).waitFor({ state: "hidden" });
    await key.fill("a-new-key");
    await saveBar(page).waitFor();
    expect(await seriousViolationsInSaveBarAndDialog(page)).toEqual([]);
    await h().screenshot("unsaved-settings-save-bar");

    // The keyboard alone: the dialog takes the focus on "Stay", and Enter stays.
    await navLink(page, "Orders").focus();
    await page.keyboard.press("Enter");
    await leaveDialog(page).waitFor();
    await page.keyboard.press("Enter");
    await leaveDialog(page).waitFor({ state: "hidden" });
    expect(await key.inputValue()).toBe("a-new-key");

    await staysThenLeaves(
      page,
      key,
      "a-new-key",
      "Orders",
      /\/app\/orders/,
      "unsaved-settings-leave",
    );
    await page.getByRole("heading", { name: "Orders", level: 1 }).waitFor();

    // Nothing was saved on the way out.
    await h().openAdmin("/app/settings");
    expect(await page.getByLabel("Merchant API key").inputValue()).toBe(saved);
  });

  it(
    "Settings: Discard restores, a refused save keeps the bar, Save stores and clears it",
    SLOW,
    async () => {
      const page = await h().openAdmin("/app/settings");
      const buttonKey = page.getByLabel("Button key (optional)");
      const before = await buttonKey.inputValue();
      await buttonKey.fill("changed-button-key");
      await saveBar(page).getByRole("button", { name: "Discard" }).click();
      await saveBar(page).waitFor({ state: "hidden" });
      expect(await buttonKey.inputValue()).toBe(before);

      // Refused: the hold is out of range. The bar and the input stay.
      await page.getByText("After a hold period", { exact: true }).click();
      await saveBar(page).waitFor();
      const hours = page.getByLabel("Hold for (hours)");
      await hours.fill("99");
      await saveBar(page).getByRole("button", { name: "Save" }).click();
      await page.getByText("Enter a whole number of hours from 1 to 72").waitFor();
      await saveBar(page).waitFor();
      expect(await hours.inputValue()).toBe("99");

      // Saved: the bar goes, and a reload shows the stored values.
      await hours.fill("12");
      await buttonKey.fill("saved-button-key");
      await saveBar(page).getByRole("button", { name: "Save" }).click();
      await page.getByText("Settings saved").waitFor();
      await saveBar(page).waitFor({ state: "hidden" });
      expect(await buttonKey.inputValue()).toBe("saved-button-key");
      await navLink(page, "Orders").click();
      await page.waitForURL(/\/app\/orders/);
      expect(await leaveDialog(page).isVisible()).toBe(false);
      await h().openAdmin("/app/settings");
      expect(await page.getByLabel("Button key (optional)").inputValue()).toBe("saved-button-key");
      expect(await page.getByLabel("Hold for (hours)").inputValue()).toBe("12");
    },
  );

  it("Settings: a reload with unsaved changes asks the browser's question first", async () => {
    const page = await h().openAdmin("/app/settings");
    const key = page.getByLabel("Merchant API key");
    await key.click();
    await key.fill("typed-before-reload");
    await saveBar(page).waitFor();
    const asked = page.waitForEvent("dialog");
    // Reloading from the page itself: the browser asks first ("Stay" is dismissing it).
    // (The browser's question holds the script until it is answered.)
    const reloading = page.evaluate(() => window.location.reload()).catch(() => undefined);
    const question = await asked;
    expect(question.type()).toBe("beforeunload");
    await question.dismiss();
    await reloading;
    expect(await key.inputValue()).toBe("typed-before-reload");
    await saveBar(page).waitFor();
    // Once discarded, a reload asks nothing.
    await saveBar(page).getByRole("button", { name: "Discard" }).click();
    await saveBar(page).waitFor({ state: "hidden" });
    await page.reload();
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
  });

  it(
    "billing entities: a half-filled new entity shows the save bar, asks before leaving, and Discard empties it",
    SLOW,
    async () => {
      const page = await h().openAdmin("/app/billing-entities");
      const company = page.getByLabel("Company name");
      await company.fill("Atelier Noord");
      await saveBar(page).waitFor();
      expect(await saveBar(page).count()).toBe(1);

      await navLink(page, "Home").click();
      await leaveDialog(page).waitFor();
      expect(await page.getByRole("dialog").count()).toBe(1);
      await leaveDialog(page).getByRole("button", { name: "Stay" }).click();
      expect(await company.inputValue()).toBe("Atelier Noord");
      await saveBar(page).getByRole("button", { name: "Discard" }).click();
      await saveBar(page).waitFor({ state: "hidden" });
      expect(await company.inputValue()).toBe("");
      // Nothing unsaved: leaving asks nothing.
      await navLink(page, "Home").click();
      await page.waitForURL(/\/app(\?|$)/);
      expect(await leaveDialog(page).isVisible()).toBe(false);
    },
  );

  it("mapping: a changed page count shows the save bar and asks before leaving", SLOW, async () => {
    const page = await h().openAdmin("/app/products/20001");
    const pages = page.getByLabel("Pages", { exact: true });
    expect(await pages.inputValue()).toBe("24");
    await pages.click();
    await pages.fill("30");
    await saveBar(page).waitFor();
    await pages.fill("24");
    await saveBar(page).waitFor({ state: "hidden" });
    await pages.fill("30");
    await saveBar(page).waitFor();
    await h().screenshot("unsaved-mapping-save-bar");
    await staysThenLeaves(
      page,
      pages,
      "30",
      "Products",
      /\/app\/products(\?|$)/,
      "unsaved-mapping-leave",
    );
    await page.getByRole("heading", { name: "Products", level: 1 }).waitFor();
    await h().openAdmin("/app/products/20001");
    expect(await page.getByLabel("Pages", { exact: true }).inputValue()).toBe("24");
  });

  it(
    "mapping: Discard restores, a refused save keeps the bar, Save stores and clears it",
    SLOW,
    async () => {
      const page = await h().openAdmin("/app/products/20001");
      const pages = page.getByLabel("Pages", { exact: true });
      const fileUrl = page.getByLabel("File URL", { exact: true });
      await pages.fill("30");
      await saveBar(page).getByRole("button", { name: "Discard" }).click();
      await saveBar(page).waitFor({ state: "hidden" });
      expect(await pages.inputValue()).toBe("24");

      // Refused: a photo book of 2 pages. The bar and the input stay.
      await pages.fill("2");
      await saveBar(page).getByRole("button", { name: "Save" }).click();
      await page.getByText("The mapping was not saved").waitFor();
      expect(await pages.getAttribute("aria-invalid")).toBe("true");
      await saveBar(page).waitFor();
      expect(await pages.inputValue()).toBe("2");

      // Saved: 48 pages with the 48-page file. The bar goes; a reload shows the stored mapping.
      await fileUrl.fill(`${h().sandbox.url}/files/photo-book/interior-48.pdf`);
      await pages.fill("48");
      await saveBar(page).getByRole("button", { name: "Save" }).click();
      await page.waitForURL(/saved=1/);
      await page.getByText("Mapping saved", { exact: true }).waitFor();
      await saveBar(page).waitFor({ state: "hidden" });
      expect(await pages.inputValue()).toBe("48");
      await navLink(page, "Products").click();
      await page.waitForURL(/\/app\/products(\?|$)/);
      await h().openAdmin("/app/products/20001");
      expect(await page.getByLabel("Pages", { exact: true }).inputValue()).toBe("48");
    },
  );

  it(
    "bulk mapping: asks before leaving, Discard restores, a refused save keeps the bar",
    SLOW,
    async () => {
      const page = await h().openAdmin("/app/products/bulk?variant=20007");
      await page.getByRole("heading", { name: "Map 1 variant", level: 1 }).waitFor();
      const property = page.getByLabel("Line item property with the file URL");
      // A new form starts with the usual property name; typing it back is no change.
      expect(await property.inputValue()).toBe("Print file");
      await property.click();
      await property.fill("Upload URL");
      await saveBar(page).waitFor();
      await property.fill("Print file");
      await saveBar(page).waitFor({ state: "hidden" });
      await property.fill("Upload URL");
      await staysThenLeaves(page, property, "Upload URL", "Orders", /\/app\/orders/);

      await h().openAdmin("/app/products/bulk?variant=20007");
      await property.fill("Upload URL");
      await saveBar(page).getByRole("button", { name: "Discard" }).click();
      await saveBar(page).waitFor({ state: "hidden" });
      expect(await property.inputValue()).toBe("Print file");

      // Refused: no offering chosen. The bar and the input stay.
      await property.fill("Upload URL");
      await saveBar(page).getByRole("button", { name: "Save" }).click();
      await page.getByText("Nothing was mapped").waitFor();
      await saveBar(page).waitFor();
      expect(await property.inputValue()).toBe("Upload URL");
    },
  );

  it("bulk mapping: Save maps the variants and the bar goes with the page", SLOW, async () => {
    const page = await h().openAdmin("/app/products/bulk?variant=20007");
    await page.getByLabel("Category").first().selectOption("WA");
    await page.getByLabel("Offering", { exact: true }).selectOption("228550");
    await page.getByText("The same file for every order").click();
    await page
      .getByLabel("File URL", { exact: true })
      .fill(`${h().sandbox.url}/files/art/dunes-at-dusk-30x40.pdf`);
    await saveBar(page).getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/app\/products\?mapped=1/);
    await saveBar(page).waitFor({ state: "hidden" });
    expect(await leaveDialog(page).isVisible()).toBe(false);
    await h().openAdmin("/app/products/20007");
    expect(await page.getByLabel("Offering", { exact: true }).inputValue()).toBe("228550");
  });

  it(
    "backup rates: asks before leaving, Discard restores, refusal keeps, Save stores",
    SLOW,
    async () => {
      const page = await h().openAdmin("/app/shipping-rates");
      await page.getByRole("heading", { name: "Backup rates", level: 2 }).waitFor();
      const name = page.getByLabel("Name", { exact: true }).first();
      const price = page.getByLabel("Price (EUR)").first();
      const savedName = await name.inputValue();
      await name.click();
      await name.fill("Express (backup)");
      await saveBar(page).waitFor();
      await name.fill(savedName);
      await saveBar(page).waitFor({ state: "hidden" });
      await name.fill("Express (backup)");
      await staysThenLeaves(page, name, "Express (backup)", "Settings", /\/app\/settings/);

      await h().openAdmin("/app/shipping-rates");
      expect(await name.inputValue()).toBe(savedName);
      // Adding a rate is a change too; Discard takes it back.
      await page.getByRole("button", { name: "Add a rate" }).click();
      await saveBar(page).waitFor();
      expect(await page.getByLabel("Name", { exact: true }).count()).toBe(2);
      await saveBar(page).getByRole("button", { name: "Discard" }).click();
      await saveBar(page).waitFor({ state: "hidden" });
      expect(await page.getByLabel("Name", { exact: true }).count()).toBe(1);

      // Refused: three decimals. The bar and the input stay.
      await price.fill("4.955");
      await saveBar(page).getByRole("button", { name: "Save" }).click();
      await page.getByText("Some backup rates need fixing; nothing was saved.").waitFor();
      await saveBar(page).waitFor();
      expect(await price.inputValue()).toBe("4.955");

      await name.fill("Standard (backup)");
      await price.fill("5.95");
      await saveBar(page).getByRole("button", { name: "Save" }).click();
      await page.getByText("Backup rates saved.").waitFor();
      await saveBar(page).waitFor({ state: "hidden" });
      await navLink(page, "Settings").click();
      await page.waitForURL(/\/app\/settings/);
      await h().openAdmin("/app/shipping-rates");
      expect(await page.getByLabel("Name", { exact: true }).first().inputValue()).toBe(
        "Standard (backup)",
      );
      expect(await page.getByLabel("Price (EUR)").first().inputValue()).toBe("5.95");
    },
  );
});
