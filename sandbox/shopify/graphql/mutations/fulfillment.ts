/** fulfillmentCreate (and V2), fulfillmentTrackingInfoUpdate (and V2) and fulfillmentCancel. */
import type { FulfillmentOrderRecord, FulfillmentRecord, TrackingInfo } from "../../state";
import { FO_WRITE, fulfillmentOrderAllowed, fulfillmentOrderKind, requireAccess } from "../access";
import {
  idArg,
  iso,
  validUrl,
  type Args,
  type GraphqlContext,
  type UserError,
  type View,
} from "../context";
import { fulfillmentView } from "../views/orders";

interface TrackingInput {
  number?: string | null;
  url?: string | null;
  company?: string | null;
  numbers?: string[] | null;
  urls?: string[] | null;
}

function trackingFromInput(input: TrackingInput | null | undefined): {
  info: TrackingInfo[];
  errors: UserError[];
} {
  if (!input) return { info: [], errors: [] };
  const numbers = input.numbers?.length ? input.numbers : input.number ? [input.number] : [];
  const urls = input.urls?.length ? input.urls : input.url ? [input.url] : [];
  const errors: UserError[] = [];
  for (const u of urls) {
    if (!validUrl(u))
      errors.push({ field: ["trackingInfo", "url"], message: "Tracking url is invalid." });
  }
  const company = input.company ?? null;
  const count = Math.max(numbers.length, urls.length);
  if (count === 0) return { info: company ? [{ company, number: null, url: null }] : [], errors };
  const info = Array.from({ length: count }, (_, i) => ({
    company,
    number: numbers[i] ?? null,
    url: urls[i] ?? null,
  }));
  return { info, errors };
}

export interface FulfillmentInputArg {
  lineItemsByFulfillmentOrder: Array<{
    fulfillmentOrderId: string;
    fulfillmentOrderLineItems?: Array<{ id: string; quantity: number }> | null;
  }>;
  notifyCustomer?: boolean | null;
  trackingInfo?: TrackingInput | null;
  originAddress?: Record<string, unknown> | null;
}

export function fulfillmentCreate(
  ctx: GraphqlContext,
  input: FulfillmentInputArg,
  message: string | null,
): View {
  requireAccess(ctx, "fulfillmentCreate", ...FO_WRITE);
  const { state } = ctx;
  const errors: UserError[] = [];
  const fail = (msg: string, field: string[] = ["fulfillment"]) => ({
    fulfillment: null,
    userErrors: [...errors, { field, message: msg }],
  });
  if (input.lineItemsByFulfillmentOrder.length === 0) {
    return fail("Line items by fulfillment order can't be blank.", [
      "fulfillment",
      "lineItemsByFulfillmentOrder",
    ]);
  }
  const plan: Array<{
    fo: FulfillmentOrderRecord;
    li: FulfillmentOrderRecord["lineItems"][number];
    quantity: number;
  }> = [];
  let orderId: number | null = null;
  let locationId: number | null = null;
  for (const entry of input.lineItemsByFulfillmentOrder) {
    const foId = idArg(entry.fulfillmentOrderId, "FulfillmentOrder");
    const fo = foId === null ? undefined : state.fulfillmentOrders.get(foId);
    if (!fo || fo.shop !== ctx.shop.domain || !fulfillmentOrderAllowed(ctx, fo.locationId, "write"))
      return fail("Fulfillment order does not exist.");
    if (fo.status !== "OPEN" && fo.status !== "IN_PROGRESS") {
      return fail(
        `Fulfillment order ${fo.id} has an unfulfillable status= ${fo.status.toLowerCase()}.`,
      );
    }
    // A fulfillment service fulfils only the work it accepted.
    const accepted =
      fo.requestStatus === "ACCEPTED" || fo.requestStatus === "CANCELLATION_REJECTED";
    if (fulfillmentOrderKind(ctx, fo.locationId) !== "merchant_managed" && !accepted) {
      return fail(
        `Fulfillment order ${fo.id} has an unfulfillable request status= ${fo.requestStatus.toLowerCase()}.`,
      );
    }
    if (orderId !== null && orderId !== fo.orderId)
      return fail("All fulfillment orders must belong to the same order.");
    if (locationId !== null && locationId !== fo.locationId) {
      return fail("All fulfillment orders must be assigned to the same location.");
    }
    orderId = fo.orderId;
    locationId = fo.locationId;
    if (entry.fulfillmentOrderLineItems == null) {
      for (const li of fo.lineItems)
        if (li.remainingQuantity > 0) plan.push({ fo, li, quantity: li.remainingQuantity });
      continue;
    }
    for (const req of entry.fulfillmentOrderLineItems) {
      const liId = idArg(req.id, "FulfillmentOrderLineItem");
      const li = fo.lineItems.find((x) => x.id === liId);
      if (!li)
        return fail(
          `Fulfillment order line item ${String(req.id)} does not belong to fulfillment order ${fo.id}.`,
        );
      const already = plan.filter((p) => p.li === li).reduce((n, p) => n + p.quantity, 0);
      if (
        !Number.isInteger(req.quantity) ||
        req.quantity <= 0 ||
        already + req.quantity > li.remainingQuantity
      ) {
        return fail("Invalid fulfillment order line item quantity requested.");
      }
      plan.push({ fo, li, quantity: req.quantity });
    }
  }
  if (plan.length === 0 || orderId === null || locationId === null) {
    return fail("Fulfillment order has no remaining line items to fulfill.");
  }
  const tracking = trackingFromInput(input.trackingInfo);
  if (tracking.errors.length)
    return {
      fulfillment: null,
      userErrors: tracking.errors.map((e) => ({
        ...e,
        field: ["fulfillment", ...(e.field ?? [])],
      })),
    };
  const order = state.orders.get(orderId)!;
  const now = state.now();
  for (const p of plan) p.li.remainingQuantity -= p.quantity;
  for (const fo of new Set(plan.map((p) => p.fo))) {
    fo.status = fo.lineItems.every((li) => li.remainingQuantity === 0) ? "CLOSED" : "IN_PROGRESS";
    if (fo.status === "CLOSED")
      fo.requestStatus = fo.requestStatus === "UNSUBMITTED" ? "UNSUBMITTED" : "CLOSED";
    fo.updatedAt = now;
  }
  const seq = state.orderFulfillments(order).length + 1;
  const notify = input.notifyCustomer ?? false;
  const fulfillment: FulfillmentRecord = {
    id: state.nextId("Fulfillment"),
    shop: ctx.shop.domain,
    orderId,
    locationId,
    name: `${order.name}-F${seq}`,
    status: "SUCCESS",
    trackingInfo: tracking.info,
    lineItems: plan.map((p) => ({
      id: state.nextId("FulfillmentLineItem"),
      lineItemId: p.li.lineItemId,
      fulfillmentOrderId: p.fo.id,
      fulfillmentOrderLineItemId: p.li.id,
      quantity: p.quantity,
    })),
    notifyCustomer: notify,
    message,
    originAddress: input.originAddress ?? null,
    trackingHistory: [{ at: iso(now)!, trackingInfo: tracking.info, notifyCustomer: notify }],
    createdAt: now,
    updatedAt: now,
  };
  state.fulfillments.set(fulfillment.id, fulfillment);
  order.updatedAt = now;
  ctx.onChange?.({
    topics: [
      "fulfillments/create",
      "orders/updated",
      ...(state.displayFulfillmentStatus(order) === "FULFILLED"
        ? ["orders/fulfilled"]
        : ["orders/partially_fulfilled"]),
    ],
    orderId,
  });
  return { fulfillment: fulfillmentView(ctx, fulfillment), userErrors: [] };
}

