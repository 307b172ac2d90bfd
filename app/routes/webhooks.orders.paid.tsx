import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import prisma from "../db.server";
import { getEnv } from "../env.server";
import { authenticateWebhook } from "../lib/webhooks.server";
import { signalWorkAvailable } from "../lib/worker-signal.server";
import { getLogger } from "../lib/logger.server";
import { ingestPaidOrder } from "../services/fulfilment/ingest";
import { describeZodError, shopifyOrderSchema } from "../services/fulfilment/shopify-order";
import { schemaOfDatabaseUrl } from "../services/sql-table";

// Record durably, answer fast: the print service is called by the worker, not here.
export const action = async ({ request }: ActionFunctionArgs) => {
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
  const result = await ingestPaidOrder(prisma, {
    shop,
    webhookId,
    topic,
    order: order.data,
    triggeredAt,
    shopCurrency: knownShop?.currency,
    schema: schemaOfDatabaseUrl(getEnv().databaseUrl),
  });
  if (result.outcome === "planned") signalWorkAvailable();
  getLogger().info({ shop, topic, webhookId, outcome: result.outcome }, "order webhook recorded");
  return json({ outcome: result.outcome });
};
