// The spine and cover rule of the sandbox: which offerings have a spine, how thick their
// paper is, and the size of the cover file that wraps them. The real service's rule is not
// published; this one is plausible and written down once (sandbox/README.md, "Spine and
// cover"). Millimetres throughout.

import type { Offering } from "./offerings";

export type Binding = "hardcover" | "softcover" | "perfect-bound";

/**
 * Bound books have a spine: hardcover and lay-flat books (boards), softcover books, and
 * perfect-bound magazines. Wire-bound notebooks, calendars, wall art and digital
 * publications have none.
 */
export function bindingOf(o: Pick<Offering, "categoryCode" | "subCategoryCode">): Binding | null {
  if (o.categoryCode === "BO")
    return o.subCategoryCode === "HC" || o.subCategoryCode === "LF" ? "hardcover" : "softcover";
  if (o.categoryCode === "MA" && o.subCategoryCode === "PM") return "perfect-bound";
  return null;
}

/** What the binding adds to the paper's thickness: boards for a hardcover, glue otherwise. */
export const BINDING_ALLOWANCE_MM: Readonly<Record<Binding, number>> = {
  hardcover: 4,
  softcover: 0.5,
  "perfect-bound": 0.5,
};

/**
 * Bleed of the cover file on every edge. A hardcover's cover is wrapped around its boards,
 * so its file carries a 15 mm wrap per edge instead of the 3 mm bleed.
 */
export const COVER_BLEED_MM: Readonly<Record<Binding, number>> = {
  hardcover: 15,
  softcover: 3,
  "perfect-bound": 3,
};

/** Thickness of one leaf (two pages) of the catalogue's papers. */
export const PAPER_CALIPER_MM: Readonly<Record<string, number>> = {
  "Uncoated 80gsm": 0.1,
  "Uncoated 90gsm": 0.11,
  "Uncoated 100gsm": 0.12,
  // 80 lb text is about 118 gsm.
  "Uncoated 80lb": 0.15,
  "Gloss 115gsm": 0.09,
  "Silk 150gsm": 0.12,
  "Silk 200gsm": 0.17,
  "Photo lustre 250gsm": 0.26,
};

/** For papers outside the table. */
const DEFAULT_CALIPER_MM = 0.1;
/** US text weight (lb) to grams per square metre. */
const GSM_PER_LB = 1.48;

/**
 * A leaf's thickness: from the table, else from the weight in the paper's name (coated
 * papers are denser: about 0.0008 mm per gsm, uncoated about 0.00125 mm per gsm), else 0.1 mm.
 */
export function caliperOf(paperType: string): number {
  const known = PAPER_CALIPER_MM[paperType];
  if (known !== undefined) return known;
  const weight = /(\d+(?:\.\d+)?)\s*(gsm|g\/m2|g|lb)\b/i.exec(paperType);
  if (!weight) return DEFAULT_CALIPER_MM;
  const gsm = Number(weight[1]) * (weight[2]!.toLowerCase() === "lb" ? GSM_PER_LB : 1);
  const coated =
    /silk|gloss|matt|satin|coated|lustre|photo/i.test(paperType) && !/uncoated/i.test(paperType);
  return round(gsm * (coated ? 0.0008 : 0.00125), 100);
}

export interface SpineMeasure {
  binding: Binding;
  spineWidth: number;
  coverWidth: number;
  coverHeight: number;
  bleed: number;
}

/**
 * spine = ceil(pages / 2) x caliper + binding allowance, to 0.1 mm;
 * cover = back + spine + front (trim width each) + bleed left and right, by
 * trim height + bleed top and bottom. Null when the offering has no spine.
 * `trim` overrides the offering's size (an order item of a dynamic-size offering).
 */
export function measureSpine(
  o: Offering,
  pages: number,
  trim?: { width: number; height: number },
): SpineMeasure | null {
  const binding = bindingOf(o);
  if (!binding) return null;
  const width = trim?.width ?? o.dimensionWidth;
  const height = trim?.height ?? o.dimensionHeight;
  const spineWidth = round(
    Math.ceil(pages / 2) * caliperOf(o.paperType) + BINDING_ALLOWANCE_MM[binding],
    10,
  );
  const bleed = COVER_BLEED_MM[binding];
  return {
    binding,
    spineWidth,
    coverWidth: round(2 * width + spineWidth + 2 * bleed, 10),
    coverHeight: round(height + 2 * bleed, 10),
    bleed,
  };
}

/** Half-up to 1/per (10: tenths); the epsilon keeps 2.65 from becoming 2.6 in binary. */
function round(value: number, per: number): number {
  return Math.round(value * per + 1e-9) / per;
}
