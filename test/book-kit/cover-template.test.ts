/**
 * The cover template (docs/decisions/0021-cover-templates.md), drawn through the real PDF worker
 * pool from the print sandbox's spine answer over HTTP, and checked by the real preflight (its
 * parse in the same pool) against the shared cover expectation: a cover drawn on the template
 * passes the check, for every book of the sandbox at three page counts. The EAN-13 is read back
 * from the PDF's content stream, compared bar for bar with bwip-js's own rendering and decoded.
 */
// The package maps only platform conditions ("node", "browser") at its root; "bwip-js/node" is
// the same build, named so any resolver finds it.
import bwipjs from "bwip-js/node";
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coverTemplateLayout, SAFE_MARGIN_MM } from "~/services/book-kit/cover-template-layout";
import { BARCODE_TAG } from "~/services/book-kit/cover-template-pdf";
import { EAN13_BAR_HEIGHT_MM, EAN13_MODULE_MM } from "~/services/book-kit/ean13";
import { PdfWorkPool } from "~/services/pdf-work/pool";
import { preflightFile } from "~/services/preflight";
import { coverExpectationFor } from "~/services/preflight/cover";
import { createPrintClient, type PrintClient, type SpineSize } from "~/services/print";
import { bindingOf } from "../../sandbox/catalogue/spine";
import { OFFERINGS, type Offering } from "../../sandbox/catalogue/offerings";
import { startSandbox, type Sandbox } from "../../sandbox/index";
import { sendBytes, startFileServer, type FileServer } from "../preflight/file-server";

const PT_PER_MM = 72 / 25.4;
const BOOKS = OFFERINGS.filter((o) => bindingOf(o) !== null);

let sandbox: Sandbox;
let client: PrintClient;
let files: FileServer;
let pool: PdfWorkPool;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  client = createPrintClient({
    environment: "sandbox",
    baseUrl: sandbox.url,
    merchantApiKey: "sandbox-merchant-key",
    secretKey: "sandbox-secret-key",
    timeoutMs: 10_000,
  });
  files = await startFileServer();
  // The pool as the app makes it (worker-from-source.mjs loads worker.ts through tsx).
  pool = new PdfWorkPool();
});
afterAll(async () => {
  await pool?.close();
  await files?.close();
  await sandbox?.close();
});

/** The check digit of 12 digits, worked out here rather than by the code under test. */
function withCheckDigit(twelve: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return twelve + String((10 - (sum % 10)) % 10);
}

async function template(
  offering: Pick<Offering, "name" | "paperType">,
  pages: number,
  spine: SpineSize,
  isbn13: string | null = withCheckDigit("978030640615"),
): Promise<Uint8Array> {
  const outcome = await pool.run({
    kind: "cover-template",
    input: {
      offeringName: offering.name,
      pages,
      paperType: offering.paperType,
      title: "A Walk Through the Dunes",
      isbn13,
      spine,
    },
  });
  if (outcome.kind !== "done") throw new Error(`the pool answered ${outcome.kind}`);
  return outcome.value;
}

async function served(name: string, bytes: Uint8Array): Promise<string> {
  files.route(`/${name}`, sendBytes(bytes));
  return `${files.url}/${name}`;
}

async function firstPage(bytes: Uint8Array): Promise<PDFPage> {
  const document = await PDFDocument.load(bytes);
  expect(document.getPageCount()).toBe(1);
  return document.getPage(0);
}

