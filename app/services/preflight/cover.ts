/**
 * What the print-file check expects of a book's cover: one page, the offering's full cover
 * (back, spine, front and the bleed or wrap around them) for the page count, as the print
 * service measures it. One rule for the Create product check (product-creation/steps/
 * check-files.ts) and the cover template (book-kit/cover-template-pdf.ts), so a cover drawn on
 * the template passes the check.
 */
import type { SpineSize } from "../print";
import type { PreflightExpectation } from "./types";

export function coverExpectationFor(
  offeringName: string,
  spine: Pick<SpineSize, "coverWidthMm" | "coverHeightMm">,
): PreflightExpectation {
  return {
    offeringName: `Cover of ${offeringName}`,
    numberOfPages: 1,
    trimWidthMm: spine.coverWidthMm,
    trimHeightMm: spine.coverHeightMm,
    allowRotation: false,
  };
}
