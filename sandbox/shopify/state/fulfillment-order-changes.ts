/**
 * Changes to one fulfillment order that requests, holds and moves share: stamping the change,
 * closing it with a new fulfillment order for what is left, and moving it to another location.
 */
import type { FulfillmentOrderRecord } from "./fulfillment-records";
import { FakeError, type FakeStore } from "./store";

/** Stamps the fulfillment order as changed now (its updatedAt). */
export function touch(store: FakeStore, fo: FulfillmentOrderRecord): void {
  fo.updatedAt = store.now();
}

/**
 * Ends a fulfillment order and opens a new one, at the same location, for what is left (nothing
 * is left to fulfil of a cancelled order).
 */
export function closeAndReplace(
  store: FakeStore,
  fo: FulfillmentOrderRecord,
  requestStatus: FulfillmentOrderRecord["requestStatus"],
): FulfillmentOrderRecord | null {
  const left = fo.lineItems.filter((li) => li.remainingQuantity > 0);
  fo.status = "CLOSED";
  fo.requestStatus = requestStatus;
  touch(store, fo);
  if (!left.length || store.orders.get(fo.orderId)?.cancelledAt) return null;
  const now = store.now();
  const replacement: FulfillmentOrderRecord = {
    id: store.nextId("FulfillmentOrder"),
    shop: fo.shop,
    orderId: fo.orderId,
    locationId: fo.locationId,
    status: "OPEN",
    requestStatus: "UNSUBMITTED",
    lineItems: left.map((li) => ({
      id: store.nextId("FulfillmentOrderLineItem"),
      lineItemId: li.lineItemId,
      totalQuantity: li.remainingQuantity,
      remainingQuantity: li.remainingQuantity,
    })),
    holds: [],
    merchantRequests: [],
    createdAt: now,
    updatedAt: now,
  };
  for (const li of fo.lineItems) li.remainingQuantity = 0;
  store.fulfillmentOrders.set(replacement.id, replacement);
  return replacement;
}

/**
 * The merchant moves a fulfillment order to another location (fulfillmentOrderMove): only
 * one nobody is working on. As Shopify does: a fulfillment order none of whose lines were
 * fulfilled is itself assigned to the new location (the same id); otherwise the unfulfilled
 * lines go to a new fulfillment order there and the original is closed. Answers the fulfillment
 * order that holds the moved lines.
 */
export function moveFulfillmentOrder(
  store: FakeStore,
  fo: FulfillmentOrderRecord,
  locationId: number,
): FulfillmentOrderRecord {
  const location = store.locations.get(locationId);
  if (!location || location.shop !== fo.shop || location.isActive === false)
    throw new FakeError(422, "Location not found.");
  if (
    fo.status !== "OPEN" ||
    (fo.requestStatus !== "UNSUBMITTED" && fo.requestStatus !== "REJECTED")
  )
    throw new FakeError(422, "Fulfillment order is not in a movable state.");
  if (fo.lineItems.every((li) => li.remainingQuantity === li.totalQuantity)) {
    fo.locationId = locationId;
    fo.requestStatus = "UNSUBMITTED";
    touch(store, fo);
    return fo;
  }
  const replacement = closeAndReplace(store, fo, "CLOSED");
  if (!replacement) throw new FakeError(422, "Fulfillment order has nothing left to move.");
  replacement.locationId = locationId;
  return replacement;
}
