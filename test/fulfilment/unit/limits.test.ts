import { describe, expect, it } from "vitest";
import { offeringLimitProblems } from "~/services/fulfilment/limits";
import type { Offering } from "~/services/print";

const offering = (over: Partial<Offering> = {}): Offering => ({
  id: 1,
  name: "Paperback",
  paperType: undefined,
  catalogueItemCode: undefined,
  minimumQuantity: undefined,
  minNumberOfPages: undefined,
  maxNumberOfPages: undefined,
  dimensionWidth: undefined,
  dimensionHeight: undefined,
  dynamicSize: false,
  minDimensionWidth: undefined,
  minDimensionHeight: undefined,
  pricing: undefined,
  ...over,
});

const spec = { quantity: 1, numberOfPages: 100, contentWidth: 150, contentHeight: 210 };

describe("offering limits", () => {
  it("finds nothing wrong within the limits", () => {
    expect(
      offeringLimitProblems(offering({ minNumberOfPages: 24, maxNumberOfPages: 800 }), spec),
    ).toEqual([]);
  });

  it("names pages below the minimum and above the maximum", () => {
    expect(offeringLimitProblems(offering({ minNumberOfPages: 200 }), spec)).toEqual([
      "100 pages is below the minimum of 200",
    ]);
    expect(offeringLimitProblems(offering({ maxNumberOfPages: 50 }), spec)).toEqual([
      "100 pages is above the maximum of 50",
    ]);
  });

  it("reads a maximum of 0 as no maximum, and unknown pages as 0", () => {
    expect(offeringLimitProblems(offering({ maxNumberOfPages: 0 }), spec)).toEqual([]);
    expect(
      offeringLimitProblems(offering({ minNumberOfPages: 24 }), { ...spec, numberOfPages: null }),
    ).toEqual(["0 pages is below the minimum of 24"]);
  });

  it("names a quantity below the minimum", () => {
    expect(offeringLimitProblems(offering({ minimumQuantity: 5 }), spec)).toEqual([
      "quantity 1 is below the minimum of 5",
    ]);
  });

  it("checks width and height only for an offering of dynamic size", () => {
    const small = { ...spec, contentWidth: 90, contentHeight: 100 };
    const limits = { minDimensionWidth: 100, minDimensionHeight: 120 };
    expect(offeringLimitProblems(offering(limits), small)).toEqual([]);
    expect(offeringLimitProblems(offering({ ...limits, dynamicSize: true }), small)).toEqual([
      "width 90 mm is below the minimum of 100 mm",
      "height 100 mm is below the minimum of 120 mm",
    ]);
  });
});
