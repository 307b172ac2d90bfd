/**
 * The cover template's words: what the sheet says about itself (its legend), why a template
 * cannot be made, and the note that the spine changed with the page count. Pure.
 */

const mmFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
const wholeFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** Millimetres as the app writes them: "12.4 mm", "210 mm". */
export function mmText(value: number): string {
  return `${mmFormat.format(value)} mm`;
}

/** A sheet's size: "309.1 × 216 mm". */
export function sizeText(widthMm: number, heightMm: number): string {
  return `${mmFormat.format(widthMm)} × ${mmText(heightMm)}`;
}

const pagesText = (pages: number) =>
  `${wholeFormat.format(pages)} ${pages === 1 ? "page" : "pages"}`;

export interface TemplateFacts {
  offeringName: string;
  pages: number;
  paperType: string | null;
  title: string | null;
  isbnLine: string | null;
  sheetWidthMm: number;
  sheetHeightMm: number;
  trimWidthMm: number;
  trimHeightMm: number;
  spineWidthMm: number;
  edgeMm: number;
  edgeKind: "bleed" | "wrap";
  safeMarginMm: number;
  /** The barcode's magnification (1 = 100 %), or null when no barcode is drawn. */
  barcodeMagnification: number | null;
  /** The barcode area was left out: the back panel is too small for it. */
  noBarcodeArea: boolean;
}

/** The label on the spine (and above it when the spine is too thin to carry it). */
export function spineLabel(spineWidthMm: number): string {
  return `SPINE ${mmText(spineWidthMm)}`;
}

/** The template's heading lines: what it is for. */
export function templateHeading(f: TemplateFacts): string[] {
  const binding =
    f.edgeKind === "wrap" ? "hardcover (the cover wraps round the boards)" : "glued spine";
  return [
    f.title ? `Cover template: ${f.title}` : "Cover template",
    `${f.offeringName}, ${pagesText(f.pages)}`,
    `${f.paperType ? `Paper: ${f.paperType}. ` : ""}Binding: ${binding}.`,
    `Full sheet ${mmText(f.sheetWidthMm)} × ${mmText(f.sheetHeightMm)}: back ${mmText(f.trimWidthMm)} + spine ${mmText(f.spineWidthMm)} + front ${mmText(f.trimWidthMm)} wide, ${mmText(f.trimHeightMm)} high, plus ${mmText(f.edgeMm)} ${f.edgeKind} on every edge.`,
  ];
}

export type LegendMark = "trim" | "edge" | "safe" | "fold" | "barcode" | "none";

/** The legend: one entry per kind of guide, each with the mark drawn beside it. */
export function templateLegend(f: TemplateFacts): { mark: LegendMark; text: string }[] {
  const edge =
    f.edgeKind === "wrap"
      ? `Wrap (blue band, ${mmText(f.edgeMm)}): folds round the edge of the board. Run your background into it; keep everything else out.`
      : `Bleed (blue band, ${mmText(f.edgeMm)}): cut off. Run your background to the edge of the sheet so no white shows after the cut.`;
  const trim =
    f.edgeKind === "wrap"
      ? "Pink line: the edge of the board, where the cover folds round it."
      : "Pink line: where the cover is cut.";
  const barcode =
    f.barcodeMagnification !== null && f.isbnLine
      ? `White box: the EAN-13 barcode of ${f.isbnLine}, at ${wholeFormat.format(f.barcodeMagnification * 100)} %. Keep it as it is, on white, uncovered.`
      : f.noBarcodeArea
        ? "This back panel is too small for an ISBN barcode."
        : "White box: the place of the ISBN barcode. Add your ISBN to the product to have the barcode drawn here, or leave the box free.";
  return [
    { mark: "trim", text: trim },
    { mark: "edge", text: edge },
    {
      mark: "safe",
      text: `Dashed blue line: the safe zone, ${mmText(f.safeMarginMm)} inside the trim. Keep text, faces and logos inside it.`,
    },
    {
      mark: "fold",
      text: `Dashed pink lines: the spine's folds. The spine is ${mmText(f.spineWidthMm)} wide for ${pagesText(f.pages)}; it changes with the page count, so download a new template when the page count changes.`,
    },
    { mark: "barcode", text: barcode },
    {
      mark: "none",
      text: `Draw your cover over this sheet, then hide the guides (lines, bands and these words) and export one page of exactly ${mmText(f.sheetWidthMm)} × ${mmText(f.sheetHeightMm)}.`,
    },
  ];
}

/** Why no template can be made, as the download answers it (plain 400 text). */
export const coverTemplateRefusals = {
  noSpine: (offeringName: string) => `${offeringName} has no cover to wrap.`,
  notMapped:
    "This variant is not mapped to a print product yet: save its mapping, then download the template.",
  unknownOffering: "This offering is not in the print service's catalogue.",
  noCredentials: "Add your print-service keys in Settings to download a cover template.",
  badVariant: "The variant in this link is not a variant id.",
  badOffering: "Choose an offering to download its cover template.",
  titleTooLong: (max: number) => `The title is longer than ${wholeFormat.format(max)} characters.`,
  busy: "The app is busy making other PDFs: try again in a minute.",
  failed: "The cover template could not be made. Try again in a moment.",
  unavailable: (problem: string) => `The cover size is not available: ${problem}`,
} as const;

/**
 * What the page says when the page count changed since the template the merchant has (the saved
 * mapping's, or the last one downloaded): the spine changed with it.
 */
export function spineChangedNote(args: {
  nowMm: number;
  wasMm: number;
  pages: number;
}): string | null {
  if (Math.abs(args.nowMm - args.wasMm) < 0.05) return null;
  return `Spine is now ${mmText(args.nowMm)} (was ${mmText(args.wasMm)}) for ${pagesText(args.pages)}: download the cover template again.`;
}
