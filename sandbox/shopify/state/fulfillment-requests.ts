/**
 * Fulfillment and cancellation requests: the merchant (or Shopify's automatic fulfilment) asks
 * a fulfillment service, the service's app accepts or rejects. Each answer returns the
 * userErrors Shopify gives for the same refusal, or changes the records.
 */
import type { FulfillmentOrderRecord, MerchantRequestRecord } from "./fulfillment-records";
import { closeAndReplace, touch } from "./fulfillment-order-changes";
import { serviceOfLocation, type Refusal } from "./fulfillment-service";
import { FakeError, type FakeStore } from "./store";

type RequestKind = MerchantRequestRecord["kind"];

function addRequest(
  store: FakeStore,
  fo: FulfillmentOrderRecord,
  kind: RequestKind,
  message: string | null,
  requestOptions: MerchantRequestRecord["requestOptions"],
): MerchantRequestRecord {
  const request: MerchantRequestRecord = {
    id: store.nextId("FulfillmentOrderMerchantRequest"),
    kind,
    message,
    requestOptions,
    responseData: null,
    sentAt: store.now(),
  };
  fo.merchantRequests = [...(fo.merchantRequests ?? []), request];
  return request;
}

/**
 * The merchant (or Shopify's automatic fulfilment) asks the service to fulfil: only an open,
 * unsubmitted or declined fulfillment order at a service's location can be asked.
 */
export function requestFulfillment(
  store: FakeStore,
  fo: FulfillmentOrderRecord,
  message: string | null,
  notifyCustomer: boolean,
): MerchantRequestRecord {
  if (!serviceOfLocation(store, fo.locationId))
    throw new FakeError(422, "The fulfillment order is not assigned to a fulfillment service.");
  if (fo.status !== "OPEN")
    throw new FakeError(422, `Fulfillment order has an unrequestable status= ${fo.status}.`);
  if (fo.requestStatus !== "UNSUBMITTED" && fo.requestStatus !== "REJECTED")
    throw new FakeError(422, `Fulfillment order has already been ${fo.requestStatus}.`);
  fo.requestStatus = "SUBMITTED";
  touch(store, fo);
  return addRequest(store, fo, "FULFILLMENT_REQUEST", message, { notify_customer: notifyCustomer });
}

/**
 * Shopify's automatic fulfilment: with the shop's "Automatically fulfill the order's line items"
 * on, paying an order sends a fulfillment request for each of its open, unsubmitted fulfillment
 * orders at a service's location (the merchant's "Request fulfillment", done by Shopify).
 * Answers the fulfillment orders it requested; the caller pings their services.
 */
export function requestOnPayment(
  store: FakeStore,
  order: { id: number; shop: string; financialStatus: string },
): FulfillmentOrderRecord[] {
  const shop = store.shops.get(order.shop);
  if (!shop?.automaticFulfillment || order.financialStatus !== "PAID") return [];
  const requested: FulfillmentOrderRecord[] = [];
  for (const fo of store.fulfillmentOrders.values()) {
    if (fo.orderId !== order.id || fo.status !== "OPEN" || fo.requestStatus !== "UNSUBMITTED")
      continue;
    if (!serviceOfLocation(store, fo.locationId)) continue;
    requestFulfillment(store, fo, null, true);
    requested.push(fo);
  }
  return requested;
}

/**
 * The merchant cancels a fulfillment order at a service (fulfillmentOrderCancel): one that was
 * only submitted ends at once and a new open one takes its lines; one the service accepted
 * gets a cancellation request the service answers.
 */
export function requestCancellation(
  store: FakeStore,
  fo: FulfillmentOrderRecord,
  message: string | null,
): { immediate: boolean; replacement: FulfillmentOrderRecord | null } {
  if (fo.requestStatus === "SUBMITTED") {
    const replacement = closeAndReplace(store, fo, "CLOSED");
    return { immediate: true, replacement };
  }
  if (fo.requestStatus !== "ACCEPTED" && fo.requestStatus !== "CANCELLATION_REJECTED")
    throw new FakeError(
      422,
      `Fulfillment order with request status ${fo.requestStatus} can't be cancelled.`,
    );
  fo.requestStatus = "CANCELLATION_REQUESTED";
  touch(store, fo);
  addRequest(store, fo, "CANCELLATION_REQUEST", message, {});
  return { immediate: false, replacement: null };
}

/** The request status in which a request of each kind waits for the service's answer. */
const AWAITING_ANSWER: Record<RequestKind, FulfillmentOrderRecord["requestStatus"]> = {
  FULFILLMENT_REQUEST: "SUBMITTED",
  CANCELLATION_REQUEST: "CANCELLATION_REQUESTED",
};

