import { getLogger } from "../../lib/logger.server";
import { preflightForApp } from "../../lib/preflight.server";
import {
  checkMapping,
  checkPages,
  MAPPING_FORM_FIELDS,
  type CheckedMapping,
  type MappingCheck,
  type MappingFormValues,
  type MappingOffering,
  type SpineAnswer,
} from "../../services/catalogue/mapping-rules";
import {
  expectationFor,
  parsePreflight,
  preflightMatches,
  type PreflightResult,
} from "../../services/preflight";
import { writeVariantIsbn } from "../../services/book-kit/isbn-shopify";
import { adminGraphql, ShopifyAdminError, type AdminApi } from "../../services/shopify-admin";
import { getOffering } from "../../lib/catalogue.server";
import { getMapping, getMappings, saveMapping, savePreflight } from "../../data/mapping.server";
import { getVariants } from "../../lib/shopify-variants.server";
import { syncMinimums } from "../../lib/storefront-minimum.server";
import { getOfferingSpine } from "../../lib/offering-spine.server";

/**
 * The mapping form of the admin pages (one variant, or many at once): its
 * values as posted, the rules against the chosen offering
 * (services/catalogue/mapping-rules), the print file's preflight, the
 * storefront minimum quantity, and the save.
 */

const log = () => getLogger().child({ component: "mapping-form" });

function mappingFormValues(form: FormData | URLSearchParams): MappingFormValues {
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
    isbn: s(mapping?.isbn),
  };
}

/**
 * Checks a posted form against its offering. `offering` is null when the
 * chosen offering is not in the catalogue; `spine` is the print service's
 * answer on whether the offering has a spine.
 */
function validateMappingForm(
  v: MappingFormValues,
  offering: MappingOffering | null,
  options: { spine?: SpineAnswer } = {},
): MappingCheck {
  return checkMapping(v, offering, options);
}

/**
 * Asks the print service whether the offering has a spine, only when a spine option is chosen
 * or an ISBN is given (an ISBN is for a bound book).
 */
async function spineAnswer(
  shop: string,
  v: MappingFormValues,
  offering: MappingOffering,
): Promise<SpineAnswer> {
  if ((!v.spineMode || v.spineMode === "none") && !v.isbn) return "unknown";
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

export type SaveMappingFromFormResult =
  | {
      ok: true;
      saved: number;
      preflight: PreflightResult | null;
      /** The ISBN is saved with the mapping but Shopify did not take it: a save again retries. */
      isbnNotWritten: boolean;
    }
  | { ok: false; fieldErrors: Record<string, string> };

/**
 * Checks a posted mapping form against its offering and saves the same mapping
 * for each variant Shopify still knows (one on the variant page, up to 50 when
 * mapping in bulk). Nothing is saved when a field is wrong; `saved` counts the
 * variants found. A fixed print file is preflighted once for all of them: a
 * failed check does not block the save (the fields are right; the file can be
 * fixed at its address), the page shows it. The ISBN (single variant page) is then written to
 * Shopify; its failure keeps the mapping saved and is said, and saving again retries. The bulk
 * page asks no ISBN (`keepIsbn`): one ISBN names one edition, and stored ones stay as they are.
 */
export async function saveMappingFromForm({
  shop,
  admin,
  form,
  variantIds,
  keepIsbn = false,
}: {
  shop: string;
  admin: AdminApi;
  form: FormData;
  /** Variant GIDs. */
  variantIds: string[];
  /** The form asks no ISBN (bulk mapping): keep each variant's stored one. */
  keepIsbn?: boolean;
}): Promise<SaveMappingFromFormResult> {
  const values = mappingFormValues(form);
  if (keepIsbn) values.isbn = "";
  const offeringId = Number(values.offeringId);
  const found =
    /^\d{1,12}$/.test(values.offeringId) && offeringId > 0
      ? await getOffering({ shop, offeringId })
      : null;
  if (found && found.status !== "ok") {
    // The fields that need no offering are still checked, so their problems come with this one.
    const unchecked = validateMappingForm(values, null);
    return {
      ok: false,
      fieldErrors: {
        ...(unchecked.ok ? {} : (unchecked.fieldErrors as Record<string, string>)),
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
  // Left out, the stored ISBN stays (saveMapping).
  const { isbn, ...withoutIsbn } = mapping;
  for (const v of variants) {
    await saveMapping({
      shop,
      mapping: {
        ...(keepIsbn ? withoutIsbn : { ...withoutIsbn, isbn }),
        preflight,
        variantId: v.id,
        productId: v.productId,
        title: v.displayName,
      },
    });
  }
  let isbnNotWritten = false;
  if (!keepIsbn) {
    for (const v of variants) {
      try {
        await writeVariantIsbn(adminGraphql(admin), {
          variantId: v.id,
          isbn,
          previousIsbn: previous.get(v.id)?.isbn ?? null,
        });
      } catch (error) {
        if (!(error instanceof ShopifyAdminError)) throw error;
        log().warn({ shop, variantId: v.id, err: error }, "ISBN not written to Shopify");
        isbnNotWritten = true;
      }
    }
  }
  return { ok: true, saved: variants.length, preflight, isbnNotWritten };
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
