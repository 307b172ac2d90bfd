import { userErrorsFailure } from "../../shopify-admin";
import { AttentionError, LinesOnHoldError } from "../failures";
import { NOT_SCHEDULED } from "../machine";
import { printOrderKindOf } from "../order-kind";
import {
  FULFILLMENT_CREATE_MUTATION,
  fulfillmentDataTruncated,
  fulfillmentOrderLines,
  linesOnHold,
  notifyCustomerFor,
  ORDER_FULFILLMENT_QUERY,
  placementOf,
  TRACKING_UPDATE_MUTATION,
  unrequestedServiceOrders,
  type FulfillmentCreateData,
  type OrderFulfillmentData,
  type TrackingUpdateData,
} from "../shopify-port";
import { orderGid } from "../../shopify-admin/ids";
import type { StepContext } from "../step-support/context";
import { movedAfterPrinting, serviceLocationOf, wantedLines } from "../step-support/placement";
import { done, type Loaded, type StepResult } from "../step-support/result";

/**
 * The one step that writes tracking to Shopify. A shipped print order gets its fulfillment,
 * for exactly its lines, once; a fulfilled one whose print service reported another parcel
 * (follow.ts records its number) gets that number added to the same fulfillment. A proof has
 * no Shopify order: it ends here without any call, its tracking shown on its own page.
 */
export async function fulfil(order: Loaded, ctx: StepContext): Promise<StepResult> {
  if (printOrderKindOf(order.kind) === "proof") return endProof(order);
  return order.status === "fulfilled" ? addTracking(order, ctx) : createFulfillment(order, ctx);
}

/** A shipped proof is done: nothing to tell Shopify. */
function endProof(order: Loaded): StepResult {
  const finished = { nextAttemptAt: NOT_SCHEDULED, attempts: 0 };
  if (order.status !== "shipped") return done(finished);
  return done({ ...finished, status: "fulfilled" }, [
    {
      actor: "worker",
      type: "fulfilled",
      message: `Proof shipped: tracking ${order.trackingCode ?? "not given"}; no Shopify order to fulfil.`,
    },
  ]);
}

type Pushed = { number: string; url: string | null }[];

/** Whether a fulfilled print order has a tracking number Shopify does not have yet. */
export function trackingToSend(
  order: Pick<Loaded, "fulfillmentId" | "trackingCode" | "trackingPushed">,
): boolean {
  const code = order.trackingCode;
  if (!code || !order.fulfillmentId) return false;
  return !(JSON.parse(order.trackingPushed) as Pushed).some((p) => p.number === code);
}

/** A later parcel of a fulfilled print order: add its tracking, never overwrite. */
async function addTracking(order: Loaded, ctx: StepContext): Promise<StepResult> {
  const code = order.trackingCode;
  const finished = { nextAttemptAt: NOT_SCHEDULED, attempts: 0 };
  if (!code || !order.fulfillmentId || !trackingToSend(order)) return done(finished);
  const pushed = JSON.parse(order.trackingPushed) as Pushed;
  const all = [...pushed, { number: code, url: order.trackingUrl ?? null }];
  const result = await ctx.shopify.graphql<TrackingUpdateData>(
    order.shop,
    TRACKING_UPDATE_MUTATION,
    {
      fulfillmentId: order.fulfillmentId,
      trackingInfoInput: {
        numbers: all.map((p) => p.number),
        urls: all.map((p) => p.url).filter(Boolean),
      },
      notifyCustomer: ctx.shop.notifyCustomer,
    },
  );
  const errors = result.fulfillmentTrackingInfoUpdate.userErrors;
  if (errors.length) throw userErrorsFailure(errors);
  return done({ ...finished, trackingPushed: JSON.stringify(all) }, [
    {
      actor: "worker",
      type: "tracking_added",
      message: `Added tracking ${code} to the Shopify fulfillment.`,
    },
  ]);
}

function readOrderFulfillments(order: Loaded, ctx: StepContext) {
  return ctx.shopify.graphql<OrderFulfillmentData>(order.shop, ORDER_FULFILLMENT_QUERY, {
    id: orderGid(order.shopifyOrderId),
  });
}

function fulfillmentWithTracking(order: NonNullable<OrderFulfillmentData["order"]>, code: string) {
  return order.fulfillments.find((f) => f.trackingInfo.some((t) => t.number === code));
}

function alreadyFulfilled(fulfillmentId: string, code: string, tracking: Pushed): StepResult {
  return done(
    {
      status: "fulfilled",
      fulfillmentId,
      trackingPushed: JSON.stringify(tracking),
      nextAttemptAt: NOT_SCHEDULED,
    },
    [
      {
        actor: "worker",
        type: "fulfilled",
        message: `Shopify already has the fulfillment with tracking ${code}.`,
      },
    ],
  );
}

