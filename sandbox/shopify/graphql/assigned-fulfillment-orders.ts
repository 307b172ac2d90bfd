/** The assignedFulfillmentOrders query: the calling app's services' fulfillment orders. */
import type { FulfillmentOrderRecord } from "../state";
import { idArg, type Args, type GraphqlContext } from "./context";
import { sortBy } from "./paging";

/** Which request statuses each assignmentStatus filter names (Shopify's reference). */
const BY_ASSIGNMENT: Record<string, (fo: FulfillmentOrderRecord) => boolean> = {
  FULFILLMENT_REQUESTED: (fo) => fo.requestStatus === "SUBMITTED",
  FULFILLMENT_ACCEPTED: (fo) => fo.requestStatus === "ACCEPTED",
  CANCELLATION_REQUESTED: (fo) => fo.requestStatus === "CANCELLATION_REQUESTED",
  FULFILLMENT_UNSUBMITTED: (fo) => fo.requestStatus === "UNSUBMITTED",
};

export function assignedFulfillmentOrders(
  ctx: GraphqlContext,
  args: Args,
): FulfillmentOrderRecord[] {
  const { state } = ctx;
  const ownLocations = new Set(
    [...state.fulfillmentServices.values()]
      .filter((s) => s.shop === ctx.shop.domain && s.appId === ctx.appId)
      .map((s) => s.locationId),
  );
  if (Array.isArray(args.locationIds)) {
    const wanted = new Set(args.locationIds.map((id) => idArg(id, "Location")));
    for (const id of ownLocations) if (!wanted.has(id)) ownLocations.delete(id);
  }
  const status = typeof args.assignmentStatus === "string" ? args.assignmentStatus : null;
  const list = [...state.fulfillmentOrders.values()].filter(
    (fo) =>
      fo.shop === ctx.shop.domain &&
      ownLocations.has(fo.locationId) &&
      // Without a filter, Shopify lists the open work: not what is closed or cancelled.
      (status
        ? BY_ASSIGNMENT[status]?.(fo) === true
        : fo.status !== "CLOSED" && fo.status !== "CANCELLED"),
  );
  return args.sortKey === "UPDATED_AT"
    ? sortBy(list, (fo) => fo.updatedAt)
    : sortBy(list, (fo) => fo.id);
}
