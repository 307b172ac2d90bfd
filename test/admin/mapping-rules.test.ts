import { describe, expect, it } from "vitest";
import {
  checkMapping,
  checkPages,
  checkSize,
  checkStorefrontMinimum,
  isSinglePage,
  MAPPING_FORM_FIELDS,
  minimumCopies,
  offeringMayHaveSpine,
  pagesRuleText,
  sizeRuleText,
  type MappingFormValues,
  type MappingOffering,
} from "~/services/catalogue/mapping-rules";
import { OFFERINGS } from "../../sandbox/catalogue/offerings";

/** The sandbox catalogue's offerings, as the app's catalogue gives them to the rules. */
function offering(id: number): MappingOffering {
  const o = OFFERINGS.find((x) => x.id === id);
  if (!o) throw new Error(`no sandbox offering ${id}`);
  return o;
}
const HARDCOVER = offering(228478); // 210 x 297, 24..800 pages
const CUSTOM_SOFTCOVER = offering(228501); // dynamic, from 100 x 100, minimumQuantity 0
const MAGAZINE = offering(228520); // minimumQuantity 5
const ART_PRINT = offering(228550); // wall art 300 x 400
const CANVAS = offering(228551); // wall art, dynamic from 200 x 200
const NOTEBOOK = offering(228570); // wire-bound

function form(overrides: Partial<MappingFormValues> = {}): MappingFormValues {
  const empty = {} as MappingFormValues;
  for (const field of MAPPING_FORM_FIELDS) empty[field] = "";
  return {
    ...empty,
    offeringId: "228478",
    fileSource: "fixed",
    contentUrl: "https://files.example.com/book.pdf",
    contentWidth: "210",
    contentHeight: "297",
    numberOfPages: "24",
    spineMode: "none",
    ...overrides,
  };
}

describe("size of a fixed-size offering", () => {
  it("takes the offering's size when left empty, and a size within 1 mm", () => {
    expect(checkSize({ contentWidth: "", contentHeight: "" }, HARDCOVER)).toEqual({
      width: 210,
      height: 297,
      errors: {},
    });
    expect(checkSize({ contentWidth: "210.8", contentHeight: "296" }, HARDCOVER)).toEqual({
      width: 210.8,
      height: 296,
      errors: {},
    });
  });

  it("refuses an absurd height with the offering's size, on the field that is off", () => {
    expect(
      checkSize({ contentWidth: "210", contentHeight: "99999999999999999999" }, HARDCOVER).errors,
    ).toEqual({
      contentHeight: "Hardcover book A4 portrait is 210 × 297 mm; enter 210 and 297",
    });
    expect(checkSize({ contentWidth: "212", contentHeight: "297" }, HARDCOVER).errors).toEqual({
      contentWidth: "Hardcover book A4 portrait is 210 × 297 mm; enter 210 and 297",
    });
  });

  it("does not turn a book's pages: 297 x 210 is refused on both sides", () => {
    const message = "Hardcover book A4 portrait is 210 × 297 mm; enter 210 and 297";
    expect(checkSize({ contentWidth: "297", contentHeight: "210" }, HARDCOVER).errors).toEqual({
      contentWidth: message,
      contentHeight: message,
    });
  });

  it("lets wall art hang either way round, and says so when the size is off", () => {
    expect(checkSize({ contentWidth: "400", contentHeight: "300" }, ART_PRINT)).toEqual({
      width: 400,
      height: 300,
      errors: {},
    });
    // Landscape, 5 mm short: the message lands on the side that is off in that orientation.
    expect(checkSize({ contentWidth: "395", contentHeight: "300" }, ART_PRINT).errors).toEqual({
      contentWidth:
        "Art print 30x40 is 300 × 400 mm; enter 300 and 400, or 400 and 300 for landscape",
    });
  });

  it("answers non-numbers in plain words, never validator text", () => {
    for (const text of ["abc", "1e20", "Infinity", "NaN", "0x10", "21 0"]) {
      expect(checkSize({ contentWidth: "210", contentHeight: text }, HARDCOVER).errors).toEqual({
        contentHeight: "Enter the height in mm as a number, like 297",
      });
    }
    expect(checkSize({ contentWidth: "-210", contentHeight: "297" }, HARDCOVER).errors).toEqual({
      contentWidth: "Hardcover book A4 portrait is 210 × 297 mm; enter 210 and 297",
    });
  });
});