/** Creates the Shopify fulfillment for exactly this print order's lines, once. */
async function createFulfillment(order: Loaded, ctx: StepContext): Promise<StepResult> {
  const { shop } = ctx;
  const code = order.trackingCode!;
  const data = await readOrderFulfillments(order, ctx);
  if (!data.order) {
    throw new AttentionError({
      code: "SHOPIFY_ORDER_MISSING",
      message: "Shopify no longer has this order.",
      action: "Check the order in Shopify; tracking could not be added.",
    });
  }
  const tracking = [{ number: code, url: order.trackingUrl }];
  // A fulfillment with this tracking number already exists: an earlier attempt got through.
  const existing = fulfillmentWithTracking(data.order, code);
  if (existing) return alreadyFulfilled(existing.id, code, tracking);
  const wanted = wantedLines(order);
  // In the service model the lines are Print Connect's: never fulfilled at a location they
  // were moved to by hand (the merchant may be shipping them from there).
  const serviceLocation = serviceLocationOf(order, shop);
  if (serviceLocation) {
    const placement = placementOf(data.order, wanted, serviceLocation);
    if (placement.kind === "elsewhere") throw movedAfterPrinting(placement.locationName, code);
  }
  if (unrequestedServiceOrders(data.order, wanted, shop.fulfillmentLocationId).length) {
    throw new AttentionError({
      code: "FULFILLMENT_NOT_REQUESTED",
      message: `Shipped with tracking ${code}, but Shopify has not asked Print Connect to fulfil these items yet, so the tracking cannot be added.`,
      action:
        'Choose "Request fulfillment" on the order in Shopify (or let Shopify send requests by itself: Settings, Checkout, "Automatically fulfill the order\'s line items", or a Flow workflow with "Submit fulfillment request"). The tracking then goes out on its own.',
    });
  }
  const lines = fulfillmentOrderLines(data.order, wanted);
  const covered = lines.reduce(
    (sum, g) => sum + g.fulfillmentOrderLineItems.reduce((n, l) => n + l.quantity, 0),
    0,
  );
  const needed = [...wanted.values()].reduce((a, b) => a + b, 0);
  if (covered < needed && fulfillmentDataTruncated(data.order)) {
    throw new AttentionError({
      code: "ORDER_TOO_LARGE",
      message: `Shipped with tracking ${code}, but this order has more fulfillment lines than can be fulfilled automatically.`,
      action: "Create the fulfillment in Shopify with this tracking number.",
    });
  }
  // Held in Shopify, not gone: waited out (the app's own hold is released by the next look).
  if (lines.length === 0 && linesOnHold(data.order, wanted)) throw new LinesOnHoldError();
  if (lines.length === 0) {
    throw new AttentionError({
      code: "NOTHING_TO_FULFIL",
      message: `Shipped with tracking ${code}, but Shopify has no open fulfillment lines for these items (fulfilled by hand?).`,
      action: "Add the tracking number in Shopify yourself if the customer should get it.",
    });
  }
  const notifyCustomer = notifyCustomerFor(
    data.order,
    lines.map((g) => g.fulfillmentOrderId),
    shop.notifyCustomer,
  );
  const result = await ctx.shopify.graphql<FulfillmentCreateData>(
    order.shop,
    FULFILLMENT_CREATE_MUTATION,
    {
      fulfillment: {
        lineItemsByFulfillmentOrder: lines,
        notifyCustomer,
        trackingInfo: {
          number: code,
          ...(order.trackingUrl ? { url: order.trackingUrl } : {}),
          ...(order.trackingCompany ? { company: order.trackingCompany } : {}),
        },
      },
    },
  );
  const errors = result.fulfillmentCreate.userErrors;
  if (errors.length || !result.fulfillmentCreate.fulfillment) {
    // Refused because the lines are no longer open: another attempt at this print order got
    // through between the read and the create (an answer lost to a timeout, or a claim taken
    // over after a lease ran out). Shopify then has the fulfillment with this tracking.
    const again = (await readOrderFulfillments(order, ctx)).order;
    const made = again ? fulfillmentWithTracking(again, code) : undefined;
    if (made) return alreadyFulfilled(made.id, code, tracking);
    throw new AttentionError({
      code: "SHOPIFY_FULFILLMENT_REFUSED",
      message: `Shopify refused the fulfillment: ${errors.map((e) => e.message).join("; ")}`,
      action: "Check the order's fulfillment in Shopify, then retry.",
    });
  }
  return done(
    {
      status: "fulfilled",
      fulfillmentId: result.fulfillmentCreate.fulfillment.id,
      trackingPushed: JSON.stringify(tracking),
      nextAttemptAt: NOT_SCHEDULED,
      attempts: 0,
    },
    [
      {
        actor: "worker",
        type: "fulfilled",
        message: `Fulfilled in Shopify with tracking ${code}${notifyCustomer ? "; the customer is notified." : "."}`,
      },
    ],
  );
}
