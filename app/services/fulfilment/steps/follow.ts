import type { OrderDetails } from "../../print";
import { httpUrlOrNull } from "../../safe-url";
import { NOT_SCHEDULED } from "../machine";
import {
  interpretServiceState,
  itemStateAdvances,
  itemStateLabel,
  noteUnknownState,
  serviceStateAdvances,
  serviceStateLabel,
} from "../service-states";
import type { StepContext } from "../step-support/context";
import { trackingToSend } from "./fulfil";
import { done, setAside, type Loaded, type StepResult } from "../step-support/result";

/** Re-reads the print order and moves forward with what it says. */
export async function follow(order: Loaded, ctx: StepContext): Promise<StepResult> {
  const read = await ctx.client.orders.details({ orderId: order.printOrderId! });
  // The tracking URL becomes a link in the admin and in Shopify: http(s) only.
  const details = { ...read, trackingUrl: httpUrlOrNull(read.trackingUrl) ?? undefined };
  const result = await followOrder(order, ctx, details);
  const items = itemStateChanges(order, details.items, ctx);
  if (items.length === 0) return result;
  // Recorded before the order's own entries of the same read: an item is ready before its
  // order is printed or shipped, and the timeline tells entries of one moment in the order
  // they were recorded.
  return {
    ...result,
    items,
    events: [
      ...items.map((i) => ({
        actor: "poller" as const,
        type: "item_state",
        message: `Print service, "${i.title}": ${itemStateLabel(i.serviceState)}.`,
        data: { item: i.itemReference, state: i.serviceState },
      })),
      ...result.events,
    ],
  };
}

/** Item states that move an item forward; an item is matched by its reference. */
function itemStateChanges(
  order: Loaded,
  read: OrderDetails["items"],
  ctx: StepContext,
): { id: string; serviceState: string; title: string; itemReference: string }[] {
  const changes: { id: string; serviceState: string; title: string; itemReference: string }[] = [];
  for (const entry of read) {
    const state = entry.itemStatus;
    if (!state) continue;
    noteUnknownState("item", state, ctx.logger);
    // Without a reference only a one-item order can be matched safely.
    const item = entry.itemReference
      ? order.items.find((i) => i.itemReference === entry.itemReference)
      : read.length === 1 && order.items.length === 1
        ? order.items[0]
        : undefined;
    if (!item || !itemStateAdvances(item.serviceState, state)) continue;
    changes.push({
      id: item.id,
      serviceState: state,
      title: item.title,
      itemReference: item.itemReference,
    });
  }
  return changes;
}

/**
 * A fulfilled print order whose service record names a tracking number Shopify does not have
 * yet: the number is recorded and the fulfil step, the one that writes tracking to Shopify,
 * adds it next, under the same claim.
 */
function laterParcel(
  order: Loaded,
  details: OrderDetails,
  data: StepResult["data"],
  now: Date,
  events: StepResult["events"] = [],
): StepResult {
  const parcel = {
    ...order,
    trackingCode: details.trackingCode ?? null,
    trackingUrl: details.trackingUrl ?? null,
  };
  if (!trackingToSend(parcel)) return done(data, events);
  return done(
    {
      ...data,
      trackingCode: parcel.trackingCode,
      trackingUrl: parcel.trackingUrl,
      nextAttemptAt: now,
    },
    events,
    true,
  );
}

/** Moves the print order forward with what the service's order record says. */
async function followOrder(
  order: Loaded,
  ctx: StepContext,
  details: OrderDetails,
): Promise<StepResult> {
  const now = ctx.now();
  const data: StepResult["data"] = {
    lastSyncedAt: now,
    attempts: 0,
    nextAttemptAt:
      order.status === "fulfilled" ? NOT_SCHEDULED : new Date(now.getTime() + ctx.followIntervalMs),
  };
  const events: StepResult["events"] = [];
  const prices = details.prices;
  if (prices) {
    data.priceData = JSON.stringify({
      prices,
      fulfilmentLocation: details.fulfilmentLocation ?? null,
    });
    data.wholesaleTotalMinor = prices.totalWholesalePriceIncTaxes?.amountMinor ?? undefined;
    data.retailTotalMinor = prices.totalRetailPriceIncTaxes?.amountMinor ?? undefined;
  }
  const state = details.orderState;
  if (state !== undefined) noteUnknownState("order", state, ctx.logger);
  const advanced =
    state !== undefined && serviceStateAdvances(order.serviceState, state, order.status);
  // Shipped earlier without a tracking number: keep reading until the number arrives.
  const awaitingTracking =
    !advanced &&
    order.status !== "fulfilled" &&
    order.status !== "shipped" &&
    order.serviceState !== null &&
    interpretServiceState(order.serviceState).kind === "shipped";
  if (!advanced && !awaitingTracking) {
    if (order.status === "fulfilled") return laterParcel(order, details, data, now);
    return done(data);
  }
  const meaning = interpretServiceState(advanced ? state : order.serviceState!);
  // One timeline entry per state change: when this read ships the order, the
  // shipment's own entry below says so.
  const shipsNow =
    meaning.kind === "shipped" && order.status !== "shipped" && order.status !== "fulfilled";
  if (advanced) {
    data.serviceState = state;
    if (!shipsNow)
      events.push({
        actor: "poller",
        type: "service_state",
        message: `Print service: ${serviceStateLabel(state)}.`,
        data: { state },
      });
  }
  if (meaning.kind === "in_production" && order.status === "paid") data.status = "in_production";
  if (meaning.kind === "shipped") {
    if (!details.trackingCode) {
      if (advanced && shipsNow)
        events.push({
          actor: "poller",
          type: "awaiting_tracking",
          message: "Shipped without a tracking number yet; Shopify is told once it arrives.",
          data: { state },
        });
      return done(data, events);
    }
    if (order.status === "fulfilled") return laterParcel(order, details, data, now, events);
    return done(
      {
        ...data,
        status: "shipped",
        trackingCode: details.trackingCode,
        trackingUrl: details.trackingUrl ?? null,
        nextAttemptAt: now,
      },
      [
        ...events,
        {
          actor: "poller",
          type: "shipped",
          message: `Shipped with tracking ${details.trackingCode}.`,
          data: { state: advanced ? state : order.serviceState },
        },
      ],
      true,
    );
  }
  if (meaning.kind === "problem") {
    const attention = setAside(order, meaning);
    return done({ ...data, ...attention.data }, [...events, ...attention.events]);
  }
  return done(data, events);
}
