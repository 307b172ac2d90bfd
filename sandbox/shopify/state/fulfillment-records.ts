/**
 * The fulfillment records the Shopify fake keeps in memory: fulfillment services and where
 * they stock items, fulfillment orders with their holds and merchant requests, and fulfillments.
 */

/** A fulfillment service an app registered on a shop (fulfillmentServiceCreate). */
export interface FulfillmentServiceRecord {
  id: number;
  shop: string;
  /** The app that registered it (its API client id): only it sees its assigned fulfillment orders. */
  appId: string;
  serviceName: string;
  handle: string;
  callbackUrl: string | null;
  trackingSupport: boolean;
  inventoryManagement: boolean;
  requiresShippingMethod: boolean;
  locationId: number;
  createdAt: number;
}

/** An inventory item (a variant: the same number) stocked at a location. */
export interface InventoryLevelRecord {
  id: number;
  shop: string;
  inventoryItemId: number;
  locationId: number;
  createdAt: number;
}

export type FulfillmentOrderStatus =
  "CANCELLED" | "CLOSED" | "INCOMPLETE" | "IN_PROGRESS" | "ON_HOLD" | "OPEN" | "SCHEDULED";

export interface FulfillmentOrderLineItemRecord {
  id: number;
  lineItemId: number;
  totalQuantity: number;
  remainingQuantity: number;
}

export type FulfillmentOrderRequestStatus =
  | "ACCEPTED"
  | "CANCELLATION_ACCEPTED"
  | "CANCELLATION_REJECTED"
  | "CANCELLATION_REQUESTED"
  | "CLOSED"
  | "REJECTED"
  | "SUBMITTED"
  | "UNSUBMITTED";

/** A hold on a fulfillment order (fulfillmentOrderHold); released holds are removed. */
export interface FulfillmentHoldRecord {
  id: number;
  handle: string;
  reason: string;
  reasonNotes: string | null;
  /** The API client that placed it, or null for the merchant. */
  heldByAppId: string | null;
  createdAt: number;
}

/** A fulfillment or cancellation request the merchant sent to the service. */
export interface MerchantRequestRecord {
  id: number;
  kind: "FULFILLMENT_REQUEST" | "CANCELLATION_REQUEST";
  message: string | null;
  requestOptions: { notify_customer?: boolean };
  responseData: { message: string | null; reason?: string } | null;
  /** A declined request's lines the service named as unfulfillable, each with why. */
  rejectedLineItems?: { fulfillmentOrderLineItemId: number; message: string | null }[];
  sentAt: number;
}

export interface FulfillmentOrderRecord {
  id: number;
  shop: string;
  orderId: number;
  locationId: number;
  status: FulfillmentOrderStatus;
  requestStatus: FulfillmentOrderRequestStatus;
  lineItems: FulfillmentOrderLineItemRecord[];
  /** Active holds (status ON_HOLD while any). */
  holds?: FulfillmentHoldRecord[];
  /** The status to go back to when the last hold is released. */
  statusBeforeHold?: FulfillmentOrderStatus | null;
  merchantRequests?: MerchantRequestRecord[];
  createdAt: number;
  updatedAt: number;
}

export interface TrackingInfo {
  company: string | null;
  number: string | null;
  url: string | null;
}

export interface FulfillmentLineItemRecord {
  id: number;
  lineItemId: number;
  fulfillmentOrderId: number;
  fulfillmentOrderLineItemId: number;
  quantity: number;
}

export interface FulfillmentRecord {
  id: number;
  shop: string;
  orderId: number;
  locationId: number;
  name: string;
  status: "SUCCESS" | "CANCELLED" | "ERROR" | "FAILURE" | "OPEN" | "PENDING";
  trackingInfo: TrackingInfo[];
  lineItems: FulfillmentLineItemRecord[];
  notifyCustomer: boolean;
  message: string | null;
  originAddress: Record<string, unknown> | null;
  /** Every tracking state this fulfillment had, with whether the customer was notified. */
  trackingHistory: Array<{ at: string; trackingInfo: TrackingInfo[]; notifyCustomer: boolean }>;
  createdAt: number;
  updatedAt: number;
}
