import { getShopInfo } from "../../lib/shop-info.server";
import { quoteLines } from "../../lib/print-quotes.server";
import { listOfferings } from "../../lib/catalogue.server";
import { listMappingsForPicker } from "../../data/mapping.server";
import { getPrintSettingsForDisplay } from "../../data/print-settings.server";
import { getVariants } from "../../lib/shopify-variants.server";
import { parseForm } from "../../services/form-errors";
import { checkPages } from "../../services/catalogue/mapping-rules";
import { shopCurrency } from "../../services/pricing/currency";
import {
  MAX_QUOTE_ITEMS,
  QUOTE_MESSAGES,
  quoteRequestSchema,
} from "../../services/pricing/quote-request";
import type { QuoteLine } from "../../services/pricing/quote-totals";
import type { AdminApi } from "../../services/shopify-admin";
import { legacyIdOf, variantGid } from "../../services/shopify-admin/ids";
import { shownVariantName } from "../../services/merchant-text/variants";

/** The Quote page: the form as asked in the URL, the pickers' choices and the quote. */

interface ItemParam {
  variant: string;
  offeringId: string;
  pages: string;
  quantity: string;
}

/** `item=<offeringId>:<pages>:<quantity>[:<variant legacy id>]`, repeated. */
function parseItems(params: URLSearchParams): ItemParam[] {
  return params
    .getAll("item")
    .slice(0, MAX_QUOTE_ITEMS)
    .map((raw) => {
      const [offeringId = "", pages = "", quantity = "", variant = ""] = raw.split(":");
      return { offeringId, pages, quantity, variant };
    });
}

/**
 * The Quote page's data: the form as asked in the URL (items, or "quote this
 * variant" prefilled from its mapping), the pickers' choices, and the quote
 * or why there is none.
 */
export async function loadQuotePage({
  shop,
  admin,
  searchParams,
}: {
  shop: string;
  admin: AdminApi;
  searchParams: URLSearchParams;
}) {
  const [settings, info, mappings, offerings] = await Promise.all([
    getPrintSettingsForDisplay({ shop }),
    getShopInfo({ shop, admin }),
    listMappingsForPicker({ shop }),
    listOfferings({ shop, filters: {} }),
  ]);
  const mappingByLegacy = new Map(mappings.map((m) => [legacyIdOf(m.variantId), m]));
  let items = parseItems(searchParams);
  // "Quote this variant": prefill one item from its mapping.
  for (const v of searchParams.getAll("variant").slice(0, MAX_QUOTE_ITEMS)) {
    const m = mappingByLegacy.get(v);
    if (m)
      items.push({
        variant: v,
        offeringId: String(m.offeringId),
        pages: String(m.numberOfPages ?? 1),
        quantity: "1",
      });
  }
  items = items.slice(0, MAX_QUOTE_ITEMS);
  const form = {
    country: (
      searchParams.get("country") ||
      info?.shopAddress?.countryCodeV2 ||
      "NL"
    ).toUpperCase(),
    state: searchParams.get("state") ?? "",
    currency: shopCurrency(searchParams.get("currency"), settings?.currency, info?.currencyCode),
    items,
  };
  const base = {
    form,
    mappings: mappings.map((m) => ({
      legacyId: legacyIdOf(m.variantId),
      // Kept as Shopify named it when mapped, perhaps "<product> - Default Title".
      title: m.title ? shownVariantName(m.title) : m.title,
      offeringId: m.offeringId,
      numberOfPages: m.numberOfPages,
    })),
    offerings:
      offerings.status === "ok"
        ? offerings.data.map((o) => ({
            id: o.id,
            name: o.name,
            minNumberOfPages: o.minNumberOfPages ?? null,
          }))
        : [],
    noCredentials: offerings.status === "no_credentials",
  };
  if (items.length === 0 || offerings.status === "no_credentials")
    return { ...base, quote: null, problem: null, fieldErrors: null };

  const parsed = parseForm(
    quoteRequestSchema,
    {
      countryCode: form.country,
      state: form.state,
      currency: form.currency,
      items: items.map((i) => ({
        offeringId: i.offeringId,
        numberOfPages: i.pages,
        quantity: i.quantity,
      })),
    },
    QUOTE_MESSAGES,
    { key: "path" },
  );
  // Pages outside an offering's range: its rule on the item's Pages field, before asking the
  // service, and told with the other fields' problems (read as typed, whatever else failed).
  const pageErrors: Record<string, string> = {};
  items.forEach((item, i) => {
    const offering =
      offerings.status === "ok"
        ? offerings.data.find((o) => String(o.id) === item.offeringId)
        : undefined;
    const error =
      offering && /^\d+$/.test(item.pages) ? checkPages(item.pages, offering).error : undefined;
    if (error) pageErrors[`items.${i}.numberOfPages`] = error;
  });
  if (!parsed.ok || Object.keys(pageErrors).length > 0)
    return {
      ...base,
      quote: null,
      problem: null,
      fieldErrors: { ...pageErrors, ...(parsed.ok ? {} : parsed.fieldErrors) },
    };
  const variantIds = items.filter((i) => i.variant).map((i) => variantGid(i.variant));
  const variants = variantIds.length
    ? await getVariants({ admin, variantIds }).catch(() => [])
    : [];
  const variantByLegacy = new Map(variants.map((v) => [v.legacyId, v]));
  // A variant asked in the URL that is not mapped still gets its name in the form's picker.
  const unmapped = items.flatMap((item) => {
    const v = item.variant ? variantByLegacy.get(item.variant) : undefined;
    if (!v || mappingByLegacy.has(item.variant)) return [];
    return [
      {
        legacyId: item.variant,
        title: v.displayName,
        offeringId: Number(item.offeringId),
        numberOfPages: Number(item.pages) || null,
      },
    ];
  });
  const pickerMappings = [
    ...base.mappings,
    ...unmapped.filter((u, i) => unmapped.findIndex((x) => x.legacyId === u.legacyId) === i),
  ];
  const offeringName = new Map(
    offerings.status === "ok" ? offerings.data.map((o) => [o.id, o.name]) : [],
  );
  const lines: QuoteLine[] = parsed.data.items.map((item, i) => {
    const v = items[i]?.variant ? variantByLegacy.get(items[i]!.variant) : undefined;
    return {
      ...item,
      label: v?.displayName ?? offeringName.get(item.offeringId) ?? `Offering ${item.offeringId}`,
      unitPrice: v?.price ?? null,
    };
  });
  const result = await quoteLines({
    shop,
    countryCode: parsed.data.countryCode,
    state: parsed.data.state,
    currency: parsed.data.currency,
    lines,
  });
  return {
    ...base,
    mappings: pickerMappings,
    quote: result.status === "ok" ? result.data : null,
    problem: result.status === "error" ? result.problem : null,
    fieldErrors: null,
  };
}
