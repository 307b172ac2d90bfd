import type { Offering, PrintClient } from "../print";
import { deliveryWindow, estimateDeliveryDays, type DeliveryWindow } from "./delivery";
import type { QuoteInput, QuoteOutcome } from "./print-quote";
import type { CachedQuoter } from "./quoter";
import { quoteKey } from "./rate-request";

/** What the product-page block shows. */
export interface PrintSpecs {
  format: string;
  /** e.g. "210 × 297 mm" */
  size: string | null;
  pages: number | null;
  paper: string | null;
}

export interface ShippingEstimate {
  country: string;
  amountMinor: number;
  currency: string;
  delivery: DeliveryWindow;
}

export type ProductInfo =
  | { mapped: false }
  | {
      mapped: true;
      specs: PrintSpecs | null;
      shipping: ShippingEstimate | null;
      /** ok: estimate shown; pending: not in time (try again shortly); unshippable; unavailable. */
      shippingStatus: "ok" | "pending" | "unshippable" | "unavailable";
    };

export type OfferingIndex = Map<
  number,
  Pick<Offering, "name" | "paperType" | "dimensionWidth" | "dimensionHeight" | "dynamicSize">
>;

export async function loadOfferingIndex(client: PrintClient): Promise<OfferingIndex | null> {
  try {
    const list = await client.offerings.list(
      {},
      { timeoutMs: 4_000, retry: { maxAttempts: 2, baseDelayMs: 50, maxRetryAfterMs: 500 } },
    );
    return new Map(list.offerings.map((o) => [o.id, o]));
  } catch {
    return null;
  }
}

export const OFFERINGS_TTL_MS = 60 * 60_000;
export const OFFERINGS_FAILURE_TTL_MS = 30_000;

export interface MappingForSpecs {
  offeringId: number;
  numberOfPages: number | null;
  contentWidth: number | null;
  contentHeight: number | null;
  /** Sold only in sets of at least this many (the offering's minimum), or null. */
  storefrontMinimumQuantity?: number | null;
}

function mm(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

export function specsOf(
  mapping: MappingForSpecs,
  offering: OfferingIndex extends Map<number, infer O> ? O : never,
): PrintSpecs {
  const width = offering.dynamicSize
    ? mapping.contentWidth
    : (offering.dimensionWidth ?? mapping.contentWidth);
  const height = offering.dynamicSize
    ? mapping.contentHeight
    : (offering.dimensionHeight ?? mapping.contentHeight);
  return {
    format: offering.name,
    size: width && height ? `${mm(width)} × ${mm(height)} mm` : null,
    pages: mapping.numberOfPages && mapping.numberOfPages > 1 ? mapping.numberOfPages : null,
    paper: offering.paperType ?? null,
  };
}

export interface ProductInfoDeps {
  quotes: CachedQuoter<QuoteOutcome>;
  offerings: CachedQuoter<OfferingIndex | null>;
  upstreamQuote: (input: QuoteInput) => Promise<QuoteOutcome>;
  upstreamOfferings: () => Promise<OfferingIndex | null>;
  budgetMs: number;
  now: () => Date;
}

/**
 * Specs and a shipping estimate for one copy (or the smallest set the
 * variant is sold in) of a mapped variant, to a
 * country. Both come from caches shared with checkout; each waits at most the
 * budget, and whatever is late is left out (the block just shows less).
 */
export async function productInfo(
  deps: ProductInfoDeps,
  input: {
    shop: string;
    settingsVersion: string;
    mapping: MappingForSpecs | null;
    countryCode: string | null;
    currency: string;
  },
): Promise<{ info: ProductInfo; cache: "hit" | "miss" }> {
  const { mapping } = input;
  if (!mapping) return { info: { mapped: false }, cache: "hit" };
  const offeringsKey = `${input.shop}|${input.settingsVersion}|offerings`;
  const quoteInput: QuoteInput | null = input.countryCode
    ? {
        countryCode: input.countryCode,
        currency: input.currency,
        items: [
          {
            offeringId: mapping.offeringId,
            numberOfPages: mapping.numberOfPages ?? 0,
            // A print sold in sets cannot be quoted for one copy.
            quantity: Math.max(1, mapping.storefrontMinimumQuantity ?? 1),
          },
        ],
      }
    : null;
  const [offerings, quote] = await Promise.all([
    deps.offerings.get(offeringsKey, deps.upstreamOfferings, deps.budgetMs),
    quoteInput
      ? deps.quotes.get(
          quoteKey({ shop: input.shop, settingsVersion: input.settingsVersion, ...quoteInput }),
          () => deps.upstreamQuote(quoteInput),
          deps.budgetMs,
        )
      : Promise.resolve(null),
  ]);
  const cache =
    offerings.source === "cache" && (quote === null || quote.source === "cache") ? "hit" : "miss";

  const index = "value" in offerings ? offerings.value : null;
  const offering = index?.get(mapping.offeringId);
  const specs = offering ? specsOf(mapping, offering) : null;

  let shipping: ShippingEstimate | null = null;
  let shippingStatus: "ok" | "pending" | "unshippable" | "unavailable" = "unavailable";
  if (quote && quoteInput) {
    if (quote.source === "timeout") shippingStatus = "pending";
    else if (quote.source !== "error") {
      const outcome = quote.value;
      if (outcome.kind === "quoted") {
        shippingStatus = "ok";
        shipping = {
          country: quoteInput.countryCode,
          amountMinor: outcome.shipping.amountMinor,
          currency: outcome.shipping.currency,
          delivery: deliveryWindow(estimateDeliveryDays(quoteInput.countryCode), deps.now()),
        };
      } else if (outcome.kind === "unshippable") shippingStatus = "unshippable";
    }
  }
  return { info: { mapped: true, specs, shipping, shippingStatus }, cache };
}
