import prisma from "../db.server";
import { marginOf, isRate } from "../services/margin";
import { multiplyMoney, subtractMoney, type MoneyMinor } from "../services/print";
import type { AdminApi } from "../services/shopify-admin";
import { getOffering, listLegacyPrices } from "./catalogue.server";
import { getPrintSettingsForDisplay } from "./print-settings.server";
import { getVariants, variantGid } from "./products.server";
import type { ServiceResult } from "./catalogue.server";
import type { QuotedLine, QuoteLine, QuoteView } from "./quote-totals.server";
import { quoteLines } from "./quotes.server";
import { getShopInfo } from "./shop-info.server";
import { problemText } from "./spine.server";

/**
 * Margin at mapping time: what one sale of the variant earns once the print service has
 * printed it, shipped it to the shop's main market and charged VAT. The main market is the
 * shop's own country (its Shopify address). The quote is the Quote page's own
 * (quotes.server.ts), in the variant's price currency so the two can be compared.
 */

export interface MappingMargin {
  countryCode: string;
  /** English name of the country, for the sentence on the page. */
  countryName: string;
  /** Copies in the smallest sale: one, or the offering's minimum quantity. */
  quantity: number;
  /** Shopify price of those copies. */
  price: MoneyMinor;
  /** Product price after any quantity discount. */
  print: MoneyMinor;
  shipping: MoneyMinor;
  vat: MoneyMinor;
  /** The service's total (print + shipping + VAT). */
  cost: MoneyMinor;
  /** price - cost; null when the quote is in another currency than the price. */
  margin: MoneyMinor | null;
  /** Whether the price covers print + shipping + VAT; null when they cannot be compared. */
  covers: boolean | null;
  /** Why the quote is not in the price's currency, when it is not. */
  note: string | null;
}

export type MappingMarginResult =
  | { status: "ok"; margin: MappingMargin }
  | { status: "no_credentials" }
  /** No quote could be had; `reason` says why in the merchant's words. */
  | { status: "unavailable"; reason: string };

export function countryName(code: string, locale = "en"): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

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
  const variant = variants?.[0];
  if (!variant)
    return { status: "unavailable", reason: "The variant's price could not be read from Shopify." };
  const countryCode = info?.shopAddress?.countryCodeV2?.toUpperCase();
  if (!countryCode)
    return {
      status: "unavailable",
      reason:
        "Your shop has no country in its Shopify address, so there is no market to quote for.",
    };
  const name = countryName(countryCode);
  // An offering sold in lots (minimum quantity 5) is quoted for the smallest lot.
  const minimum = offering.status === "ok" ? (offering.data?.minimumQuantity ?? 1) : 1;
  const quantity = Math.max(1, minimum);
  const line = {
    label: variant.displayName,
    offeringId,
    numberOfPages,
    quantity,
    unitPrice: variant.price,
  };

  const priceCurrency = variant.price.currency;
  const fallback = settings?.currency?.toUpperCase();
  const { result, fellBack } = await quoteInCurrency({
    shop,
    countryCode,
    currency: priceCurrency,
    fallbackCurrency: fallback,
    lines: [line],
  });
  const note = fellBack
    ? `The print service does not quote in ${priceCurrency}, so this is quoted in ${fallback} (your print settings currency) and cannot be compared with the Shopify price.`
    : null;
  if (result.status === "no_credentials") return result;
  if (result.status === "error")
    return { status: "unavailable", reason: problemText(result.problem) };
  const quoted: QuotedLine | undefined = result.data.groups[0]?.lines[0];
  if (!quoted)
    return {
      status: "unavailable",
      reason: `The print service cannot make this product for ${name}.`,
    };
  const price = { amountMinor: variant.price.amountMinor * quantity, currency: priceCurrency };
  const print = subtractMoney(quoted.productPrice, quoted.discount);
  await storeMappingQuote({
    shop,
    variantId: variantGid(variantId),
    offeringId,
    numberOfPages,
    quantity,
    countryCode,
    print,
    shipping: quoted.shipping,
    vat: quoted.vat,
    exchangeRate: result.data.exchangeRate,
    validUntil: validUntil.get(offeringId) ?? null,
  });
  return {
    status: "ok",
    margin: {
      countryCode,
      countryName: name,
      quantity,
      price,
      print,
      shipping: quoted.shipping,
      vat: quoted.vat,
      cost: quoted.total,
      margin: quoted.margin,
      covers: quoted.margin ? quoted.margin.amountMinor >= 0 : null,
      note: note ?? quoted.marginNote,
    },
  };
}

/**
 * Quotes the lines in `currency`; when the print service does not quote in it (CURR_INVALID),
 * in `fallbackCurrency` (the print settings currency) instead, and says so with `fellBack`.
 */
export async function quoteInCurrency({
  shop,
  countryCode,
  currency,
  fallbackCurrency,
  lines,
}: {
  shop: string;
  countryCode: string;
  currency: string;
  fallbackCurrency: string | null | undefined;
  lines: QuoteLine[];
}): Promise<{ result: ServiceResult<QuoteView>; fellBack: boolean }> {
  const result = await quoteLines({ shop, countryCode, currency, lines });
  if (
    result.status === "error" &&
    result.problem.code === "CURR_INVALID" &&
    fallbackCurrency &&
    fallbackCurrency !== currency
  ) {
    return {
      result: await quoteLines({ shop, countryCode, currency: fallbackCurrency, lines }),
      fellBack: true,
    };
  }
  return { result, fellBack: false };
}

