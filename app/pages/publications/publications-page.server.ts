import { listMappingsForPicker } from "../../data/mapping.server";
import { getPrintSettingsForDisplay } from "../../data/print-settings.server";
import { listPublications, type PublicationRow } from "../../data/publications.server";
import { listCategories, listOfferings } from "../../lib/catalogue.server";
import { shopCurrency } from "../../services/pricing/currency";
import { legacyIdOf } from "../../services/shopify-admin/ids";

export type PublicationProduct =
  | { kind: "offering"; id: number; name: string | null }
  | { kind: "category"; code: string; name: string | null };

/**
 * The Publications page: a page of the shop's publications, and what a new
 * one can be made from (mapped variants with a fixed file, the catalogue).
 */
export async function loadPublicationsPage({
  shop,
  after,
}: {
  shop: string;
  after?: string | undefined;
}) {
  const [settings, page, mappings] = await Promise.all([
    getPrintSettingsForDisplay({ shop }),
    listPublications({ shop, after }),
    listMappingsForPicker({ shop }),
  ]);
  const connected = Boolean(settings?.merchantApiKey && settings.secretKeySet);
  // What a listing from a file can sell: the shop's own catalogue.
  const [offerings, categories] = connected
    ? await Promise.all([listOfferings({ shop, filters: {} }), listCategories({ shop })])
    : [null, null];
  const offeringNames = new Map(
    offerings?.status === "ok" ? offerings.data.map((o) => [o.id, o.name]) : [],
  );
  const categoryNames = new Map(
    categories?.status === "ok" ? categories.data.map((c) => [c.code, c.name]) : [],
  );
  const mappedOffering = new Map(mappings.map((m) => [m.variantId, m.offeringId]));
  /** What each listing sells, by name where the catalogue knows it. */
  const productOf = (row: PublicationRow): PublicationProduct | null => {
    if (row.categoryCode)
      return {
        kind: "category",
        code: row.categoryCode,
        name: categoryNames.get(row.categoryCode) ?? null,
      };
    const offeringId =
      row.offeringId ?? (row.variantId ? mappedOffering.get(row.variantId) : undefined);
    return offeringId
      ? { kind: "offering", id: offeringId, name: offeringNames.get(offeringId) ?? null }
      : null;
  };
  return {
    products: Object.fromEntries(page.rows.map((r) => [r.id, productOf(r)])),
    offerings:
      offerings?.status === "ok"
        ? offerings.data.map((o) => ({ id: o.id, name: o.name, categoryCode: o.categoryCode }))
        : [],
    categories:
      categories?.status === "ok"
        ? categories.data.map((c) => ({ code: c.code, name: c.name }))
        : [],
    connected,
    currency: shopCurrency(settings?.currency),
    page,
    after: after ?? null,
    variants: mappings
      .filter((m) => m.contentUrl && m.numberOfPages && m.contentWidth && m.contentHeight)
      .map((m) => ({
        id: m.variantId,
        legacyId: legacyIdOf(m.variantId),
        title: m.title || legacyIdOf(m.variantId),
        pages: m.numberOfPages,
      })),
  };
}
