import { z } from "zod";
import { loadMappingCatalogue } from "../../lib/mapping-catalogue.server";
import { getVariants } from "../../lib/shopify-variants.server";
import { fileCheckView } from "../../services/preflight/file-check-view";
import { ShopifyAdminError, type AdminApi } from "../../services/shopify-admin";
import { variantGid } from "../../services/shopify-admin/ids";
import { mappingToFormValues, saveMappingFromForm } from "./mapping-form.server";

/** Mapping many variants to one offering at once (/app/products/bulk?variant=…). */

const idsSchema = z
  .array(z.string().regex(/^\d{1,20}$/))
  .min(1, "Choose variants first")
  .max(50, "Map at most 50 variants at once");

function variantIdsOf(params: URLSearchParams | FormData) {
  return idsSchema.safeParse(params.getAll("variant").map(String));
}

/** The chosen variants and the catalogue, or why not: no valid choice, or Shopify's failure. */
export async function loadBulkMapping({
  shop,
  admin,
  searchParams,
}: {
  shop: string;
  admin: AdminApi;
  searchParams: URLSearchParams;
}) {
  const ids = variantIdsOf(searchParams);
  if (!ids.success) return { status: "no_variants" } as const;
  let variants;
  try {
    variants = await getVariants({ admin, variantIds: ids.data.map(variantGid) });
  } catch (error) {
    if (error instanceof ShopifyAdminError) {
      return { status: "shopify_error", message: error.message } as const;
    }
    throw error;
  }
  const catalogue = await loadMappingCatalogue({ shop });
  return {
    status: "ok",
    data: { variants, values: mappingToFormValues(null), ...catalogue },
  } as const;
}

/**
 * Saves one mapping for every chosen variant. A shared file that failed its
 * check (or could not be reached) keeps the merchant on the page, in view;
 * otherwise the Products list says how many were mapped.
 */
export async function saveBulkMapping({
  shop,
  admin,
  form,
}: {
  shop: string;
  admin: AdminApi;
  form: FormData;
}) {
  const ids = variantIdsOf(form);
  if (!ids.success) {
    const fieldErrors: Record<string, string> = {
      form: ids.error.issues[0]?.message ?? "Choose variants",
    };
    return { status: "refused", body: { fieldErrors } } as const;
  }
  const result = await saveMappingFromForm({
    shop,
    admin,
    form,
    variantIds: ids.data.map(variantGid),
    keepIsbn: true,
  });
  if (!result.ok) return { status: "refused", body: { fieldErrors: result.fieldErrors } } as const;
  if (result.preflight && result.preflight.status !== "passed") {
    return {
      status: "file_needs_attention",
      body: { saved: result.saved, fileCheck: fileCheckView(result.preflight) },
    } as const;
  }
  return { status: "saved", saved: result.saved } as const;
}
