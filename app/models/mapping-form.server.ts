import { SPINE_FONTS } from "../services/print/input-rules";
import { isHttpUrl } from "../services/safe-url";
import { getOffering, listCategories, listOfferings } from "./catalogue.server";
import { saveMapping, type getMapping, type MappingInput } from "./mapping.server";
import { getVariants } from "./products.server";

/**
 * The mapping form of the admin pages (one variant, or many at once): its
 * values as posted, the checks against the chosen offering, and the save.
 */

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
];

/** Offering limits a mapping is checked against (a plain shape of the print SDK's Offering). */
export interface OfferingLimits {
  id: number;
  name: string;
  minNumberOfPages?: number | undefined;
  maxNumberOfPages?: number | undefined;
  dimensionWidth?: number | undefined;
  dimensionHeight?: number | undefined;
  dynamicSize: boolean;
  minDimensionWidth?: number | undefined;
  minDimensionHeight?: number | undefined;
}

export function mappingFormValues(form: FormData | URLSearchParams): MappingFormValues {
  const out = {} as MappingFormValues;
  for (const field of MAPPING_FORM_FIELDS) {
    const v = form.get(field);
    out[field] = typeof v === "string" ? v.trim() : "";
  }
  return out;
}

/** Form values for an existing mapping (or defaults for a new one). */
export function mappingToFormValues(
  mapping: Awaited<ReturnType<typeof getMapping>>,
): MappingFormValues {
  const spine = mapping?.spineText
    ? (JSON.parse(mapping.spineText) as Record<string, unknown>)
    : null;
  const s = (v: unknown) => (v === null || v === undefined ? "" : String(v));
  return {
    offeringId: s(mapping?.offeringId),
    fileSource: mapping?.fileProperty ? "per_order" : "fixed",
    contentUrl: s(mapping?.contentUrl),
    fileProperty: mapping?.fileProperty ?? "Print file",
    contentWidth: s(mapping?.contentWidth),
    contentHeight: s(mapping?.contentHeight),
    numberOfPages: s(mapping?.numberOfPages),
    coverUrl: s(mapping?.coverUrl),
    spineMode: mapping?.spineCustomUrl ? "custom" : spine ? "dynamic" : "none",
    spineCustomUrl: s(mapping?.spineCustomUrl),
    spineFont: s(spine?.textFont) || "Helvetica",
    spineSize: s(spine?.textSize) || "12",
    spineColour: s(spine?.textColour) || "#000000",
    spineTop: s(spine?.textTop),
    spineCenter: s(spine?.textCenter),
    spineBottom: s(spine?.textBottom),
    spineBackground: s(spine?.backgroundColour),
  };
}

export type MappingFormResult =
  | { ok: true; mapping: Omit<MappingInput, "variantId" | "productId" | "title"> }
  | { ok: false; fieldErrors: Partial<Record<keyof MappingFormValues, string>> };

/**
 * Checks the form and the offering's limits; every problem is reported on its
 * field. `offering` is null when the chosen offering is not in the catalogue.
 * `options.bulk` skips the file fields' requirements that bulk mapping asks later.
 */
