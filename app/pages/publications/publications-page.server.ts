import { listMappingsForPicker } from "../../data/mapping.server";
import { getPrintSettingsForDisplay } from "../../data/print-settings.server";
import { listPublications, type PublicationRow } from "../../data/publications.server";
import { listCategories, listOfferings } from "../../lib/catalogue.server";
import { shopCurrency } from "../../services/pricing/currency";
import { legacyIdOf } from "../../services/shopify-admin/ids";
import { shownVariantName } from "../../services/merchant-text/variants";
import {
  publicationSourceText,
  SHOPPER_PRICE_TEXT,
} from "../../services/merchant-text/publications";
import type { AdminApi } from "../../services/shopify-admin";
import { getShopInfo } from "../../lib/shop-info.server";
import { shopperPrice, type ShopperPrice } from "../../lib/shopper-price.server";

export type { ShopperPrice };

export type PublicationProduct =
  | { kind: "offering"; id: number; name: string | null }
  | { kind: "category"; code: string; name: string | null };

/**
 * The Publications page: a page of the shop's publications, and what a new
 * one can be made from (mapped variants with a fixed file, the catalogue).
 */
export async function loadPublicationsPage({
  shop,
  admin,
  after,
}: {
  shop: string;
  admin: AdminApi;
  after?: string | undefined;
}) {
  const [settings, page, mappings, info] = await Promise.all([
    getPrintSettingsForDisplay({ shop }),
    listPublications({ shop, after }),
    listMappingsForPicker({ shop }),
    getShopInfo({ shop, admin }),
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
  const mappedName = new Map(
    mappings.map((m) => [m.variantId, m.title ? shownVariantName(m.title) : null]),
  );
  const offeringById = new Map(
    offerings?.status === "ok" ? offerings.data.map((o) => [o.id, o]) : [],
  );
  const countryCode = info?.shopAddress?.countryCodeV2?.toUpperCase() ?? null;
  /** What a shopper pays at the listing's checkout for the copies it starts with. */
  const priceOf = async (row: PublicationRow): Promise<ShopperPrice> => {
    const product = productOf(row);
    if (product?.kind === "category")
      return { status: "unknown", reason: SHOPPER_PRICE_TEXT.category };
    const offering = product ? offeringById.get(product.id) : undefined;
    if (!offering || !row.pages)
      return { status: "unknown", reason: SHOPPER_PRICE_TEXT.unavailable };
    if (!countryCode) return { status: "unknown", reason: SHOPPER_PRICE_TEXT.noCountry };
    return shopperPrice({
      shop,
      offeringId: offering.id,
      numberOfPages: row.pages,
      quantity: Math.max(1, offering.minimumQuantity ?? 1),
      currency: row.currency,
      countryCode,
    });
  };
  const prices = connected ? await Promise.all(page.rows.map(priceOf)) : [];
  return {
    products: Object.fromEntries(page.rows.map((r) => [r.id, productOf(r)])),
    sources: Object.fromEntries(
      page.rows.map((r) => [
        r.id,
        publicationSourceText({
          variant: Boolean(r.variantId),
          name: r.variantId ? (mappedName.get(r.variantId) ?? null) : null,
        }),
      ]),
    ),
    shopperPrices: Object.fromEntries(
      page.rows.map((r, i) => [
        r.id,
        prices[i] ?? { status: "unknown" as const, reason: SHOPPER_PRICE_TEXT.unavailable },
      ]),
    ),
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
        title: m.title ? shownVariantName(m.title) : `Variant ${legacyIdOf(m.variantId)}`,
        pages: m.numberOfPages,
      })),
  };
}
