import { json } from "@remix-run/node";
import {
  answer503WhileDatabaseDown,
  authenticateWebhook,
  busyResponse,
} from "../lib/webhooks.server";
import { recordOrderUpdate } from "../lib/fulfilment-commands.server";
import { PrintOrderBusyError } from "../services/fulfilment/commands";
import { describeZodError, shopifyOrderSchema } from "../services/fulfilment/shopify-order";

export const action = answer503WhileDatabaseDown("orders/updated", async ({ request }) => {
  const { shop, topic, triggeredAt, payload } = await authenticateWebhook(
    request,
    "orders/updated",
  );
  const order = shopifyOrderSchema.safeParse(payload);
  if (!order.success) {
    return new Response(`orders/updated payload not understood: ${describeZodError(order.error)}`, {
      status: 400,
    });
  }
  try {
    const { changed, outdated } = await recordOrderUpdate({
      shop,
      topic,
      order: order.data,
      triggeredAt,
    });
    return json({ changed: changed.length, ...(outdated ? { outdated } : {}) });
  } catch (error) {
    if (error instanceof PrintOrderBusyError) return busyResponse(error);
    throw error;
  }
});
