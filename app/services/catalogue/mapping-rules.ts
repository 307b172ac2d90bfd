import { SPINE_FONTS } from "../print/input-rules";
import { isHttpUrl } from "../safe-url";
import {
  checkIsbn,
  checkPages,
  checkSize,
  checkStorefrontMinimum,
  parseDecimal,
  type MappingOffering,
  type SpineAnswer,
} from "./offering-rules";

/**
 * The rules a variant mapping must meet against its offering, in one place for
 * the single and the bulk mapping pages (server side) and the form's hints
 * (client side). Every problem is reported on its field in the merchant's
 * words, never as validator text.
 */

// Each field's own rule (offering-rules.ts), importable from here with the form's check.
export {
  checkIsbn,
  checkPages,
  checkSize,
  checkStorefrontMinimum,
  isSinglePage,
  MAX_DYNAMIC_SIDE_MM,
  MAX_PAGES_WITHOUT_LIMIT,
  minimumCopies,
  offeringMayHaveSpine,
  offeringTakesIsbn,
  pagesRuleText,
  SIZE_TOLERANCE_MM,
  sizeRuleText,
  type MappingOffering,
  type SpineAnswer,
} from "./offering-rules";

/** The mapping form as posted (all strings). */
export interface MappingFormValues {
  offeringId: string;
  fileSource: string; // "fixed" | "per_order"
  contentUrl: string;
  fileProperty: string;
  contentWidth: string;
  contentHeight: string;
  numberOfPages: string;
  coverUrl: string;
  spineMode: string; // "none" | "custom" | "dynamic"
  spineCustomUrl: string;
  spineFont: string;
  spineSize: string;
  spineColour: string;
  spineTop: string;
  spineCenter: string;
  spineBottom: string;
  spineBackground: string;
  /** "on" when the merchant blocks smaller quantities than the offering's minimum on the storefront. */
  storefrontMinimum: string;
  /** The book's ISBN as typed (optional; books only): stored as its ISBN-13. */
  isbn: string;
}

export const MAPPING_FORM_FIELDS: (keyof MappingFormValues)[] = [
  "offeringId",
  "fileSource",
  "contentUrl",
  "fileProperty",
  "contentWidth",
  "contentHeight",
  "numberOfPages",
  "coverUrl",
  "spineMode",
  "spineCustomUrl",
  "spineFont",
  "spineSize",
  "spineColour",
  "spineTop",
  "spineCenter",
  "spineBottom",
  "spineBackground",
  "storefrontMinimum",
  "isbn",
];

export type MappingFieldErrors = Partial<Record<keyof MappingFormValues, string>>;

/** The spine text settings stored with a mapping. */
export interface SpineTextSettings {
  textFont: string;
  textSize: number;
  textColour: string;
  textTop?: string;
  textCenter?: string;
  textBottom?: string;
  backgroundColour?: string;
}

/** A mapping that meets every rule, ready to store. */
export interface CheckedMapping {
  offeringId: number;
  contentUrl: string | null;
  fileProperty: string | null;
  contentWidth: number;
  contentHeight: number;
  numberOfPages: number;
  coverUrl: string | null;
  spineCustomUrl: string | null;
  spineText: SpineTextSettings | null;
  /** The offering's minimum when the merchant chose to enforce it on the storefront; else null. */
  storefrontMinimumQuantity: number | null;
  /** The book's ISBN-13 digits; null without one. */
  isbn: string | null;
}

export type MappingCheck =
  { ok: true; mapping: CheckedMapping } | { ok: false; fieldErrors: MappingFieldErrors };

const COLOUR = /^#[0-9A-Fa-f]{6}$/;

/**
 * Every rule of a posted mapping against its offering (null when the chosen
 * offering is not in the catalogue). `spine` is the print service's answer
 * for this offering and page count; the server asks it before calling this
 * when a spine option is chosen.
 */
