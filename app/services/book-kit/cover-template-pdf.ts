/**
 * The cover template as a one-page PDF (pdf-lib), drawn to the geometry of
 * cover-template-layout.ts: guides in cyan and magenta (colours a merchant reads as "not
 * artwork"), the panels' names, the spine's width, a legend in plain words, and the EAN-13 of
 * the ISBN as vector bars at its standard size. The page is exactly the cover the print-file
 * check expects (preflight/cover.ts), so a cover drawn on it passes the check. CPU work: it runs
 * in a PDF worker thread (pdf-work/worker.ts), never on the request thread.
 */
import {
  beginMarkedContent,
  degrees,
  endMarkedContent,
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingCmykColor,
  PDFDocument,
  rgb,
  StandardFonts,
  type Color,
  type PDFFont,
  type PDFOperator,
} from "pdf-lib";
import { coverExpectationFor } from "../preflight/cover";
import type { SpineSize } from "../print";
import {
  spineLabel,
  templateHeading,
  templateLegend,
  type LegendMark,
  type TemplateFacts,
} from "../merchant-text/cover-template";
import { coverTemplateLayout, type CoverTemplateLayout } from "./cover-template-layout";
import { drawable, GUIDE_WIDTH, pt, PT_PER_MM, Sheet, wrapped } from "./cover-template-sheet";
import { ean13Symbol, EAN13_SYMBOL_MODULES } from "./ean13";
import { formatIsbn13, isIsbn13 } from "./isbn";

export interface CoverTemplateInput {
  offeringName: string;
  pages: number;
  paperType: string | null;
  /** The book's title, written on the sheet; null for none. */
  title: string | null;
  /** A checked ISBN-13 (13 digits), drawn as its EAN-13; null leaves the barcode box empty. */
  isbn13: string | null;
  spine: SpineSize;
}

export { MAX_DRAWN_TEXT } from "./cover-template-sheet";
/** The marked-content tag around the barcode's bars, so a reader can find them. */
export const BARCODE_TAG = "EAN13";

// Guides: magenta lines, cyan bands and dashes, light tints for the panels' names.
const MAGENTA = rgb(0.89, 0.0, 0.55);
const CYAN = rgb(0.0, 0.6, 0.86);
const EDGE_TINT = rgb(0.84, 0.94, 1.0);
const SPINE_TINT = rgb(1.0, 0.93, 0.97);
const LABEL_TINT = rgb(0.72, 0.86, 0.95);
const TEXT = rgb(0.12, 0.23, 0.36);
const WHITE = rgb(1, 1, 1);
const BLACK = rgb(0, 0, 0);

function drawGuides(sheet: Sheet, layout: CoverTemplateLayout) {
  const { sheet: size } = layout;
  // The edge (bleed or wrap) as a tinted band round the trim; the spine tinted apart.
  sheet.rect({ x: 0, y: 0, width: size.widthMm, height: size.heightMm }, { fill: EDGE_TINT });
  sheet.rect(layout.trim, { fill: WHITE });
  sheet.rect(layout.spine, { fill: SPINE_TINT });
  sheet.rect(layout.backSafe, { border: CYAN, dashed: true });
  sheet.rect(layout.frontSafe, { border: CYAN, dashed: true });
  sheet.rect(layout.trim, { border: MAGENTA });
  // The folds run across the whole sheet: the edge folds (or is cut) along them too.
  for (const x of layout.folds) sheet.line(x, 0, x, size.heightMm, MAGENTA, true);
}

function drawPanelNames(sheet: Sheet, layout: CoverTemplateLayout, title: string | null) {
  const nameSize = Math.min(40, Math.max(12, pt(layout.trimWidthMm) / 9));
  const middle = layout.back.y + layout.back.height / 2;
  for (const [panel, name] of [
    [layout.back, "BACK"],
    [layout.front, "FRONT"],
  ] as const) {
    sheet.centred(
      name,
      {
        x: panel.x + panel.width / 2,
        y: middle,
        maxWidthMm: panel.width - 2 * layout.safeMarginMm,
      },
      { size: nameSize, font: sheet.bold, color: LABEL_TINT },
    );
  }
  if (title)
    sheet.centred(
      title,
      {
        x: layout.front.x + layout.front.width / 2,
        y: middle - nameSize / PT_PER_MM,
        maxWidthMm: layout.front.width - 2 * layout.safeMarginMm,
      },
      { size: 14, minSize: 7, color: LABEL_TINT },
    );
}

