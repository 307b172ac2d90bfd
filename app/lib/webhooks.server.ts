import type { ActionFunctionArgs } from "@remix-run/node";
import { getEnv } from "../env.server";
import { findKnownShop, holdsShopData, type KnownShop } from "../data/shop.server";
import type { PrintOrderBusyError } from "../services/fulfilment/commands";
import { isDatabaseUnavailable, outageReason } from "../services/database-outage";
import { assertLosslessJsonSupported, parseJsonLossless } from "../services/lossless-json";
import { isShopDomain } from "../services/shop-domain";
import { authenticate } from "../shopify.server";
import { getLogger } from "./logger.server";
import { readBodyWithin } from "./request-body.server";

// Refuse to start on a runtime whose JSON.parse would round Shopify ids.
assertLosslessJsonSupported();

/** Shopify's largest order payloads stay well below this. */
export const WEBHOOK_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * The topics the app has routes for, and which shops a delivery may act for:
 * `known` (a Shop row: installed, or uninstalled and not yet erased), `holding
 * data` (compliance: also orders or sessions without a Shop row), or any shop
 * (the app/* topics only touch rows that exist).
 */
const SHOP_MUST_BE = {
  "orders/paid": "known",
  "orders/updated": "known",
  "orders/cancelled": "known",
  "customers/data_request": "holding data",
  "customers/redact": "holding data",
  "shop/redact": "holding data",
  "app/uninstalled": "any",
  "app/scopes_update": "any",
} as const;
export type WebhookTopic = keyof typeof SHOP_MUST_BE;

const NOT_A_SHOP = "X-Shopify-Shop-Domain is not a *.myshopify.com shop domain";

/** `orders/paid` and the library's `ORDERS_PAID` alike. */
const topicKey = (topic: string) => topic.toUpperCase().replace(/[/.]/g, "_");

/**
 * What the signature does not cover: the shop must be a Shopify shop domain
 * (400), the topic the one of the route (400: a body signed for another topic
 * is not taken as this one), and a shop the app acts for (else 200 and
 * nothing stored, so Shopify does not retry). Answers the Shop row read for
 * a `known` topic, so the route need not read it again.
 */
async function refuseUnboundDelivery(
  delivery: { shop: string; topic: string; webhookId: string },
  topic: WebhookTopic,
  sentTopic: string | null,
): Promise<KnownShop | null> {
  if (!isShopDomain(delivery.shop, getEnv().shopCustomDomain)) throw plain(400, NOT_A_SHOP);
  if (topicKey(delivery.topic) !== topicKey(topic)) {
    throw plain(400, `This address takes ${topic} webhooks, not ${sentTopic ?? delivery.topic}`);
  }
  const mustBe = SHOP_MUST_BE[topic];
  if (mustBe === "any") return null;
  const knownShop = mustBe === "known" ? await findKnownShop({ shop: delivery.shop }) : null;
  const acts = mustBe === "known" ? knownShop !== null : await holdsShopData(delivery);
  if (!acts) {
    getLogger().info(
      { shop: delivery.shop, topic, webhookId: delivery.webhookId },
      "webhook for a shop the app does not serve: nothing stored",
    );
    throw plain(
      200,
      mustBe === "known"
        ? "The app is not installed for this shop; nothing stored"
        : "The app holds no data of this shop; nothing stored",
    );
  }
  return knownShop;
}

/**
 * A run of 16 digits: the only way a JSON number can be an integer beyond
 * 2^53 (every integer of 15 digits or fewer is exact as a double).
 */
const SIXTEEN_DIGITS = /\d{16}/;

/**
 * The one gate every Shopify webhook passes: a size limit (413), a signature
 * (401 when missing or wrong), a JSON body (400 with the reason), then the
 * checks of refuseUnboundDelivery. Each route names its topic. Thrown
 * responses are what the route answers; Remix sends them as they are.
 */
export async function authenticateWebhook(request: Request, topic: WebhookTopic) {
  if (request.method !== "POST") throw plain(405, "Webhooks are delivered with POST");
  if (!request.headers.get("x-shopify-hmac-sha256")) {
    throw plain(401, "Missing X-Shopify-Hmac-Sha256 signature");
  }
  const body = await readBodyWithin(request, WEBHOOK_BODY_LIMIT_BYTES);
  if (body === null) throw plain(413, `Webhook body larger than ${WEBHOOK_BODY_LIMIT_BYTES} bytes`);

  const replay = new Request(request.url, { method: "POST", headers: request.headers, body });
  let delivery;
  try {
    delivery = await authenticate.webhook(replay);
  } catch (error) {
    if (error instanceof Response) {
      if (error.status === 401) throw plain(401, "Invalid webhook signature");
      if (error.status === 400) throw plain(400, "Webhook headers incomplete (topic, shop, id)");
      throw error;
    }
    if (error instanceof SyntaxError) throw plain(400, "Webhook body is not valid JSON");
    // Signed, but the library failed looking up the session of a shop that is
    // no shop domain (its InvalidShopError).
    if (!isShopDomain(request.headers.get("x-shopify-shop-domain"), getEnv().shopCustomDomain)) {
      throw plain(400, NOT_A_SHOP);
    }
    throw error;
  }
  const knownShop = await refuseUnboundDelivery(
    delivery,
    topic,
    request.headers.get("x-shopify-topic"),
  );
  // The library's payload went through JSON.parse, which rounds ids beyond
  // 2^53: parsed again without loss when the body could hold such an id.
  const payload: unknown = SIXTEEN_DIGITS.test(body) ? parseJsonLossless(body) : delivery.payload;
  return { ...delivery, payload, knownShop };
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

/**
 * How long a sender is asked to wait while the database is out of reach: a
 * PostgreSQL restart takes seconds, and Shopify spaces its own retries anyway.
 */
export const DATABASE_OUTAGE_RETRY_AFTER_SECONDS = 30;

/**
 * Wraps a webhook route's action: while the database is down or restarting,
 * the delivery is answered 503 with Retry-After, so Shopify (or the print
 * service) delivers it again, and logged in one line without a stack trace.
 * Every other outcome, thrown responses included, is the action's own.
 */
export function answer503WhileDatabaseDown<Result>(
  route: string,
  action: (args: ActionFunctionArgs) => Promise<Result>,
): (args: ActionFunctionArgs) => Promise<Result | Response> {
  return async (args) => {
    try {
      return await action(args);
    } catch (error) {
      if (error instanceof Response || !isDatabaseUnavailable(error)) throw error;
      const headers = args.request.headers;
      getLogger().warn(
        {
          route,
          shop: headers.get("x-shopify-shop-domain") ?? undefined,
          webhookId: headers.get("x-shopify-webhook-id") ?? undefined,
          reason: outageReason(error),
        },
        `${route}: answered 503, the database is unavailable; the sender retries`,
      );
      return new Response("The database is unavailable for a moment; deliver again later", {
        status: 503,
        headers: {
          "Retry-After": String(DATABASE_OUTAGE_RETRY_AFTER_SECONDS),
          "Content-Type": "text/plain; charset=utf-8",
        },
      });
    }
  };
}
