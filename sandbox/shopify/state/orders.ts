/** Changes to an order after it was created, and the totals and status derived from it. */
import { makeAddress } from "./create-order";
import { fromCents, toCents } from "./money";
import type { FulfillmentOrderRecord } from "./fulfillment-records";
import { requestCancellation } from "./fulfillment-requests";
import { serviceOfLocation } from "./fulfillment-service";
import type { AddressInput, LineItemRecord, OrderRecord } from "./records";
import { FakeError, type FakeStore } from "./store";

export function markPaid(store: FakeStore, order: OrderRecord): void {
  if (order.cancelledAt) throw new FakeError(422, `Order ${order.name} is cancelled`);
  order.financialStatus = "PAID";
  order.updatedAt = store.now();
}

export function updateShippingAddress(
  store: FakeStore,
  order: OrderRecord,
  address: AddressInput,
): void {
  const current = order.shippingAddress ?? makeAddress(store, {});
  const merged = { ...current, ...address };
  if (address.countryCode && !address.country) merged.country = null;
  order.shippingAddress = { ...makeAddress(store, merged), id: current.id };
  order.updatedAt = store.now();
}

/**
 * Cancels the order. Its fulfillment orders close, except those a fulfillment service has
 * accepted: those get a cancellation request (returned, so the service can be told).
 */
export function cancelOrder(
  store: FakeStore,
  order: OrderRecord,
  reason: string,
  refund: boolean,
): FulfillmentOrderRecord[] {
  if (order.cancelledAt) return [];
  const now = store.now();
  order.cancelledAt = now;
  order.closedAt = now;
  order.cancelReason = reason;
  order.financialStatus =
    order.financialStatus === "PAID"
      ? refund
        ? "REFUNDED"
        : "PAID"
      : order.financialStatus === "PENDING"
        ? "VOIDED"
        : order.financialStatus;
  const requested: FulfillmentOrderRecord[] = [];
  for (const fo of store.orderFulfillmentOrders(order)) {
    const accepted =
      fo.requestStatus === "ACCEPTED" || fo.requestStatus === "CANCELLATION_REJECTED";
    if (accepted && serviceOfLocation(store, fo.locationId)) {
      requestCancellation(store, fo, "The order was cancelled.");
      requested.push(fo);
    } else if (fo.status !== "CLOSED") {
      fo.status = "CLOSED";
      fo.updatedAt = now;
    }
  }
  order.updatedAt = now;
  return requested;
}

export function setLineItemProperty(
  store: FakeStore,
  order: OrderRecord,
  lineItemId: string | number,
  name: string,
  value: string | null,
): LineItemRecord {
  const id = store.ids.stored(lineItemId, "LineItem");
  const line = id === undefined ? undefined : store.lineItems.get(id);
  if (!line || line.orderId !== order.id)
    throw new FakeError(404, `Unknown line item ${String(lineItemId)} on ${order.name}`);
  const index = line.properties.findIndex((p) => p.name === name);
  if (value === null) {
    if (index >= 0) line.properties.splice(index, 1);
  } else if (index >= 0) {
    line.properties[index] = { name, value };
  } else {
    line.properties.push({ name, value });
  }
  order.updatedAt = store.now();
  return line;
}

export function displayFulfillmentStatus(store: FakeStore, order: OrderRecord): string {
  const fos = store.orderFulfillmentOrders(order);
  const total = fos.reduce(
    (n, fo) => n + fo.lineItems.reduce((m, li) => m + li.totalQuantity, 0),
    0,
  );
  const remaining = fos.reduce(
    (n, fo) => n + fo.lineItems.reduce((m, li) => m + li.remainingQuantity, 0),
    0,
  );
  if (total > 0 && remaining === 0) return "FULFILLED";
  if (remaining < total) return "PARTIALLY_FULFILLED";
  return "UNFULFILLED";
}

export function orderTotals(
  store: FakeStore,
  order: OrderRecord,
): { subtotal: string; shipping: string; total: string } {
  const subtotal = store
    .orderLineItems(order)
    .reduce((n, l) => n + toCents(l.price) * l.quantity, 0);
  const shipping = toCents(order.shippingPrice);
  return {
    subtotal: fromCents(subtotal),
    shipping: fromCents(shipping),
    total: fromCents(subtotal + shipping),
  };
}
