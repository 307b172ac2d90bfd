/**
 * The cover template's page in millimetres: a Sheet draws rectangles, guide lines and text that
 * fits on a pdf-lib page, with the merchant's text reduced to what the standard font can draw,
 * cut or wrapped to a width. What is drawn where is cover-template-pdf.ts's.
 */
import type { Color, PDFFont, PDFPage } from "pdf-lib";
import type { MmRect } from "./cover-template-layout";

/** Longest text drawn from the merchant's input; the rest is cut (the route refuses longer). */
export const MAX_DRAWN_TEXT = 255;

export const PT_PER_MM = 72 / 25.4;
export const pt = (mm: number) => mm * PT_PER_MM;

/** Guides are thin lines; the dashed ones (folds, safe zone) in this pattern. */
export const GUIDE_WIDTH = 0.6;
const DASH = [4, 3];

/** Characters the standard font can draw (WinAnsi); anything else is left out of the text. */
export function drawable(text: string, font: PDFFont): string {
  const known = new Set(font.getCharacterSet());
  let out = "";
  for (const char of text.slice(0, MAX_DRAWN_TEXT)) {
    const code = char.codePointAt(0) ?? 0;
    if (char === "\n" || char === "\t") out += " ";
    else if (known.has(code)) out += char;
  }
  return out.replace(/\s+/g, " ").trim();
}

/** The text cut (with "…") to fit a width at a size. */
function fitted(text: string, font: PDFFont, size: number, maxWidthPt: number): string {
  if (font.widthOfTextAtSize(text, size) <= maxWidthPt) return text;
  let low = 0;
  let high = text.length;
  // Binary search on the length: at most log2(255) steps.
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (font.widthOfTextAtSize(`${text.slice(0, mid)}…`, size) <= maxWidthPt) low = mid;
    else high = mid - 1;
  }
  return low === 0 ? "" : `${text.slice(0, low).trimEnd()}…`;
}

/** Words wrapped into lines no wider than the width; a word too long alone is cut. */
export function wrapped(text: string, font: PDFFont, size: number, maxWidthPt: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= maxWidthPt) line = next;
    else {
      if (line) lines.push(line);
      line = fitted(word, font, size, maxWidthPt);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A page and its two fonts, drawn on in millimetres from the lower left corner. */
export class Sheet {
  constructor(
    readonly page: PDFPage,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {}

  rect(r: MmRect, style: { fill?: Color; border?: Color; dashed?: boolean }) {
    this.page.drawRectangle({
      x: pt(r.x),
      y: pt(r.y),
      width: pt(r.width),
      height: pt(r.height),
      ...(style.fill ? { color: style.fill } : {}),
      ...(style.border
        ? {
            borderColor: style.border,
            borderWidth: GUIDE_WIDTH,
            ...(style.dashed ? { borderDashArray: DASH } : {}),
          }
        : {}),
    });
  }

  line(x1: number, y1: number, x2: number, y2: number, color: Color, dashed = false) {
    this.page.drawLine({
      start: { x: pt(x1), y: pt(y1) },
      end: { x: pt(x2), y: pt(y2) },
      thickness: GUIDE_WIDTH,
      color,
      ...(dashed ? { dashArray: DASH } : {}),
    });
  }

  /** Text centred on x at a baseline, shrunk (not below minSize) and cut to fit maxWidth. */
  centred(
    text: string,
    at: { x: number; y: number; maxWidthMm: number },
    style: { size: number; minSize?: number; font?: PDFFont; color: Color },
  ) {
    const font = style.font ?? this.regular;
    const max = pt(at.maxWidthMm);
    let size = style.size;
    const minSize = style.minSize ?? size;
    while (size > minSize && font.widthOfTextAtSize(text, size) > max) size -= 0.5;
    const shown = fitted(text, font, size, max);
    if (!shown) return;
    const width = font.widthOfTextAtSize(shown, size);
    this.page.drawText(shown, {
      x: pt(at.x) - width / 2,
      y: pt(at.y),
      size,
      font,
      color: style.color,
    });
  }
}
