/**
 * Shopify webhook signing and delivery, standalone (no fake server needed):
 * the app's own tests use these to send correctly signed deliveries.
 */
import { createHmac, randomUUID } from "node:crypto";

export type WebhookHeaderName =
  | "Content-Type"
  | "User-Agent"
  | "X-Shopify-Hmac-Sha256"
  | "X-Shopify-Topic"
  | "X-Shopify-Shop-Domain"
  | "X-Shopify-Webhook-Id"
  | "X-Shopify-Event-Id"
  | "X-Shopify-Triggered-At"
  | "X-Shopify-API-Version";

export type WebhookHeaders = Record<WebhookHeaderName, string>;

export interface WebhookHeadersOptions {
  /** Topic as Shopify writes it in the header, e.g. `orders/paid`. */
  topic: string;
  /** `example.myshopify.com`. */
  shop: string;
  /** The exact raw body that will be sent (the HMAC covers these bytes). */
  body: string;
  /** The app's client secret (API secret key). */
  secret: string;
  /** Idempotency key of the delivery; a retry or duplicate reuses it. Default: random UUID. */
  webhookId?: string;
  /** Same across all subscriptions to one event. Default: random UUID. */
  eventId?: string;
  /** ISO timestamp. Default: now. */
  triggeredAt?: string;
  /** Default `2026-07`. */
  apiVersion?: string;
}

export const DEFAULT_WEBHOOK_API_VERSION = "2026-07";

/** Base64 HMAC-SHA256 of the raw body keyed with the client secret (X-Shopify-Hmac-Sha256). */
export function signWebhook(body: string | Buffer, secret: string): string {
  return createHmac("sha256", secret).update(body).digest("base64");
}

/** Every header Shopify sends with an HTTPS webhook delivery. */
export function webhookHeaders(options: WebhookHeadersOptions): WebhookHeaders {
  return {
    "Content-Type": "application/json",
    "User-Agent": "Shopify-Captain-Hook",
    "X-Shopify-Hmac-Sha256": signWebhook(options.body, options.secret),
    "X-Shopify-Topic": options.topic,
    "X-Shopify-Shop-Domain": options.shop,
    "X-Shopify-Webhook-Id": options.webhookId ?? randomUUID(),
    "X-Shopify-Event-Id": options.eventId ?? randomUUID(),
    "X-Shopify-Triggered-At": options.triggeredAt ?? new Date().toISOString(),
    "X-Shopify-API-Version": options.apiVersion ?? DEFAULT_WEBHOOK_API_VERSION,
  };
}

export interface SendWebhookOptions extends Omit<WebhookHeadersOptions, "body"> {
  /** Full URL of the app's endpoint. */
  url: string;
  /** JSON payload (serialised once) or an already serialised raw body. */
  payload: unknown;
  /** Override or add headers (e.g. a wrong HMAC for negative tests). */
  headers?: Partial<Record<string, string>>;
  /** Abort after this long (Shopify waits 5 s). Default 5000. */
  timeoutMs?: number;
  /** Custom fetch (default globalThis.fetch). */
  fetch?: typeof globalThis.fetch;
}

export interface SendWebhookResult {
  /** HTTP status, or 0 when the request failed (network error or timeout). */
  status: number;
  body: string;
  headers: WebhookHeaders;
  rawBody: string;
  durationMs: number;
  error?: string;
}

/** Signs and POSTs one webhook delivery; never throws for HTTP or network failures. */
export async function sendWebhook(options: SendWebhookOptions): Promise<SendWebhookResult> {
  const rawBody =
    typeof options.payload === "string" ? options.payload : JSON.stringify(options.payload);
  const headers = webhookHeaders({ ...options, body: rawBody });
  const sent: Record<string, string> = { ...headers };
  for (const [k, v] of Object.entries(options.headers ?? {})) if (v !== undefined) sent[k] = v;
  const started = performance.now();
  const doFetch = options.fetch ?? globalThis.fetch;
  try {
    const response = await doFetch(options.url, {
      method: "POST",
      headers: sent,
      body: rawBody,
      signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
    });
    const body = await response.text();
    return {
      status: response.status,
      body,
      headers,
      rawBody,
      durationMs: performance.now() - started,
    };
  } catch (error) {
    return {
      status: 0,
      body: "",
      headers,
      rawBody,
      durationMs: performance.now() - started,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    };
  }
}
