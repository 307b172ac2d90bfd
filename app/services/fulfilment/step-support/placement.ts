import type { Shop } from "@prisma/client";
import { AttentionError } from "../failures";
import {
  ORDER_FULFILLMENT_QUERY,
  placementOf,
  type OrderFulfillmentData,
  type Placement,
} from "../shopify-port";
import { lineItemGid, orderGid } from "../../shopify-admin/ids";
import type { StepContext } from "./context";
import type { Loaded } from "./result";

/**
 * A print order that waited this long after its Shopify order was paid (a hold, an approval, a
 * customer's file, a fix) is checked against Shopify before it is paid: the merchant may have
 * moved its lines away or fulfilled them by hand meanwhile. One sent at once is not: nobody
 * has touched the order in Shopify yet, and the check would cost a Shopify call per order.
 */
export const PLACEMENT_CHECK_AFTER_MS = 10 * 60_000;

/**
 * The Print Connect location when Shopify assigned this order's print lines there: the shop
 * uses the app's fulfillment service, and the order was paid after every mapped variant was
 * stocked there. Null for the merchant's own model, and for an order paid before the move
 * (its lines stay at the merchant's location and are fulfilled there, as before).
 */
export function serviceLocationOf(order: Loaded, shop: Shop): string | null {
  const since = shop.serviceModelSince;
  if (!since || !shop.fulfillmentLocationId) return null;
  const paidAt = order.shopOrder.shopifyPaidAt ?? order.shopOrder.createdAt;
  return paidAt >= since ? shop.fulfillmentLocationId : null;
}

/** The Shopify line items of a print order, with the quantity it prints of each. */
export function wantedLines(order: Pick<Loaded, "items">): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const item of order.items) {
    const gid = lineItemGid(item.shopifyLineItemId);
    wanted.set(gid, (wanted.get(gid) ?? 0) + item.quantity);
  }
  return wanted;
}

/** Lines moved away from Print Connect, found before printing: nothing is paid. */
export function movedBeforePrinting(locationName: string): AttentionError {
  return new AttentionError({
    code: "MOVED_IN_SHOPIFY",
    message: `In Shopify these items were moved to ${locationName}, away from Print Connect, so they were not sent to print.`,
    action: `To print them, move them back to the Print Connect location in Shopify and choose Retry; if you ship them from ${locationName} yourself, cancel this print order (nothing was paid).`,
  });
}

/** Lines moved away from Print Connect, found when the parcel had shipped already. */
export function movedAfterPrinting(locationName: string, code: string): AttentionError {
  return new AttentionError({
    code: "MOVED_IN_SHOPIFY",
    message: `Shipped with tracking ${code}, but in Shopify these items were moved to ${locationName}, away from Print Connect, so Print Connect did not fulfil them there.`,
    action: `If you are not shipping them from ${locationName} yourself, add tracking ${code} to them in Shopify (or move them back to Print Connect and choose Retry).`,
  });
}

/**
 * Before paying a print order that waited: stops it (nothing paid) when Shopify has its lines
 * at another location, or none of them open any more (fulfilled by hand, or closed).
 */
export async function checkPlacementBeforePaying(order: Loaded, ctx: StepContext): Promise<void> {
  const serviceLocation = serviceLocationOf(order, ctx.shop);
  if (!serviceLocation) return;
  const paidAt = order.shopOrder.shopifyPaidAt ?? order.shopOrder.createdAt;
  if (ctx.now().getTime() - paidAt.getTime() < PLACEMENT_CHECK_AFTER_MS) return;
  const data = await ctx.shopify.graphql<OrderFulfillmentData>(
    order.shop,
    ORDER_FULFILLMENT_QUERY,
    {
      id: orderGid(order.shopifyOrderId),
    },
  );
  // A Shopify order gone is for the fulfil step and orders/cancelled to say.
  if (!data.order) return;
  const placement: Placement = placementOf(data.order, wantedLines(order), serviceLocation);
  if (placement.kind === "elsewhere") throw movedBeforePrinting(placement.locationName);
  if (placement.kind === "closed") {
    throw new AttentionError({
      code: "FULFILLED_IN_SHOPIFY",
      message:
        "Shopify shows these items fulfilled or closed already (by hand, or by another app), so they were not sent to print.",
      action:
        "If they were shipped, cancel this print order (nothing was paid). If they still need printing, reopen them at the Print Connect location in Shopify and choose Retry.",
    });
  }
}
