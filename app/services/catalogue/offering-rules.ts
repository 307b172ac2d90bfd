import { parseIsbn } from "../book-kit/isbn";

/**
 * What an offering allows a mapping, one field at a time: its size, pages, minimum copies,
 * spine and ISBN, each checked on its own and said as a hint in the merchant's words. The
 * whole form's check (mapping-rules.ts) puts them together; the proof, quote and cover
 * template pages ask single ones.
 */

/** How far (per side) a fixed-size mapping may differ from the offering's size: rounding of inches and points. */
export const SIZE_TOLERANCE_MM = 1;
/** The largest side a custom-size (dynamic) mapping may have: nothing the print services make is larger. */
export const MAX_DYNAMIC_SIDE_MM = 1200;
/** Pages of an offering that states no maximum: a bound so an absurd number never reaches the database. */
export const MAX_PAGES_WITHOUT_LIMIT = 10_000;

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

/**
 * Whether the offering has a spine, as the print service answered (server
 * side); "unknown" when it could not be asked, which does not block a save.
 */
export type SpineAnswer = "has_spine" | "no_spine" | "unknown";

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
export function parseDecimal(text: string): number | null {
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
  values: Record<SideKey, string>,
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
