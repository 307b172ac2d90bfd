/**
 * The shop's hold period and approval routing, as Shopify sees them at the app's fulfillment
 * service: while a print order waits (held, or awaiting the merchant's approval), its lines'
 * fulfillment order carries a fulfillment hold with the app's own handle and a note saying why;
 * once it goes on, the hold is released. Shopify's order page then says "On hold" with the
 * reason instead of a request the app leaves unanswered.
 */
import type { ShopifyAdmin } from "../fulfilment/shopify-port";
import { orderGid } from "../shopify-admin/ids";
import { userErrorsFailure, type ShopifyUserError } from "../shopify-admin";
import type { ServiceStore } from "./ports";

/** Print orders held or released per look; the next look goes on with the rest. */
export const HOLDS_PER_LOOK = 25;

const WAITING = ["held", "awaiting_approval"] as const;

/** The app's handles: one per reason, so each is placed and released on its own. */
export const HOLD_HANDLES = {
  held: "print-connect-hold-period",
  awaiting_approval: "print-connect-approval",
} as const;

const HOLD_NOTES = {
  held: "Print Connect holds new orders for the shop's hold period before printing.",
  awaiting_approval: "Waiting for the merchant's approval in Print Connect before printing.",
} as const;

export const ORDER_SERVICE_FULFILLMENT_ORDERS_QUERY = `#graphql
  query PrintConnectServiceFulfillmentOrders($id: ID!) {
    order(id: $id) {
      fulfillmentOrders(first: 10) {
        nodes {
          id
          status
          assignedLocation { location { id } }
          fulfillmentHolds { id handle heldByRequestingApp }
        }
      }
    }
  }`;

interface ServiceFulfillmentOrdersData {
  order: {
    fulfillmentOrders: {
      nodes: {
        id: string;
        status: string;
        assignedLocation: { location: { id: string } | null };
        fulfillmentHolds: { id: string; handle: string | null; heldByRequestingApp: boolean }[];
      }[];
    };
  } | null;
}

export const FULFILLMENT_ORDER_HOLD_MUTATION = `#graphql
  mutation PrintConnectHold($id: ID!, $fulfillmentHold: FulfillmentOrderHoldInput!) {
    fulfillmentOrderHold(id: $id, fulfillmentHold: $fulfillmentHold) {
      fulfillmentHold { id handle }
      userErrors { field message }
    }
  }`;

export const FULFILLMENT_ORDER_RELEASE_HOLD_MUTATION = `#graphql
  mutation PrintConnectReleaseHold($id: ID!, $holdIds: [ID!]) {
    fulfillmentOrderReleaseHold(id: $id, holdIds: $holdIds) {
      fulfillmentOrder { id status }
      userErrors { field message }
    }
  }`;

interface HoldData {
  fulfillmentOrderHold: { userErrors: ShopifyUserError[] };
}
interface ReleaseData {
  fulfillmentOrderReleaseHold: { userErrors: ShopifyUserError[] };
}

interface HoldDeps {
  store: ServiceStore;
  shopify: ShopifyAdmin;
  now?: () => Date;
}

const isOurHandle = (handle: string | null) =>
  handle !== null && (Object.values(HOLD_HANDLES) as string[]).includes(handle);

/** The Shopify order's fulfillment orders at the app's location that are still open to work. */
async function serviceFulfillmentOrders(
  deps: HoldDeps,
  shop: string,
  shopifyOrderId: string,
  locationId: string,
) {
  const data = await deps.shopify.graphql<ServiceFulfillmentOrdersData>(
    shop,
    ORDER_SERVICE_FULFILLMENT_ORDERS_QUERY,
    { id: orderGid(shopifyOrderId) },
  );
  return (data.order?.fulfillmentOrders.nodes ?? []).filter(
    (fo) => fo.assignedLocation.location?.id === locationId,
  );
}

export interface HoldsResult {
  held: number;
  released: number;
}

/** Holds the waiting print orders' lines and releases those that went on, one batch each. */
export async function syncServiceHolds(
  deps: HoldDeps,
  shop: string,
  locationId: string,
): Promise<HoldsResult> {
  const now = deps.now?.() ?? new Date();
  const result: HoldsResult = { held: 0, released: 0 };
  const toHold = await deps.store.toHold(shop, WAITING, HOLDS_PER_LOOK);
  for (const p of toHold) {
    const status = p.status as (typeof WAITING)[number];
    const handle = HOLD_HANDLES[status];
    for (const fo of await serviceFulfillmentOrders(deps, shop, p.shopifyOrderId, locationId)) {
      if (fo.fulfillmentHolds.some((h) => h.heldByRequestingApp && h.handle === handle)) continue;
      if (fo.status !== "OPEN" && fo.status !== "ON_HOLD") continue;
      const data = await deps.shopify.graphql<HoldData>(shop, FULFILLMENT_ORDER_HOLD_MUTATION, {
        id: fo.id,
        fulfillmentHold: { reason: "OTHER", reasonNotes: HOLD_NOTES[status], handle },
      });
      const errors = data.fulfillmentOrderHold.userErrors;
      if (errors.length) throw userErrorsFailure(errors);
    }
    // Recorded even for an order placed before the move (its lines are at the merchant's own
    // location and hold nothing of the app's): it is not asked again.
    await deps.store.markHeld(shop, p.id, now);
    result.held++;
  }
  const toRelease = await deps.store.toRelease(shop, WAITING, HOLDS_PER_LOOK);
  for (const p of toRelease) {
    for (const fo of await serviceFulfillmentOrders(deps, shop, p.shopifyOrderId, locationId)) {
      const ours = fo.fulfillmentHolds.filter(
        (h) => h.heldByRequestingApp && isOurHandle(h.handle),
      );
      if (!ours.length || fo.status !== "ON_HOLD") continue;
      const data = await deps.shopify.graphql<ReleaseData>(
        shop,
        FULFILLMENT_ORDER_RELEASE_HOLD_MUTATION,
        { id: fo.id, holdIds: ours.map((h) => h.id) },
      );
      const errors = data.fulfillmentOrderReleaseHold.userErrors;
      if (errors.length) throw userErrorsFailure(errors);
    }
    // One that shipped meanwhile waits for the hold (steps/fulfil.ts): its tracking goes now.
    await deps.store.markReleased(shop, p.id, now);
    result.released++;
  }
  return result;
}