describe("size of a custom-size offering", () => {
  it("lies between the offering's minimum and 1,200 mm per side", () => {
    expect(checkSize({ contentWidth: "100", contentHeight: "1200" }, CUSTOM_SOFTCOVER)).toEqual({
      width: 100,
      height: 1200,
      errors: {},
    });
    expect(
      checkSize({ contentWidth: "99", contentHeight: "1200.5" }, CUSTOM_SOFTCOVER).errors,
    ).toEqual({
      contentWidth: "Width must be between 100 and 1,200 mm",
      contentHeight: "Height must be between 100 and 1,200 mm",
    });
  });

  it("refuses 99999999999999999999, a negative height and an empty one, each plainly", () => {
    const errors = (contentHeight: string) =>
      checkSize({ contentWidth: "150", contentHeight }, CUSTOM_SOFTCOVER).errors;
    expect(errors("99999999999999999999")).toEqual({
      contentHeight: "Height must be between 100 and 1,200 mm",
    });
    expect(errors("-150")).toEqual({ contentHeight: "Height must be between 100 and 1,200 mm" });
    expect(errors("1e20")).toEqual({
      contentHeight: "Enter the height in mm as a number, like 100",
    });
    expect(errors("")).toEqual({
      contentHeight: "Enter the height in mm, between 100 and 1,200 mm",
    });
  });

  it("uses wall art's own minimum", () => {
    expect(checkSize({ contentWidth: "150", contentHeight: "900" }, CANVAS).errors).toEqual({
      contentWidth: "Width must be between 200 and 1,200 mm",
    });
  });
});

describe("pages", () => {
  it("lie within the offering's limits, in the merchant's words", () => {
    expect(checkPages("24", HARDCOVER)).toEqual({ pages: 24 });
    expect(checkPages("800", HARDCOVER)).toEqual({ pages: 800 });
    expect(checkPages("23", HARDCOVER)).toEqual({
      pages: 0,
      error: "Hardcover book A4 portrait takes 24 to 800 pages",
    });
    expect(checkPages("99999999999999999999", HARDCOVER).error).toBe(
      "Hardcover book A4 portrait takes 24 to 800 pages",
    );
    expect(checkPages("24.5", HARDCOVER).error).toBe(
      "Enter the number of pages as a whole number; Hardcover book A4 portrait takes 24 to 800 pages",
    );
    expect(checkPages("", HARDCOVER).error).toBe(
      "Enter the number of pages; Hardcover book A4 portrait takes 24 to 800 pages",
    );
  });

  it("default to 1 for wall art, whatever was posted", () => {
    expect(isSinglePage(ART_PRINT)).toBe(true);
    expect(isSinglePage(HARDCOVER)).toBe(false);
    expect(checkPages("", ART_PRINT)).toEqual({ pages: 1 });
    expect(checkPages("48", CANVAS)).toEqual({ pages: 1 });
    const saved = checkMapping(
      form({ offeringId: "228550", contentWidth: "", contentHeight: "", numberOfPages: "" }),
      ART_PRINT,
    );
    expect(saved).toMatchObject({
      ok: true,
      mapping: { numberOfPages: 1, contentWidth: 300, contentHeight: 400 },
    });
  });

  it("read as the form's hints say", () => {
    expect(pagesRuleText(HARDCOVER)).toBe("24 to 800 pages");
    expect(pagesRuleText(ART_PRINT)).toBe("1 page");
    expect(pagesRuleText({ minNumberOfPages: 24 })).toBe("at least 24 pages");
    expect(sizeRuleText(HARDCOVER)).toBe("210 × 297 mm; leave empty to use it.");
    expect(sizeRuleText(ART_PRINT)).toBe(
      "300 × 400 mm, or 400 × 300 for landscape; leave empty to use it.",
    );
    expect(sizeRuleText(CUSTOM_SOFTCOVER)).toBe("Width and height between 100 and 1,200 mm.");
  });
});