/**
 * Until when the print service's prices of these offerings hold: the legacy price list's
 * pricingExpireDate, by offering id. Empty when the list cannot be had (no application API
 * key, the service is down): a quote is then kept without an end date.
 */
export async function pricesValidUntil({
  shop,
  offeringIds,
}: {
  shop: string;
  offeringIds: readonly number[];
}): Promise<Map<number, Date>> {
  const out = new Map<number, Date>();
  const prices = await listLegacyPrices({ shop }).catch(() => null);
  if (prices?.status !== "ok" || !prices.data.available) return out;
  for (const id of offeringIds) {
    const expires = prices.data.byOffering[id]?.pricingExpireDate;
    const at = expires ? new Date(expires) : null;
    if (at && Number.isFinite(at.getTime())) out.set(id, at);
  }
  return out;
}

// Stored quotes for the Products list -------------------------------------------------------

/**
 * Keeps the print service's price of a variant's smallest sale, so the Products list can show
 * the margin against the live Shopify price without asking the service for every row.
 */
export async function storeMappingQuote(q: {
  shop: string;
  /** GID. */
  variantId: string;
  offeringId: number;
  numberOfPages: number;
  quantity: number;
  countryCode: string;
  print: MoneyMinor;
  shipping: MoneyMinor;
  vat: MoneyMinor;
  exchangeRate: string | null;
  /** Until when the quoted prices hold (legacy pricingExpireDate), when known. */
  validUntil?: Date | null;
}): Promise<void> {
  const data = {
    offeringId: q.offeringId,
    numberOfPages: q.numberOfPages,
    quantity: q.quantity,
    countryCode: q.countryCode,
    currency: q.print.currency,
    printMinor: q.print.amountMinor,
    shippingMinor: q.shipping.amountMinor,
    vatMinor: q.vat.amountMinor,
    exchangeRate: isRate(q.exchangeRate) ? q.exchangeRate : null,
    quotedAt: new Date(),
    validUntil: q.validUntil ?? null,
  };
  await prisma.mappingQuote.upsert({
    where: { shop_variantId: { shop: q.shop, variantId: q.variantId } },
    create: { shop: q.shop, variantId: q.variantId, ...data },
    update: data,
  });
}

/** A mapped variant's margin as the Products list shows it. */
export type ListedMargin =
  | {
      status: "ok";
      quantity: number;
      countryCode: string;
      price: MoneyMinor;
      cost: MoneyMinor;
      margin: MoneyMinor;
    }
  /** Quoted in another currency than the price, without a rate for both. */
  | { status: "no_rate"; reason: string }
  /** Never worked out, or the mapping changed since. */
  | { status: "unknown" };

interface ListedVariant {
  id: string;
  price: MoneyMinor;
  mapping: { offeringId: number | null; numberOfPages: number | null };
}

/**
 * Margins of the mapped variants on a page of the Products list, from the stored quotes (one
 * query): the live Shopify price times the quoted quantity, minus print + shipping + VAT as
 * quoted. A quote of another offering or page count than the mapping has now is not used.
 */
export async function storedMargins({
  shop,
  variants,
}: {
  shop: string;
  variants: ListedVariant[];
}): Promise<Record<string, ListedMargin>> {
  const mapped = variants.filter((v) => v.mapping.offeringId !== null);
  if (mapped.length === 0) return {};
  const rows = await prisma.mappingQuote.findMany({
    where: { shop, variantId: { in: mapped.map((v) => v.id) } },
  });
  const byVariant = new Map(rows.map((r) => [r.variantId, r]));
  const out: Record<string, ListedMargin> = {};
  for (const v of mapped) {
    const q = byVariant.get(v.id);
    if (
      !q ||
      q.offeringId !== v.mapping.offeringId ||
      q.numberOfPages !== (v.mapping.numberOfPages ?? 1)
    ) {
      out[v.id] = { status: "unknown" };
      continue;
    }
    const cost = q.printMinor + q.shippingMinor + q.vatMinor;
    const result = marginOf({
      price: multiplyMoney(v.price, q.quantity),
      cost: { amountMinor: cost, currency: q.currency },
      rates: q.exchangeRate ? [{ currency: q.currency, rate: q.exchangeRate }] : [],
    });
    out[v.id] =
      result.status === "ok"
        ? {
            status: "ok",
            quantity: q.quantity,
            countryCode: q.countryCode,
            price: result.price,
            cost: result.cost,
            margin: result.margin,
          }
        : { status: "no_rate", reason: result.reason };
  }
  return out;
}

/**
 * Works out (and stores) the margins of these mapped variants, one after the other (each a
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
  const mappings = await prisma.variantMapping.findMany({
    where: { shop, variantId: { in: variantIds } },
    select: { variantId: true, offeringId: true, numberOfPages: true },
  });
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
