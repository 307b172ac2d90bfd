/**
 * The shapes of a preflight: what a file is checked against, and what the
 * check found. A result is stored as JSON with the mapping or the print item
 * (VariantMapping.preflight, PrintOrderItem.preflight), so it carries its own
 * expectation: a later read can tell whether it still applies.
 */

/** Bleed per side a file may carry around the trim size. */
export const BLEED_MM = 3;
/** Allowed difference per dimension: points rounded to millimetres and back. */
export const PAGE_SIZE_TOLERANCE_MM = 1;

export interface PreflightExpectation {
  offeringName: string;
  /** Pages the mapping promises: the file must have exactly these. */
  numberOfPages: number;
  /** The offering's limits, for the message. */
  minPages?: number;
  maxPages?: number;
  /** The mapping's contentWidth / contentHeight. */
  trimWidthMm: number;
  trimHeightMm: number;
  /** Single-page products (wall art) may come either way round. */
  allowRotation: boolean;
}

/**
 * "unreachable": the file could not be downloaded (DNS, refused, timeout,
 * 5xx). That is not a verdict on the file: the print service downloads it
 * itself and says so if it cannot. A 401/403/404/410 is "failed" (NOT_FOUND).
 * A check the PDF threads were too busy to make (BUSY) is "unreachable" too:
 * no verdict, never reused.
 */
export type PreflightStatus = "passed" | "failed" | "unreachable";

export type PreflightProblemCode =
  | "NOT_PDF"
  | "ENCRYPTED"
  | "DAMAGED"
  /** Reading the file passed the PDF thread's time or memory limit: stops an order as DAMAGED does. */
  | "TOO_COMPLEX"
  | "PAGE_COUNT"
  | "PAGE_SIZE"
  | "ORIENTATION"
  | "MIXED_SIZES"
  | "TOO_LARGE"
  | "NOT_FOUND"
  /** The one problem of an "unreachable" result: why the download did not happen. */
  | "UNREACHABLE"
  /** The one problem of an "unreachable" result whose file was downloaded but not read: every PDF thread was busy. */
  | "BUSY";

export interface PreflightProblem {
  code: PreflightProblemCode;
  /** What is wrong, in the merchant's words. */
  message: string;
  /** What to do about it. */
  fix: string;
}

export interface PreflightResult {
  url: string;
  status: PreflightStatus;
  /** ISO time of the check. */
  checkedAt: string;
  bytes?: number;
  pages?: number;
  /** First page (TrimBox if present, else MediaBox, turned by /Rotate), 1 decimal. */
  pageWidthMm?: number;
  pageHeightMm?: number;
  /** Empty when passed; one UNREACHABLE (or BUSY) problem when unreachable. */
  problems: PreflightProblem[];
  /** For "unreachable": plain words ("the server refused the connection"). */
  reason?: string;
  expectation: PreflightExpectation;
}
