import type { MappingForPlan } from "../fulfilment/print-plan";
import type { ShopifyAddress } from "../fulfilment/shopify-order";
import type { PrintProblem } from "../merchant-text/print-problem";
import type { FileDetailsInput, Offering } from "../print";
import type { MoneyMinor } from "../print/money";

/**
 * What ordering a proof copy needs from outside, as ports (wired in app/lib/proofs.server.ts):
 * the shop's mappings and address, the print service's catalogue and quotes, and the store
 * that records a proof once per request key.
 */

/** A variant mapping as a proof reads it: what a sale's planner reads, and its title. */
export interface MappingForProof extends MappingForPlan {
  title: string;
}

export type OfferingAnswer =
  | { status: "ok"; offering: Offering | null }
  | { status: "no_credentials" }
  | { status: "error"; problem: PrintProblem };

/** The print service's quote for the proof: its own amounts, for the whole order. */
export interface ProofQuote {
  currency: string;
  /** All copies, before the quantity discount. */
  product: MoneyMinor;
  discount: MoneyMinor;
  shipping: MoneyMinor;
  vat: MoneyMinor;
  /** What the order costs: the service's total. */
  total: MoneyMinor;
}

export type QuoteAnswer =
  | { status: "ok"; quote: ProofQuote }
  | { status: "no_credentials" }
  | { status: "error"; problem: PrintProblem };

export interface QuoteRequest {
  countryCode: string;
  state?: string | undefined;
  currency: string;
  item: { label: string; offeringId: number; numberOfPages: number; quantity: number };
}

/** What Shopify has for the shop: its address, owner and email. */
export interface ShopAddressInfo {
  name: string;
  ownerName: string;
  email: string;
  address: {
    company: string | null;
    address1: string | null;
    address2: string | null;
    zip: string | null;
    city: string | null;
    provinceCode: string | null;
    countryCode: string | null;
    phone: string | null;
  } | null;
}

/** The one copy (or the offering's minimum) a proof prints: exactly a sale's file details. */
export interface ProofItem {
  /** The mapping's variant (GID), or "" for a proof ordered from an offering. */
  variantId: string;
  title: string;
  offeringId: number;
  offeringName: string;
  quantity: number;
  files: FileDetailsInput;
}

/** A proof to record: the print order, its one item and the address it goes to. */
export interface NewProof {
  requestKey: string;
  item: ProofItem;
  /** Stored as a Shopify order's shipping address is, so the worker reads both alike. */
  shippingAddress: ShopifyAddress;
  email: string;
  currency: string;
  /** The quote the merchant placed it at: for the timeline. */
  quote: ProofQuote;
  /** Where it goes ("Amsterdam, NL"), for the timeline. */
  place: string;
}

export interface PlacedProof {
  /** The print order's row id: its page is /app/orders/<id>. */
  printOrderId: string;
  name: string;
  /** False when the request key had placed it before (a double click, a repeat). */
  created: boolean;
}

export interface ProofPorts {
  shop: string;
  /** The shop's mapping of a variant (GID), or null. */
  mapping(variantId: string): Promise<MappingForProof | null>;
  offering(offeringId: number): Promise<OfferingAnswer>;
  /** Null when Shopify cannot say. */
  shopAddress(): Promise<ShopAddressInfo | null>;
  /** The currency the shop's print orders are quoted and paid in. */
  currency(): Promise<string>;
  quote(request: QuoteRequest): Promise<QuoteAnswer>;
  store: {
    findByRequestKey(requestKey: string): Promise<PlacedProof | null>;
    /** Records it once per request key (a unique key), and wakes the worker for a new one. */
    record(proof: NewProof): Promise<PlacedProof>;
  };
}