describe("the cover template's size is the cover the file check expects", () => {
  it("covers at least the sandbox's hardcovers, softcovers and magazine", () => {
    expect(BOOKS.map((o) => o.name)).toEqual(
      expect.arrayContaining([
        "Hardcover book A4 portrait",
        "Softcover book A5",
        "Perfect bound magazine A4",
        "Layflat photo book 30x30",
      ]),
    );
  });

  const cases = BOOKS.flatMap((o) => {
    const middle = Math.round((o.minNumberOfPages + o.maxNumberOfPages) / 2);
    return [o.minNumberOfPages, middle, o.maxNumberOfPages].map((pages) => ({
      offering: o,
      pages,
    }));
  });

  it.each(cases.map((c) => [c.offering.name, c.pages, c] as const))(
    "%s, %i pages: passes the check at exactly the cover's size",
    { timeout: 30_000 },
    async (_name, pages, { offering }) => {
      const spine = await client.offerings.spine({ offeringId: offering.id, numberOfPages: pages });
      const bytes = await template(offering, pages, spine);
      const expectation = coverExpectationFor(offering.name, spine);
      const result = await preflightFile(
        await served(`${offering.id}-${pages}.pdf`, bytes),
        expectation,
        { pdfWork: pool },
      );
      expect(result.problems).toEqual([]);
      expect(result.status).toBe("passed");
      expect(Math.abs(result.pageWidthMm! - expectation.trimWidthMm)).toBeLessThanOrEqual(0.1);
      expect(Math.abs(result.pageHeightMm! - expectation.trimHeightMm)).toBeLessThanOrEqual(0.1);
      // The page's own box, unrounded; and no TrimBox, which would change what the check reads.
      const page = await firstPage(bytes);
      const box = page.getMediaBox();
      expect(Math.abs(box.width / PT_PER_MM - spine.coverWidthMm)).toBeLessThan(0.1);
      expect(Math.abs(box.height / PT_PER_MM - spine.coverHeightMm)).toBeLessThan(0.1);
      expect(page.node.TrimBox()).toBeUndefined();
    },
  );

  it("fails the check when drawn for another page count (the spine differs)", async () => {
    const book = BOOKS.find((o) => o.name === "Softcover book A5")!;
    const thin = await client.offerings.spine({ offeringId: book.id, numberOfPages: 32 });
    const thick = await client.offerings.spine({ offeringId: book.id, numberOfPages: 600 });
    expect(thick.spineWidthMm - thin.spineWidthMm).toBeGreaterThan(2);
    const result = await preflightFile(
      await served("a5-thin.pdf", await template(book, 32, thin)),
      coverExpectationFor(book.name, thick),
      { pdfWork: pool },
    );
    expect(result.status).toBe("failed");
    expect(result.problems.map((p) => p.code)).toEqual(["PAGE_SIZE"]);
  });
});

describe("the template's geometry", () => {
  it("splits the sheet into back, spine and front, with the trim, safe zone and folds", () => {
    const spine = { spineWidthMm: 12.4, coverWidthMm: 462.4, coverHeightMm: 327, bleedMm: 15 };
    const layout = coverTemplateLayout(spine);
    expect(layout.trimWidthMm).toBeCloseTo(210, 9);
    expect(layout.trimHeightMm).toBeCloseTo(297, 9);
    expect(layout.edgeKind).toBe("wrap");
    expect(layout.back).toEqual({ x: 15, y: 15, width: 210, height: 297 });
    expect(layout.spine).toEqual({ x: 225, y: 15, width: 12.4, height: 297 });
    expect(layout.front.x).toBeCloseTo(237.4, 9);
    expect(layout.front.x + layout.front.width + 15).toBeCloseTo(462.4, 9);
    expect(layout.folds).toEqual([225, 237.4]);
    expect(layout.backSafe).toEqual({
      x: 15 + SAFE_MARGIN_MM,
      y: 15 + SAFE_MARGIN_MM,
      width: 210 - 2 * SAFE_MARGIN_MM,
      height: 297 - 2 * SAFE_MARGIN_MM,
    });
    // The barcode at 100 %, in the lower right corner of the back's safe zone.
    const barcode = layout.barcode!;
    expect(barcode.magnification).toBe(1);
    expect(barcode.box.x + barcode.box.width).toBeCloseTo(
      layout.backSafe.x + layout.backSafe.width,
      9,
    );
    expect(barcode.box.y).toBe(layout.backSafe.y);
    expect(barcode.moduleMm).toBe(EAN13_MODULE_MM);
    expect(barcode.barHeightMm).toBe(EAN13_BAR_HEIGHT_MM);
    // 11 modules of light margin before the bars, 7 after, inside the white box.
    expect(barcode.symbolX - barcode.box.x).toBeGreaterThanOrEqual(11 * EAN13_MODULE_MM);
    expect(
      barcode.box.x + barcode.box.width - (barcode.symbolX + 95 * EAN13_MODULE_MM),
    ).toBeGreaterThanOrEqual(7 * EAN13_MODULE_MM);
    expect(coverTemplateLayout({ ...spine, bleedMm: 3, coverWidthMm: 438.4 }).edgeKind).toBe(
      "bleed",
    );
  });

  it("refuses a measure that leaves no panel, and a sheet no book has", () => {
    expect(() =>
      coverTemplateLayout({ spineWidthMm: 400, coverWidthMm: 420, coverHeightMm: 300, bleedMm: 3 }),
    ).toThrow(/no panel/);
    expect(() =>
      coverTemplateLayout({ spineWidthMm: 10, coverWidthMm: 9000, coverHeightMm: 300, bleedMm: 3 }),
    ).toThrow(/between 0 and/);
  });
});

// The EAN-13 read back ------------------------------------------------------------------------

interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The page's content stream, decoded, as text. */
function contentText(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => page.doc.context.lookup(ref))
      : [contents];
  return streams
    .map((stream) => {
      if (!(stream instanceof PDFRawStream)) throw new Error("unexpected content stream");
      return Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1");
    })
    .join("\n");
}

/** The rectangles filled inside the barcode's marked content, in points. */
function barcodeBars(content: string): { bars: Bar[]; section: string } {
  const start = content.indexOf(`/${BARCODE_TAG} BMC`);
  const end = content.indexOf("EMC", start);
  expect(start).toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(start);
  const section = content.slice(start, end);
  const bars = [...section.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g)].map(
    (m) => ({ x: Number(m[1]), y: Number(m[2]), width: Number(m[3]), height: Number(m[4]) }),
  );
  return { bars: bars.sort((a, b) => a.x - b.x), section };
}

/** Bars as [start, width] in modules from the first bar's left edge. */
function modulePattern(bars: { left: number; width: number }[], moduleWidth: number) {
  const origin = bars[0]!.left;
  return bars.map((b) => [(b.left - origin) / moduleWidth, b.width / moduleWidth]);
}

/** bwip-js's own SVG of the digits: its bars as [start, width] in modules. */
function bwipReference(digits: string) {
  const svg = bwipjs.toSVG({ bcid: "ean13", text: digits, includetext: true, scale: 1 });
  const bars: { left: number; width: number; bottom: number }[] = [];
  for (const path of svg.matchAll(/<path stroke="#000000" stroke-width="([\d.]+)" d="([^"]+)"/g)) {
    const width = Number(path[1]);
    for (const seg of path[2]!.matchAll(/M([\d.]+) ([\d.]+)L[\d.]+ ([\d.]+)/g))
      bars.push({ left: Number(seg[1]) - width / 2, width, bottom: Number(seg[2]) });
  }
  bars.sort((a, b) => a.left - b.left);
  return { pattern: modulePattern(bars, 1), bottoms: bars.map((b) => b.bottom) };
}

const L_CODES = ["3211", "2221", "2122", "1411", "1132", "1231", "1114", "1312", "1213", "3112"];
const G_CODES = L_CODES.map((code) => [...code].reverse().join(""));
const PARITY = [
  "LLLLLL",
  "LLGLGG",
  "LLGGLG",
  "LLGGGL",
  "LGLLGG",
  "LGGLLG",
  "LGGGLG",
  "LGLGLL",
  "LGLGGL",
  "LGGLGL",
];

/**
 * A small EAN-13 decoder: bar and space widths (in modules, starting with the left guard's
 * first bar) to the 13 digits, or an error naming what does not read.
 */
function decodeEan13(widths: number[]): string {
  if (widths.length !== 59) throw new Error(`${widths.length} bars and spaces, not 59`);
  const join = (from: number, count: number) => widths.slice(from, from + count).join("");
  if (join(0, 3) !== "111" || join(27, 5) !== "11111" || join(56, 3) !== "111")
    throw new Error("guard patterns do not read");
  let parity = "";
  let left = "";
  for (let i = 0; i < 6; i++) {
    const code = join(3 + 4 * i, 4);
    const l = L_CODES.indexOf(code);
    const g = G_CODES.indexOf(code);
    if (l >= 0) {
      parity += "L";
      left += String(l);
    } else if (g >= 0) {
      parity += "G";
      left += String(g);
    } else throw new Error(`left character ${i + 1} (${code}) does not read`);
  }
  let right = "";
  for (let i = 0; i < 6; i++) {
    const code = join(32 + 4 * i, 4);
    const r = L_CODES.indexOf(code);
    if (r < 0) throw new Error(`right character ${i + 1} (${code}) does not read`);
    right += String(r);
  }
  const first = PARITY.indexOf(parity);
  if (first < 0) throw new Error(`parity ${parity} names no first digit`);
  const digits = `${first}${left}${right}`;
  if (withCheckDigit(digits.slice(0, 12)) !== digits) throw new Error("wrong check digit");
  return digits;
}

