/**
 * The fulfillment-service side of the fake, as Shopify runs it: an app's service and the
 * location Shopify makes for it, and stocking (inventory levels). Requests and their answers
 * are in fulfillment-requests.ts, holds in fulfillment-holds.ts, closing and moving a
 * fulfillment order in fulfillment-order-changes.ts. Each operation returns the userErrors
 * Shopify gives for the same refusal, or changes the records.
 */
import type { FulfillmentServiceRecord, InventoryLevelRecord } from "./fulfillment-records";
import type { LocationRecord } from "./records";
import type { FakeStore } from "./store";

export interface Refusal {
  field: string[] | null;
  message: string;
}

export function isRefusal(x: unknown): x is Refusal {
  return typeof x === "object" && x !== null && "message" in x && !("id" in x);
}

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

/** Uninstalling an app removes its fulfillment services from the shop. */
export function removeAppServices(store: FakeStore, shop: string, appId: string): void {
  for (const service of [...store.fulfillmentServices.values()]) {
    if (service.shop === shop && service.appId === appId) deleteFulfillmentService(store, service);
  }
}
