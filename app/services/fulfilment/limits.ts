import { countOf } from "../merchant-text/orders";
import type { Offering } from "../print";

export interface PrintSpec {
  quantity: number;
  numberOfPages: number | null;
  contentWidth: number | null;
  contentHeight: number | null;
}

/** What breaks an offering's limits, in words a merchant understands. Empty when fine. */
export function offeringLimitProblems(offering: Offering, spec: PrintSpec): string[] {
  const problems: string[] = [];
  const pages = spec.numberOfPages;
  if (offering.minNumberOfPages !== undefined && (pages ?? 0) < offering.minNumberOfPages) {
    problems.push(
      `${countOf(pages ?? 0, "page")} is below the minimum of ${offering.minNumberOfPages}`,
    );
  }
  if (
    offering.maxNumberOfPages !== undefined &&
    offering.maxNumberOfPages > 0 &&
    (pages ?? 0) > offering.maxNumberOfPages
  ) {
    problems.push(
      `${countOf(pages ?? 0, "page")} is above the maximum of ${offering.maxNumberOfPages}`,
    );
  }
  if (offering.minimumQuantity !== undefined && spec.quantity < offering.minimumQuantity) {
    problems.push(`quantity ${spec.quantity} is below the minimum of ${offering.minimumQuantity}`);
  }
  if (offering.dynamicSize) {
    if (
      offering.minDimensionWidth !== undefined &&
      (spec.contentWidth ?? 0) < offering.minDimensionWidth
    ) {
      problems.push(
        `width ${spec.contentWidth ?? 0} mm is below the minimum of ${offering.minDimensionWidth} mm`,
      );
    }
    if (
      offering.minDimensionHeight !== undefined &&
      (spec.contentHeight ?? 0) < offering.minDimensionHeight
    ) {
      problems.push(
        `height ${spec.contentHeight ?? 0} mm is below the minimum of ${offering.minDimensionHeight} mm`,
      );
    }
  }
  return problems;
}
