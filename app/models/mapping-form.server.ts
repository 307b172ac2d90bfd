import { getLogger } from "../lib/logger.server";
import { preflightForApp } from "../lib/preflight.server";
import {
  checkMapping,
  checkPages,
  MAPPING_FORM_FIELDS,
  type CheckedMapping,
  type MappingCheck,
  type MappingFormValues,
  type MappingOffering,
  type SpineAnswer,
} from "../services/catalogue/mapping-rules";
import {
  BLEED_MM,
  expectationFor,
  isBusyResult,
  PAGE_SIZE_TOLERANCE_MM,
  parsePreflight,
  preflightMatches,
  type PreflightResult,
} from "../services/preflight";
import { ShopifyAdminError, type AdminApi } from "../services/shopify-admin";
import { getOffering, listCategories, listOfferings } from "./catalogue.server";
import {
  deleteMappings,
  getMapping,
  getMappings,
  saveMapping,
  savePreflight,
} from "./mapping.server";
import { getVariants } from "./products.server";
import { syncStorefrontMinimum } from "./quantity-rule.server";
import { getOfferingSpine } from "./spine.server";

/**
 * The mapping form of the admin pages (one variant, or many at once): its
 * values as posted, the rules against the chosen offering
 * (services/catalogue/mapping-rules), the print file's preflight, the
 * storefront minimum quantity, and the save.
 */

export { MAPPING_FORM_FIELDS, type MappingFormValues };

const log = () => getLogger().child({ component: "mapping-form" });

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
    storefrontMinimum: mapping?.storefrontMinimumQuantity ? "on" : "",
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

/**
 * Checks a posted form against its offering. `offering` is null when the
 * chosen offering is not in the catalogue; `spine` is the print service's
 * answer on whether the offering has a spine.
 */
export function validateMappingForm(
  v: MappingFormValues,
  offering: MappingOffering | null,
  options: { spine?: SpineAnswer } = {},
): MappingCheck {
  return checkMapping(v, offering, options);
}

/** Asks the print service whether the offering has a spine, only when a spine option is chosen. */
async function spineAnswer(
  shop: string,
  v: MappingFormValues,
  offering: MappingOffering,
): Promise<SpineAnswer> {
  if (!v.spineMode || v.spineMode === "none") return "unknown";
  const { pages, error } = checkPages(v.numberOfPages, offering);
  // Without a valid page count the pages field already says what is wrong.
  if (error) return "unknown";
  const answer = await getOfferingSpine({ shop, offeringId: offering.id, numberOfPages: pages });
  if (answer.status === "ok") return "has_spine";
  if (answer.status === "no_spine") return "no_spine";
  // The service could not answer: it checks the spine again when the order is sent.
  log().warn({ shop, offeringId: offering.id, status: answer.status }, "spine lookup failed");
  return "unknown";
}

/**
 * The preflight of the mapping's fixed file: the stored one of any of
 * `stored` when it checked the same URL against the same expectation, else
 * a new check (always when the merchant asks to check the file again).
 * Per-order files are checked when each order brings one.
 */
async function preflightFor(
  mapping: CheckedMapping,
  offering: MappingOffering,
  stored: (string | null)[],
): Promise<PreflightResult | null> {
  if (!mapping.contentUrl) return null;
  const expectation = expectationFor(offering, mapping);
  for (const json of stored) {
    const previous = parsePreflight(json);
    if (preflightMatches(previous, mapping.contentUrl, expectation)) return previous;
  }
  return preflightForApp(mapping.contentUrl, expectation);
}

/**
 * Sets (or removes) the storefront's minimum quantity on variants whose
 * stored minimum differs. Done before the mapping is written, so a mapping
 * that needs a minimum is never stored without it being on the storefront.
 * Returns the merchant-facing problem when Shopify refused.
 */
