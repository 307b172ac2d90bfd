/**
 * Facts about a file against what the mapping expects, as problems in the
 * merchant's words, each with the fix. The only place that writes preflight
 * text: the mapping page, the order page and the needs-attention reason all
 * show these messages.
 */
import type { Download } from "./fetch";
import type { PageSize, PdfFacts } from "./inspect";
import {
  BLEED_MM,
  PAGE_SIZE_TOLERANCE_MM,
  type PreflightExpectation,
  type PreflightProblem,
} from "./types";

const numberFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
const mm = (value: number) => numberFormat.format(value);
const size = (width: number, height: number) => `${mm(width)} × ${mm(height)} mm`;
const pages = (count: number) => `${numberFormat.format(count)} ${count === 1 ? "page" : "pages"}`;

function near(actual: number, wanted: number): boolean {
  return Math.abs(actual - wanted) <= PAGE_SIZE_TOLERANCE_MM;
}

/** The page is the trim size, or the trim size with bleed on every side. */
function fitsUpright(page: PageSize, expect: PreflightExpectation): boolean {
  return [0, 2 * BLEED_MM].some(
    (bleed) =>
      near(page.widthMm, expect.trimWidthMm + bleed) &&
      near(page.heightMm, expect.trimHeightMm + bleed),
  );
}

function fitsTurned(page: PageSize, expect: PreflightExpectation): boolean {
  return fitsUpright({ widthMm: page.heightMm, heightMm: page.widthMm }, expect);
}

function neededSizes(expect: PreflightExpectation): string {
  const w = expect.trimWidthMm;
  const h = expect.trimHeightMm;
  return `${size(w, h)}, or ${size(w + 2 * BLEED_MM, h + 2 * BLEED_MM)} with ${BLEED_MM} mm bleed`;
}

function shape(width: number, height: number): "portrait" | "landscape" | "square" {
  if (near(width, height)) return "square";
  return width < height ? "portrait" : "landscape";
}

/** What the merchant calls the product: "this calendar", "this book", "this product". */
function productWord(expect: PreflightExpectation): string {
  const kind = /\b(calendar|magazine|notebook)\b/i.exec(expect.offeringName)?.[1];
  if (kind) return `this ${kind.toLowerCase()}`;
  return (expect.maxPages ?? expect.numberOfPages) > 1 ? "this book" : "this product";
}

function pageCountProblem(actual: number, expect: PreflightExpectation): PreflightProblem {
  const { minPages, maxPages, numberOfPages } = expect;
  const product = productWord(expect);
  const limits =
    minPages !== undefined && maxPages !== undefined && minPages !== maxPages
      ? ` (${expect.offeringName} takes ${numberFormat.format(minPages)} to ${numberFormat.format(maxPages)})`
      : "";
  const actualFits =
    (minPages === undefined || actual >= minPages) &&
    (maxPages === undefined || actual <= maxPages);
  const fix =
    numberOfPages === 1
      ? "Export only the page to print, as a one-page PDF."
      : `Export the PDF with ${pages(numberOfPages)}` +
        (actualFits
          ? `, or change the mapping's page count to ${numberFormat.format(actual)} if ${product.replace(/^this /, "the ")} has ${pages(actual)}.`
          : ".");
  return {
    code: "PAGE_COUNT",
    message: `Your PDF has ${pages(actual)}; ${product} needs ${pages(numberOfPages)}${limits}.`,
    fix,
  };
}

function pageSizeProblem(page: PageSize, expect: PreflightExpectation): PreflightProblem | null {
  if (fitsUpright(page, expect)) return null;
  const actual = size(page.widthMm, page.heightMm);
  if (fitsTurned(page, expect)) {
    if (expect.allowRotation) return null;
    const wanted = shape(expect.trimWidthMm, expect.trimHeightMm);
    return {
      code: "ORIENTATION",
      message: `Your PDF's pages are ${shape(page.widthMm, page.heightMm)} (${actual}); ${expect.offeringName} needs ${wanted} pages of ${neededSizes(expect)}.`,
      fix: `Export the PDF with ${wanted} pages, ${mm(expect.trimWidthMm)} mm wide and ${mm(expect.trimHeightMm)} mm high (plus ${BLEED_MM} mm bleed on every side if the design runs to the edge).`,
    };
  }
  const eitherWay = expect.allowRotation ? " (either way round)" : "";
  return {
    code: "PAGE_SIZE",
    message: `Your PDF's pages are ${actual}; ${expect.offeringName} needs ${neededSizes(expect)}${eitherWay}.`,
    fix: `Export the PDF at ${size(expect.trimWidthMm, expect.trimHeightMm)}, or at ${size(expect.trimWidthMm + 2 * BLEED_MM, expect.trimHeightMm + 2 * BLEED_MM)} if the design runs to the edge (${BLEED_MM} mm bleed on every side).`,
  };
}

