import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import prisma from "../db.server";
import { authenticateWebhook } from "../lib/webhooks.server";
import { getLogger } from "../lib/logger.server";
import { handleComplianceWebhook } from "../services/compliance";

// Mandatory compliance topic: verified (401 on a bad HMAC), handled in one transaction, recorded.
export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, webhookId, payload } = await authenticateWebhook(request, "customers/data_request");
  const result = await handleComplianceWebhook(prisma, {
    shop,
    topic: "customers/data_request",
    webhookId,
    payload,
  });
  if (result.outcome === "invalid") {
    return new Response(`customers/data_request payload not understood: ${result.reason}`, {
      status: 400,
    });
  }

  getLogger().info(
    { shop, topic: "customers/data_request", webhookId, outcome: result.outcome },
    "compliance request handled",
  );
  return json(result);
};
