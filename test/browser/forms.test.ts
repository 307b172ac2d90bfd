import { expect, it } from "vitest";
import { describeBrowser, setupBrowserHarness } from "./harness";

const h = setupBrowserHarness();

describeBrowser("admin forms in the browser", () => {
  it("reads a German price with a decimal comma, and drops a refusal once the price is changed", async () => {
    const page = await h().openAdmin("/app/shipping-rates?locale=de-DE");
    await page.getByRole("heading", { name: "Backup rates", level: 2 }).waitFor();
    const name = page.getByLabel("Name", { exact: true }).first();
    const price = page.getByLabel("Price (EUR)").first();
    await name.fill("Standard (backup)");
    await price.fill("4,955");
    await page.getByRole("button", { name: "Save backup rates" }).click();

    const refusal = page.getByText(
      "EUR amounts have at most 2 decimals: enter an amount like 4,95",
    );
    await refusal.waitFor();
    await page.getByText("Some backup rates need fixing; nothing was saved.").waitFor();
    expect(await price.getAttribute("aria-invalid")).toBe("true");
    await h().screenshot("shipping-rates-price-refused-de");

    // The old message goes as soon as the price changes, before anything is sent again.
    await price.fill("4,95");
    await refusal.waitFor({ state: "detached" });
    expect(await price.getAttribute("aria-invalid")).toBe("false");

    await page.getByRole("button", { name: "Save backup rates" }).click();
    await page.getByText("Backup rates saved.").waitFor();
    await h().openAdmin("/app/shipping-rates?locale=de-DE");
    expect(await page.getByLabel("Price (EUR)").first().inputValue()).toBe("4,95");
    await h().openAdmin("/app/shipping-rates?locale=en-US");
    expect(await page.getByLabel("Price (EUR)").first().inputValue()).toBe("4.95");
    await h().screenshot("shipping-rates-price-saved-en");
    h().assertNoBrowserErrors();
  });

  it("drops a settings error once its field changes", async () => {
    const page = await h().openAdmin("/app/settings");
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    await page.getByText("After a hold period", { exact: true }).click();
    const hours = page.getByLabel("Hold for (hours)");
    await hours.fill("99");
    await page.getByRole("button", { name: "Save", exact: true }).first().click();

    const refusal = page.getByText("Enter a whole number of hours from 1 to 72");
    await refusal.waitFor();
    await h().screenshot("settings-hold-hours-refused");
    await hours.fill("12");
    await refusal.waitFor({ state: "detached" });
    h().assertNoBrowserErrors();
  });
});
