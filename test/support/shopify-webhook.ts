import { createHmac, randomUUID } from "node:crypto";
import { TEST_API_SECRET, TEST_APP_URL } from "./app-env";

/** A webhook request exactly as Shopify signs it (HMAC-SHA256 of the raw body). */
export function signedWebhookRequest(options: {
  topic: string;
  shop: string;
  payload: unknown;
  path?: string;
  secret?: string;
  webhookId?: string;
  rawBody?: string;
}): Request {
  const body = options.rawBody ?? JSON.stringify(options.payload);
  const hmac = createHmac("sha256", options.secret ?? TEST_API_SECRET)
    .update(body, "utf8")
    .digest("base64");
  return new Request(`${TEST_APP_URL}${options.path ?? `/webhooks/${options.topic}`}`, {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Hmac-Sha256": hmac,
      "X-Shopify-Topic": options.topic,
      "X-Shopify-Shop-Domain": options.shop,
      "X-Shopify-Webhook-Id": options.webhookId ?? randomUUID(),
      "X-Shopify-Event-Id": randomUUID(),
      "X-Shopify-Triggered-At": new Date().toISOString(),
      "X-Shopify-API-Version": "2026-10",
    },
  });
}

export const routeArgs = (request: Request) => ({ request, params: {}, context: {} });
