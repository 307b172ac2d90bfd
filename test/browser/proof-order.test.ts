import { expect, it } from "vitest";
import { describeBrowser, setupBrowserHarness } from "./harness";

/**
 * "Order a proof copy" in Chromium, on the real build: from a variant's mapping page to the
 * proof page (what will be printed, the shop's address, the quote), an address refused field
 * by field, then placed, landing on the proof's order page. The worker then takes it to the
 * print service, paid once.
 */
const h = setupBrowserHarness();

// Builds the page, quotes at the print sandbox, places and renders the order page.
const PLACE = { timeout: 60_000 };

describeBrowser("ordering a proof copy", () => {
  it(
    "goes from the mapping page to a quote, and from the quote to the order page",
    PLACE,
    async () => {
      const page = await h().openAdmin("/app/products/20001");
      // In the Variant card, beside the quote.
      await page.getByRole("link", { name: "Order a proof copy", exact: true }).click();
      await page.waitForURL(/\/app\/proofs\/new\?/);
      await page.getByRole("heading", { name: "What will be printed" }).waitFor();
      // The mapping's own file, cover and page count, one copy.
      await page.getByText("Hardcover Photo Book - A4 Portrait / 24 pages").waitFor();
      await page.getByRole("link", { name: "interior-24.pdf" }).waitFor();
      await page.getByRole("link", { name: "cover-24.pdf" }).waitFor();
      // Prefilled with the shop's address, quoted before anything is placed.
      expect(await page.getByLabel("City").inputValue()).toBe("Amsterdam");
      expect(await page.getByLabel("Last name").inputValue()).toBe("de Vries");
      const place = page.getByRole("button", { name: /^Place proof order for €\d/ });
      await place.waitFor();
      await page.getByText("Shipping", { exact: true }).waitFor();
      await page.getByText("VAT", { exact: true }).waitFor();
      await h().screenshot("proof-order-quote");

      // An address the print service cannot take: every field's problem at once, nothing placed.
      await page.getByLabel("City").fill("");
      await page.getByLabel("First name").fill("");
      expect(await place.count()).toBe(0);
      await page.getByRole("button", { name: "Get quote for this address" }).click();
      await page.getByText("Enter the city.").waitFor();
      await page.getByText("Enter the first name.").waitFor();
      await h().screenshot("proof-order-address-refused");

      // Corrected and quoted again: placed, and the proof's own page opens.
      await page.getByLabel("City").fill("Utrecht");
      await page.getByLabel("First name").fill("Sam");
      await page.getByRole("button", { name: "Get quote for this address" }).click();
      await place.waitFor();
      const total = (await place.textContent())!.replace("Place proof order for ", "");
      await place.click();
      await page.waitForURL(/\/app\/orders\/[^/?]+/);
      await page
        .getByText(/Proof P\d+/)
        .first()
        .waitFor();
      await h().screenshot("proof-order-placed");

      // The worker sends it to print: paid once, at the quoted total.
      const worker = await h().createWorker();
      await worker.drain();
      const paid = h()
        .sandbox.control.orders()
        .filter((o) => o.reference.startsWith("PC-proof-"));
      expect(paid).toHaveLength(1);
      expect(paid[0]!.history.filter((x) => x.to === "PAID")).toHaveLength(1);
      expect(paid[0]!.shippingAddress?.city).toBe("Utrecht");
      expect(total).toMatch(/^€\d/);
    },
  );

  it("orders a proof of an offering with a file from the catalogue", PLACE, async () => {
    const page = await h().openAdmin("/app/catalogue/228500");
    await page.getByRole("heading", { name: "Order a proof copy" }).waitFor();
    await page
      .getByLabel("Print file address (PDF)")
      .fill(`${h().sandbox.url}/files/photo-book/interior-48.pdf`);
    await page.getByLabel("Pages", { exact: true }).fill("48");
    await page.getByRole("button", { name: "Order a proof copy" }).click();
    await page.waitForURL(/\/app\/proofs\/new\?.*offeringId=228500/);
    await page.getByRole("heading", { name: "What will be printed" }).waitFor();
    await page.getByText("Softcover book A5 (228500)").waitFor();
    await page.getByRole("link", { name: "interior-48.pdf" }).waitFor();
    await page.getByRole("button", { name: /^Place proof order for €\d/ }).waitFor();
    await h().screenshot("proof-order-from-offering");
  });
});
