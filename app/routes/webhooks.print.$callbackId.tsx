import { json } from "@remix-run/node";
import { getLogger } from "../lib/logger.server";
import { answer503WhileDatabaseDown } from "../lib/webhooks.server";
import { readBodyWithin } from "../lib/request-body.server";
import { recordStatusCallback } from "../lib/fulfilment-commands.server";
import { callbackReceiver } from "../lib/callback-receivers.server";
import { verifyStatusCallback } from "../services/print";
import {
  callbackLimiter,
  orderCallbackLimiter,
  refusedCallbackLimiter,
  refusedTooOften,
  shouldLogRejection,
} from "../lib/callback-limit.server";
import { clientAddress } from "../lib/client-address.server";

const CALLBACK_BODY_LIMIT = 64 * 1024;
const unauthorized = () =>
  new Response("Unknown callback address or bad signature", { status: 401 });

/**
 * The print service's status callbacks for one shop. The signature covers
 * only the order id, so a callback is a hint: the worker re-reads the order.
 * One write (decision 28): what needs no database is checked here, with the
 * shop's secret remembered for a minute, and the callback is kept for the
 * worker in one INSERT, shared with the callbacks that arrived in the same turn
 * of the event loop; a repeat of one kept is acknowledged as a duplicate.
 */
export const action = answer503WhileDatabaseDown(
  "print callback",
  async ({ request, params, context }) => {
    if (request.method !== "POST") return new Response("Use POST", { status: 405 });
    const callbackId = params.callbackId ?? "";
    const allowed = callbackLimiter.take(callbackId);
    if (!allowed.allowed) return tooMany(allowed.retryAfterSeconds);
    // A sender refused too often (forged addresses or signatures) is answered 429 before any
    // database read; until then each refusal counts against it.
    const client = clientAddress(request, context);
    if (!callbackId || refusedTooOften(client)) return refuse(client);
    const receiver = await callbackReceiver(callbackId);
    if (!receiver) return refuse(client);
    return answerCallback(request, callbackId, receiver, client);
  },
);

const tooMany = (retryAfterSeconds: number) =>
  new Response("Too many status callbacks", {
    status: 429,
    headers: { "Retry-After": String(retryAfterSeconds) },
  });

/** 401, or 429 once this client has been refused too often (a flood of forged callbacks). */
function refuse(client: string): Response {
  const allowed = refusedCallbackLimiter.take(client);
  return allowed.allowed ? unauthorized() : tooMany(allowed.retryAfterSeconds);
}

async function answerCallback(
  request: Request,
  callbackId: string,
  receiver: { shop: string; secretKey: string; remembered: boolean },
  client: string,
): Promise<Response> {
  const { shop } = receiver;
  const body = await readBodyWithin(request, CALLBACK_BODY_LIMIT);
  if (body === null) return new Response("Callback body too large", { status: 413 });
  let verified = verifyStatusCallback(body, receiver.secretKey);
  if (!verified.ok && verified.reason !== "invalid_body" && receiver.remembered) {
    // The merchant may have replaced the key within the minute it is remembered.
    const fresh = await callbackReceiver(callbackId, { fresh: true });
    if (fresh?.shop === shop) verified = verifyStatusCallback(body, fresh.secretKey);
  }
  if (!verified.ok) {
    if (verified.reason === "invalid_body") {
      return new Response(`Callback body not understood: ${(verified.issues ?? []).join("; ")}`, {
        status: 400,
      });
    }
    if (shouldLogRejection(shop))
      getLogger().warn({ shop: shop, reason: verified.reason }, "status callback rejected");
    return refuse(client);
  }
  const { callback } = verified;
  // One captured signature could otherwise write any number of timeline entries for its order.
  const forOrder = orderCallbackLimiter.take(`${shop}:${callback.orderId}`);
  if (!forOrder.allowed) return tooMany(forOrder.retryAfterSeconds);
  const result = await recordStatusCallback({
    shop: shop,
    printOrderId: String(callback.orderId),
    ...(callback.orderReference ? { orderReference: callback.orderReference } : {}),
    ...(callback.oldStatus ? { oldStatus: callback.oldStatus } : {}),
    newStatus: callback.newStatus,
    ...(callback.trackingCode ? { trackingCode: callback.trackingCode } : {}),
    ...(callback.trackingUrl ? { trackingUrl: callback.trackingUrl } : {}),
  });
  // Kept for the worker; unknown orders, a body naming another order and repeats are all
  // acknowledged: the service should not keep retrying them (the worker drops what is wrong).
  return json({
    received: true,
    ...(result === "duplicate" ? { duplicate: true } : {}),
  });
}