export function checkMapping(
  v: MappingFormValues,
  offering: MappingOffering | null,
  { spine = "unknown" }: { spine?: SpineAnswer } = {},
): MappingCheck {
  const errors: MappingFieldErrors = {};
  const offeringId = Number(v.offeringId);
  if (!/^\d{1,12}$/.test(v.offeringId) || offeringId <= 0) {
    errors.offeringId = "Choose an offering";
  } else if (!offering) {
    errors.offeringId = "This offering is not in the print-service catalogue; choose another";
  }

  const perOrder = v.fileSource === "per_order";
  if (perOrder) {
    if (!v.fileProperty)
      errors.fileProperty = "Enter the line item property that carries the file URL";
    else if (v.fileProperty.length > 100) errors.fileProperty = "Use at most 100 characters";
  } else if (!v.contentUrl) {
    errors.contentUrl = "Enter the URL of the print file";
  } else if (!isHttpUrl(v.contentUrl)) {
    errors.contentUrl = "Enter a full URL starting with https://";
  }
  if (v.coverUrl && !isHttpUrl(v.coverUrl))
    errors.coverUrl = "Enter a full URL starting with https://";
  const isbn = checkIsbn(v.isbn, offering, spine);
  if (isbn.error) errors.isbn = isbn.error;

  let contentWidth = 0;
  let contentHeight = 0;
  let numberOfPages = 0;
  let storefrontMinimumQuantity: number | null = null;
  if (offering) {
    const size = checkSize(v, offering);
    Object.assign(errors, size.errors);
    contentWidth = size.width;
    contentHeight = size.height;
    const pages = checkPages(v.numberOfPages, offering);
    if (pages.error) errors.numberOfPages = pages.error;
    numberOfPages = pages.pages;
    const minimum = checkStorefrontMinimum(v.storefrontMinimum === "on", offering);
    if (minimum.error) errors.storefrontMinimum = minimum.error;
    storefrontMinimumQuantity = minimum.storefrontMinimumQuantity;
  }

  let spineCustomUrl: string | null = null;
  let spineText: SpineTextSettings | null = null;
  const spineMode = v.spineMode || "none";
  if (spineMode !== "none" && spine === "no_spine") {
    errors.spineMode = "This offering has no spine; choose No spine";
  } else if (spineMode === "custom") {
    if (!isHttpUrl(v.spineCustomUrl))
      errors.spineCustomUrl = "Enter the spine image URL starting with https://";
    else spineCustomUrl = v.spineCustomUrl;
  } else if (spineMode === "dynamic") {
    if (!(SPINE_FONTS as readonly string[]).includes(v.spineFont))
      errors.spineFont = "Choose a font";
    const size = parseDecimal(v.spineSize);
    if (size === null || size < 4 || size > 72) errors.spineSize = "Use a size from 4 to 72 pt";
    if (!COLOUR.test(v.spineColour)) errors.spineColour = "Use a colour like #1A2B3C";
    if (v.spineBackground && !COLOUR.test(v.spineBackground)) {
      errors.spineBackground = "Use a colour like #FFFFFF";
    }
    if (!v.spineTop && !v.spineCenter && !v.spineBottom)
      errors.spineCenter = "Enter the spine text";
    spineText = {
      textFont: v.spineFont,
      textSize: size ?? 0,
      textColour: v.spineColour.toUpperCase(),
      ...(v.spineTop ? { textTop: v.spineTop } : {}),
      ...(v.spineCenter ? { textCenter: v.spineCenter } : {}),
      ...(v.spineBottom ? { textBottom: v.spineBottom } : {}),
      ...(v.spineBackground ? { backgroundColour: v.spineBackground.toUpperCase() } : {}),
    };
  } else if (spineMode !== "none") {
    errors.spineMode = "Choose how the spine is printed";
  }

  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    mapping: {
      offeringId,
      contentUrl: perOrder ? null : v.contentUrl,
      fileProperty: perOrder ? v.fileProperty : null,
      contentWidth,
      contentHeight,
      numberOfPages,
      coverUrl: v.coverUrl || null,
      spineCustomUrl,
      spineText,
      storefrontMinimumQuantity,
      isbn: isbn.isbn,
    },
  };
}
