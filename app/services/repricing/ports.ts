import type { MappingQuote, ProductCreation, VariantMapping } from "@prisma/client";
import type { PricingRule } from "../pricing/price-rule";
import type { MoneyMinor } from "../print/money";

/**
 * What the repricing workflow is given: the shop's watched variants and their kept prices
 * (the store), the print service's quotes (print costs) and Shopify's prices.
 */

/** A variant of a product created through the app, with its creation and kept quote. */
export interface WatchedVariant {
  creation: ProductCreation;
  rule: PricingRule;
  mapping: VariantMapping & { numberOfPages: number };
  /** The kept quote when it is for the mapping as it stands. */
  quote: MappingQuote | null;
}

/** A Shopify price seen or set for a variant of a creation. */
export interface SeenPrice {
  creationId: string;
  variantId: string;
  price: MoneyMinor;
}

export interface RepricingStore {
  /** This shop's watched variants (only these GIDs when given). */
  watchedVariants(shop: string, onlyVariantIds?: readonly string[]): Promise<WatchedVariant[]>;
  /** The Shopify price last known for each of these variants, without asking Shopify. */
  knownPrices(watched: readonly WatchedVariant[]): Map<string, MoneyMinor>;
  /** Records Shopify prices seen or set (only those that differ from what is kept). */
  rememberPrices(shop: string, prices: readonly SeenPrice[]): Promise<void>;
  /**
   * Records on the shop that a check found print costs changed at `at` (the prices alert's
   * trigger, services/alerts/prices.ts); the variants' quotes carry the same time.
   */
  pricesChanged(shop: string, at: Date): Promise<void>;
}

/** One item to quote: the smallest sale of an offering with a page count. */
export interface CostItem {
  offeringId: number;
  numberOfPages: number;
  width?: number | null;
  height?: number | null;
}

/** What the workflow reads of a quoted sale; the adapter keeps the whole of it. */
export interface QuotedCost {
  offeringId: number;
  /** Copies in the smallest sale. */
  quantity: number;
  currency: string;
  /** print + shipping + VAT for `quantity` copies. */
  totalMinor: number;
}

export type CostAnswer<C extends QuotedCost> =
  | { status: "ok"; countryCode: string; countryName: string; costs: C[] }
  | { status: "no_credentials" }
  /** `reason` in the merchant's words. */
  | { status: "unavailable"; reason: string };

/** The shop's print-service quotes for the smallest sale to its main market. */
export interface PrintCosts<C extends QuotedCost> {
  /** One cost per item, in the items' order. */
  quote(items: CostItem[]): Promise<CostAnswer<C>>;
  /** Keeps the cost as the variant's quote. */
  keep(input: {
    variantId: string;
    numberOfPages: number;
    countryCode: string;
    cost: C;
    /** When the cost differs from the one kept before (not on a first quote). */
    costChangedAt?: Date;
  }): Promise<void>;
  /** Forgets the quotes and price lists remembered for a few minutes. */
  forgetRecent(): void;
}

/** A variant as Shopify has it now. */
export interface LiveVariant {
  id: string;
  title: string;
  price: MoneyMinor;
  productId: string;
  productTitle: string;
}

/** Shopify's answer to one product's price update. */
export interface PriceUpdateAnswer {
  productVariants: { id: string; price: string }[] | null;
  userErrors: { field: string[] | null; message: string; code: string | null }[];
}

export interface ShopifyPrices {
  /** Variants by GID (at most 50 at once); unknown ids are left out. */
  readVariants(variantIds: string[]): Promise<LiveVariant[]>;
  /** Sets the prices of some variants of one product; null when Shopify gave no answer body. */
  setPrices(
    productId: string,
    variants: { id: string; price: string }[],
  ): Promise<PriceUpdateAnswer | null>;
}
