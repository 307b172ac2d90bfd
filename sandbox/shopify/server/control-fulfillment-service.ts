/**
 * The control API's fulfillment-service part: what the merchant does in Shopify's admin on
 * fulfillment orders at a service's location (request fulfillment, request cancellation,
 * move), and what a test reads back (the shop's services, a variant's stocking).
 */
import { gid, parseId, type FulfillmentOrderRecord } from "../state";
import { moveFulfillmentOrder } from "../state/fulfillment-order-changes";
import { requestCancellation, requestFulfillment } from "../state/fulfillment-requests";
import { FakeError } from "../state";
import { shopOf, type FakeServerState } from "./context";
import type { WebhookDeliveryRecord } from "./records";
import { notifyService } from "./service-notifications";
import { fulfillmentOrderSnapshot, type FulfillmentOrderSnapshot } from "./snapshot";

export interface FulfillmentServiceSummary {
  id: string;
  serviceName: string;
  handle: string;
  callbackUrl: string | null;
  trackingSupport: boolean;
  appId: string;
  location: { id: string; name: string };
}

export interface RequestResult {
  fulfillmentOrder: FulfillmentOrderSnapshot;
  /** A fulfillment order that took over the lines (a move, or cancelling a submitted request). */
  replacement: FulfillmentOrderSnapshot | null;
  /** The ping to the service, or null when nothing was sent. */
  notification: WebhookDeliveryRecord | null;
}

export interface FulfillmentServiceControl {
  fulfillmentServices(shop?: string): FulfillmentServiceSummary[];
  /** Where a variant is stocked (its inventory levels' locations). */
  stockedAt(variantId: string | number): Array<{ id: string; name: string; service: boolean }>;
  /** The merchant clicks "Request fulfillment" (or Shopify's automatic fulfilment does). */
  requestFulfillment(
    fulfillmentOrderId: string | number,
    options?: { message?: string; notifyCustomer?: boolean; wait?: boolean },
  ): Promise<RequestResult>;
  /** The merchant clicks "Request cancellation" (or "Cancel" on a request not yet accepted). */
  requestCancellation(
    fulfillmentOrderId: string | number,
    options?: { message?: string; wait?: boolean },
  ): Promise<RequestResult>;
  /**
   * The merchant moves the lines to another of the shop's locations: the fulfillment order
   * itself when none of its lines was fulfilled, else a new one (the replacement).
   */
  moveFulfillmentOrder(
    fulfillmentOrderId: string | number,
    locationId: string | number,
  ): RequestResult;
}

function fulfillmentOrder(fake: FakeServerState, id: string | number): FulfillmentOrderRecord {
  const n = parseId(id, "FulfillmentOrder");
  const fo = n === undefined ? undefined : fake.state.fulfillmentOrders.get(n);
  if (!fo) throw new FakeError(404, `Unknown fulfillment order ${String(id)}`);
  return fo;
}

export function createFulfillmentServiceControl(fake: FakeServerState): FulfillmentServiceControl {
  const shot = (fo: FulfillmentOrderRecord | null) =>
    fo ? fulfillmentOrderSnapshot(fake.state, fo) : null;
  return {
    fulfillmentServices(shopDomain) {
      const shop = shopOf(fake, shopDomain);
      return [...fake.state.fulfillmentServices.values()]
        .filter((s) => s.shop === shop.domain)
        .map((s) => ({
          id: gid("FulfillmentService", s.id),
          serviceName: s.serviceName,
          handle: s.handle,
          callbackUrl: s.callbackUrl,
          trackingSupport: s.trackingSupport,
          appId: s.appId,
          location: {
            id: gid("Location", s.locationId),
            name: fake.state.locations.get(s.locationId)?.name ?? "",
          },
        }));
    },
    stockedAt(variantId) {
      const n = parseId(variantId, "ProductVariant") ?? parseId(variantId, "InventoryItem");
      return [...fake.state.inventoryLevels.values()]
        .filter((l) => l.inventoryItemId === n)
        .map((l) => {
          const location = fake.state.locations.get(l.locationId);
          return {
            id: gid("Location", l.locationId),
            name: location?.name ?? "",
            service: !!location?.fulfillmentServiceId,
          };
        });
    },
    async requestFulfillment(id, options = {}) {
      const fo = fulfillmentOrder(fake, id);
      requestFulfillment(fake.state, fo, options.message ?? null, options.notifyCustomer ?? true);
      const notification = await notifyService(fake, fo, "FULFILLMENT_REQUEST", options);
      return { fulfillmentOrder: shot(fo)!, replacement: null, notification };
    },
    async requestCancellation(id, options = {}) {
      const fo = fulfillmentOrder(fake, id);
      const { immediate, replacement } = requestCancellation(
        fake.state,
        fo,
        options.message ?? null,
      );
      const notification = immediate
        ? null
        : await notifyService(fake, fo, "CANCELLATION_REQUEST", options);
      return { fulfillmentOrder: shot(fo)!, replacement: shot(replacement), notification };
    },
    moveFulfillmentOrder(id, locationId) {
      const fo = fulfillmentOrder(fake, id);
      const target = parseId(locationId, "Location");
      if (target === undefined) throw new FakeError(422, "Location not found.");
      const moved = moveFulfillmentOrder(fake.state, fo, target);
      return {
        fulfillmentOrder: shot(fo)!,
        replacement: moved === fo ? null : shot(moved),
        notification: null,
      };
    },
  };
}
