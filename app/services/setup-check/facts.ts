/**
 * What the setup check found out, before it is judged: each live answer is a Probe, which
 * is either the answer or the plain reason it could not be had (a timeout, a refusal).
 */
import type { KeyCheck } from "../print-connection/checks";

export type Probe<T> = { known: true; value: T } | { known: false; reason: string };

export const known = <T>(value: T): Probe<T> => ({ known: true, value });
export const unknown = <T>(reason: string): Probe<T> => ({ known: false, reason });

export interface CarrierServiceFact {
  id: string;
  name: string | null;
  callbackUrl: string | null;
  active: boolean;
}

export interface CartRuleFact {
  /** The app's cart-rule function is deployed (shopifyFunctions lists it). */
  functionFound: boolean;
  /** The shop's validation that runs it, if one was made. */
  validation: { id: string; enabled: boolean } | null;
}

export interface ProductBlockFact {
  themeName: string;
  /** templates/product.json exists and could be read as JSON. */
  templateRead: boolean;
  /** The product template holds the app's product-page block. */
  hasBlock: boolean;
}

export interface SetupFacts {
  now: Date;
  /** When the app was installed on the shop (null if unknown). */
  installedAt: Date | null;
  mappings: number;
  /** The merchant API key checked with the print service (KeyCheck "not_set" when none saved). */
  keys: Probe<KeyCheck>;
  /** Null when the keys do not work (nothing to ask the service about). */
  billing: Probe<{ savedId: number | null; found: boolean; name: string | null }> | null;
  callbacks: {
    lastAt: Date | null;
    /** The earliest order paid at the print service in the check's window, if any. */
    firstPaidAtService: Date | null;
    paidAtService: number;
    /** The status update URL to give the print service; null before settings are saved. */
    url: string | null;
  };
  webhooks: {
    lastPaidAt: Date | null;
    /** The shop's latest paid order in Shopify (null when it has none). */
    latestPaidOrder: Probe<{ name: string; paidAt: Date } | null>;
  };
  carrier: {
    enabled: boolean;
    /** The callback URL this shop's carrier service must call; null before it has one. */
    expectedUrl: string | null;
    /** Null when rates are off (nothing to ask Shopify). */
    services: Probe<CarrierServiceFact[]> | null;
  };
  cartRule: {
    /** Mapped variants sold in sets (a storefront minimum the cart rule enforces). */
    needed: number;
    /** Null when no mapping needs it (nothing to ask Shopify). */
    state: Probe<CartRuleFact> | null;
  };
  productBlock: Probe<ProductBlockFact>;
  /** The theme editor with the block ready to add. */
  themeEditorUrl: string;
  files: { failing: number };
  prices: { belowTarget: number; atLoss: number };
}
