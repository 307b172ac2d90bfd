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

/** The events of Shopify's requests to the app's fulfillment service (fulfillment-service/round.ts). */
const REQUEST_STATE: Readonly<Record<string, { label: string; hint: string | null }>> = {
  request_accepted: { label: "In progress", hint: null },
  request_declined: {
    label: "Request declined",
    hint: "Once it is fixed here, choose “Request fulfillment” on the order in Shopify.",
  },
  cancellation_accepted: { label: "Cancelled at your request", hint: null },
  cancellation_declined: {
    label: "Cancellation declined",
    hint: "It was already printing; it ships with tracking.",
  },
};

/** What Shopify's order page shows of this print order, from the newest request event. */
export function shopifyRequestState(
  events: readonly { type: string; at: string }[],
): { label: string; hint: string | null; at: string } | null {
  const newest = events
    .filter((e) => e.type in REQUEST_STATE)
    .reduce<{ type: string; at: string } | null>(
      (a, e) => (a === null || e.at >= a.at ? e : a),
      null,
    );
  return newest ? { ...REQUEST_STATE[newest.type]!, at: newest.at } : null;
}