/** The text shown with pdf-lib's standard fonts: hex strings of WinAnsi codes. */
function shownText(content: string): string[] {
  return [...content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map((m) =>
    Buffer.from(m[1]!, "hex").toString("latin1"),
  );
}

describe("the EAN-13 barcode drawn on the template", () => {
  const hardcover = OFFERINGS.find((o) => o.name === "Hardcover book A4 portrait")!;
  const isbns = ["978030640615", "979109063607", "978186197271", "978000000000"].map(
    withCheckDigit,
  );

  it.each(isbns)(
    "reads back as %s, bar for bar as bwip-js draws it, at the nominal size",
    { timeout: 30_000 },
    async (isbn) => {
      const spine = await client.offerings.spine({ offeringId: hardcover.id, numberOfPages: 100 });
      const page = await firstPage(await template(hardcover, 100, spine, isbn));
      const content = contentText(page);
      const { bars, section } = barcodeBars(content);
      // One ink: 100 % black (CMYK K only), filled once.
      expect(section).toMatch(/0 0 0 1 k/);
      expect(bars).toHaveLength(30);

      const left = bars[0]!.x;
      const right = bars.at(-1)!.x + bars.at(-1)!.width;
      const modulePt = (right - left) / 95;
      expect(modulePt / PT_PER_MM).toBeCloseTo(EAN13_MODULE_MM, 6);
      const drawn = modulePattern(
        bars.map((b) => ({ left: b.x, width: b.width })),
        modulePt,
      );
      const reference = bwipReference(isbn);
      expect(drawn.length).toBe(reference.pattern.length);
      drawn.forEach(([start, width], i) => {
        expect(start).toBeCloseTo(reference.pattern[i]![0]!, 6);
        expect(width).toBeCloseTo(reference.pattern[i]![1]!, 6);
      });

      // Guard bars reach lower than the others, by what bwip-js draws (its bottoms, y down).
      const ordinary = Math.max(...bars.map((b) => b.y));
      const guardDrops = bars.map((b) => Math.round((ordinary - b.y) / modulePt));
      const referenceBottom = Math.min(...reference.bottoms);
      expect(guardDrops).toEqual(reference.bottoms.map((b) => Math.round(b - referenceBottom)));
      expect(guardDrops.filter((d) => d > 0)).toHaveLength(6);
      // The ordinary bars stand 22.85 mm high, the nominal height at 100 %.
      const ordinaryBar = bars.find((b) => b.y === ordinary)!;
      expect(ordinaryBar.height / PT_PER_MM).toBeCloseTo(EAN13_BAR_HEIGHT_MM, 6);

      // Widths of bars and spaces in modules, then the digits they encode.
      const widths: number[] = [];
      bars.forEach((bar, i) => {
        widths.push(Math.round(bar.width / modulePt));
        const next = bars[i + 1];
        if (next) widths.push(Math.round((next.x - (bar.x + bar.width)) / modulePt));
      });
      expect(decodeEan13(widths)).toBe(isbn);

      // The human-readable lines: "ISBN …" above, the digits in three groups below.
      const text = shownText(content);
      expect(text).toContain(`ISBN ${isbn}`);
      expect(text.filter((t) => /^\d$/.test(t)).join("")).toBe(isbn);
    },
  );

  it("draws the white box behind the bars with an outline, as the legend shows it", async () => {
    const spine = await client.offerings.spine({ offeringId: hardcover.id, numberOfPages: 100 });
    const content = contentText(await firstPage(await template(hardcover, 100, spine)));
    // The graphics block drawn just before the bars: the box.
    const box = content
      .slice(0, content.indexOf(`/${BARCODE_TAG} BMC`))
      .split("\nq\n")
      .at(-1)!;
    // Filled white ...
    expect(box).toMatch(/^1 1 1 rg$/m);
    // ... and outlined, in a stroking colour: on a white sheet it would not show otherwise.
    expect(box).toMatch(/ RG$/m);
    expect(box.trimEnd()).toMatch(/\nB\nQ$/);
  });

  it("decodes nothing from bars that are not an EAN-13 (the decoder can fail)", () => {
    expect(() => decodeEan13([1, 1, 1])).toThrow(/not 59/);
    const widths = [
      1,
      1,
      1,
      ...Array<number>(24).fill(1),
      1,
      1,
      1,
      1,
      1,
      ...Array<number>(24).fill(1),
      1,
      1,
      1,
    ];
    expect(() => decodeEan13(widths)).toThrow(/does not read/);
  });

  it("leaves the barcode box empty, with no bars, without an ISBN", async () => {
    const spine = await client.offerings.spine({ offeringId: hardcover.id, numberOfPages: 100 });
    const page = await firstPage(await template(hardcover, 100, spine, null));
    const content = contentText(page);
    expect(content).not.toContain(`/${BARCODE_TAG} BMC`);
    expect(shownText(content)).toContain("ISBN barcode");
  });

  it("refuses an ISBN that is not a checked ISBN-13", async () => {
    const spine = await client.offerings.spine({ offeringId: hardcover.id, numberOfPages: 100 });
    await expect(template(hardcover, 100, spine, "9780306406158")).rejects.toThrow(/ISBN-13/);
  });
});
