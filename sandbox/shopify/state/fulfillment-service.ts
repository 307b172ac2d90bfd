/**
 * The fulfillment-service side of the fake, as Shopify runs it: an app's service and the
 * location Shopify makes for it, stocking (inventory levels), fulfillment requests and
 * cancellation requests from the merchant, the service's answers, and holds. Each operation
 * returns the userErrors Shopify gives for the same refusal, or changes the records.
 */
import type {
  FulfillmentHoldRecord,
  FulfillmentOrderRecord,
  FulfillmentServiceRecord,
  InventoryLevelRecord,
  LocationRecord,
  MerchantRequestRecord,
} from "./records";
import { FakeError, type FakeStore } from "./store";

export interface Refusal {
  field: string[] | null;
  message: string;
}

/** At most this many holds per app on one fulfillment order (Shopify, 2025-01 on). */
export const MAX_HOLDS_PER_APP = 10;

export function serviceHandle(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export interface FulfillmentServiceInput {
  name: string;
  callbackUrl: string | null;
  trackingSupport: boolean;
  inventoryManagement: boolean;
  requiresShippingMethod: boolean;
}

/** Makes the service and its location (named after it, at the shop's address). */
export function createFulfillmentService(
  store: FakeStore,
  shopDomain: string,
  appId: string,
  input: FulfillmentServiceInput,
): FulfillmentServiceRecord | Refusal {
  const shop = store.requireShop(shopDomain);
  const name = input.name.trim();
  if (!name) return { field: ["name"], message: "Name can't be blank" };
  const handle = serviceHandle(name);
  const clash = [...store.fulfillmentServices.values()].find(
    (s) => s.shop === shop.domain && s.handle === handle,
  );
  if (clash) return { field: ["name"], message: "Name has already been taken" };
  const home = store.locationFor(shop.domain, "warehouse");
  const id = store.nextId("FulfillmentService");
  const locationId = store.nextId("Location");
  const location: LocationRecord = {
    id: locationId,
    shop: shop.domain,
    name,
    role: "service",
    address1: home.address1,
    city: home.city,
    zip: home.zip,
    countryCode: home.countryCode,
    fulfillmentServiceId: id,
    isActive: true,
  };
  store.locations.set(locationId, location);
  const record: FulfillmentServiceRecord = {
    id,
    shop: shop.domain,
    appId,
    serviceName: name,
    handle,
    callbackUrl: input.callbackUrl,
    trackingSupport: input.trackingSupport,
    inventoryManagement: input.inventoryManagement,
    requiresShippingMethod: input.requiresShippingMethod,
    locationId,
    createdAt: store.now(),
  };
  store.fulfillmentServices.set(id, record);
  return record;
}

/**
 * Removes the service; its location closes and what was stocked there is stocked no more
 * (Shopify's `inventoryAction: DELETE`). Open fulfillment orders there stay where they are.
 */
export function deleteFulfillmentService(store: FakeStore, service: FulfillmentServiceRecord) {
  store.fulfillmentServices.delete(service.id);
  const location = store.locations.get(service.locationId);
  if (location) location.isActive = false;
  for (const level of [...store.inventoryLevels.values()]) {
    if (level.locationId === service.locationId) store.inventoryLevels.delete(level.id);
  }
}

export function serviceOfLocation(
  store: FakeStore,
  locationId: number,
): FulfillmentServiceRecord | undefined {
  const location = store.locations.get(locationId);
  if (!location?.fulfillmentServiceId) return undefined;
  return store.fulfillmentServices.get(location.fulfillmentServiceId);
}

/** Stocks an inventory item (a variant) at a location; stocking it again is no change. */
export function activateInventory(
  store: FakeStore,
  shop: string,
  inventoryItemId: number,
  locationId: number,
): InventoryLevelRecord | Refusal {
  const variant = store.variants.get(inventoryItemId);
  if (!variant || variant.shop !== shop)
    return { field: ["inventoryItemId"], message: "Inventory item does not exist" };
  const location = store.locations.get(locationId);
  if (!location || location.shop !== shop || location.isActive === false)
    return { field: ["locationId"], message: "Location not found." };
  const existing = [...store.inventoryLevels.values()].find(
    (l) => l.inventoryItemId === inventoryItemId && l.locationId === locationId,
  );
  if (existing) return existing;
  const level: InventoryLevelRecord = {
    id: store.nextId("InventoryLevel"),
    shop,
    inventoryItemId,
    locationId,
    createdAt: store.now(),
  };
  store.inventoryLevels.set(level.id, level);
  return level;
}

/** Stocks the item there no more. Shopify refuses to leave an item stocked nowhere. */
export function deactivateInventory(
  store: FakeStore,
  shop: string,
  levelId: number,
): Refusal | null {
  const level = store.inventoryLevels.get(levelId);
  if (!level || level.shop !== shop)
    return { field: ["inventoryLevelId"], message: "Inventory level not found." };
  const levels = [...store.inventoryLevels.values()].filter(
    (l) => l.inventoryItemId === level.inventoryItemId,
  );
  if (levels.length <= 1) {
    return {
      field: ["inventoryLevelId"],
      message:
        "The product couldn't be unstocked because products need to be stocked at a minimum of 1 location.",
    };
  }
  store.inventoryLevels.delete(levelId);
  return null;
}

/** The active fulfillment-service location a variant is stocked at, if any: its lines go there. */
export function serviceLocationStocking(
  store: FakeStore,
  shop: string,
  variantId: number,
): LocationRecord | undefined {
  for (const level of store.inventoryLevels.values()) {
    if (level.shop !== shop || level.inventoryItemId !== variantId) continue;
    const location = store.locations.get(level.locationId);
    if (location?.fulfillmentServiceId && location.isActive !== false) return location;
  }
  return undefined;
}

function touch(store: FakeStore, fo: FulfillmentOrderRecord): void {
  fo.updatedAt = store.now();
}

function addRequest(
  store: FakeStore,
  fo: FulfillmentOrderRecord,
  kind: MerchantRequestRecord["kind"],
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

function lastRequest(
  fo: FulfillmentOrderRecord,
  kind: MerchantRequestRecord["kind"],
): MerchantRequestRecord | undefined {
  return [...(fo.merchantRequests ?? [])].reverse().find((r) => r.kind === kind);
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

/**
 * Ends a fulfillment order and opens a new one, at the same location, for what is left (nothing
 * is left to fulfil of a cancelled order).
 */
function closeAndReplace(
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

/** The service the calling app owns for this fulfillment order, or a refusal. */
function ownService(
  store: FakeStore,
  fo: FulfillmentOrderRecord,
  appId: string,
): FulfillmentServiceRecord | Refusal {
  const service = serviceOfLocation(store, fo.locationId);
  if (!service || service.appId !== appId)
    return {
      field: ["id"],
      message: "The fulfillment order is not assigned to a location of your fulfillment service.",
    };
  return service;
}

const refused = (x: unknown): x is Refusal =>
  typeof x === "object" && x !== null && "message" in x && !("id" in x);

export function acceptFulfillmentRequest(
  store: FakeStore,
  fo: FulfillmentOrderRecord,
  appId: string,
  message: string | null,
): Refusal | null {
  const service = ownService(store, fo, appId);
  if (refused(service)) return service;
  if (fo.requestStatus !== "SUBMITTED")
    return {
      field: ["id"],
      message: `Cannot accept fulfillment request for the fulfillment order with status ${fo.requestStatus}.`,
    };
  if (fo.status === "ON_HOLD")
    return { field: ["id"], message: "The fulfillment order is on hold." };
  fo.requestStatus = "ACCEPTED";
  fo.status = "IN_PROGRESS";
  const request = lastRequest(fo, "FULFILLMENT_REQUEST");
  if (request) request.responseData = { message };
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
  const service = ownService(store, fo, appId);
  if (refused(service)) return service;
  if (fo.requestStatus !== "SUBMITTED")
    return {
      field: ["id"],
      message: `Cannot reject fulfillment request for the fulfillment order with status ${fo.requestStatus}.`,
    };
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
  const request = lastRequest(fo, "FULFILLMENT_REQUEST");
  if (request) {
    request.responseData = { message, ...(reason ? { reason } : {}) };
    if (lineItems.length)
      request.rejectedLineItems = lineItems.map((l) => ({
        fulfillmentOrderLineItemId: l.fulfillmentOrderLineItemId!,
        message: l.message,
      }));
  }
  touch(store, fo);
  return null;
}

export function acceptCancellationRequest(
  store: FakeStore,
  fo: FulfillmentOrderRecord,
  appId: string,
  message: string | null,
): Refusal | null {
  const service = ownService(store, fo, appId);
  if (refused(service)) return service;
  if (fo.requestStatus !== "CANCELLATION_REQUESTED")
    return {
      field: ["id"],
      message: `Cannot accept cancellation request for the fulfillment order with status ${fo.requestStatus}.`,
    };
  const request = lastRequest(fo, "CANCELLATION_REQUEST");
  if (request) request.responseData = { message };
  closeAndReplace(store, fo, "CANCELLATION_ACCEPTED");
  return null;
}

export function rejectCancellationRequest(
  store: FakeStore,
  fo: FulfillmentOrderRecord,
  appId: string,
  message: string | null,
): Refusal | null {
  const service = ownService(store, fo, appId);
  if (refused(service)) return service;
  if (fo.requestStatus !== "CANCELLATION_REQUESTED")
    return {
      field: ["id"],
      message: `Cannot reject cancellation request for the fulfillment order with status ${fo.requestStatus}.`,
    };
  fo.requestStatus = "CANCELLATION_REJECTED";
  const request = lastRequest(fo, "CANCELLATION_REQUEST");
  if (request) request.responseData = { message };
  touch(store, fo);
  return null;
}

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

/** Uninstalling an app removes its fulfillment services from the shop. */
export function removeAppServices(store: FakeStore, shop: string, appId: string): void {
  for (const service of [...store.fulfillmentServices.values()]) {
    if (service.shop === shop && service.appId === appId) deleteFulfillmentService(store, service);
  }
}

export function isRefusal(x: unknown): x is Refusal {
  return refused(x);
}