/** "SPINE 12.4 mm" along the spine, reading top to bottom; above the trim when it is too thin. */
function drawSpineLabel(sheet: Sheet, layout: CoverTemplateLayout) {
  const text = spineLabel(layout.spineWidthMm);
  const font = sheet.bold;
  const spine = layout.spine;
  const size = Math.min(12, pt(spine.width) * 0.6);
  const capHeight = font.heightAtSize(size, { descender: false }) * 0.75;
  const width = font.widthOfTextAtSize(text, size);
  if (size >= 5 && width <= pt(spine.height) * 0.8) {
    sheet.page.drawText(text, {
      x: pt(spine.x + spine.width / 2) - capHeight / 2,
      y: pt(spine.y + spine.height / 2) + width / 2,
      size,
      font,
      color: MAGENTA,
      rotate: degrees(-90),
    });
    return;
  }
  // Too thin to write on: across the top of the spine, on white so it reads over the panels.
  const labelSize = 8;
  const labelWidth = font.widthOfTextAtSize(text, labelSize);
  const x = pt(spine.x + spine.width / 2) - labelWidth / 2;
  const y = pt(spine.y + spine.height) - pt(layout.safeMarginMm) - labelSize;
  sheet.page.drawRectangle({
    x: x - 2,
    y: y - 2,
    width: labelWidth + 4,
    height: labelSize + 3,
    color: WHITE,
    borderColor: MAGENTA,
    borderWidth: GUIDE_WIDTH,
  });
  sheet.page.drawText(text, { x, y, size: labelSize, font, color: MAGENTA });
}

/** A legend entry's mark, a small sample of the guide it explains. */
function drawMark(sheet: Sheet, mark: LegendMark, xMm: number, baselineMm: number) {
  const w = 6;
  const mid = baselineMm + 1;
  switch (mark) {
    case "trim":
      sheet.line(xMm, mid, xMm + w, mid, MAGENTA);
      return;
    case "fold":
      sheet.line(xMm, mid, xMm + w, mid, MAGENTA, true);
      return;
    case "safe":
      sheet.line(xMm, mid, xMm + w, mid, CYAN, true);
      return;
    case "edge":
      sheet.rect({ x: xMm, y: baselineMm - 0.3, width: w, height: 2.6 }, { fill: EDGE_TINT });
      return;
    case "barcode":
      sheet.rect(
        { x: xMm, y: baselineMm - 0.3, width: w, height: 2.6 },
        { fill: WHITE, border: TEXT },
      );
      return;
    case "none":
      return;
  }
}

/** The heading and legend, top left of the back panel's safe zone, above the barcode. */
function drawLegend(sheet: Sheet, layout: CoverTemplateLayout, facts: TemplateFacts) {
  // A little inside the safe zone, so no word sits on its dashed line.
  const area = {
    x: layout.backSafe.x + 2,
    y: layout.backSafe.y,
    width: layout.backSafe.width - 4,
    height: layout.backSafe.height - 2,
  };
  const floor = layout.barcode ? layout.barcode.box.y + layout.barcode.box.height + 4 : area.y;
  const size = Math.max(5.5, Math.min(8, pt(area.width) / 40));
  const lead = (size * 1.3) / PT_PER_MM;
  const markMm = 8;
  let y = area.y + area.height - size / PT_PER_MM;
  const writeLines = (lines: string[], x: number, font: PDFFont, color: Color) => {
    for (const line of lines) {
      if (y < floor) return false;
      sheet.page.drawText(line, { x: pt(x), y: pt(y), size, font, color });
      y -= lead;
    }
    return true;
  };
  const heading = templateHeading(facts);
  heading.forEach((text, i) => {
    const font = i === 0 ? sheet.bold : sheet.regular;
    writeLines(wrapped(drawable(text, font), font, size, pt(area.width)), area.x, font, TEXT);
  });
  y -= lead / 2;
  for (const entry of templateLegend(facts)) {
    const indent = entry.mark === "none" ? 0 : markMm;
    const lines = wrapped(
      drawable(entry.text, sheet.regular),
      sheet.regular,
      size,
      pt(area.width - indent),
    );
    if (y < floor) return;
    drawMark(sheet, entry.mark, area.x, y);
    if (!writeLines(lines, area.x + indent, sheet.regular, TEXT)) return;
    y -= lead / 3;
  }
}

