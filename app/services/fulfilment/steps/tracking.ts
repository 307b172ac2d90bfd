import { userErrorsFailure } from "../../shopify-admin";
import { TRACKING_UPDATE_MUTATION, type TrackingUpdateData } from "../shopify-admin";
import type { StepContext } from "./context";
import { done, type Loaded, type StepResult } from "./result";

/** A second shipment of a fulfilled print order: add its tracking, never overwrite. */
export async function addTracking(
  order: Loaded,
  ctx: StepContext,
  code: string | undefined,
  url: string | undefined,
  data: StepResult["data"],
  events: StepResult["events"] = [],
): Promise<StepResult> {
  const pushed = JSON.parse(order.trackingPushed) as { number: string; url: string | null }[];
  if (!code || !order.fulfillmentId || pushed.some((p) => p.number === code))
    return done(data, events);
  const all = [...pushed, { number: code, url: url ?? null }];
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
  return done(
    {
      ...data,
      trackingPushed: JSON.stringify(all),
      trackingCode: code,
      trackingUrl: url ?? null,
    },
    [
      ...events,
      {
        actor: "worker",
        type: "tracking_added",
        message: `Added tracking ${code} to the Shopify fulfillment.`,
      },
    ],
  );
}
