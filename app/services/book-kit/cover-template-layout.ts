/**
 * The geometry of a cover template: where back, spine and front sit on the full cover sheet the
 * print service measures (SpineSize), the trim, the bleed or hardcover wrap around it, the
 * safe zone, the spine's folds and the barcode's place. Millimetres, origin at the sheet's
 * lower left corner (as in a PDF page). Pure: no drawing, no I/O (cover-template-pdf.ts draws).
 */
import type { SpineSize } from "../print";
import {
  EAN13_BAR_HEIGHT_MM,
  EAN13_MIN_MAGNIFICATION,
  EAN13_MODULE_MM,
  EAN13_QUIET_LEFT_MODULES,
  EAN13_QUIET_RIGHT_MODULES,
  EAN13_SYMBOL_MODULES,
} from "./ean13";

export interface MmRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Keep text and faces this far inside the trim: the cut may wander about a millimetre or two. */
export const SAFE_MARGIN_MM = 6;
/**
 * A margin this wide or wider is a hardcover's wrap (folded round the board), not a bleed to be
 * cut off: the print service's 3 mm bleed versus 15 mm wrap (the mapping page says the same).
 */
export const WRAP_FROM_MM = 5;
/** A sheet larger than this is no book cover: a wrong answer, not something to draw. */
export const MAX_SHEET_MM = 2000;

/** Magnifications tried for the barcode, largest first: 100 % is nominal, 80 % the usual least. */
const MAGNIFICATIONS = [1, 0.95, 0.9, 0.85, EAN13_MIN_MAGNIFICATION] as const;
/** The barcode and its words may take at most this share of the back panel's safe height. */
const BARCODE_MAX_SHARE_OF_HEIGHT = 0.45;

/** The white box of the barcode at 100 %, in millimetres (scaled with the magnification). */
const BOX_PADDING_MM = 1.2;
/** Cap height of the "ISBN …" line above the bars. */
const ISBN_TEXT_MM = 2.4;
const ISBN_GAP_MM = 1.2;
/** Cap height of the digits under the bars (OCR-B's nominal 2.75 mm). */
const DIGITS_MM = 2.75;
const DIGITS_GAP_MM = 0.4;

export interface BarcodePlace {
  /** The white box: light margins, the ISBN line, the bars and the digits. */
  box: MmRect;
  /** 1 = 100 %. */
  magnification: number;
  moduleMm: number;
  /** Left edge of the symbol's first bar (after the left light margin). */
  symbolX: number;
  /** Bottom of the ordinary bars; guard bars reach lower. */
  barsBottom: number;
  barHeightMm: number;
  /** Baseline of the "ISBN …" line, centred on the symbol, and its cap height. */
  isbnBaseline: number;
  isbnCapMm: number;
  /** Baseline of the digits under the bars, and their cap height. */
  digitsBaseline: number;
  digitsCapMm: number;
}

export interface CoverTemplateLayout {
  sheet: { widthMm: number; heightMm: number };
  /** Bleed, or a hardcover's wrap, on every edge of the sheet. */
  edgeMm: number;
  edgeKind: "bleed" | "wrap";
  spineWidthMm: number;
  /** One panel (back or front) as the book is trimmed. */
  trimWidthMm: number;
  trimHeightMm: number;
  /** Back, spine and front together, as trimmed. */
  trim: MmRect;
  back: MmRect;
  spine: MmRect;
  front: MmRect;
  safeMarginMm: number;
  backSafe: MmRect;
  frontSafe: MmRect;
  /** The spine's fold lines (left, right), x in mm. */
  folds: [number, number];
  /** Where the barcode goes; null when the back panel is too small even at 80 %. */
  barcode: BarcodePlace | null;
}

export class CoverSizeError extends Error {}

const inset = (r: MmRect, by: number): MmRect => ({
  x: r.x + by,
  y: r.y + by,
  width: r.width - 2 * by,
  height: r.height - 2 * by,
});

function positive(value: number, what: string): number {
  if (!Number.isFinite(value) || value <= 0 || value > MAX_SHEET_MM)
    throw new CoverSizeError(`${what} must be between 0 and ${MAX_SHEET_MM} mm, not ${value}`);
  return value;
}

