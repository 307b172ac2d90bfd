import { json } from "@remix-run/node";
import {
  answer503WhileDatabaseDown,
  authenticateWebhook,
  busyResponse,
} from "../lib/webhooks.server";
import { recordOrderCancelled } from "../lib/fulfilment-commands.server";
import { PrintOrderBusyError } from "../services/fulfilment/commands";
import { describeZodError, shopifyOrderRefSchema } from "../services/fulfilment/shopify-order";

export const action = answer503WhileDatabaseDown("orders/cancelled", async ({ request }) => {
  const { shop, topic, payload } = await authenticateWebhook(request, "orders/cancelled");
  const parsed = shopifyOrderRefSchema.safeParse(payload);
  if (!parsed.success) {
    return new Response(
      `orders/cancelled payload has no usable order id: ${describeZodError(parsed.error)}`,
      { status: 400 },
    );
  }
  try {
    const result = await recordOrderCancelled({ shop, topic, shopifyOrderId: parsed.data.id });
    return json(result);
  } catch (error) {
    if (error instanceof PrintOrderBusyError) return busyResponse(error);
    throw error;
  }
});
