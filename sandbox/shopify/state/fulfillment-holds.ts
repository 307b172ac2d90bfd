/**
 * Holds on a fulfillment order (fulfillmentOrderHold, fulfillmentOrderReleaseHold), with the
 * userErrors Shopify gives for the same refusals.
 */
import type { Refusal } from "./fulfillment-service";
import type { FulfillmentHoldRecord, FulfillmentOrderRecord } from "./fulfillment-records";
import { touch } from "./fulfillment-order-changes";
import type { FakeStore } from "./store";

/** At most this many holds per app on one fulfillment order (Shopify, 2025-01 on). */
export const MAX_HOLDS_PER_APP = 10;

export interface HoldInput {
  handle: string;
  reason: string;
  reasonNotes: string | null;
}

/**
 * Places a hold (a second hold with the same handle by the same app is refused). The
 * fulfillment order is ON_HOLD until its last hold is released.
 */
export function holdFulfillmentOrder(
  store: FakeStore,
  fo: FulfillmentOrderRecord,
  appId: string,
  input: HoldInput,
): FulfillmentHoldRecord | Refusal {
  if (fo.status !== "OPEN" && fo.status !== "ON_HOLD" && fo.status !== "SCHEDULED")
    return {
      field: ["id"],
      message: `The fulfillment order's status is ${fo.status}, and it can't be put on hold.`,
    };
  const holds = fo.holds ?? [];
  const mine = holds.filter((h) => h.heldByAppId === appId);
  if (mine.some((h) => h.handle === input.handle))
    return {
      field: ["fulfillmentHold", "handle"],
      message:
        "The handle provided for the fulfillment hold is already in use by this app for another hold on this fulfillment order.",
    };
  if (mine.length >= MAX_HOLDS_PER_APP)
    return {
      field: ["id"],
      message: `The maximum number of fulfillment holds for this fulfillment order has been reached for this app. An app can only have up to ${MAX_HOLDS_PER_APP} holds on a single fulfillment order at any one time.`,
    };
  const hold: FulfillmentHoldRecord = {
    id: store.nextId("FulfillmentHold"),
    handle: input.handle,
    reason: input.reason,
    reasonNotes: input.reasonNotes,
    heldByAppId: appId,
    createdAt: store.now(),
  };
  if (fo.status !== "ON_HOLD") fo.statusBeforeHold = fo.status;
  fo.holds = [...holds, hold];
  fo.status = "ON_HOLD";
  touch(store, fo);
  return hold;
}

/** Releases the given holds (all of the app's when none are named). */
export function releaseHolds(
  store: FakeStore,
  fo: FulfillmentOrderRecord,
  appId: string,
  holdIds: number[] | null,
): Refusal | null {
  if (fo.status !== "ON_HOLD")
    return { field: ["id"], message: "The fulfillment order is not on hold." };
  const holds = fo.holds ?? [];
  const releasing = holds.filter(
    (h) => h.heldByAppId === appId && (holdIds === null || holdIds.includes(h.id)),
  );
  if (holdIds !== null && releasing.length !== holdIds.length)
    return { field: ["holdIds"], message: "The fulfillment hold could not be found." };
  if (!releasing.length)
    return { field: ["id"], message: "The fulfillment order has no holds placed by this app." };
  fo.holds = holds.filter((h) => !releasing.includes(h));
  if (fo.holds.length === 0) {
    fo.status = fo.statusBeforeHold ?? "OPEN";
    fo.statusBeforeHold = null;
  }
  touch(store, fo);
  return null;
}