/** The barcode's white box, the "ISBN …" line, the bars (black only) and the digits. */
function drawBarcode(sheet: Sheet, layout: CoverTemplateLayout, isbn13: string | null) {
  const place = layout.barcode;
  if (!place) return;
  if (!isbn13) {
    sheet.rect(place.box, { fill: WHITE, border: TEXT, dashed: true });
    sheet.centred(
      "ISBN barcode",
      {
        x: place.box.x + place.box.width / 2,
        y: place.box.y + place.box.height / 2,
        maxWidthMm: place.box.width - 2,
      },
      { size: 8, color: TEXT },
    );
    return;
  }
  // Outlined as the legend's mark is: white on a white template would not show where it is.
  sheet.rect(place.box, { fill: WHITE, border: TEXT });
  const symbol = ean13Symbol(isbn13);
  const x = (module: number) => pt(place.symbolX + module * place.moduleMm);
  const guardDrop = symbol.guardExtensionModules * place.moduleMm;
  // One path of rectangles, filled once, in 100 % black (K only): a barcode must be one ink.
  // Marked as EAN13 so a reader (and the test) finds exactly these bars.
  const operators: PDFOperator[] = [pushGraphicsState(), setFillingCmykColor(0, 0, 0, 1)];
  for (const bar of symbol.bars) {
    const bottom = place.barsBottom - (bar.guard ? guardDrop : 0);
    const top = place.barsBottom + place.barHeightMm;
    operators.push(
      rectangle(
        x(bar.startModule),
        pt(bottom),
        x(bar.startModule + bar.widthModules) - x(bar.startModule),
        pt(top - bottom),
      ),
    );
  }
  operators.push(fill(), popGraphicsState());
  sheet.page.pushOperators(beginMarkedContent(BARCODE_TAG), ...operators, endMarkedContent());
  // Human-readable line: the first digit left of the left guard, then two groups of six, each
  // digit centred in its 7-module character (GS1's layout).
  const digitSize = (place.digitsCapMm * PT_PER_MM) / 0.718; // Helvetica's cap height is 0.718 em
  const digitAt = (char: string, centreModule: number) => {
    const width = sheet.regular.widthOfTextAtSize(char, digitSize);
    sheet.page.drawText(char, {
      x: x(centreModule) - width / 2,
      y: pt(place.digitsBaseline),
      size: digitSize,
      font: sheet.regular,
      color: BLACK,
    });
  };
  digitAt(isbn13[0]!, -4.5);
  for (let i = 0; i < 6; i++) digitAt(isbn13[1 + i]!, 3 + 7 * i + 3.5);
  for (let i = 0; i < 6; i++) digitAt(isbn13[7 + i]!, 50 + 7 * i + 3.5);
  sheet.centred(
    formatIsbn13(isbn13),
    {
      x: place.symbolX + (EAN13_SYMBOL_MODULES * place.moduleMm) / 2,
      y: place.isbnBaseline,
      maxWidthMm: place.box.width,
    },
    { size: (place.isbnCapMm * PT_PER_MM) / 0.718, color: BLACK },
  );
}

/**
 * The template for one offering, page count and paper: a one-page PDF exactly the cover's
 * size. Throws for an ISBN that is not a checked ISBN-13 and for a measure that is no book's
 * (CoverSizeError): the caller checked both before.
 */
export async function coverTemplatePdf(input: CoverTemplateInput): Promise<Uint8Array> {
  if (input.isbn13 !== null && !isIsbn13(input.isbn13))
    throw new Error("the ISBN must be a checked ISBN-13");
  const layout = coverTemplateLayout(input.spine);
  // The page is what the cover check expects, by the same rule (not the layout's own sum).
  const expected = coverExpectationFor(input.offeringName, input.spine);
  const document = await PDFDocument.create();
  document.setTitle(`Cover template: ${input.offeringName}, ${input.pages} pages`);
  document.setCreator("Print Connect");
  document.setProducer("Print Connect");
  const page = document.addPage([pt(expected.trimWidthMm), pt(expected.trimHeightMm)]);
  const sheet = new Sheet(
    page,
    await document.embedFont(StandardFonts.Helvetica),
    await document.embedFont(StandardFonts.HelveticaBold),
  );
  const title = input.title ? drawable(input.title, sheet.regular) || null : null;
  const offeringName = drawable(input.offeringName, sheet.regular);
  const paperType = input.paperType ? drawable(input.paperType, sheet.regular) || null : null;
  const facts: TemplateFacts = {
    offeringName,
    pages: input.pages,
    paperType,
    title,
    isbnLine: input.isbn13 ? formatIsbn13(input.isbn13) : null,
    sheetWidthMm: expected.trimWidthMm,
    sheetHeightMm: expected.trimHeightMm,
    trimWidthMm: layout.trimWidthMm,
    trimHeightMm: layout.trimHeightMm,
    spineWidthMm: layout.spineWidthMm,
    edgeMm: layout.edgeMm,
    edgeKind: layout.edgeKind,
    safeMarginMm: layout.safeMarginMm,
    barcodeMagnification: input.isbn13 && layout.barcode ? layout.barcode.magnification : null,
    noBarcodeArea: layout.barcode === null,
  };
  drawGuides(sheet, layout);
  drawPanelNames(sheet, layout, title);
  drawSpineLabel(sheet, layout);
  drawLegend(sheet, layout, facts);
  drawBarcode(sheet, layout, input.isbn13);
  return document.save();
}
