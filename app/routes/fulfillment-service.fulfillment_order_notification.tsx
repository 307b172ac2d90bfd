import { lookAtServiceSoon } from "../lib/fulfillment-service-looks.server";
import { answer503WhileDatabaseDown, readServicePing } from "../lib/webhooks.server";

/**
 * Shopify's ping to the app's fulfillment service: a fulfillment or cancellation request is
 * waiting. The worker's next look at the shop (within seconds) reads and answers it; a ping for
 * a shop that has not moved to the service, or that the app does not know, changes nothing.
 */
export const action = answer503WhileDatabaseDown(
  "fulfillment_order_notification",
  async ({ request }) => {
    const { shop } = await readServicePing(request);
    await lookAtServiceSoon({ shop });
    return new Response(null, { status: 200 });
  },
);
