import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import prisma from "../db.server";
import { authenticateWebhook } from "../lib/webhooks.server";
import { getLogger } from "../lib/logger.server";
import { handleComplianceWebhook } from "../services/compliance";

// Mandatory compliance topic: verified (401 on a bad HMAC), handled in one transaction, recorded.
export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, webhookId, payload } = await authenticateWebhook(request, "customers/redact");
  const result = await handleComplianceWebhook(prisma, {
    shop,
    topic: "customers/redact",
    webhookId,
    payload,
  });
  if (result.outcome === "invalid") {
    return new Response(`customers/redact payload not understood: ${result.reason}`, {
      status: 400,
    });
  }

  getLogger().info(
    { shop, topic: "customers/redact", webhookId, outcome: result.outcome },
    "compliance request handled",
  );
  return json(result);
};
