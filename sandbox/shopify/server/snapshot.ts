/** OrderSnapshot: an order as the control API shows it. */
import { iso } from "../graphql";
import { gid, type FakeState, type FulfillmentOrderRecord, type OrderRecord } from "../state";

export interface OrderSnapshot {
  id: string;
  /** Decimal text: it may exceed 2^53 (see idBases). */
  legacyId: string;
  shop: string;
  name: string;
  email: string | null;
  financialStatus: string;
  fulfillmentStatus: string;
  cancelledAt: string | null;
  cancelReason: string | null;
  totalPrice: string;
  currencyCode: string;
  shippingAddress: unknown;
  /** What checkout asked the buyer for (Brazil's CPF/CNPJ), or the app wrote with orderUpdate. */
  localizedFields: Array<{ key: string; value: string }>;
  lineItems: Array<{
    id: string;
    legacyId: string;
    variantId: string | null;
    sku: string | null;
    title: string;
    variantTitle: string | null;
    quantity: number;
    price: string;
    print: boolean;
    properties: Array<{ name: string; value: string }>;
  }>;
  fulfillmentOrders: FulfillmentOrderSnapshot[];
  fulfillments: Array<{
    id: string;
    name: string;
    status: string;
    location: { id: string; name: string };
    trackingInfo: Array<{ company: string | null; number: string | null; url: string | null }>;
    notifyCustomer: boolean;
    message: string | null;
    lineItems: Array<{ lineItemId: string; quantity: number }>;
    trackingHistory: Array<{ at: string; trackingInfo: unknown[]; notifyCustomer: boolean }>;
    createdAt: string;
  }>;
}

export interface FulfillmentOrderSnapshot {
  id: string;
  status: string;
  requestStatus: string;
  location: { id: string; name: string };
  lineItems: Array<{
    id: string;
    lineItemId: string;
    sku: string | null;
    totalQuantity: number;
    remainingQuantity: number;
  }>;
  holds: Array<{ id: string; handle: string; reason: string; reasonNotes: string | null }>;
  /** The merchant's requests to the service, with the service's answer (responseData). */
  merchantRequests: Array<{
    kind: string;
    message: string | null;
    requestOptions: unknown;
    responseData: unknown;
    /** A declined request's lines the service named, each with why. */
    rejectedLineItems: Array<{ fulfillmentOrderLineItemId: string; message: string | null }>;
    sentAt: string;
  }>;
}

const locationRef = (state: FakeState, id: number) => ({
  id: gid("Location", id),
  name: state.locations.get(id)?.name ?? "",
});

export function fulfillmentOrderSnapshot(
  state: FakeState,
  fo: FulfillmentOrderRecord,
): FulfillmentOrderSnapshot {
  return {
    id: gid("FulfillmentOrder", fo.id),
    status: fo.status,
    requestStatus: fo.requestStatus,
    location: locationRef(state, fo.locationId),
    lineItems: fo.lineItems.map((li) => ({
      id: gid("FulfillmentOrderLineItem", li.id),
      lineItemId: state.ids.gid("LineItem", li.lineItemId),
      sku: state.lineItems.get(li.lineItemId)?.sku ?? null,
      totalQuantity: li.totalQuantity,
      remainingQuantity: li.remainingQuantity,
    })),
    holds: (fo.holds ?? []).map((h) => ({
      id: gid("FulfillmentHold", h.id),
      handle: h.handle,
      reason: h.reason,
      reasonNotes: h.reasonNotes,
    })),
    merchantRequests: (fo.merchantRequests ?? []).map((r) => ({
      kind: r.kind,
      message: r.message,
      requestOptions: r.requestOptions,
      responseData: r.responseData,
      rejectedLineItems: (r.rejectedLineItems ?? []).map((l) => ({
        fulfillmentOrderLineItemId: gid("FulfillmentOrderLineItem", l.fulfillmentOrderLineItemId),
        message: l.message,
      })),
      sentAt: iso(r.sentAt)!,
    })),
  };
}

export function snapshot(state: FakeState, order: OrderRecord): OrderSnapshot {
  const locationRef = (id: number) => ({
    id: gid("Location", id),
    name: state.locations.get(id)?.name ?? "",
  });
  return {
    id: state.ids.gid("Order", order.id),
    legacyId: state.ids.shown("Order", order.id),
    shop: order.shop,
    name: order.name,
    email: order.email,
    financialStatus: order.financialStatus,
    fulfillmentStatus: state.displayFulfillmentStatus(order),
    cancelledAt: iso(order.cancelledAt),
    cancelReason: order.cancelReason,
    totalPrice: state.orderTotals(order).total,
    currencyCode: order.currencyCode,
    shippingAddress: order.shippingAddress ? { ...order.shippingAddress } : null,
    localizedFields: (order.localizedFields ?? []).map((f) => ({ ...f })),
    lineItems: state.orderLineItems(order).map((l) => ({
      id: state.ids.gid("LineItem", l.id),
      legacyId: state.ids.shown("LineItem", l.id),
      variantId: l.variantId === null ? null : gid("ProductVariant", l.variantId),
      sku: l.sku,
      title: l.title,
      variantTitle: l.variantTitle,
      quantity: l.quantity,
      price: l.price,
      print: l.print,
      properties: l.properties.map((p) => ({ ...p })),
    })),
    fulfillmentOrders: state
      .orderFulfillmentOrders(order)
      .map((fo) => fulfillmentOrderSnapshot(state, fo)),
    fulfillments: state.orderFulfillments(order).map((f) => ({
      id: gid("Fulfillment", f.id),
      name: f.name,
      status: f.status,
      location: locationRef(f.locationId),
      trackingInfo: f.trackingInfo.map((t) => ({ ...t })),
      notifyCustomer: f.notifyCustomer,
      message: f.message,
      lineItems: f.lineItems.map((l) => ({
        lineItemId: state.ids.gid("LineItem", l.lineItemId),
        quantity: l.quantity,
      })),
      trackingHistory: f.trackingHistory.map((h) => ({ ...h })),
      createdAt: iso(f.createdAt)!,
    })),
  };
}
