import type { MappingQuote } from "@prisma/client";
import { marginBps } from "../pricing/margin";
import { priceFor, type PricingRule } from "../pricing/price-rule";
import { currencyExponent, type MoneyMinor } from "../print/money";
import type { LiveVariant, ShopifyPrices, WatchedVariant } from "./ports";

/** A variant under its target margin, with the price its rule gives now. */
export interface RepriceRow {
  productId: string;
  productTitle: string;
  variantId: string;
  variantTitle: string;
  currency: string;
  /** Shopify price of one copy. */
  priceMinor: number;
  /** Print + shipping + VAT of the smallest sale to the main market, per copy. */
  costMinor: number;
  /** Copies in the smallest sale the cost was quoted for. */
  quantity: number;
  marginBps: number | null;
  targetBps: number;
  newPriceMinor: number;
  newMarginBps: number | null;
  quotedAt: string;
  creationId: string;
  rule: PricingRule;
}

/** Shopify reads variants by GID in batches of this many. */
const VARIANTS_PER_READ = 50;

/** Print + shipping + VAT of the quoted sale, per copy, rounded up. */
function perCopyCost(q: MappingQuote): number {
  const total = q.printMinor + q.shippingMinor + q.vatMinor;
  return Math.ceil(total / Math.max(1, q.quantity));
}

/** The variant's row when its price is under its target margin; null when it meets it. */
export function rowOf(
  w: WatchedVariant,
  price: MoneyMinor,
  productTitle: string,
  variantTitle: string,
): RepriceRow | null {
  const q = w.quote;
  if (!q || q.currency !== price.currency) return null;
  const costMinor = perCopyCost(q);
  const margin = marginBps(price.amountMinor, costMinor);
  const targetBps = w.creation.targetMarginBps;
  if (margin !== null && margin >= targetBps) return null;
  const newPriceMinor = priceFor(costMinor, w.rule, currencyExponent(price.currency));
  return {
    productId: w.creation.productId ?? "",
    productTitle,
    variantId: w.mapping.variantId,
    variantTitle,
    currency: price.currency,
    priceMinor: price.amountMinor,
    costMinor,
    quantity: q.quantity,
    marginBps: margin,
    targetBps,
    newPriceMinor,
    newMarginBps: marginBps(newPriceMinor, costMinor),
    quotedAt: q.quotedAt.toISOString(),
    creationId: w.creation.id,
    rule: w.rule,
  };
}

/** The variants as Shopify has them now, by GID. */
export async function liveVariants(
  shopify: ShopifyPrices,
  variantIds: string[],
): Promise<Map<string, LiveVariant>> {
  const out = new Map<string, LiveVariant>();
  for (let i = 0; i < variantIds.length; i += VARIANTS_PER_READ) {
    const chunk = variantIds.slice(i, i + VARIANTS_PER_READ);
    for (const v of await shopify.readVariants(chunk)) out.set(v.id, v);
  }
  return out;
}

export const variantName = (v: Pick<LiveVariant, "title">) =>
  v.title === "Default Title" ? "Default" : v.title;
