import type { Page, Request } from "playwright-core";
import { expect, it } from "vitest";
import { describeBrowser, setupBrowserHarness } from "./harness";

/**
 * The mapping page's print file check in Chromium, on the real build: the
 * merchant saves a mapping, the app downloads the file from the print
 * sandbox and checks it, and the page says what it found. Nothing the page
 * asks for leaves this machine.
 */
const h = setupBrowserHarness();

// Saves a mapping (the app downloads and checks the PDF) and renders the page: a busy machine needs more than 20 s.
const SAVE_AND_CHECK = { timeout: 60_000 };

/** Requests of the page that would leave 127.0.0.1 (the harness answers Shopify's CDN itself). */
function watchOutgoing(page: Page): { outgoing: string[]; stop: () => void } {
  const outgoing: string[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (url.protocol === "data:" || url.protocol === "blob:") return;
    if (url.hostname === "127.0.0.1" || url.hostname === "cdn.shopify.com") return;
    outgoing.push(request.url());
  };
  page.on("request", onRequest);
  return { outgoing, stop: () => page.off("request", onRequest) };
}

/** Opens the variant's mapping page, points its file URL at `fileUrl` and saves. */
async function saveFileUrl(legacyId: string, fileUrl: string): Promise<Page> {
  const page = await h().openAdmin(`/app/products/${legacyId}`);
  await page.getByLabel("File URL", { exact: true }).fill(fileUrl);
  await page.getByRole("button", { name: "Save mapping" }).last().click();
  await page.waitForURL(/saved=1/);
  await page.getByRole("heading", { name: "Print file check" }).waitFor();
  return page;
}

