import { json } from "@remix-run/node";
import {
  answer503WhileDatabaseDown,
  notServedResponse,
  readSignedWebhook,
  servesShop,
} from "../lib/webhooks.server";
import { recordOrderArrival } from "../lib/fulfilment-commands.server";
import { getLogger } from "../lib/logger.server";
import { whyNotAnOrder } from "../services/fulfilment/shopify-order";

// One write and the answer: the worker plans the print order (decision 19).
export const action = answer503WhileDatabaseDown("orders/paid", async ({ request }) => {
  const { shop, topic, webhookId, triggeredAt, body } = await readSignedWebhook(
    request,
    "orders/paid",
  );
  const refused = whyNotAnOrder(body);
  if (refused) return new Response(refused, { status: 400 });
  if (!(await servesShop(shop))) return notServedResponse();
  const outcome = await recordOrderArrival({ shop, webhookId, topic, body, triggeredAt });
  getLogger().info({ shop, topic, webhookId, outcome }, "order webhook recorded");
  return json({ outcome });
});