export function fulfillmentTrackingInfoUpdate(ctx: GraphqlContext, args: Args): View {
  requireAccess(ctx, "fulfillmentTrackingInfoUpdate", ...FO_WRITE);
  const id = idArg(args.fulfillmentId, "Fulfillment");
  const f = id === null ? undefined : ctx.state.fulfillments.get(id);
  if (!f || f.shop !== ctx.shop.domain) {
    return {
      fulfillment: null,
      userErrors: [{ field: ["fulfillmentId"], message: "Fulfillment does not exist." }],
    };
  }
  if (f.status === "CANCELLED") {
    return {
      fulfillment: null,
      userErrors: [
        { field: ["fulfillmentId"], message: "Fulfillment is cancelled and can't be updated." },
      ],
    };
  }
  const tracking = trackingFromInput(args.trackingInfoInput as TrackingInput);
  if (tracking.errors.length) {
    return {
      fulfillment: null,
      userErrors: tracking.errors.map((e) => ({ ...e, field: ["trackingInfoInput", "url"] })),
    };
  }
  const now = ctx.state.now();
  f.trackingInfo = tracking.info;
  f.updatedAt = now;
  const notify = args.notifyCustomer === true;
  f.trackingHistory.push({ at: iso(now)!, trackingInfo: tracking.info, notifyCustomer: notify });
  ctx.onChange?.({ topics: ["fulfillments/update"], orderId: f.orderId });
  return { fulfillment: fulfillmentView(ctx, f), userErrors: [] };
}

export function fulfillmentCancel(ctx: GraphqlContext, args: Args): View {
  requireAccess(ctx, "fulfillmentCancel", ...FO_WRITE);
  const id = idArg(args.id, "Fulfillment");
  const f = id === null ? undefined : ctx.state.fulfillments.get(id);
  if (!f || f.shop !== ctx.shop.domain)
    return {
      fulfillment: null,
      userErrors: [{ field: ["id"], message: "Fulfillment does not exist." }],
    };
  if (f.status === "CANCELLED")
    return {
      fulfillment: null,
      userErrors: [{ field: ["id"], message: "Fulfillment is already cancelled." }],
    };
  const now = ctx.state.now();
  f.status = "CANCELLED";
  f.updatedAt = now;
  for (const fl of f.lineItems) {
    const fo = ctx.state.fulfillmentOrders.get(fl.fulfillmentOrderId);
    const li = fo?.lineItems.find((x) => x.id === fl.fulfillmentOrderLineItemId);
    if (fo && li) {
      li.remainingQuantity += fl.quantity;
      const order = ctx.state.orders.get(fo.orderId);
      if (!order?.cancelledAt)
        fo.status = fo.lineItems.every((x) => x.remainingQuantity === x.totalQuantity)
          ? "OPEN"
          : "IN_PROGRESS";
      fo.updatedAt = now;
    }
  }
  ctx.onChange?.({ topics: ["fulfillments/update", "orders/updated"], orderId: f.orderId });
  return { fulfillment: fulfillmentView(ctx, f), userErrors: [] };
}