describeBrowser("the print file check on the mapping page", () => {
  it(
    "shows a failed check with each problem and its fix, prominently",
    SAVE_AND_CHECK,
    async () => {
      const watch = watchOutgoing(h().page);
      // The demo's 24-page photo book, pointed at a file with 47 pages.
      const page = await saveFileUrl(
        "20001",
        `${h().sandbox.url}/files/bad/photo-book-47-pages.pdf`,
      );
      await page.getByText("Mapping saved, but its print file needs fixing").waitFor();
      await page.getByText("This file cannot be printed as it is").waitFor();
      await page.getByText(/Your PDF has 47 pages/).waitFor();
      await page
        .getByText("Orders of this variant will wait for you until the file is fixed.")
        .waitFor();
      await page.getByRole("button", { name: "Check file again" }).waitFor();
      expect(await page.getByText("Needs a new file").count()).toBe(1);
      await h().screenshot("mapping-preflight-failed");

      // Checking again asks the sandbox anew and still finds the same problem.
      await page.getByRole("button", { name: "Check file again" }).click();
      await page.waitForURL(/checked=1/);
      await page.getByText(/Your PDF has 47 pages/).waitFor();
      watch.stop();
      expect(watch.outgoing).toEqual([]);
    },
  );

  it("draws a file address in its field as typed: no x turned into a times sign", async () => {
    const page = await h().openAdmin("/app/products/20002");
    const field = page.getByLabel("File URL", { exact: true });
    // Inter's contextual alternates draw the "x" between two numbers as "×", a glyph of
    // another width: the text in the field's font measures as with them off, not on.
    const widths = await field.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const width = (featureSettings: string) => {
        const span = document.createElement("span");
        span.textContent = "154x216mm.pdf";
        span.style.cssText = `font:${style.font};white-space:pre;position:absolute`;
        span.style.fontFeatureSettings = featureSettings;
        document.body.appendChild(span);
        const measured = span.getBoundingClientRect().width;
        span.remove();
        return measured;
      };
      return {
        field: width(style.fontFeatureSettings),
        off: width('"calt" 0'),
        on: width('"calt" 1'),
      };
    });
    // The font does swap the glyph here (the check can see it) ...
    expect(widths.on).not.toBeCloseTo(widths.off, 1);
    // ... and the field does not.
    expect(widths.field).toBeCloseTo(widths.off, 1);
  });

  it(
    "after a refused save, says the file check is the saved file's and the print check the form's",
    SAVE_AND_CHECK,
    async () => {
      const page = await saveFileUrl(
        "20002",
        `${h().sandbox.url}/files/photo-book/interior-48.pdf`,
      );
      await page.getByText("Mapping saved", { exact: true }).waitFor();
      // Another file and too few pages: refused, the input kept.
      await page
        .getByLabel("File URL", { exact: true })
        .fill(`${h().sandbox.url}/files/bad/photo-book-47-pages.pdf`);
      await page.getByLabel("Pages", { exact: true }).fill("12");
      await page.getByRole("button", { name: "Save mapping" }).last().click();
      await page.getByText("The mapping was not saved").waitFor();
      // One state: the input is kept (not the stored mapping), and no "Mapping saved" beside it.
      expect(await page.getByLabel("Pages", { exact: true }).inputValue()).toBe("12");
      expect(await page.getByText("Mapping saved", { exact: true }).count()).toBe(0);
      await page
        .getByText(
          "This is the check of the saved mapping's file. The file, size and pages in the form are checked when you save them.",
        )
        .waitFor();
      await page.getByText("For the offering and pages in the form, not saved yet.").waitFor();
      await h().screenshot("mapping-refused-save-states");
      // Back to the saved values: both cards are the saved mapping's again, and say nothing more.
      await page.getByRole("button", { name: "Discard" }).click();
      await page.getByText("checked when you save them", { exact: false }).waitFor({
        state: "detached",
      });
      expect(await page.getByText("not saved yet", { exact: false }).count()).toBe(0);
    },
  );

  it("shows a passed check in one line", SAVE_AND_CHECK, async () => {
    const watch = watchOutgoing(h().page);
    const page = await saveFileUrl("20002", `${h().sandbox.url}/files/photo-book/interior-48.pdf`);
    await page.getByText("Mapping saved", { exact: true }).waitFor();
    await page.getByText("48 pages · 216 × 303 mm · A4 with 3 mm bleed — ready to print").waitFor();
    expect(await page.getByText("Ready to print", { exact: true }).count()).toBe(1);
    expect(await page.getByText("This file cannot be printed as it is").count()).toBe(0);
    await h().screenshot("mapping-preflight-passed");
    watch.stop();
    expect(watch.outgoing).toEqual([]);
  });

  it(
    "asks for the minimum-quantity choice on its field, and drops the message once it is made",
    SAVE_AND_CHECK,
    async () => {
      const page = await h().openAdmin("/app/products/20004");
      await page.getByLabel("Category").first().selectOption("MA");
      await page.getByLabel("Offering", { exact: true }).selectOption("228520");
      await page
        .getByLabel("File URL", { exact: true })
        .fill(`${h().sandbox.url}/files/generate/48p-216x303mm.pdf`);
      // The print check in the sidebar follows the form; let it load before saving, as a
      // merchant would (a submission racing Remix's first lookup of that route loses it).
      const insights = page.waitForResponse(
        (r) => r.url().includes("/app/mapping-insights?") && r.url().includes("pages=48"),
      );
      await page.getByLabel("Pages", { exact: true }).fill("48");
      await insights;
      await page.getByRole("button", { name: "Save mapping" }).last().click();
      const message =
        "Perfect bound magazine A4 is printed in at least 5 copies. Tick the box so customers can't buy fewer, or choose another offering.";
      await page.getByText(message).waitFor();
      await page.getByText("The mapping was not saved").waitFor();
      await h().screenshot("mapping-minimum-quantity");
      const tick = page.getByLabel("Require at least 5 copies per order on the storefront");
      await tick.check();
      // The old message goes as soon as the answer changes.
      expect(await page.getByText(message).count()).toBe(0);
      await page.getByRole("button", { name: "Save mapping" }).last().click();
      await page.waitForURL(/saved=1/);
      await page.getByText("Mapping saved", { exact: true }).waitFor();
      expect(
        await page.getByLabel("Require at least 5 copies per order on the storefront").isChecked(),
      ).toBe(true);
    },
  );

  it(
    "keeps a failed check of a shared file in view after mapping in bulk",
    SAVE_AND_CHECK,
    async () => {
      const watch = watchOutgoing(h().page);
      const page = await h().openAdmin("/app/products/bulk?variant=20006&variant=20007");
      await page.getByLabel("Category").first().selectOption("WA");
      await page.getByLabel("Offering", { exact: true }).selectOption("228550");
      await page.getByText("The same file for every order").click();
      // A photo book's interior is no art print: 24 pages, and US Letter.
      await page
        .getByLabel("File URL", { exact: true })
        .fill(`${h().sandbox.url}/files/bad/photo-book-letter-size.pdf`);
      expect(await page.getByLabel("Pages", { exact: true }).count()).toBe(0);
      await page.getByRole("button", { name: "Map variants" }).last().click();
      await page.getByText("2 variants mapped, but the print file needs attention").waitFor();
      await page.getByText("This file cannot be printed as it is").waitFor();
      await page.getByRole("button", { name: "Check file again" }).waitFor();
      await h().screenshot("mapping-preflight-bulk");
      watch.stop();
      expect(watch.outgoing).toEqual([]);
    },
  );
});
