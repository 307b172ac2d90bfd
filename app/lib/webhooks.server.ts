import type { PrintOrderBusyError } from "../services/fulfilment/commands";
import { authenticate } from "../shopify.server";
import { readBodyWithin } from "./request-body.server";

/** Shopify's largest order payloads stay well below this. */
export const WEBHOOK_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * The one gate every Shopify webhook passes: a size limit (413), a signature
 * (401 when missing or wrong), a JSON body (400 with the reason). Thrown
 * responses are what the route answers; Remix sends them as they are.
 */
export async function authenticateWebhook(request: Request) {
  if (request.method !== "POST") throw plain(405, "Webhooks are delivered with POST");
  if (!request.headers.get("x-shopify-hmac-sha256")) {
    throw plain(401, "Missing X-Shopify-Hmac-Sha256 signature");
  }
  const body = await readBodyWithin(request, WEBHOOK_BODY_LIMIT_BYTES);
  if (body === null) throw plain(413, `Webhook body larger than ${WEBHOOK_BODY_LIMIT_BYTES} bytes`);

  const replay = new Request(request.url, { method: "POST", headers: request.headers, body });
  try {
    return await authenticate.webhook(replay);
  } catch (error) {
    if (error instanceof Response) {
      if (error.status === 401) throw plain(401, "Invalid webhook signature");
      if (error.status === 400) throw plain(400, "Webhook headers incomplete (topic, shop, id)");
      throw error;
    }
    if (error instanceof SyntaxError) throw plain(400, "Webhook body is not valid JSON");
    throw error;
  }
}

/**
 * A change that has to wait for a worker's step on the same print order:
 * 503 with Retry-After, so Shopify delivers the webhook again.
 */
export function busyResponse(error: PrintOrderBusyError): Response {
  return new Response(error.message, {
    status: 503,
    headers: { "Retry-After": String(error.retryAfterSeconds) },
  });
}