/**
 * Shopify's refusal of an app's answer to a request, or null: only the app whose service the
 * fulfillment order is assigned to answers, and only a request still waiting for an answer.
 */
function answerRefusal(
  store: FakeStore,
  fo: FulfillmentOrderRecord,
  appId: string,
  answer: "accept" | "reject",
  kind: RequestKind,
): Refusal | null {
  const service = serviceOfLocation(store, fo.locationId);
  if (!service || service.appId !== appId)
    return {
      field: ["id"],
      message: "The fulfillment order is not assigned to a location of your fulfillment service.",
    };
  if (fo.requestStatus !== AWAITING_ANSWER[kind]) {
    const what = kind === "FULFILLMENT_REQUEST" ? "fulfillment" : "cancellation";
    return {
      field: ["id"],
      message: `Cannot ${answer} ${what} request for the fulfillment order with status ${fo.requestStatus}.`,
    };
  }
  return null;
}

/** Keeps the service's answer on the latest request of that kind, and returns that request. */
function recordAnswer(
  fo: FulfillmentOrderRecord,
  kind: RequestKind,
  responseData: MerchantRequestRecord["responseData"],
): MerchantRequestRecord | undefined {
  const request = [...(fo.merchantRequests ?? [])].reverse().find((r) => r.kind === kind);
  if (request) request.responseData = responseData;
  return request;
}

export function acceptFulfillmentRequest(
  store: FakeStore,
  fo: FulfillmentOrderRecord,
  appId: string,
  message: string | null,
): Refusal | null {
  const refusal = answerRefusal(store, fo, appId, "accept", "FULFILLMENT_REQUEST");
  if (refusal) return refusal;
  if (fo.status === "ON_HOLD")
    return { field: ["id"], message: "The fulfillment order is on hold." };
  fo.requestStatus = "ACCEPTED";
  fo.status = "IN_PROGRESS";
  recordAnswer(fo, "FULFILLMENT_REQUEST", { message });
  touch(store, fo);
  return null;
}

/**
 * Declines a fulfillment request. `lineItems` names the lines that cannot be fulfilled, each with
 * why (the whole request is declined all the same, as Shopify says); each must be one of the
 * fulfillment order's own lines.
 */
export function rejectFulfillmentRequest(
  store: FakeStore,
  fo: FulfillmentOrderRecord,
  appId: string,
  reason: string | null,
  message: string | null,
  lineItems: { fulfillmentOrderLineItemId: number | null; message: string | null }[] = [],
): Refusal | null {
  const refusal = answerRefusal(store, fo, appId, "reject", "FULFILLMENT_REQUEST");
  if (refusal) return refusal;
  const own = new Set(fo.lineItems.map((li) => li.id));
  const foreign = lineItems.findIndex(
    (l) => l.fulfillmentOrderLineItemId === null || !own.has(l.fulfillmentOrderLineItemId),
  );
  if (foreign >= 0)
    return {
      field: ["lineItems", String(foreign), "fulfillmentOrderLineItemId"],
      message: "The fulfillment order line item does not belong to this fulfillment order.",
    };
  fo.requestStatus = "REJECTED";
  const request = recordAnswer(fo, "FULFILLMENT_REQUEST", {
    message,
    ...(reason ? { reason } : {}),
  });
  if (request && lineItems.length)
    request.rejectedLineItems = lineItems.map((l) => ({
      fulfillmentOrderLineItemId: l.fulfillmentOrderLineItemId!,
      message: l.message,
    }));
  touch(store, fo);
  return null;
}

export function acceptCancellationRequest(
  store: FakeStore,
  fo: FulfillmentOrderRecord,
  appId: string,
  message: string | null,
): Refusal | null {
  const refusal = answerRefusal(store, fo, appId, "accept", "CANCELLATION_REQUEST");
  if (refusal) return refusal;
  recordAnswer(fo, "CANCELLATION_REQUEST", { message });
  closeAndReplace(store, fo, "CANCELLATION_ACCEPTED");
  return null;
}

export function rejectCancellationRequest(
  store: FakeStore,
  fo: FulfillmentOrderRecord,
  appId: string,
  message: string | null,
): Refusal | null {
  const refusal = answerRefusal(store, fo, appId, "reject", "CANCELLATION_REQUEST");
  if (refusal) return refusal;
  fo.requestStatus = "CANCELLATION_REJECTED";
  recordAnswer(fo, "CANCELLATION_REQUEST", { message });
  touch(store, fo);
  return null;
}
