/**
 * What a fulfillment service answers on its fulfillment orders: fulfillment and cancellation
 * requests accepted or rejected, and holds placed and released.
 */
import type { FulfillmentOrderRecord } from "../../state";
import { holdFulfillmentOrder, releaseHolds } from "../../state/fulfillment-holds";
import {
  acceptCancellationRequest,
  acceptFulfillmentRequest,
  rejectCancellationRequest,
  rejectFulfillmentRequest,
} from "../../state/fulfillment-requests";
import { isRefusal, type Refusal } from "../../state/fulfillment-service";
import { fulfillmentOrderAllowed, FO_WRITE, requireAccess } from "../access";
import { idArg, type Args, type GraphqlContext, type View } from "../context";
import { holdView } from "../views/fulfillment-service";
import { fulfillmentOrderView } from "../views/orders";

const NOT_FOUND: Refusal = { field: ["id"], message: "Fulfillment order does not exist." };

/** The fulfillment order the id names, if this app may change it. */
function writableOrder(ctx: GraphqlContext, id: unknown): FulfillmentOrderRecord | undefined {
  const n = idArg(id, "FulfillmentOrder");
  const fo = n === null ? undefined : ctx.state.fulfillmentOrders.get(n);
  if (!fo || fo.shop !== ctx.shop.domain) return undefined;
  return fulfillmentOrderAllowed(ctx, fo.locationId, "write") ? fo : undefined;
}

type Answer = (fo: FulfillmentOrderRecord) => Refusal | null;

function answer(ctx: GraphqlContext, field: string, args: Args, act: Answer): View {
  requireAccess(ctx, field, "write_assigned_fulfillment_orders");
  const fo = writableOrder(ctx, args.id);
  if (!fo) return { fulfillmentOrder: null, userErrors: [NOT_FOUND] };
  const refusal = act(fo);
  if (refusal) return { fulfillmentOrder: null, userErrors: [refusal] };
  ctx.onChange?.({ topics: ["orders/updated"], orderId: fo.orderId });
  return { fulfillmentOrder: fulfillmentOrderView(ctx, fo), userErrors: [] };
}

const text = (v: unknown): string | null => (typeof v === "string" ? v : null);

export const fulfillmentRequestMutations = (ctx: GraphqlContext) => ({
  fulfillmentOrderAcceptFulfillmentRequest: (args: Args) =>
    answer(ctx, "fulfillmentOrderAcceptFulfillmentRequest", args, (fo) =>
      acceptFulfillmentRequest(ctx.state, fo, ctx.appId, text(args.message)),
    ),
  fulfillmentOrderRejectFulfillmentRequest: (args: Args) =>
    answer(ctx, "fulfillmentOrderRejectFulfillmentRequest", args, (fo) =>
      rejectFulfillmentRequest(
        ctx.state,
        fo,
        ctx.appId,
        text(args.reason),
        text(args.message),
        (Array.isArray(args.lineItems) ? (args.lineItems as Args[]) : []).map((l) => ({
          fulfillmentOrderLineItemId: idArg(
            l.fulfillmentOrderLineItemId,
            "FulfillmentOrderLineItem",
          ),
          message: text(l.message),
        })),
      ),
    ),
  fulfillmentOrderAcceptCancellationRequest: (args: Args) =>
    answer(ctx, "fulfillmentOrderAcceptCancellationRequest", args, (fo) =>
      acceptCancellationRequest(ctx.state, fo, ctx.appId, text(args.message)),
    ),
  fulfillmentOrderRejectCancellationRequest: (args: Args) =>
    answer(ctx, "fulfillmentOrderRejectCancellationRequest", args, (fo) =>
      rejectCancellationRequest(ctx.state, fo, ctx.appId, text(args.message)),
    ),
  fulfillmentOrderHold: (args: Args) => fulfillmentOrderHold(ctx, args),
  fulfillmentOrderReleaseHold: (args: Args) => fulfillmentOrderReleaseHold(ctx, args),
});

function fulfillmentOrderHold(ctx: GraphqlContext, args: Args): View {
  requireAccess(ctx, "fulfillmentOrderHold", ...FO_WRITE);
  const empty = { fulfillmentHold: null, fulfillmentOrder: null, remainingFulfillmentOrder: null };
  const fo = writableOrder(ctx, args.id);
  if (!fo) return { ...empty, userErrors: [{ ...NOT_FOUND, code: "FULFILLMENT_ORDER_NOT_FOUND" }] };
  const input = (args.fulfillmentHold ?? {}) as Args;
  const hold = holdFulfillmentOrder(ctx.state, fo, ctx.appId, {
    handle: text(input.handle) ?? "",
    reason: String(input.reason),
    reasonNotes: text(input.reasonNotes),
  });
  if (isRefusal(hold)) {
    const code = hold.message.includes("handle")
      ? "DUPLICATE_FULFILLMENT_HOLD_HANDLE"
      : hold.message.includes("maximum number")
        ? "FULFILLMENT_ORDER_HOLD_LIMIT_REACHED"
        : null;
    return { ...empty, userErrors: [{ ...hold, code }] };
  }
  ctx.onChange?.({ topics: ["orders/updated"], orderId: fo.orderId });
  return {
    fulfillmentHold: holdView(ctx, hold),
    fulfillmentOrder: fulfillmentOrderView(ctx, fo),
    remainingFulfillmentOrder: null,
    userErrors: [],
  };
}

function fulfillmentOrderReleaseHold(ctx: GraphqlContext, args: Args): View {
  requireAccess(ctx, "fulfillmentOrderReleaseHold", ...FO_WRITE);
  const fo = writableOrder(ctx, args.id);
  if (!fo)
    return {
      fulfillmentOrder: null,
      userErrors: [{ ...NOT_FOUND, code: "FULFILLMENT_ORDER_NOT_FOUND" }],
    };
  const holdIds = Array.isArray(args.holdIds)
    ? args.holdIds.map((id) => idArg(id, "FulfillmentHold") ?? -1)
    : null;
  const refusal = releaseHolds(ctx.state, fo, ctx.appId, holdIds);
  if (refusal)
    return { fulfillmentOrder: null, userErrors: [{ ...refusal, code: "INVALID_ACCESS" }] };
  ctx.onChange?.({ topics: ["orders/updated"], orderId: fo.orderId });
  return { fulfillmentOrder: fulfillmentOrderView(ctx, fo), userErrors: [] };
}