/** The white box of the barcode at a magnification: its size, before it is placed. */
function barcodeBoxSize(m: number): { width: number; height: number } {
  const modules = EAN13_QUIET_LEFT_MODULES + EAN13_SYMBOL_MODULES + EAN13_QUIET_RIGHT_MODULES;
  const width = modules * EAN13_MODULE_MM * m + 2 * BOX_PADDING_MM * m;
  const height =
    (2 * BOX_PADDING_MM + ISBN_TEXT_MM + ISBN_GAP_MM + EAN13_BAR_HEIGHT_MM) * m +
    (DIGITS_GAP_MM + DIGITS_MM) * m;
  return { width, height };
}

/** The barcode at the largest magnification that fits, in the safe zone's lower right corner. */
function placeBarcode(safe: MmRect): BarcodePlace | null {
  for (const m of MAGNIFICATIONS) {
    const size = barcodeBoxSize(m);
    if (size.width > safe.width || size.height > safe.height * BARCODE_MAX_SHARE_OF_HEIGHT)
      continue;
    const box = {
      x: safe.x + safe.width - size.width,
      y: safe.y,
      width: size.width,
      height: size.height,
    };
    const moduleMm = EAN13_MODULE_MM * m;
    const digitsBaseline = box.y + BOX_PADDING_MM * m;
    const barsBottom = digitsBaseline + (DIGITS_MM + DIGITS_GAP_MM) * m;
    const barHeightMm = EAN13_BAR_HEIGHT_MM * m;
    return {
      box,
      magnification: m,
      moduleMm,
      symbolX: box.x + BOX_PADDING_MM * m + EAN13_QUIET_LEFT_MODULES * moduleMm,
      barsBottom,
      barHeightMm,
      isbnBaseline: barsBottom + barHeightMm + ISBN_GAP_MM * m,
      isbnCapMm: ISBN_TEXT_MM * m,
      digitsBaseline,
      digitsCapMm: DIGITS_MM * m,
    };
  }
  return null;
}

/**
 * The template's geometry for the print service's measure. The sheet is exactly the full cover
 * (coverWidth × coverHeight); each panel's trim width is what is left of it without the spine
 * and the two edges, halved.
 */
export function coverTemplateLayout(
  size: SpineSize,
  options: { safeMarginMm?: number } = {},
): CoverTemplateLayout {
  const widthMm = positive(size.coverWidthMm, "The cover's width");
  const heightMm = positive(size.coverHeightMm, "The cover's height");
  const spineWidthMm = positive(size.spineWidthMm, "The spine's width");
  const edgeMm = size.bleedMm;
  if (!Number.isFinite(edgeMm) || edgeMm < 0 || edgeMm > MAX_SHEET_MM)
    throw new CoverSizeError(`The bleed must be at least 0 mm, not ${edgeMm}`);
  const trimWidthMm = (widthMm - spineWidthMm - 2 * edgeMm) / 2;
  const trimHeightMm = heightMm - 2 * edgeMm;
  const safeMarginMm = options.safeMarginMm ?? SAFE_MARGIN_MM;
  // A panel must keep some room inside its safe zone, or the measure is not a book's.
  if (trimWidthMm <= 2 * safeMarginMm || trimHeightMm <= 2 * safeMarginMm)
    throw new CoverSizeError(
      `A cover of ${widthMm} × ${heightMm} mm with a ${spineWidthMm} mm spine and ${edgeMm} mm edges leaves no panel to draw on`,
    );
  const back = { x: edgeMm, y: edgeMm, width: trimWidthMm, height: trimHeightMm };
  const spine = { x: edgeMm + trimWidthMm, y: edgeMm, width: spineWidthMm, height: trimHeightMm };
  const front = {
    x: edgeMm + trimWidthMm + spineWidthMm,
    y: edgeMm,
    width: trimWidthMm,
    height: trimHeightMm,
  };
  const backSafe = inset(back, safeMarginMm);
  return {
    sheet: { widthMm, heightMm },
    edgeMm,
    edgeKind: edgeMm >= WRAP_FROM_MM ? "wrap" : "bleed",
    spineWidthMm,
    trimWidthMm,
    trimHeightMm,
    trim: { x: edgeMm, y: edgeMm, width: widthMm - 2 * edgeMm, height: trimHeightMm },
    back,
    spine,
    front,
    safeMarginMm,
    backSafe,
    frontSafe: inset(front, safeMarginMm),
    folds: [spine.x, spine.x + spineWidthMm],
    barcode: placeBarcode(backSafe),
  };
}
