/**
 * The one codec of `ProductCreation.request`: the checked submission a creation keeps, to
 * resume a retry, to refill the form on "Try again" and to explain what was made. Product
 * creation writes it; repricing adds `shopifyPrices`. Keys this codec does not know are kept
 * as they are, so a writer never drops another's part.
 */
import { FALLBACK_CURRENCY } from "../pricing/currency";

export interface StoredVariant {
  index: number;
  label: string;
  offeringId: number;
  offeringName: string;
  numberOfPages: number;
  width: number;
  height: number;
  coverUrl: string | null;
  /** The edition's ISBN-13; null without one (and in requests stored before ISBNs were asked). */
  isbn: string | null;
  quantity: number;
  costMinor: number;
  priceMinor: number;
  marginMinor: number;
  marginBps: number | null;
  variantId: string | null;
}

export interface StoredPublication {
  index: number;
  id: string;
  checkoutUrl: string;
}

/** A Shopify price repricing saw or set for a variant, kept so it need not ask Shopify. */
export interface KnownShopifyPrice {
  amountMinor: number;
  currency: string;
  /** ISO time it was seen or set. */
  at: string;
}

export interface StoredRequest {
  /** The posted fields, to refill the form on "Try again". */
  values: Record<string, string>;
  status: "draft" | "active";
  currency: string;
  countryCode: string | null;
  contentUrl: string;
  imageSource: string;
  variants: StoredVariant[];
  publications: StoredPublication[];
  /** Repricing's record, by variant GID; entries are not checked here, each reader checks its own. */
  shopifyPrices?: Record<string, KnownShopifyPrice>;
  [other: string]: unknown;
}

const EMPTY: StoredRequest = {
  values: {},
  status: "draft",
  currency: FALLBACK_CURRENCY,
  countryCode: null,
  contentUrl: "",
  imageSource: "none",
  variants: [],
  publications: [],
};

/** The stored request as text reads; anything unreadable is an empty request. */
export function parseCreationRequest(text: string): StoredRequest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ...EMPTY, values: {}, variants: [], publications: [] };
  }
  const value = (
    parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : {}
  ) as Partial<StoredRequest>;
  return {
    ...value,
    values: value.values ?? {},
    status: value.status === "active" ? "active" : "draft",
    currency: value.currency ?? FALLBACK_CURRENCY,
    countryCode: value.countryCode ?? null,
    contentUrl: value.contentUrl ?? "",
    imageSource: value.imageSource ?? "none",
    variants: (Array.isArray(value.variants) ? value.variants : []).map((v) => ({
      ...v,
      isbn: typeof v.isbn === "string" ? v.isbn : null,
    })),
    publications: value.publications ?? [],
  };
}

export function serializeCreationRequest(request: StoredRequest): string {
  return JSON.stringify(request);
}