describe("minimum quantity", () => {
  it("asks the merchant to choose when the offering prints at least 5 copies", () => {
    expect(minimumCopies(MAGAZINE)).toBe(5);
    expect(minimumCopies(CUSTOM_SOFTCOVER)).toBe(1); // the catalogue's 0 means 1
    expect(checkStorefrontMinimum(false, MAGAZINE)).toEqual({
      storefrontMinimumQuantity: null,
      error:
        "Perfect bound magazine A4 is printed in at least 5 copies. Tick the box so customers can't buy fewer, or choose another offering.",
    });
    expect(checkStorefrontMinimum(true, MAGAZINE)).toEqual({ storefrontMinimumQuantity: 5 });
    // No minimum: nothing to choose, and a leftover tick stores nothing.
    expect(checkStorefrontMinimum(true, HARDCOVER)).toEqual({ storefrontMinimumQuantity: null });
    expect(checkStorefrontMinimum(false, CUSTOM_SOFTCOVER)).toEqual({
      storefrontMinimumQuantity: null,
    });
  });

  it("refuses the whole mapping until the box is ticked, then stores the minimum", () => {
    const magazine = form({ offeringId: "228520", numberOfPages: "48" });
    expect(checkMapping(magazine, MAGAZINE)).toEqual({
      ok: false,
      fieldErrors: { storefrontMinimum: expect.stringMatching(/at least 5 copies/) },
    });
    expect(checkMapping({ ...magazine, storefrontMinimum: "on" }, MAGAZINE)).toMatchObject({
      ok: true,
      mapping: { storefrontMinimumQuantity: 5, numberOfPages: 48 },
    });
  });
});

describe("spine", () => {
  const dynamicSpine = {
    spineMode: "dynamic",
    spineFont: "Helvetica",
    spineSize: "12",
    spineColour: "#000000",
    spineCenter: "Our year",
  };

  it("is refused where the print service says the offering has none", () => {
    expect(
      checkMapping(
        form({
          offeringId: "228570",
          numberOfPages: "120",
          ...dynamicSpine,
          contentWidth: "148",
          contentHeight: "210",
        }),
        NOTEBOOK,
        {
          spine: "no_spine",
        },
      ),
    ).toEqual({
      ok: false,
      fieldErrors: { spineMode: "This offering has no spine; choose No spine" },
    });
  });

  it("is stored where the offering has one, and when the service could not be asked", () => {
    for (const spine of ["has_spine", "unknown"] as const) {
      expect(checkMapping(form(dynamicSpine), HARDCOVER, { spine })).toMatchObject({
        ok: true,
        mapping: { spineText: { textFont: "Helvetica", textSize: 12, textCenter: "Our year" } },
      });
    }
    // "No spine" is fine for an offering without one.
    expect(
      checkMapping(
        form({ offeringId: "228570", numberOfPages: "120", contentWidth: "", contentHeight: "" }),
        NOTEBOOK,
        { spine: "no_spine" },
      ).ok,
    ).toBe(true);
  });

  it("is offered on the form for bound books and perfect-bound magazines only", () => {
    expect(offeringMayHaveSpine(HARDCOVER)).toBe(true);
    expect(offeringMayHaveSpine(MAGAZINE)).toBe(true);
    expect(offeringMayHaveSpine(NOTEBOOK)).toBe(false);
    expect(offeringMayHaveSpine(ART_PRINT)).toBe(false);
    expect(offeringMayHaveSpine(offering(228530))).toBe(false); // wall calendar
  });
});

describe("the whole form", () => {
  it("reports every problem on its field at once", () => {
    const result = checkMapping(
      form({
        contentUrl: "ftp://files.example.com/book.pdf",
        contentHeight: "99999999999999999999",
        numberOfPages: "900",
        coverUrl: "javascript:alert(1)",
      }),
      HARDCOVER,
    );
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        contentUrl: "Enter a full URL starting with https://",
        coverUrl: "Enter a full URL starting with https://",
        contentHeight: "Hardcover book A4 portrait is 210 × 297 mm; enter 210 and 297",
        numberOfPages: "Hardcover book A4 portrait takes 24 to 800 pages",
      },
    });
  });

  it("asks for an offering that is in the catalogue", () => {
    expect(checkMapping(form({ offeringId: "" }), null)).toMatchObject({
      fieldErrors: { offeringId: "Choose an offering" },
    });
    expect(checkMapping(form({ offeringId: "1e5" }), null)).toMatchObject({
      fieldErrors: { offeringId: "Choose an offering" },
    });
    expect(checkMapping(form({ offeringId: "999" }), null)).toMatchObject({
      fieldErrors: {
        offeringId: "This offering is not in the print-service catalogue; choose another",
      },
    });
  });

  it("keeps a per-order file's property and no fixed URL", () => {
    expect(
      checkMapping(
        form({ fileSource: "per_order", fileProperty: "Print file", contentUrl: "" }),
        HARDCOVER,
      ),
    ).toMatchObject({ ok: true, mapping: { contentUrl: null, fileProperty: "Print file" } });
  });
});