/** Problems of a PDF that was read; empty when it fits the expectation. */
export function problemsWithFile(
  facts: PdfFacts,
  expect: PreflightExpectation,
): PreflightProblem[] {
  const problems: PreflightProblem[] = [];
  if (facts.encrypted)
    problems.push({
      code: "ENCRYPTED",
      message: "This PDF is password-protected, so the printer cannot open it.",
      fix: "Save or export the PDF again without a password or security settings, and put the new file at the same address.",
    });
  if (facts.pages !== null && facts.pages !== expect.numberOfPages)
    problems.push(pageCountProblem(facts.pages, expect));
  if (facts.firstPage) {
    const sizeProblem = pageSizeProblem(facts.firstPage, expect);
    if (sizeProblem) problems.push(sizeProblem);
  }
  if (facts.firstPage && facts.otherSize)
    problems.push({
      code: "MIXED_SIZES",
      message: `Your PDF's pages are not all the same size: page 1 is ${size(facts.firstPage.widthMm, facts.firstPage.heightMm)}, page ${numberFormat.format(facts.otherSize.page)} is ${size(facts.otherSize.widthMm, facts.otherSize.heightMm)}.`,
      fix: "Export every page at the same size.",
    });
  return problems;
}

export const NOT_PDF_PROBLEM: PreflightProblem = {
  code: "NOT_PDF",
  message: "The file at this address is not a PDF.",
  fix: "Export the design as a PDF and link to the file itself: a link to a sharing or preview page (such as a Dropbox or Google Drive page) does not work, use its direct download link.",
};

export const DAMAGED_PROBLEM: PreflightProblem = {
  code: "DAMAGED",
  message: "This PDF is damaged and cannot be read.",
  fix: "Export the PDF again from the design program and put the new file at the same address.",
};

/**
 * Reading the file took longer than the PDF thread's wall-clock limit, or more memory than its
 * heap limit (../pdf-work/pool.ts). Treated as a damaged file is: the order stops.
 */
export const TOO_COMPLEX_PROBLEM: PreflightProblem = {
  code: "TOO_COMPLEX",
  message:
    "This PDF could not be checked: reading it took longer, or more memory, than a print file may need.",
  fix: "Export the PDF again from the design program (flattened, with compressed images) and put the new file at the same address.",
};

/** Why a busy check is no verdict, in the words of an "unreachable" result's reason. */
export const BUSY_REASON = "the app was busy checking other PDFs";

/** Every PDF thread was taken: not checked, and no verdict on the file. */
export const BUSY_PROBLEM: PreflightProblem = {
  code: "BUSY",
  message: "The file could not be checked just now: the app was busy checking other PDFs.",
  fix: "Check the file again in a minute.",
};

/** A result that is no check at all: the PDF threads were busy. */
export function isBusyResult(result: { problems: readonly PreflightProblem[] }): boolean {
  return result.problems.some((problem) => problem.code === "BUSY");
}

const STATUS_WORDS: Record<number, string> = {
  401: "sign-in required",
  403: "access denied",
  404: "not found",
  410: "gone",
};

/** The problem of a download that ended without the file. */
export function problemWithDownload(
  download: Exclude<Download, { kind: "downloaded" }>,
  maxBytes: number,
): PreflightProblem {
  switch (download.kind) {
    case "too_large":
      return {
        code: "TOO_LARGE",
        message: `This file is larger than ${megabytes(maxBytes)}, the most a print file may be.`,
        fix: "Export the PDF with compressed images (300 dpi is enough for print) to make it smaller.",
      };
    case "not_found":
      return {
        code: "NOT_FOUND",
        message: `The file could not be downloaded: its server answered ${download.status} (${STATUS_WORDS[download.status] ?? "refused"}).`,
        fix: "Check the link: opened in a private browser window, it must download the PDF without signing in.",
      };
    case "unreachable":
      return {
        code: "UNREACHABLE",
        message: `The file could not be checked: ${download.reason}.`,
        fix: "Check that the link works from anywhere on the internet: the print service downloads the file itself.",
      };
  }
}

function megabytes(bytes: number): string {
  return `${numberFormat.format(Math.round(bytes / (1024 * 1024)))} MB`;
}
