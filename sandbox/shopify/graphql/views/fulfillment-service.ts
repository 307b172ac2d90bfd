/**
 * Views of the fulfillment-service side: services, stocking (inventory levels), holds and the
 * merchant's requests on a fulfillment order.
 */
import {
  gid,
  type FulfillmentHoldRecord,
  type FulfillmentOrderRecord,
  type FulfillmentServiceRecord,
  type InventoryLevelRecord,
  type LocationRecord,
  type VariantRecord,
} from "../../state";
import { iso, type GraphqlContext, type View } from "../context";
import { connection, type PagingArgs } from "../paging";

export function locationView(ctx: GraphqlContext, l: LocationRecord): View {
  const service = l.fulfillmentServiceId
    ? ctx.state.fulfillmentServices.get(l.fulfillmentServiceId)
    : undefined;
  return {
    __typename: "Location",
    id: gid("Location", l.id),
    legacyResourceId: String(l.id),
    name: l.name,
    isActive: l.isActive !== false,
    isFulfillmentService: !!l.fulfillmentServiceId,
    fulfillmentService: () => (service ? fulfillmentServiceView(ctx, service) : null),
    fulfillsOnlineOrders: true,
    shipsInventory: true,
    address: {
      address1: l.address1,
      address2: null,
      city: l.city,
      country: l.countryCode,
      countryCode: l.countryCode,
      province: null,
      provinceCode: null,
      zip: l.zip,
      phone: null,
      formatted: [l.address1, `${l.zip} ${l.city}`, l.countryCode].filter(Boolean),
    },
  };
}

export function fulfillmentServiceView(ctx: GraphqlContext, s: FulfillmentServiceRecord): View {
  const location = ctx.state.locations.get(s.locationId);
  return {
    __typename: "FulfillmentService",
    id: gid("FulfillmentService", s.id),
    serviceName: s.serviceName,
    handle: s.handle,
    callbackUrl: s.callbackUrl,
    trackingSupport: s.trackingSupport,
    inventoryManagement: s.inventoryManagement,
    requiresShippingMethod: s.requiresShippingMethod,
    type: "THIRD_PARTY",
    location: () => (location ? locationView(ctx, location) : null),
  };
}

function levelIsActive(ctx: GraphqlContext, level: InventoryLevelRecord): boolean {
  return ctx.state.locations.get(level.locationId)?.isActive !== false;
}

export function inventoryLevelView(
  ctx: GraphqlContext,
  level: InventoryLevelRecord,
  item: () => View | null,
): View {
  const location = ctx.state.locations.get(level.locationId);
  const stockedAt = [...ctx.state.inventoryLevels.values()].filter(
    (l) => l.inventoryItemId === level.inventoryItemId,
  ).length;
  return {
    __typename: "InventoryLevel",
    // Shopify's id names the item too: InventoryLevel/<level>?inventory_item_id=<item>.
    id: `gid://shopify/InventoryLevel/${level.id}?inventory_item_id=${level.inventoryItemId}`,
    isActive: levelIsActive(ctx, level),
    canDeactivate: stockedAt > 1,
    deactivationAlert:
      stockedAt > 1 ? null : "Products need to be stocked at a minimum of 1 location.",
    createdAt: iso(level.createdAt),
    updatedAt: iso(level.createdAt),
    item,
    location: () => (location ? locationView(ctx, location) : null),
  };
}

/** InventoryItem.inventoryLevels and .inventoryLevel for a variant's item. */
export function inventoryItemLevels(
  ctx: GraphqlContext,
  v: VariantRecord,
  item: () => View | null,
): View {
  const levels = (includeInactive: boolean | null | undefined) =>
    [...ctx.state.inventoryLevels.values()].filter(
      (l) => l.inventoryItemId === v.id && (includeInactive || levelIsActive(ctx, l)),
    );
  return {
    inventoryLevels: (args: PagingArgs & { includeInactive?: boolean | null }) =>
      connection(levels(args.includeInactive), args, (l) => inventoryLevelView(ctx, l, item)),
    inventoryLevel: (args: { locationId: string; includeInactive?: boolean | null }) => {
      const level = levels(args.includeInactive).find(
        (l) => gid("Location", l.locationId) === args.locationId,
      );
      return level ? inventoryLevelView(ctx, level, item) : null;
    },
  };
}

const HOLD_REASONS: Record<string, string> = {
  AWAITING_PAYMENT: "Awaiting payment",
  AWAITING_RETURN_ITEMS: "Awaiting return items",
  HIGH_RISK_OF_FRAUD: "High risk of fraud",
  INCORRECT_ADDRESS: "Incorrect address",
  INVENTORY_OUT_OF_STOCK: "Inventory out of stock",
  ONLINE_STORE_POST_PURCHASE_CROSS_SELL: "Online store post purchase cross sell",
  OTHER: "Other",
  UNKNOWN_DELIVERY_DATE: "Unknown delivery date",
};

export function holdView(ctx: GraphqlContext, h: FulfillmentHoldRecord): View {
  return {
    __typename: "FulfillmentHold",
    id: gid("FulfillmentHold", h.id),
    handle: h.handle,
    reason: h.reason,
    reasonNotes: h.reasonNotes,
    displayReason: HOLD_REASONS[h.reason] ?? h.reason,
    heldByRequestingApp: h.heldByAppId !== null && h.heldByAppId === ctx.appId,
    heldByApp: null,
  };
}

export function merchantRequestsView(
  ctx: GraphqlContext,
  fo: FulfillmentOrderRecord,
  foView: () => View,
) {
  return (args: PagingArgs & { kind?: string | null }) =>
    connection(
      (fo.merchantRequests ?? []).filter((r) => !args.kind || r.kind === args.kind),
      args,
      (r) => ({
        __typename: "FulfillmentOrderMerchantRequest",
        id: gid("FulfillmentOrderMerchantRequest", r.id),
        kind: r.kind,
        message: r.message,
        requestOptions: r.requestOptions,
        responseData: r.responseData,
        sentAt: iso(r.sentAt),
        fulfillmentOrder: foView,
      }),
    );
}
