import { parseIsbn } from "../book-kit/isbn";
import { SPINE_FONTS } from "../print/input-rules";
import { isHttpUrl } from "../safe-url";

/**
 * The rules a variant mapping must meet against its offering, in one place for
 * the single and the bulk mapping pages (server side) and the form's hints
 * (client side). Every problem is reported on its field in the merchant's
 * words, never as validator text.
 */

/** How far (per side) a fixed-size mapping may differ from the offering's size: rounding of inches and points. */
export const SIZE_TOLERANCE_MM = 1;
/** The largest side a custom-size (dynamic) mapping may have: nothing the print services make is larger. */
export const MAX_DYNAMIC_SIDE_MM = 1200;
/** Pages of an offering that states no maximum: a bound so an absurd number never reaches the database. */
export const MAX_PAGES_WITHOUT_LIMIT = 10_000;

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

/** What the rules need to know of an offering (a plain shape of the print SDK's Offering). */
export interface MappingOffering {
  id: number;
  name: string;
  categoryCode?: string | undefined;
  subCategoryCode?: string | undefined;
  minimumQuantity?: number | undefined;
  minNumberOfPages?: number | undefined;
  maxNumberOfPages?: number | undefined;
  dimensionWidth?: number | undefined;
  dimensionHeight?: number | undefined;
  dynamicSize: boolean;
  minDimensionWidth?: number | undefined;
  minDimensionHeight?: number | undefined;
}

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

/**
 * Whether the offering has a spine, as the print service answered (server
 * side); "unknown" when it could not be asked, which does not block a save.
 */
export type SpineAnswer = "has_spine" | "no_spine" | "unknown";

export type MappingCheck =
  { ok: true; mapping: CheckedMapping } | { ok: false; fieldErrors: MappingFieldErrors };

const millimetres = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const mm = (n: number) => millimetres.format(n);

/**
 * A single-page product (wall art, a poster): one page, either way round.
 * Same rule as the preflight's allowRotation, so form and file agree.
 */
export function isSinglePage(offering: Pick<MappingOffering, "maxNumberOfPages">): boolean {
  return (offering.maxNumberOfPages ?? 1) <= 1;
}

/** Copies the print service makes at least per order line; an offering's 0 means 1. */
export function minimumCopies(offering: Pick<MappingOffering, "minimumQuantity">): number {
  return Math.max(1, offering.minimumQuantity ?? 1);
}

/**
 * Client-side guess at whether the offering has a spine, to show the spine
 * options only where they can apply: bound books (category BO) and
 * perfect-bound magazines (MA/PM); wire-bound notebooks, calendars, wall art
 * and digital publications have none. The server asks the print service
 * (getOfferingSpine) before saving a spine option and decides.
 */
export function offeringMayHaveSpine(
  offering: Pick<MappingOffering, "categoryCode" | "subCategoryCode" | "maxNumberOfPages">,
): boolean {
  if (isSinglePage(offering)) return false;
  return (
    offering.categoryCode === "BO" ||
    (offering.categoryCode === "MA" && offering.subCategoryCode === "PM")
  );
}

/**
 * An ISBN names a book edition, so only offerings that are bound with a spine take one: the
 * same guess as the spine options, and the server's spine answer decides (checkIsbn).
 */
export const offeringTakesIsbn = offeringMayHaveSpine;

/**
 * The optional ISBN against the offering: empty is none; otherwise a valid ISBN-13 or ISBN-10
 * (stored as ISBN-13) on a book. `offering` null: only the ISBN itself is checked.
 */
export function checkIsbn(
  text: string,
  offering: MappingOffering | null,
  spine: SpineAnswer = "unknown",
): { isbn: string | null; error?: string } {
  if (!text) return { isbn: null };
  if (offering && (!offeringTakesIsbn(offering) || spine === "no_spine")) {
    return {
      isbn: null,
      error: `An ISBN is for a bound book, and ${offering.name} is not one: clear the ISBN.`,
    };
  }
  const parsed = parseIsbn(text);
  return parsed.ok ? { isbn: parsed.isbn13 } : { isbn: null, error: parsed.problem };
}

/** "24 to 800 pages", "24 pages" or "any number of pages". */
export function pagesRuleText(
  offering: Pick<MappingOffering, "minNumberOfPages" | "maxNumberOfPages">,
): string {
  const min = offering.minNumberOfPages ?? 1;
  const max = offering.maxNumberOfPages;
  if (max === undefined) return `at least ${whole.format(min)} pages`;
  if (min >= max) return `${whole.format(max)} ${max === 1 ? "page" : "pages"}`;
  return `${whole.format(min)} to ${whole.format(max)} pages`;
}

/** The size hint under the width field. */
export function sizeRuleText(offering: MappingOffering): string {
  if (offering.dynamicSize) {
    const [minW, minH] = minimumSides(offering);
    return minW === minH
      ? `Width and height between ${mm(minW)} and ${mm(MAX_DYNAMIC_SIDE_MM)} mm.`
      : `Width ${mm(minW)} to ${mm(MAX_DYNAMIC_SIDE_MM)} mm, height ${mm(minH)} to ${mm(MAX_DYNAMIC_SIDE_MM)} mm.`;
  }
  const { dimensionWidth: w, dimensionHeight: h } = offering;
  if (!w || !h) return `Up to ${mm(MAX_DYNAMIC_SIDE_MM)} mm per side.`;
  return isSinglePage(offering)
    ? `${mm(w)} × ${mm(h)} mm, or ${mm(h)} × ${mm(w)} for landscape; leave empty to use it.`
    : `${mm(w)} × ${mm(h)} mm; leave empty to use it.`;
}

