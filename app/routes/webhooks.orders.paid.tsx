import { json } from "@remix-run/node";
import { answer503WhileDatabaseDown, authenticateWebhook } from "../lib/webhooks.server";
import { recordPaidOrder } from "../lib/fulfilment-commands.server";
import { getLogger } from "../lib/logger.server";
import { describeZodError, shopifyOrderSchema } from "../services/fulfilment/shopify-order";

// Record durably, answer fast: the print service is called by the worker, not here.
export const action = answer503WhileDatabaseDown("orders/paid", async ({ request }) => {
  const { shop, topic, webhookId, triggeredAt, payload, knownShop } = await authenticateWebhook(
    request,
    "orders/paid",
  );
  const order = shopifyOrderSchema.safeParse(payload);
  if (!order.success) {
    return new Response(`orders/paid payload not understood: ${describeZodError(order.error)}`, {
      status: 400,
    });
  }
  const result = await recordPaidOrder({
    shop,
    webhookId,
    topic,
    order: order.data,
    triggeredAt,
    shopCurrency: knownShop?.currency,
  });
  getLogger().info({ shop, topic, webhookId, outcome: result.outcome }, "order webhook recorded");
  return json({ outcome: result.outcome });
});
