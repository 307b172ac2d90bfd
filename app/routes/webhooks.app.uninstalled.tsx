import { answer503WhileDatabaseDown, authenticateWebhook } from "../lib/webhooks.server";
import { recordAppUninstalled } from "../lib/shop-lifecycle.server";
import { getLogger } from "../lib/logger.server";

// Shopify may repeat this delivery, also after the shop's data is gone: harmless.
export const action = answer503WhileDatabaseDown("app/uninstalled", async ({ request }) => {
  const { shop, topic, webhookId } = await authenticateWebhook(request, "app/uninstalled");
  await recordAppUninstalled({ shop });
  getLogger().info({ shop, topic, webhookId }, "app uninstalled");
  return new Response(null, { status: 200 });
});
