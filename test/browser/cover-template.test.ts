import { readFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { expect, it } from "vitest";
import { describeBrowser, SCREENSHOT_DIR, setupBrowserHarness } from "./harness";

/**
 * The cover template on the real build in Chromium: the mapping page of the demo's photo book
 * shows "Download cover template" beside its spine, says the spine changed when the page count
 * does, and the download (fetched with the session token, saved by the browser) is the cover's
 * PDF. Create product offers the same per variant.
 */
const h = setupBrowserHarness();

const PT_PER_MM = 72 / 25.4;
const SLOW = { timeout: 60_000 };

async function spineOf(offeringId: number, numberOfPages: number) {
  const query = new URLSearchParams({
    merchantApiKey: "sandbox-merchant-key",
    offeringId: String(offeringId),
    numberOfPages: String(numberOfPages),
  });
  const response = await fetch(`${h().sandbox.jsonBaseUrl}/offering/spine?${query}`);
  return (await response.json()) as { spineWidth: number; coverWidth: number; coverHeight: number };
}

async function pageSizeMm(file: string) {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const document = await PDFDocument.load(bytes);
  const { width, height } = document.getPage(0).getSize();
  return { width: width / PT_PER_MM, height: height / PT_PER_MM };
}

describeBrowser("the cover template download", () => {
  it(
    "downloads a book's template from its mapping page, and says when the spine changes",
    SLOW,
    async () => {
      // The demo's photo book: Hardcover book A4 portrait, 24 pages.
      const page = await h().openAdmin("/app/products/20001");
      const button = page.getByRole("button", { name: "Download cover template" });
      await button.waitFor();
      const was = await spineOf(228478, 24);
      await page.getByText(`Spine ${was.spineWidth} mm`, { exact: false }).first().waitFor();

      const spineAnswer = page.waitForResponse(
        (r) => r.url().includes("/app/cover-spine?") && r.url().includes("pages=240"),
      );
      await page.getByLabel("Pages", { exact: true }).fill("240");
      await spineAnswer;
      const now = await spineOf(228478, 240);
      const note = `Spine is now ${now.spineWidth} mm (was ${was.spineWidth} mm) for 240 pages: download the cover template again.`;
      await page.getByText(note).waitFor();
      await h().screenshot("cover-template-mapping-spine-changed");

      const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
      expect(download.suggestedFilename()).toBe(
        "cover-template-hardcover-book-a4-portrait-240p.pdf",
      );
      const saved = path.join(SCREENSHOT_DIR, download.suggestedFilename());
      await download.saveAs(saved);
      const size = await pageSizeMm(saved);
      expect(size.width).toBeCloseTo(now.coverWidth, 6);
      expect(size.height).toBeCloseTo(now.coverHeight, 6);
      // The merchant has the new template now: the note goes.
      await page.getByText(note).waitFor({ state: "detached" });
      await h().screenshot("cover-template-mapping");
    },
  );

  it("offers the template per variant on Create product, for the pages typed", SLOW, async () => {
    const page = await h().openAdmin("/app/products/new?offering=228500");
    await page.getByLabel("Pages", { exact: true }).fill("120");
    const spine = await spineOf(228500, 120);
    await page.getByText(`Spine ${spine.spineWidth} mm`, { exact: false }).waitFor();
    await page.getByLabel("Title", { exact: true }).fill("The Long Walk");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download cover template" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("cover-template-softcover-book-a5-120p.pdf");
    const saved = path.join(SCREENSHOT_DIR, download.suggestedFilename());
    await download.saveAs(saved);
    const size = await pageSizeMm(saved);
    expect(size.width).toBeCloseTo(spine.coverWidth, 6);
    await h().screenshot("cover-template-create-product");
  });
});
