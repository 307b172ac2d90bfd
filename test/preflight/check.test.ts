import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PDFDocument, degrees } from "pdf-lib";
import {
  expectationFor,
  parsePreflight,
  preflightFile,
  preflightMatches,
  preflightSummary,
  type PreflightExpectation,
  type PreflightResult,
} from "~/services/preflight";
import { encryptedPdf, makePdf } from "../../sandbox/files";
import { sendBytes, sendPdf, startFileServer, type FileServer } from "./file-server";

/**
 * Real PDFs made with pdf-lib, served over HTTP on 127.0.0.1 and checked the
 * way the app checks a mapping's file.
 */

const MM = 72 / 25.4;
const hardcoverA4 = {
  name: "Hardcover book A4 portrait",
  minNumberOfPages: 24,
  maxNumberOfPages: 800,
};
const book = (numberOfPages: number): PreflightExpectation =>
  expectationFor(hardcoverA4, { numberOfPages, contentWidth: 210, contentHeight: 297 });
const artPrint: PreflightExpectation = expectationFor(
  { name: "Art print 30x40", minNumberOfPages: 1, maxNumberOfPages: 1 },
  { numberOfPages: 1, contentWidth: 300, contentHeight: 400 },
);
const FIXED = new Date("2026-11-24T00:00:00.000Z");

let server: FileServer;

/** A PDF whose pages are built by hand, for boxes and rotation makePdf does not make. */
async function customPdf(build: (document: PDFDocument) => void): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  build(document);
  return document.save();
}

beforeAll(async () => {
  server = await startFileServer({
    "/a4-bleed-24.pdf": await sendPdf({ pages: 24, widthMm: 216, heightMm: 303 }),
    "/a4-trim-24.pdf": await sendPdf({ pages: 24, widthMm: 210, heightMm: 297 }),
    "/a4-rounded-24.pdf": await sendPdf({ pages: 24, widthMm: 210.8, heightMm: 296.2 }),
    "/a4-bleed-47.pdf": await sendPdf({ pages: 47, widthMm: 216, heightMm: 303 }),
    "/a4-bleed-12.pdf": await sendPdf({ pages: 12, widthMm: 216, heightMm: 303 }),
    "/letter-bleed-24.pdf": await sendPdf({ pages: 24, widthMm: 222, heightMm: 285 }),
    "/a4-landscape-24.pdf": await sendPdf({ pages: 24, widthMm: 303, heightMm: 216 }),
    "/a4-half-bleed-24.pdf": await sendPdf({ pages: 24, widthMm: 213, heightMm: 300 }),
    "/a3-12.pdf": await sendPdf({ pages: 12, widthMm: 297, heightMm: 420 }),
    "/art-landscape.pdf": await sendPdf({ pages: 1, widthMm: 406, heightMm: 306 }),
    "/art-two-pages.pdf": await sendPdf({ pages: 2, widthMm: 306, heightMm: 406 }),
    "/mixed.pdf": sendBytes(
      await customPdf((document) => {
        for (let i = 0; i < 24; i++)
          document.addPage(i === 2 ? [210 * MM, 297 * MM] : [216 * MM, 303 * MM]);
      }),
    ),
    "/trimbox.pdf": sendBytes(
      await customPdf((document) => {
        for (let i = 0; i < 24; i++) {
          // Media 20 mm larger than the trim, as design programs export with crop marks.
          const page = document.addPage([230 * MM, 317 * MM]);
          page.setTrimBox(10 * MM, 10 * MM, 210 * MM, 297 * MM);
        }
      }),
    ),
    "/rotated.pdf": sendBytes(
      await customPdf((document) => {
        for (let i = 0; i < 24; i++) {
          // Stored landscape, shown portrait: /Rotate 90.
          const page = document.addPage([303 * MM, 216 * MM]);
          page.setRotation(degrees(90));
        }
      }),
    ),
    "/encrypted.pdf": sendBytes(encryptedPdf()),
    "/text.pdf": sendBytes(new TextEncoder().encode("<html>Download your file</html>")),
    "/truncated.pdf": sendBytes(
      (await makePdf({ pages: 24, widthMm: 216, heightMm: 303 })).subarray(0, 3000),
    ),
  });
});
afterAll(() => server?.close());

