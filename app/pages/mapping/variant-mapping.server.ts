import { getMapping } from "../../data/mapping.server";
import { getPrintSettingsForDisplay } from "../../data/print-settings.server";
import { loadMappingCatalogue } from "../../lib/mapping-catalogue.server";
import { getVariants } from "../../lib/shopify-variants.server";
import { unmapVariants } from "../../lib/storefront-minimum.server";
import { storedFileCheck } from "../../services/preflight/file-check-view";
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
}: {
  shop: string;
  admin: AdminApi;
  /** The variant's numeric id, as in the page address. */
  legacyId: string;
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
  const [mapping, settings, catalogue] = await Promise.all([
    getMapping({ shop, variantId: gid }),
    getPrintSettingsForDisplay({ shop }),
    loadMappingCatalogue({ shop }),
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
    values: mappingToFormValues(mapping),
    currency: settings?.currency ?? variant.price.currency,
    ...catalogue,
  };
  return { status: "ok", data } as const;
}

type VariantMappingActionResult =
  /** Done: the page reloads with this flag in its address. */
  | { status: "done"; flag: "unmapped" | "checked" | "saved" }
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
  return { status: "done", flag: "saved" };
}
