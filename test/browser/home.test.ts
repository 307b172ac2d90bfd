import { expect, it } from "vitest";
import { describeBrowser, setupBrowserHarness } from "./harness";

const h = setupBrowserHarness();

describeBrowser("home page in the browser", () => {
  it("renders the Print Connect page with Polaris, authenticated like Shopify admin", async () => {
    const page = await h().openAdmin("/app");

    await page.getByRole("heading", { name: "Print Connect", level: 1 }).waitFor();
    // Polaris rendered it: the page header and at least one card.
    await page
      .locator(".Polaris-Page .Polaris-Card, .Polaris-Page .Polaris-ShadowBevel")
      .first()
      .waitFor();
    // Polaris styles are applied (the page frame uses Polaris' CSS custom properties).
    const polarisFont = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--p-font-family-sans"),
    );
    expect(polarisFont).toContain("Inter");
    // The App Bridge stand-in is in place, configured for the shop the page was opened for,
    // and the app's navigation renders as plain links.
    expect(await page.evaluate(() => window.shopify.config.shop)).toBe(h().shop);
    await page
      .getByRole("navigation", { name: "App navigation" })
      .getByRole("link", { name: "Home" })
      .waitFor();

    await h().screenshot("home");
  });

  it("declares a favicon the server serves, so browsers do not ask for a missing /favicon.ico", async () => {
    const page = h().page;
    const href = await page.locator('link[rel="icon"]').getAttribute("href");
    expect(href).toBe("/favicon.svg");
    const icon = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return { status: response.status, type: response.headers.get("content-type") };
    }, href!);
    expect(icon).toEqual({ status: 200, type: expect.stringContaining("image/svg+xml") });
    await h().screenshot("home-favicon");
  });

  it("keeps working after the first token expires: client requests carry fresh session tokens", async () => {
    const page = h().page;
    const status = await page.evaluate(async () => {
      const response = await fetch("/app?_data=routes%2Fapp._index");
      return response.status;
    });
    expect(status).toBe(200);
    await h().screenshot("home-fresh-session-token");
  });

  it("sends admin documents with frame-ancestors for the shop and Shopify admin, and no sniffing", async () => {
    const documents: import("playwright-core").Response[] = [];
    const listener = (response: import("playwright-core").Response) => {
      if (response.request().resourceType() === "document") documents.push(response);
    };
    h().page.on("response", listener);
    await h().openAdmin("/app/settings");
    h().page.off("response", listener);
    const headers = await documents.at(-1)!.allHeaders();
    expect(headers["content-security-policy"]).toContain(
      `frame-ancestors https://${h().shop} https://admin.shopify.com`,
    );
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    await h().screenshot("settings-security-headers");
  });

  it("warns on Home, in plain words and with a link to Settings, when the print service refuses the key", async () => {
    const { savePrintSettings } = await import("../../app/data/print-settings.server");
    const { getPrintCredentials } = await import("../../app/data/print-settings.server");
    const before = await getPrintCredentials({ shop: h().shop });
    // A key the print sandbox does not know: it answers as the real service does.
    await savePrintSettings({ shop: h().shop, input: { merchantApiKey: "wrong-merchant-key" } });
    try {
      const page = await h().openAdmin("/app");
      const banner = page.getByRole("status").or(page.getByRole("alert")).filter({
        hasText: "Your print-service keys don't work",
      });
      await banner.waitFor();
      await banner.getByText("did not accept the merchant API key saved in Settings").waitFor();
      await h().screenshot("home-keys-refused");
      await banner.getByRole("link", { name: "Open Settings" }).click();
      await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    } finally {
      await savePrintSettings({
        shop: h().shop,
        input: { merchantApiKey: before?.merchantApiKey ?? null },
      });
    }
    // The right key again: no warning.
    const page = await h().openAdmin("/app");
    await page.getByRole("heading", { name: "Print Connect", level: 1 }).waitFor();
    expect(await page.getByText("Your print-service keys don't work").count()).toBe(0);
  });

  it("counts in words with correct plurals and no developer words as main text", async () => {
    const page = await h().openAdmin("/app");
    await page.getByRole("heading", { name: "Print Connect", level: 1 }).waitFor();
    // The setup check streams in; its fine checks are listed on request.
    await page.getByRole("button", { name: /^Show the \d+ fine checks$/ }).click();
    const text = await page.locator(".Polaris-Page").innerText();
    expect(text).not.toMatch(/\(s\)|\bworker\b|\bpoller\b/i);
    expect(text).not.toMatch(/\b[A-Z]{2,}_[A-Z_]+\b/);
    // The demo shop maps four variants and has not received a status callback yet.
    expect(text).toContain("4 variants mapped.");
    expect(text).toMatch(/\b\d of 10 checks fine\b/);
    expect(text).toContain("None yet. The print service sends one each time");
    expect(text).toContain("View print orders");
  });
});
