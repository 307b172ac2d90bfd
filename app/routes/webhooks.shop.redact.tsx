import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import prisma from "../db.server";
import { authenticateWebhook } from "../lib/webhooks.server";
import { getLogger } from "../lib/logger.server";
import { handleComplianceWebhook } from "../services/compliance";
import { quoteCache } from "../lib/rates.server";

// Mandatory compliance topic: verified (401 on a bad HMAC), handled in one transaction, recorded.
export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, webhookId, payload } = await authenticateWebhook(request, "shop/redact");
  const result = await handleComplianceWebhook(prisma, {
    shop,
    topic: "shop/redact",
    webhookId,
    payload,
  });
  if (result.outcome === "invalid") {
    return new Response(`shop/redact payload not understood: ${result.reason}`, { status: 400 });
  }
  quoteCache.cache.deletePrefix(`${shop}|`);
  getLogger().info(
    { shop, topic: "shop/redact", webhookId, outcome: result.outcome },
    "compliance request handled",
  );
  return json(result);
};
