import { mappingsToQuote, storeMappingQuote } from "../data/mapping-quote.server";
import { getOffering } from "./catalogue.server";
import { getPrintSettingsForDisplay } from "../data/print-settings.server";
import { getVariants } from "./shopify-variants.server";
import { problemText } from "../services/merchant-text/problem-sentence";
import { countryName } from "../services/country-names";
import { checkPages } from "../services/catalogue/mapping-rules";
import {
  mappingMarginOf,
  smallestSale,
  type MappingMarginResult,
} from "../services/pricing/mapping-margin";
import type { QuotedLine } from "../services/pricing/quote-totals";
import { SHOPIFY_FAILURE_TEXT, type AdminApi } from "../services/shopify-admin";
import { variantGid } from "../services/shopify-admin/ids";
import { pricesValidUntil, quoteInCurrency } from "./print-quotes.server";
import { getShopInfo } from "./shop-info.server";

/**
 * A mapped variant's margin (services/pricing/mapping-margin.ts) wired to its reads: the
 * variant's Shopify price, the shop's country, the offering's minimum and the print service's
 * quote; each margin worked out is kept for the Products list.
 */
export async function getMappingMargin({
  shop,
  admin,
  variantId,
  offeringId,
  numberOfPages,
}: {
  shop: string;
  admin: AdminApi;
  /** Legacy numeric id or GID. */
  variantId: string;
  offeringId: number;
  numberOfPages: number;
}): Promise<MappingMarginResult> {
  const [info, variants, offering, settings, validUntil] = await Promise.all([
    getShopInfo({ shop, admin }),
    getVariants({ admin, variantIds: [variantGid(variantId)] }).catch(() => null),
    getOffering({ shop, offeringId }),
    getPrintSettingsForDisplay({ shop }),
    pricesValidUntil({ shop, offeringIds: [offeringId] }),
  ]);
  if (offering.status === "no_credentials") return { status: "no_credentials" };
  // Pages outside the offering's range: its rule in words, not the service's refusal.
  const pagesError =
    offering.status === "ok" && offering.data
      ? checkPages(String(numberOfPages), offering.data).error
      : undefined;
  if (pagesError) return { status: "unavailable", reason: `${pagesError}.` };
  const variant = variants?.[0];
  if (!variant) return { status: "unavailable", reason: SHOPIFY_FAILURE_TEXT.variantPriceUnread };
  const countryCode = info?.shopAddress?.countryCodeV2?.toUpperCase();
  if (!countryCode)
    return {
      status: "unavailable",
      reason:
        "Your shop has no country in its Shopify address, so there is no market to quote for.",
    };
  const name = countryName(countryCode);
  const quantity = smallestSale(offering.status === "ok" ? offering.data?.minimumQuantity : 1);
  const line = {
    label: variant.displayName,
    offeringId,
    numberOfPages,
    quantity,
    unitPrice: variant.price,
  };
  const fallback = settings?.currency?.toUpperCase();
  const { result, fellBack } = await quoteInCurrency({
    shop,
    countryCode,
    currency: variant.price.currency,
    fallbackCurrency: fallback,
    lines: [line],
  });
  if (result.status === "no_credentials") return result;
  if (result.status === "error")
    return { status: "unavailable", reason: problemText(result.problem) };
  const quoted: QuotedLine | undefined = result.data.groups[0]?.lines[0];
  if (!quoted)
    return {
      status: "unavailable",
      reason: `The print service cannot make this product for ${name}.`,
    };
  const margin = mappingMarginOf({
    countryCode,
    countryName: name,
    quantity,
    unitPrice: variant.price,
    quoted,
    fellBackTo: fellBack ? (fallback ?? null) : null,
  });
  await storeMappingQuote({
    shop,
    variantId: variantGid(variantId),
    offeringId,
    numberOfPages,
    quantity,
    countryCode,
    print: margin.print,
    shipping: margin.shipping,
    vat: margin.vat,
    exchangeRate: result.data.exchangeRate,
    validUntil: validUntil.get(offeringId) ?? null,
  });
  return { status: "ok", margin };
}

/**
 * Works out (and keeps) the margins of these mapped variants, one after the other (each a
 * cached quote), as their mappings stand. Answers how many could be worked out.
 */
export async function workOutMargins({
  shop,
  admin,
  variantIds,
}: {
  shop: string;
  admin: AdminApi;
  /** GIDs; unmapped ones are left out. */
  variantIds: string[];
}): Promise<{ done: number; failed: number }> {
  const mappings = await mappingsToQuote({ shop, variantIds });
  let done = 0;
  let failed = 0;
  for (const m of mappings) {
    const result = await getMappingMargin({
      shop,
      admin,
      variantId: m.variantId,
      offeringId: m.offeringId,
      numberOfPages: m.numberOfPages ?? 1,
    });
    if (result.status === "ok") done += 1;
    else failed += 1;
  }
  return { done, failed };
}