const check = (path: string, expect: PreflightExpectation) =>
  preflightFile(`${server.url}${path}`, expect, { now: () => FIXED });
const codes = (result: PreflightResult) => result.problems.map((p) => p.code);

describe("a PDF that fits", () => {
  it("passes at the trim size with 3 mm bleed and records what it found", async () => {
    const result = await check("/a4-bleed-24.pdf", book(24));
    expect(result).toMatchObject({
      url: `${server.url}/a4-bleed-24.pdf`,
      status: "passed",
      checkedAt: FIXED.toISOString(),
      pages: 24,
      pageWidthMm: 216,
      pageHeightMm: 303,
      problems: [],
      expectation: book(24),
    });
    expect(result.bytes).toBeGreaterThan(1000);
    expect(result.reason).toBeUndefined();
  });

  it("passes at the trim size without bleed, and within 1 mm of either", async () => {
    expect((await check("/a4-trim-24.pdf", book(24))).status).toBe("passed");
    const rounded = await check("/a4-rounded-24.pdf", book(24));
    expect(rounded.status).toBe("passed");
    expect([rounded.pageWidthMm, rounded.pageHeightMm]).toEqual([210.8, 296.2]);
  });

  it("reads the TrimBox before the MediaBox, and turns pages by /Rotate", async () => {
    const trimmed = await check("/trimbox.pdf", book(24));
    expect(trimmed.status).toBe("passed");
    expect([trimmed.pageWidthMm, trimmed.pageHeightMm]).toEqual([210, 297]);
    const rotated = await check("/rotated.pdf", book(24));
    expect(rotated.status).toBe("passed");
    expect([rotated.pageWidthMm, rotated.pageHeightMm]).toEqual([216, 303]);
  });

  it("lets a single-page product come either way round", async () => {
    expect(artPrint.allowRotation).toBe(true);
    expect((await check("/art-landscape.pdf", artPrint)).status).toBe("passed");
  });
});

