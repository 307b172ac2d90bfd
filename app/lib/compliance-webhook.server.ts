import { json } from "@remix-run/node";
import { complianceStore } from "../data/compliance.server";
import { handleComplianceWebhook, type ComplianceTopic } from "../services/compliance";
import { getLogger } from "./logger.server";
import { answer503WhileDatabaseDown, authenticateWebhook } from "./webhooks.server";

/**
 * The action of a mandatory compliance topic: verified (401 on a bad HMAC),
 * handled in one transaction and recorded; a payload it cannot read is a 400
 * that says why. `afterHandled` forgets what the app keeps in memory.
 */
export function complianceWebhookAction(
  topic: ComplianceTopic,
  afterHandled?: (shop: string) => void,
) {
  return answer503WhileDatabaseDown(topic, async ({ request }) => {
    const { shop, webhookId, payload } = await authenticateWebhook(request, topic);
    const result = await handleComplianceWebhook(complianceStore, {
      shop,
      topic,
      webhookId,
      payload,
    });
    if (result.outcome === "invalid") {
      return new Response(`${topic} payload not understood: ${result.reason}`, { status: 400 });
    }
    afterHandled?.(shop);
    getLogger().info(
      { shop, topic, webhookId, outcome: result.outcome },
      "compliance request handled",
    );
    return json(result);
  });
}
