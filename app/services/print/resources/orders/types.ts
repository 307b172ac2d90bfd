/** Orders: the results the SDK returns, and the order and item states the service documents. */
import type { MoneyMinor } from "../../money";

export const KNOWN_ORDER_STATES = [
  "NO_PRINT_FACILITY_ERROR",
  "OPEN",
  "PAID",
  "PAYMENT_ERROR",
  "CHECK_ORDER",
  "HOLD_ORDER_CHECK",
  "WAITING_TO_DISPATCH",
  "IN_PRINT_QUEUE",
  "SUBMITTED",
  "SUBMISSION_ERROR",
  "IN_PRODUCTION",
  "PRODUCTION_ERROR",
  "SHIPPED",
  "CANCELLED",
  "REFUNDED",
] as const;
export type KnownOrderState = (typeof KNOWN_ORDER_STATES)[number];

/** Item states the service documents; `itemStatus` may carry others it adds later. */
export const KNOWN_ITEM_STATES = [
  "AWAITING_PAYMENT",
  "PENDING_COMPLETION",
  "PING_BACK_ERROR",
  "QUEUED_FOR_PROCESSING",
  "CHECK_PROCESSING_ERROR",
  "PROCESSING",
  "PROCESSED",
  "CHECK_ITEM",
  "HOLD_ITEM_CHECK",
  "PRINT_READY",
] as const;
export type KnownItemState = (typeof KNOWN_ITEM_STATES)[number];
/** Known states, or any other text the service may add. */
export type OrderState = KnownOrderState | (string & {});

/** States that mean the order has been paid (used to confirm an ORD_PAID_STATE answer). */
export const PAID_OR_LATER_STATES: ReadonlySet<string> = new Set([
  "PAID",
  "CHECK_ORDER",
  "HOLD_ORDER_CHECK",
  "WAITING_TO_DISPATCH",
  "IN_PRINT_QUEUE",
  "SUBMITTED",
  "SUBMISSION_ERROR",
  "IN_PRODUCTION",
  "PRODUCTION_ERROR",
  "SHIPPED",
]);

export interface Tax {
  taxName: string | undefined;
  /** Percentage as exact decimal text. */
  taxPercentage: string | undefined;
  amount: MoneyMinor | undefined;
}

export interface OrderPrices {
  totalRetailProductPriceExTaxes: MoneyMinor | undefined;
  totalRetailShippingExTaxes: MoneyMinor | undefined;
  totalRetailPriceExTaxes: MoneyMinor | undefined;
  totalRetailPriceIncTaxes: MoneyMinor | undefined;
  totalWholesaleProductPriceExTaxes: MoneyMinor | undefined;
  totalWholesaleShippingExTaxes: MoneyMinor | undefined;
  totalWholesalePriceExTaxes: MoneyMinor | undefined;
  totalWholesalePriceIncTaxes: MoneyMinor | undefined;
  retailProductTaxes: Tax[];
  retailShippingTaxes: Tax[];
  wholesaleProductTaxes: Tax[];
  wholesaleShippingTaxes: Tax[];
}

export interface OrderItemPrice {
  itemId: string | undefined;
  /** Not in the interface document; sent by some deployments (the sandbox). */
  itemReference: string | undefined;
  /** Item state (e.g. PENDING_COMPLETION) when the service sends it. */
  itemStatus: string | undefined;
  numberOfPages: number | undefined;
  offeringId: number | undefined;
  publicationId: string | undefined;
  quantity: number | undefined;
  retailProductPrice: MoneyMinor | undefined;
  retailShippingPrice: MoneyMinor | undefined;
  wholesaleProductPrice: MoneyMinor | undefined;
  wholesaleShippingPrice: MoneyMinor | undefined;
  totalWholesalePriceExTaxes: MoneyMinor | undefined;
  totalWholesalePriceIncTaxes: MoneyMinor | undefined;
  retailProductTaxes: Tax[];
  retailShippingTaxes: Tax[];
  wholesaleProductTaxes: Tax[];
  wholesaleShippingTaxes: Tax[];
}

export interface OrderAddress {
  firstName: string | undefined;
  lastName: string | undefined;
  addressLine1: string | undefined;
  addressLine2: string | undefined;
  countryCode: string | undefined;
  zipCode: string | undefined;
  city: string | undefined;
  state: string | undefined;
  cpfCnpj: string | undefined;
  neighbourhood: string | undefined;
}

export interface OrderDetails {
  orderId: number;
  orderState: OrderState;
  moderationReason: string | undefined;
  createdDate: string | undefined;
  currency: string | undefined;
  merchantOrderReference: string | undefined;
  purchaseOrder: string | undefined;
  trackingCode: string | undefined;
  trackingUrl: string | undefined;
  prices: OrderPrices | undefined;
  items: OrderItemPrice[];
  address: OrderAddress | undefined;
  fulfilmentLocation: { countryCode: string | undefined; labCode: string | undefined } | undefined;
}

export interface OrderCreated {
  orderId: number;
}

export type OrderCreateOutcome =
  /** This call created the order and saw the answer. */
  | "created"
  /** An answer was lost; the order was found by its reference (most likely created by this call). */
  | "found_after_lost_response"
  /** The reference was already used (ORD_DUPLICATE); the existing order was found. */
  | "found_existing_reference";

export interface OrderCreateIdempotentResult {
  orderId: number;
  outcome: OrderCreateOutcome;
  /** Create attempts made (each after a lost answer that the lookup could not resolve). */
  attempts: number;
}

export type PaymentResult =
  | { status: "paid"; orderState: "PAID" }
  | { status: "already_paid"; orderState: OrderState | undefined };

export type FilesResult = { status: "ok"; response?: unknown };