export function validateMappingForm(
  v: MappingFormValues,
  offering: OfferingLimits | null,
): MappingFormResult {
  const errors: Partial<Record<keyof MappingFormValues, string>> = {};
  const offeringId = Number(v.offeringId);
  if (!v.offeringId || !Number.isInteger(offeringId) || offeringId <= 0) {
    errors.offeringId = "Choose an offering";
  } else if (!offering) {
    errors.offeringId = "This offering is not in the print-service catalogue";
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

  const pages = Number(v.numberOfPages);
  if (!v.numberOfPages || !Number.isInteger(pages) || pages <= 0) {
    errors.numberOfPages = "Enter the number of pages (a whole number)";
  } else if (offering) {
    if (offering.minNumberOfPages !== undefined && pages < offering.minNumberOfPages) {
      errors.numberOfPages = `${offering.name} needs at least ${offering.minNumberOfPages} pages`;
    } else if (offering.maxNumberOfPages && pages > offering.maxNumberOfPages) {
      errors.numberOfPages = `${offering.name} takes at most ${offering.maxNumberOfPages} pages`;
    }
  }

  const dimension = (
    key: "contentWidth" | "contentHeight",
    fallback: number | undefined,
    min: number | undefined,
    label: string,
  ) => {
    if (!v[key]) {
      if (offering && !offering.dynamicSize && fallback) return fallback;
      errors[key] = `Enter the ${label} in mm`;
      return 0;
    }
    const n = Number(v[key]);
    if (!Number.isFinite(n) || n <= 0) {
      errors[key] = `Enter the ${label} in mm as a number`;
      return 0;
    }
    if (offering?.dynamicSize && min !== undefined && n < min) {
      errors[key] = `${offering.name} needs a ${label} of at least ${min} mm`;
    }
    return n;
  };
  const contentWidth = dimension(
    "contentWidth",
    offering?.dimensionWidth,
    offering?.minDimensionWidth,
    "width",
  );
  const contentHeight = dimension(
    "contentHeight",
    offering?.dimensionHeight,
    offering?.minDimensionHeight,
    "height",
  );

  if (v.coverUrl && !isHttpUrl(v.coverUrl))
    errors.coverUrl = "Enter a full URL starting with https://";

  let spineCustomUrl: string | null = null;
  let spineText: MappingInput["spineText"] = null;
  if (v.spineMode === "custom") {
    if (!isHttpUrl(v.spineCustomUrl))
      errors.spineCustomUrl = "Enter the spine image URL starting with https://";
    else spineCustomUrl = v.spineCustomUrl;
  } else if (v.spineMode === "dynamic") {
    if (!(SPINE_FONTS as readonly string[]).includes(v.spineFont))
      errors.spineFont = "Choose a font";
    const size = Number(v.spineSize);
    if (!Number.isFinite(size) || size < 4 || size > 72)
      errors.spineSize = "Use a size from 4 to 72 pt";
    if (!/^#[0-9A-Fa-f]{6}$/.test(v.spineColour)) errors.spineColour = "Use a colour like #1A2B3C";
    if (v.spineBackground && !/^#[0-9A-Fa-f]{6}$/.test(v.spineBackground)) {
      errors.spineBackground = "Use a colour like #FFFFFF";
    }
    if (!v.spineTop && !v.spineCenter && !v.spineBottom)
      errors.spineCenter = "Enter the spine text";
    spineText = {
      textFont: v.spineFont,
      textSize: size,
      textColour: v.spineColour.toUpperCase(),
      ...(v.spineTop ? { textTop: v.spineTop } : {}),
      ...(v.spineCenter ? { textCenter: v.spineCenter } : {}),
      ...(v.spineBottom ? { textBottom: v.spineBottom } : {}),
      ...(v.spineBackground ? { backgroundColour: v.spineBackground.toUpperCase() } : {}),
    };
  } else if (v.spineMode && v.spineMode !== "none") {
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
      numberOfPages: pages,
      coverUrl: v.coverUrl || null,
      spineCustomUrl,
      spineText,
    },
  };
}

/** The catalogue a mapping form chooses from, as the mapping pages' loaders send it. */
export async function loadMappingCatalogue({ shop }: { shop: string }) {
  const [categories, offerings] = await Promise.all([
    listCategories({ shop }),
    listOfferings({ shop, filters: {} }),
  ]);
  return {
    categories: categories.status === "ok" ? categories.data : [],
    offerings: offerings.status === "ok" ? offerings.data : null,
    catalogue:
      offerings.status === "ok"
        ? null
        : offerings.status === "no_credentials"
          ? { status: "no_credentials" as const }
          : { status: "error" as const, problem: offerings.problem },
  };
}

export type SaveMappingFromFormResult =
  { ok: true; saved: number } | { ok: false; fieldErrors: Record<string, string> };

/**
 * Checks a posted mapping form against its offering and saves the same mapping
 * for each variant Shopify still knows (one on the variant page, up to 50 when
 * mapping in bulk). Nothing is saved when a field is wrong; `saved` counts the
 * variants found.
 */
export async function saveMappingFromForm({
  shop,
  admin,
  form,
  variantIds,
}: {
  shop: string;
  admin: Parameters<typeof getVariants>[0]["admin"];
  form: FormData;
  /** Variant GIDs. */
  variantIds: string[];
}): Promise<SaveMappingFromFormResult> {
  const values = mappingFormValues(form);
  const offeringId = Number(values.offeringId);
  const offering =
    Number.isInteger(offeringId) && offeringId > 0 ? await getOffering({ shop, offeringId }) : null;
  if (offering && offering.status !== "ok") {
    return {
      ok: false,
      fieldErrors: {
        offeringId:
          offering.status === "no_credentials"
            ? "Connect your print-service account first"
            : "The catalogue could not be loaded; try again",
      },
    };
  }
  const result = validateMappingForm(values, offering?.status === "ok" ? offering.data : null);
  if (!result.ok) return { ok: false, fieldErrors: result.fieldErrors as Record<string, string> };
  const variants = await getVariants({ admin, variantIds });
  for (const v of variants) {
    await saveMapping({
      shop,
      mapping: { ...result.mapping, variantId: v.id, productId: v.productId, title: v.displayName },
    });
  }
  return { ok: true, saved: variants.length };
}
