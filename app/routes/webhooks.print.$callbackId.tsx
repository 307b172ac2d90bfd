import { json } from "@remix-run/node";
import { getLogger } from "../lib/logger.server";
import { answer503WhileDatabaseDown } from "../lib/webhooks.server";
import { readBodyWithin } from "../lib/request-body.server";
import { recordStatusCallback } from "../lib/fulfilment-commands.server";
import { findCallbackReceiver } from "../data/print-settings.server";
import { verifyStatusCallback } from "../services/print";
import { callbackLimiter } from "../lib/callback-limit.server";

const CALLBACK_BODY_LIMIT = 64 * 1024;
const unauthorized = () =>
  new Response("Unknown callback address or bad signature", { status: 401 });

/**
 * The print service's status callbacks for one shop. The signature covers
 * only the order id, so a callback is a hint: the worker re-reads the order.
 */
export const action = answer503WhileDatabaseDown("print callback", async ({ request, params }) => {
  if (request.method !== "POST") return new Response("Use POST", { status: 405 });
  const allowed = callbackLimiter.take(params.callbackId ?? "");
  if (!allowed.allowed) {
    return new Response("Too many status callbacks", {
      status: 429,
      headers: { "Retry-After": String(allowed.retryAfterSeconds) },
    });
  }
  const found = params.callbackId
    ? await findCallbackReceiver({ callbackId: params.callbackId })
    : null;
  const credentials = found?.credentials;
  if (!found || !credentials) return unauthorized();
  const body = await readBodyWithin(request, CALLBACK_BODY_LIMIT);
  if (body === null) return new Response("Callback body too large", { status: 413 });
  const verified = verifyStatusCallback(body, credentials.secretKey);
  if (!verified.ok) {
    if (verified.reason === "invalid_body") {
      return new Response(`Callback body not understood: ${(verified.issues ?? []).join("; ")}`, {
        status: 400,
      });
    }
    getLogger().warn({ shop: found.shop, reason: verified.reason }, "status callback rejected");
    return unauthorized();
  }
  const { callback } = verified;
  const result = await recordStatusCallback({
    shop: found.shop,
    printOrderId: String(callback.orderId),
    ...(callback.orderReference ? { orderReference: callback.orderReference } : {}),
    ...(callback.oldStatus ? { oldStatus: callback.oldStatus } : {}),
    newStatus: callback.newStatus,
    ...(callback.trackingCode ? { trackingCode: callback.trackingCode } : {}),
    ...(callback.trackingUrl ? { trackingUrl: callback.trackingUrl } : {}),
  });
  if (result.outcome === "reference_mismatch") {
    // The signature names the order; a body pointing at another one is not acted on.
    getLogger().warn({ shop: found.shop }, "status callback rejected: order_reference mismatch");
    return new Response("order_reference does not belong to the signed order_id", {
      status: 400,
    });
  }
  // Unknown orders and replays are acknowledged too: the service should not keep retrying them.
  return json({
    received: true,
    known: result.outcome !== "unknown_order",
    ...(result.outcome === "replay" ? { duplicate: true } : {}),
  });
});