function minimumSides(offering: MappingOffering): [number, number] {
  return [
    Math.max(1, offering.minDimensionWidth ?? 1),
    Math.max(1, offering.minDimensionHeight ?? 1),
  ];
}

/**
 * A posted decimal: optional minus, digits, optional decimal point. Exponents
 * ("1e20"), "Infinity", hex and spaces are not numbers a merchant types.
 */
function parseDecimal(text: string): number | null {
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

type SideKey = "contentWidth" | "contentHeight";
const SIDE_LABEL: Record<SideKey, { lower: string; upper: string }> = {
  contentWidth: { lower: "width", upper: "Width" },
  contentHeight: { lower: "height", upper: "Height" },
};

/**
 * Width and height against the offering: a fixed size within
 * SIZE_TOLERANCE_MM (single-page offerings either way round, others as
 * listed; empty fields take the offering's size), or a custom size between
 * the offering's minimum and MAX_DYNAMIC_SIDE_MM.
 */
export function checkSize(
  values: Pick<MappingFormValues, SideKey>,
  offering: MappingOffering,
): { width: number; height: number; errors: Partial<Record<SideKey, string>> } {
  const errors: Partial<Record<SideKey, string>> = {};
  const fixed =
    !offering.dynamicSize && offering.dimensionWidth && offering.dimensionHeight
      ? { w: offering.dimensionWidth, h: offering.dimensionHeight }
      : null;
  const [minW, minH] = fixed ? [1, 1] : minimumSides(offering);
  const read = (key: SideKey, fallback: number | undefined, min: number): number | null => {
    const text = values[key];
    const { lower, upper } = SIDE_LABEL[key];
    const range = `between ${mm(min)} and ${mm(MAX_DYNAMIC_SIDE_MM)} mm`;
    if (!text) {
      if (fallback !== undefined) return fallback;
      errors[key] = `Enter the ${lower} in mm, ${range}`;
      return null;
    }
    const n = parseDecimal(text);
    if (n === null) {
      errors[key] = `Enter the ${lower} in mm as a number, like ${mm(fallback ?? min)}`;
      return null;
    }
    if (!fixed && (n < min || n > MAX_DYNAMIC_SIDE_MM)) {
      errors[key] = `${upper} must be ${range}`;
      return null;
    }
    return n;
  };
  const width = read("contentWidth", fixed?.w, minW);
  const height = read("contentHeight", fixed?.h, minH);
  if (fixed && width !== null && height !== null) {
    const within = (a: number, b: number) => Math.abs(a - b) <= SIZE_TOLERANCE_MM;
    const rotatable = isSinglePage(offering);
    const asListed = within(width, fixed.w) && within(height, fixed.h);
    const rotated = rotatable && within(width, fixed.h) && within(height, fixed.w);
    if (!asListed && !rotated) {
      const message = rotatable
        ? `${offering.name} is ${mm(fixed.w)} × ${mm(fixed.h)} mm; enter ${mm(fixed.w)} and ${mm(fixed.h)}, or ${mm(fixed.h)} and ${mm(fixed.w)} for landscape`
        : `${offering.name} is ${mm(fixed.w)} × ${mm(fixed.h)} mm; enter ${mm(fixed.w)} and ${mm(fixed.h)}`;
      // The message goes on the sides that are off, in the orientation nearest to what was entered.
      const offBy = (w: number, h: number) => Math.abs(width - w) + Math.abs(height - h);
      const [w, h] =
        rotatable && offBy(fixed.h, fixed.w) < offBy(fixed.w, fixed.h)
          ? [fixed.h, fixed.w]
          : [fixed.w, fixed.h];
      if (!within(width, w)) errors.contentWidth = message;
      if (!within(height, h)) errors.contentHeight = message;
    }
  }
  return { width: width ?? 0, height: height ?? 0, errors };
}

/**
 * Pages within the offering's limits. Single-page offerings do not ask:
 * their mapping has 1 page whatever was posted.
 */
export function checkPages(
  text: string,
  offering: MappingOffering,
): { pages: number; error?: string } {
  if (isSinglePage(offering)) return { pages: 1 };
  const min = Math.max(1, offering.minNumberOfPages ?? 1);
  const max = offering.maxNumberOfPages ?? MAX_PAGES_WITHOUT_LIMIT;
  const rule = `${offering.name} takes ${pagesRuleText({ minNumberOfPages: min, maxNumberOfPages: max })}`;
  if (!text) return { pages: 0, error: `Enter the number of pages; ${rule}` };
  if (!/^\d+$/.test(text)) {
    return { pages: 0, error: `Enter the number of pages as a whole number; ${rule}` };
  }
  const pages = Number(text);
  if (pages < min || pages > max) return { pages: 0, error: rule };
  return { pages };
}

/**
 * An offering printed in at least N copies: the merchant chooses to block
 * smaller quantities on the storefront, or another offering. Saving without
 * the choice would let customers buy orders the print service refuses.
 */
export function checkStorefrontMinimum(
  ticked: boolean,
  offering: MappingOffering,
): { storefrontMinimumQuantity: number | null; error?: string } {
  const copies = minimumCopies(offering);
  if (copies <= 1) return { storefrontMinimumQuantity: null };
  if (ticked) return { storefrontMinimumQuantity: copies };
  return {
    storefrontMinimumQuantity: null,
    error: `${offering.name} is printed in at least ${whole.format(copies)} copies. Tick the box so customers can't buy fewer, or choose another offering.`,
  };
}

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
