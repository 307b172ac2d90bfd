import type { ActionFunctionArgs } from "@remix-run/node";
import { getEnv } from "../env.server";
import { findKnownShop, holdsShopData, type KnownShop } from "../data/shop.server";
import type { PrintOrderBusyError } from "../services/fulfilment/commands";
import { isDatabaseUnavailable, outageReason } from "../services/database-outage";
import {
  assertLosslessJsonSupported,
  mayHoldUnsafeIntegers,
  parseJsonLossless,
} from "../services/lossless-json";
import { isShopDomain } from "../services/shop-domain";
import { authenticate } from "../shopify.server";
import { getLogger } from "./logger.server";
import { readBodyBytesWithin, readBodyWithin } from "./request-body.server";
import { webhookSignatureValid } from "../services/webhook-signature";

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
  const payload: unknown = mayHoldUnsafeIntegers(body) ? parseJsonLossless(body) : delivery.payload;
  return { ...delivery, payload, knownShop };
}

/** The headers the library requires of a webhook (its checkWebhooksHeaders), but the signature. */
const REQUIRED_HEADERS = [
  "x-shopify-topic",
  "x-shopify-shop-domain",
  "x-shopify-api-version",
  "x-shopify-webhook-id",
] as const;

/**
 * The gate of the order webhook's fast path (docs/decisions/0019-one-write-at-the-door.md): the
 * same refusals as authenticateWebhook, in the same words, with the signature checked here on
 * the body's bytes. It reads no session and no row: the shop check is the caller's, folded into
 * its one write or a cached read. Answers the delivery with its body as it came.
 */
export async function readSignedWebhook(request: Request, topic: WebhookTopic) {
  if (request.method !== "POST") throw plain(405, "Webhooks are delivered with POST");
  const signature = request.headers.get("x-shopify-hmac-sha256");
  if (!signature) throw plain(401, "Missing X-Shopify-Hmac-Sha256 signature");
  const body = await readBodyBytesWithin(request, WEBHOOK_BODY_LIMIT_BYTES);
  if (body === null) throw plain(413, `Webhook body larger than ${WEBHOOK_BODY_LIMIT_BYTES} bytes`);
  if (!webhookSignatureValid(body, signature, getEnv().shopifyApiSecret)) {
    throw plain(401, "Invalid webhook signature");
  }
  const [sentTopic, shop, , webhookId] = REQUIRED_HEADERS.map((h) => request.headers.get(h));
  if (REQUIRED_HEADERS.some((h) => !request.headers.get(h))) {
    throw plain(400, "Webhook headers incomplete (topic, shop, id)");
  }
  if (!isShopDomain(shop, getEnv().shopCustomDomain)) throw plain(400, NOT_A_SHOP);
  if (topicKey(sentTopic!) !== topicKey(topic)) {
    throw plain(400, `This address takes ${topic} webhooks, not ${sentTopic}`);
  }
  return {
    shop: shop!,
    topic,
    webhookId: webhookId!,
    triggeredAt: request.headers.get("x-shopify-triggered-at") ?? undefined,
    body: body.toString("utf8"),
  };
}

/** How long a shop seen with a Shop row is taken as served without reading it again. */
const SERVED_SHOP_TTL_MS = 60_000;
const SERVED_SHOPS_KEPT = 10_000;
const servedShops = new Map<string, number>();

/**
 * Whether the app serves the shop (it has a Shop row: installed, or uninstalled and not yet
 * erased), remembered for a minute when it does, so a busy shop's webhooks read no row. A
 * shop erased within that minute may still get an order recorded; the planner then finds no
 * Shop row and drops it (services/fulfilment/planner.ts). A "no" is never remembered: an
 * install on another instance counts at once.
 */
export async function servesShop(shop: string): Promise<boolean> {
  const now = Date.now();
  const seen = servedShops.get(shop);
  if (seen !== undefined && now - seen < SERVED_SHOP_TTL_MS) return true;
  const served = (await findKnownShop({ shop })) !== null;
  if (served) {
    if (servedShops.size >= SERVED_SHOPS_KEPT) servedShops.clear();
    servedShops.set(shop, now);
  } else {
    servedShops.delete(shop);
  }
  return served;
}

/** The app stops serving a shop (its data erased): its next webhook reads its row again. */
export function forgetServedShop(shop: string): void {
  servedShops.delete(shop);
}

/** The answer to a webhook of a shop the app does not serve: 200, so Shopify does not retry. */
export function notServedResponse(): Response {
  return plain(200, "The app is not installed for this shop; nothing stored");
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

/** A ping names only its kind: a few bytes. */
const SERVICE_PING_LIMIT_BYTES = 4 * 1024;
const SERVICE_PING_KINDS = new Set(["FULFILLMENT_REQUEST", "CANCELLATION_REQUEST"]);

/**
 * The gate of Shopify's ping to the fulfillment service (`fulfillment_order_notification`):
 * signed like a webhook (401 without a valid signature), from a shop domain (400), with a body
 * `{"kind": …}` of a known kind (400 with the reason). It carries nothing else: the worker
 * reads the service's fulfillment orders.
 */
export async function readServicePing(request: Request): Promise<{ shop: string; kind: string }> {
  if (request.method !== "POST") throw plain(405, "Notifications are delivered with POST");
  const signature = request.headers.get("x-shopify-hmac-sha256");
  if (!signature) throw plain(401, "Missing X-Shopify-Hmac-Sha256 signature");
  const body = await readBodyBytesWithin(request, SERVICE_PING_LIMIT_BYTES);
  if (body === null)
    throw plain(413, `Notification body larger than ${SERVICE_PING_LIMIT_BYTES} bytes`);
  if (!webhookSignatureValid(body, signature, getEnv().shopifyApiSecret)) {
    throw plain(401, "Invalid webhook signature");
  }
  const shop = request.headers.get("x-shopify-shop-domain");
  if (!isShopDomain(shop, getEnv().shopCustomDomain)) throw plain(400, NOT_A_SHOP);
  let kind: unknown;
  try {
    kind = (JSON.parse(body.toString("utf8")) as { kind?: unknown } | null)?.kind;
  } catch {
    throw plain(400, "Notification body is not valid JSON");
  }
  if (typeof kind !== "string" || !SERVICE_PING_KINDS.has(kind)) {
    throw plain(400, "Notification kind must be FULFILLMENT_REQUEST or CANCELLATION_REQUEST");
  }
  return { shop: shop!, kind };
}