async function syncMinimums(
  admin: AdminApi,
  changes: { variantId: string; minimum: number | null }[],
): Promise<string | null> {
  const byMinimum = new Map<number | null, string[]>();
  for (const c of changes)
    byMinimum.set(c.minimum, [...(byMinimum.get(c.minimum) ?? []), c.variantId]);
  for (const [minimum, variantIds] of byMinimum) {
    try {
      await syncStorefrontMinimum({ admin, variantIds, minimum });
    } catch (error) {
      if (!(error instanceof ShopifyAdminError)) throw error;
      return minimum
        ? `Shopify did not take the minimum of ${minimum} copies (${error.message}). Nothing was saved; try again.`
        : `Shopify did not remove the minimum quantity from the storefront (${error.message}). Nothing was changed; try again.`;
    }
  }
  return null;
}

export type SaveMappingFromFormResult =
  | { ok: true; saved: number; preflight: PreflightResult | null }
  | { ok: false; fieldErrors: Record<string, string> };

/**
 * Checks a posted mapping form against its offering and saves the same mapping
 * for each variant Shopify still knows (one on the variant page, up to 50 when
 * mapping in bulk). Nothing is saved when a field is wrong; `saved` counts the
 * variants found. A fixed print file is preflighted once for all of them: a
 * failed check does not block the save (the fields are right; the file can be
 * fixed at its address), the page shows it.
 */
export async function saveMappingFromForm({
  shop,
  admin,
  form,
  variantIds,
}: {
  shop: string;
  admin: AdminApi;
  form: FormData;
  /** Variant GIDs. */
  variantIds: string[];
}): Promise<SaveMappingFromFormResult> {
  const values = mappingFormValues(form);
  const offeringId = Number(values.offeringId);
  const found =
    /^\d{1,12}$/.test(values.offeringId) && offeringId > 0
      ? await getOffering({ shop, offeringId })
      : null;
  if (found && found.status !== "ok") {
    return {
      ok: false,
      fieldErrors: {
        offeringId:
          found.status === "no_credentials"
            ? "Connect your print-service account first"
            : "The catalogue could not be loaded; try again",
      },
    };
  }
  const offering = found?.status === "ok" ? found.data : null;
  const spine = offering ? await spineAnswer(shop, values, offering) : "unknown";
  const result = validateMappingForm(values, offering, { spine });
  if (!result.ok || !offering) {
    return {
      ok: false,
      fieldErrors: result.ok ? {} : (result.fieldErrors as Record<string, string>),
    };
  }
  const { mapping } = result;
  const variants = await getVariants({ admin, variantIds });
  const previous = new Map(
    (await getMappings({ shop, variantIds: variants.map((v) => v.id) })).map((m) => [
      m.variantId,
      m,
    ]),
  );
  const problem = await syncMinimums(
    admin,
    variants
      .filter(
        (v) =>
          (previous.get(v.id)?.storefrontMinimumQuantity ?? null) !==
          mapping.storefrontMinimumQuantity,
      )
      .map((v) => ({ variantId: v.id, minimum: mapping.storefrontMinimumQuantity })),
  );
  if (problem) {
    // On the checkbox when there is one; a removal (no minimum any more) shows on the offering.
    const field = mapping.storefrontMinimumQuantity ? "storefrontMinimum" : "offeringId";
    return { ok: false, fieldErrors: { [field]: problem } };
  }
  const checkAgain = form.get("intent") === "check_file";
  const preflight = await preflightFor(
    mapping,
    offering,
    checkAgain ? [] : [...previous.values()].map((m) => m.preflight),
  );
  for (const v of variants) {
    await saveMapping({
      shop,
      mapping: {
        ...mapping,
        preflight,
        variantId: v.id,
        productId: v.productId,
        title: v.displayName,
      },
    });
  }
  return { ok: true, saved: variants.length, preflight };
}

export type RecheckResult =
  { ok: true; preflight: PreflightResult } | { ok: false; message: string };