describe("a PDF that does not fit", () => {
  it("names a wrong page count, and offers the mapping change when the offering allows it", async () => {
    const result = await check("/a4-bleed-47.pdf", book(48));
    expect(result.status).toBe("failed");
    expect(result.pages).toBe(47);
    expect(result.problems).toEqual([
      {
        code: "PAGE_COUNT",
        message:
          "Your PDF has 47 pages; this book needs 48 pages (Hardcover book A4 portrait takes 24 to 800).",
        fix: "Export the PDF with 48 pages, or change the mapping's page count to 47 if the book has 47 pages.",
      },
    ]);
    expect(preflightSummary(result)).toBe(
      "Your PDF has 47 pages; this book needs 48 pages (Hardcover book A4 portrait takes 24 to 800).",
    );
  });

  it("does not suggest a page count the offering cannot print", async () => {
    const result = await check("/a4-bleed-12.pdf", book(24));
    expect(codes(result)).toEqual(["PAGE_COUNT"]);
    expect(result.problems[0]!.fix).toBe("Export the PDF with 24 pages.");
  });

  it("names a wrong page size with both sizes that would fit", async () => {
    const result = await check("/letter-bleed-24.pdf", book(24));
    expect(result.status).toBe("failed");
    expect(result.problems).toEqual([
      {
        code: "PAGE_SIZE",
        message:
          "Your PDF's pages are 222 × 285 mm; Hardcover book A4 portrait needs 210 × 297 mm, or 216 × 303 mm with 3 mm bleed.",
        fix: "Export the PDF at 210 × 297 mm, or at 216 × 303 mm if the design runs to the edge (3 mm bleed on every side).",
      },
    ]);
  });

  it("refuses bleed on some sides only (the page is neither size)", async () => {
    expect(codes(await check("/a4-half-bleed-24.pdf", book(24)))).toEqual(["PAGE_SIZE"]);
  });

  it("names the orientation when the pages are the right size turned", async () => {
    const result = await check("/a4-landscape-24.pdf", book(24));
    expect(codes(result)).toEqual(["ORIENTATION"]);
    expect(result.problems[0]!.message).toBe(
      "Your PDF's pages are landscape (303 × 216 mm); Hardcover book A4 portrait needs portrait pages of 210 × 297 mm, or 216 × 303 mm with 3 mm bleed.",
    );
  });

  it("calls the product what it is", async () => {
    const calendar = expectationFor(
      { name: "Wall calendar A3", minNumberOfPages: 13, maxNumberOfPages: 28 },
      { numberOfPages: 13, contentWidth: 297, contentHeight: 420 },
    );
    const result = await check("/a3-12.pdf", calendar);
    expect(result.problems).toEqual([
      {
        code: "PAGE_COUNT",
        message:
          "Your PDF has 12 pages; this calendar needs 13 pages (Wall calendar A3 takes 13 to 28).",
        fix: "Export the PDF with 13 pages.",
      },
    ]);
  });

  it("says a single-page product needs one page", async () => {
    const result = await check("/art-two-pages.pdf", artPrint);
    expect(result.problems).toEqual([
      {
        code: "PAGE_COUNT",
        message: "Your PDF has 2 pages; this product needs 1 page.",
        fix: "Export only the page to print, as a one-page PDF.",
      },
    ]);
  });

  it("names the first page of another size", async () => {
    const result = await check("/mixed.pdf", book(24));
    expect(codes(result)).toEqual(["MIXED_SIZES"]);
    expect(result.problems[0]!.message).toBe(
      "Your PDF's pages are not all the same size: page 1 is 216 × 303 mm, page 3 is 210 × 297 mm.",
    );
  });

  it("reports a password-protected PDF", async () => {
    const result = await check("/encrypted.pdf", book(24));
    expect(result.status).toBe("failed");
    expect(codes(result)).toEqual(["ENCRYPTED"]);
    expect(result.problems[0]!.message).toBe(
      "This PDF is password-protected, so the printer cannot open it.",
    );
  });

  it("reports a file that is not a PDF, and a damaged one", async () => {
    expect(codes(await check("/text.pdf", book(24)))).toEqual(["NOT_PDF"]);
    const damaged = await check("/truncated.pdf", book(24));
    expect(damaged.status).toBe("failed");
    expect(codes(damaged)).toEqual(["DAMAGED"]);
  });
});

describe("the expectation and the stored result", () => {
  it("builds the expectation from the offering and the mapping", () => {
    expect(book(48)).toEqual({
      offeringName: "Hardcover book A4 portrait",
      numberOfPages: 48,
      minPages: 24,
      maxPages: 800,
      trimWidthMm: 210,
      trimHeightMm: 297,
      allowRotation: false,
    });
    // No page limits known: treated as a single-page product, keys left out.
    expect(
      expectationFor(
        { name: "Poster" },
        { numberOfPages: 1, contentWidth: 500, contentHeight: 700 },
      ),
    ).toEqual({
      offeringName: "Poster",
      numberOfPages: 1,
      trimWidthMm: 500,
      trimHeightMm: 700,
      allowRotation: true,
    });
  });

  it("reads back what it stored and reuses it only for the same file and expectation", async () => {
    const result = await check("/a4-bleed-47.pdf", book(48));
    const stored = parsePreflight(JSON.stringify(result));
    expect(stored).toEqual(result);
    expect(preflightMatches(stored, result.url, book(48))).toBe(true);
    expect(preflightMatches(stored, result.url, book(47))).toBe(false);
    expect(preflightMatches(stored, `${server.url}/other.pdf`, book(48))).toBe(false);
    expect(preflightMatches(null, result.url, book(48))).toBe(false);
    const unreachable: PreflightResult = { ...result, status: "unreachable" };
    expect(preflightMatches(unreachable, result.url, book(48))).toBe(false);
  });

  it("reads nothing from an empty, malformed or foreign value", () => {
    expect(parsePreflight(null)).toBeNull();
    expect(parsePreflight("")).toBeNull();
    expect(parsePreflight("{not json")).toBeNull();
    expect(parsePreflight(JSON.stringify({ status: "passed" }))).toBeNull();
  });
});
