import { complianceWebhookAction } from "../lib/compliance-webhook.server";
import { quoteCache } from "../lib/rates.server";
import { forgetServedShop } from "../lib/webhooks.server";

// The shop's cached quotes go with its data, and its next order webhook is refused at the door.
export const action = complianceWebhookAction("shop/redact", (shop) => {
  quoteCache.cache.deletePrefix(`${shop}|`);
  forgetServedShop(shop);
});