/** "Check file again": a new preflight of the stored mapping's file, whatever was stored before. */
export async function recheckMappingFile({
  shop,
  variantId,
}: {
  shop: string;
  /** Variant GID. */
  variantId: string;
}): Promise<RecheckResult> {
  const mapping = await getMapping({ shop, variantId });
  if (!mapping?.contentUrl) {
    return { ok: false, message: "This variant has no print file of its own to check." };
  }
  const offering = await getOffering({ shop, offeringId: mapping.offeringId });
  if (offering.status !== "ok" || !offering.data) {
    return {
      ok: false,
      message:
        offering.status === "no_credentials"
          ? "Connect your print-service account first."
          : "The offering could not be loaded from the print service; try again.",
    };
  }
  const preflight = await preflightForApp(
    mapping.contentUrl,
    expectationFor(offering.data, {
      numberOfPages: mapping.numberOfPages ?? 1,
      contentWidth: mapping.contentWidth ?? offering.data.dimensionWidth ?? 0,
      contentHeight: mapping.contentHeight ?? offering.data.dimensionHeight ?? 0,
    }),
  );
  await savePreflight({ shop, variantId, preflight });
  return { ok: true, preflight };
}

/**
 * Unmaps variants (GIDs) and removes the storefront minimum the mappings had
 * set; when Shopify refuses that, nothing is unmapped.
 */
export async function unmapVariants({
  shop,
  admin,
  variantIds,
}: {
  shop: string;
  admin: AdminApi;
  variantIds: string[];
}): Promise<{ ok: true; removed: number } | { ok: false; message: string }> {
  const withMinimum = (await getMappings({ shop, variantIds })).filter(
    (m) => m.storefrontMinimumQuantity !== null,
  );
  const problem = await syncMinimums(
    admin,
    withMinimum.map((m) => ({ variantId: m.variantId, minimum: null })),
  );
  if (problem) return { ok: false, message: problem };
  const { count } = await deleteMappings({ shop, variantIds });
  return { ok: true, removed: count };
}

/** Trim sizes merchants know by name (portrait, mm). */
const PAPER_NAMES: [number, number, string][] = [
  [297, 420, "A3"],
  [210, 297, "A4"],
  [148, 210, "A5"],
  [420, 594, "A2"],
  [216, 279, "US Letter"],
];

/** The print file check as the mapping pages show it. */
export interface FileCheckView {
  status: PreflightResult["status"];
  url: string;
  checkedAt: string;
  /** Passed: "24 pages · 216 × 303 mm · A4 with 3 mm bleed". */
  headline: string | null;
  problems: { message: string; fix: string }[];
  reason: string | null;
  /** Not checked because every PDF thread was busy (status "unreachable"): the file was downloaded. */
  busy: boolean;
}

/** What a preflight found, in the words of the mapping page. */
export function fileCheckView(result: PreflightResult | null): FileCheckView | null {
  if (!result) return null;
  return {
    status: result.status,
    url: result.url,
    checkedAt: result.checkedAt,
    headline: result.status === "passed" ? passedHeadline(result) : null,
    problems: result.problems.map(({ message, fix }) => ({ message, fix })),
    reason: result.reason ?? null,
    busy: isBusyResult(result),
  };
}

/** The print file check of a stored mapping (its VariantMapping.preflight JSON). */
export function storedFileCheck(json: string | null | undefined): FileCheckView | null {
  return fileCheckView(parsePreflight(json));
}

function passedHeadline(result: PreflightResult): string {
  const mm = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
  const parts: string[] = [];
  if (result.pages !== undefined) {
    parts.push(`${result.pages} ${result.pages === 1 ? "page" : "pages"}`);
  }
  const { pageWidthMm: w, pageHeightMm: h } = result;
  if (w !== undefined && h !== undefined) {
    parts.push(`${mm.format(w)} × ${mm.format(h)} mm`);
    const { trimWidthMm: tw, trimHeightMm: th } = result.expectation;
    const near = (a: number, b: number) => Math.abs(a - b) <= PAGE_SIZE_TOLERANCE_MM;
    const [short, long] = [Math.min(tw, th), Math.max(tw, th)];
    const named = PAPER_NAMES.find(([pw, ph]) => near(pw, short) && near(ph, long));
    const trim = named ? named[2] : `${mm.format(tw)} × ${mm.format(th)} mm`;
    const fits = (extra: number) =>
      (near(w, tw + extra) && near(h, th + extra)) || (near(w, th + extra) && near(h, tw + extra));
    if (fits(2 * BLEED_MM)) parts.push(`${trim} with ${BLEED_MM} mm bleed`);
    else if (fits(0)) parts.push(`${trim}, no bleed`);
  }
  return parts.join(" · ");
}
