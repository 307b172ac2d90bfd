/**
 * Where Shopify sends a variant's lines, in the mapping page's words (docs/decisions/0023).
 * Pure: no I/O, no framework, nothing but words.
 */

export interface VariantStocking {
  /** The shop confirmed the move to the app's fulfillment service. */
  moved: boolean;
  mapped: boolean;
  /** The app stocked the variant at the Print Connect location. */
  stocked: boolean;
}

export interface StockingWords {
  text: string;
  /** Offer the move (Settings) beside the sentence. */
  offerMove: boolean;
}

export function stockingWords(s: VariantStocking): StockingWords | null {
  if (!s.moved) {
    return s.mapped
      ? {
          text: "Shopify sends this product's lines to your own location, and Print Connect fulfils them from there.",
          offerMove: true,
        }
      : null;
  }
  if (s.mapped && s.stocked)
    return {
      text: "Stocked at the Print Connect location: Shopify sends this product's lines to Print Connect.",
      offerMove: false,
    };
  if (s.mapped)
    return {
      text: "Being stocked at the Print Connect location (within a minute); Shopify then sends this product's lines to Print Connect.",
      offerMove: false,
    };
  if (s.stocked)
    return {
      text: "Being taken back from the Print Connect location (within a minute).",
      offerMove: false,
    };
  return {
    text: "Not stocked at the Print Connect location: Shopify sends this product's lines to your own locations.",
    offerMove: false,
  };
}
