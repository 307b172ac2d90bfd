import { complianceWebhookAction } from "../lib/compliance-webhook.server";
import { quoteCache } from "../lib/rates.server";

// The shop's cached quotes go with its data.
export const action = complianceWebhookAction("shop/redact", (shop) =>
  quoteCache.cache.deletePrefix(`${shop}|`),
);
