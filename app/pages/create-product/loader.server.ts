import { randomBytes } from "node:crypto";
import { creationShop, findCreation } from "../../data/product-creation.server";
import { getShopInfo } from "../../lib/shop-info.server";
import { countryName } from "../../services/country-names";
import { shopCurrency } from "../../services/pricing/currency";
import { pricingRuleFromJson, type PricingRule } from "../../services/pricing/price-rule";
import { parseCreationRequest } from "../../services/product-creation/request-codec";
import type { AdminApi } from "../../services/shopify-admin";
import { loadMappingCatalogue } from "../../lib/mapping-catalogue.server";

export interface CreateProductPageData extends Awaited<ReturnType<typeof loadMappingCatalogue>> {
  requestKey: string;
  currency: string;
  countryName: string | null;
  pricing: PricingRule;
  canWriteProducts: boolean;
  /** The offering the form starts with (`?offering=`), when the catalogue has it. */
  selectedOfferingId: number | null;
  /** The fields of an earlier creation ("Try again"), to refill the form. */
  retry: { creationId: string; values: Record<string, string> } | null;
}

const newRequestKey = () => randomBytes(16).toString("base64url");

/** The create-product form: the catalogue, the shop's currency and rule, a fresh request key. */
export async function loadCreateProductPage({
  shop,
  admin,
  offeringId,
  retryOf,
}: {
  shop: string;
  admin: AdminApi;
  offeringId?: number | null;
  retryOf?: string | null;
}): Promise<CreateProductPageData> {
  const [catalogue, info, shopRow, previous] = await Promise.all([
    loadMappingCatalogue({ shop }),
    getShopInfo({ shop, admin }),
    creationShop({ shop }),
    retryOf ? findCreation({ shop, id: retryOf }) : null,
  ]);
  const scopes = new Set((shopRow?.scopes ?? "").split(",").map((s) => s.trim()));
  const country = info?.shopAddress?.countryCodeV2?.toUpperCase();
  const selected =
    offeringId && catalogue.offerings?.some((o) => o.id === offeringId) ? offeringId : null;
  return {
    ...catalogue,
    // A failed creation is tried again under its own key: it finds what Shopify may have made.
    requestKey: previous && previous.state !== "done" ? previous.requestKey : newRequestKey(),
    currency: shopCurrency(info?.currencyCode),
    countryName: country ? countryName(country) : null,
    pricing: pricingRuleFromJson(shopRow?.productPricing),
    canWriteProducts: scopes.has("write_products"),
    selectedOfferingId: selected,
    retry: previous
      ? { creationId: previous.id, values: parseCreationRequest(previous.request).values }
      : null,
  };
}
