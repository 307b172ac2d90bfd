import { getVariantStocking } from "../../data/fulfillment-service.server";
import { getMapping } from "../../data/mapping.server";
import { getPrintSettingsForDisplay } from "../../data/print-settings.server";
import { loadMappingCatalogue } from "../../lib/mapping-catalogue.server";
import { getMappingMargin } from "../../lib/mapping-margin.server";
import { getVariants } from "../../lib/shopify-variants.server";
import { repricingStore } from "../../data/repricing.server";
import type { MappingMargin } from "../../services/pricing/mapping-margin";
import { targetMarginBps } from "../../services/pricing/price-rule";
import { unmapVariants } from "../../lib/storefront-minimum.server";
import { storedFileCheck } from "../../services/preflight/file-check-view";
import { stockingWords } from "../../services/merchant-text/fulfillment-service";
import { findIsbnUses } from "./isbn-uses.server";
import { ShopifyAdminError, type AdminApi } from "../../services/shopify-admin";
import { variantGid } from "../../services/shopify-admin/ids";
import {
  mappingToFormValues,
  recheckMappingFile,
  saveMappingFromForm,
} from "./mapping-form.server";

/**
 * One variant's mapping page (/app/products/<variant id>): the variant, its
 * stored mapping and file check, the form's values and the catalogue; and the
 * page's actions (save, check the file again, unmap).
 */

/** The page's data, or why there is none: an unknown variant, or Shopify's failure. */
export async function loadVariantMapping({
  shop,
  admin,
  legacyId,
  justSaved = false,
}: {
  shop: string;
  admin: AdminApi;
  /** The variant's numeric id, as in the page address. */
  legacyId: string;
  /** Just saved: the page also says what a sale of the variant earns or loses. */
  justSaved?: boolean;
}) {
  const gid = variantGid(legacyId);
  let variant;
  try {
    [variant] = await getVariants({ admin, variantIds: [gid] });
  } catch (error) {
    if (error instanceof ShopifyAdminError)
      return { status: "shopify_error", message: error.message } as const;
    throw error;
  }
  if (!variant) return { status: "not_found" } as const;
  const [mapping, settings, catalogue, stocking] = await Promise.all([
    getMapping({ shop, variantId: gid }),
    getPrintSettingsForDisplay({ shop }),
    loadMappingCatalogue({ shop }),
    getVariantStocking({ shop, variantId: gid }),
  ]);
  const data = {
    variant,
    mapped: mapping
      ? {
          state: mapping.fileProperty ? "file_per_order" : "mapped",
          offeringId: mapping.offeringId,
          numberOfPages: mapping.numberOfPages,
          hasFile: Boolean(mapping.contentUrl),
        }
      : null,
    fileCheck: storedFileCheck(mapping?.preflight),
    // Where Shopify sends the variant's lines: its own location, or the Print Connect one.
    stocking: stockingWords({ ...stocking, mapped: mapping !== null }),
    // The saved ISBN is not the variant's barcode in Shopify: a write that failed, or a barcode
    // changed in Shopify since. Saving again writes it.
    isbnNotInShopify:
      mapping?.isbn && variant.barcode !== mapping.isbn
        ? { isbn: mapping.isbn, barcode: variant.barcode }
        : null,
    values: mappingToFormValues(mapping),
    // The saved ISBN on another product too: the ISBN field warns, naming it.
    isbnUses: mapping?.isbn
      ? await findIsbnUses({ shop, typed: mapping.isbn, variant: gid })
      : null,
    currency: settings?.currency ?? variant.price.currency,
    saved: justSaved && mapping ? await savedMargin(shop, admin, legacyId, mapping) : null,
    ...catalogue,
  };
  return { status: "ok", data } as const;
}

/**
 * The margin of the mapping just saved (what the save banner says), and the target margin when
 * the variant's product was created with the app. No margin when it cannot be worked out: the
 * Print check card beside the form says why.
 */
async function savedMargin(
  shop: string,
  admin: AdminApi,
  legacyId: string,
  mapping: { offeringId: number; numberOfPages: number | null },
): Promise<{ margin: MappingMargin | null; targetBps: number | null }> {
  const [result, watched] = await Promise.all([
    getMappingMargin({
      shop,
      admin,
      variantId: legacyId,
      offeringId: mapping.offeringId,
      numberOfPages: mapping.numberOfPages ?? 1,
    }).catch(() => null),
    repricingStore.watchedVariants(shop, [variantGid(legacyId)]),
  ]);
  const rule = watched[0]?.rule;
  return {
    margin: result?.status === "ok" ? result.margin : null,
    targetBps: rule ? targetMarginBps(rule) : null,
  };
}

type VariantMappingActionResult =
  /** Done: the page reloads with this flag in its address. */
  | {
      status: "done";
      flag: "unmapped" | "checked" | "saved";
      /** Saved, but the ISBN did not reach Shopify (the page says so; saving again retries). */
      isbnNotWritten?: boolean;
    }
  | { status: "refused"; body: { problem: string } | { fieldErrors: Record<string, string> } }
  | { status: "not_found" };

/** "Unmap", "Check file again" or "Save mapping" (any other intent). */
export async function runVariantMappingAction({
  shop,
  admin,
  legacyId,
  form,
}: {
  shop: string;
  admin: AdminApi;
  legacyId: string;
  form: FormData;
}): Promise<VariantMappingActionResult> {
  const gid = variantGid(legacyId);
  const intent = form.get("intent");
  if (intent === "unmap") {
    const unmapped = await unmapVariants({ shop, admin, variantIds: [gid] });
    if (!unmapped.ok) return { status: "refused", body: { problem: unmapped.message } };
    return { status: "done", flag: "unmapped" };
  }
  if (intent === "check_file") {
    const checked = await recheckMappingFile({ shop, variantId: gid });
    if (!checked.ok) return { status: "refused", body: { problem: checked.message } };
    return { status: "done", flag: "checked" };
  }
  const result = await saveMappingFromForm({ shop, admin, form, variantIds: [gid] });
  if (!result.ok) return { status: "refused", body: { fieldErrors: result.fieldErrors } };
  if (result.saved === 0) return { status: "not_found" };
  return { status: "done", flag: "saved", isbnNotWritten: result.isbnNotWritten };
}
