/** What the server keeps and takes: delivery options, webhook deliveries, the request log, faults. */
import type { WebhookHeaders } from "../webhooks";

export interface DeliveryOptions {
  /** Deliver webhooks for this change (default true). */
  deliver?: boolean;
  /** Override which topics are sent (default: the change's topics that are subscribed). */
  topics?: string[];
  /** Extra copies of each delivery, with the same X-Shopify-Webhook-Id (default 0). */
  duplicates?: number;
  /** Send the copies at the same time instead of one after another. */
  concurrent?: boolean;
  /** Wait for the deliveries before returning (default true). */
  wait?: boolean;
}

export interface WebhookAttempt {
  at: string;
  status: number;
  body: string;
  durationMs: number;
  error?: string;
}

export interface WebhookDeliveryRecord {
  webhookId: string;
  eventId: string;
  topic: string;
  shop: string;
  url: string;
  /** 0 = original, 1.. = duplicate copies (same webhookId). */
  copy: number;
  payload: unknown;
  rawBody: string;
  headers: WebhookHeaders;
  attempts: WebhookAttempt[];
  /** Last attempt answered 2xx. */
  delivered: boolean;
}

export interface RequestLogEntry {
  at: string;
  kind: "oauth" | "graphql" | "rest";
  shop: string | null;
  method: string;
  path: string;
  status: number;
  grantType?: string;
  requestedTokenType?: string;
  operationName?: string | null;
  operationType?: string | null;
  rootFields?: string[];
  variables?: unknown;
  query?: string;
  cost?: number;
  errors?: string[];
  userErrors?: unknown[];
  /** Deprecated fields and enum values the request used (`Type.field`). */
  deprecations?: string[];
  /** An injected fault that answered this request ("before" it ran, or "answer lost" after). */
  fault?: "before" | "answer lost" | "userErrors";
}

export interface FaultSpec {
  /** Which endpoint: graphql, oauth, or both. */
  target: "graphql" | "oauth" | "all";
  /** HTTP status to answer (e.g. 500, 502, 503, 429). Omit with throttle/delay only. */
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Answer GraphQL with Shopify's 200 THROTTLED error. */
  throttle?: boolean;
  /** Add latency (ms) before answering (combined with or without status). */
  delayMs?: number;
  /** How many requests this applies to (default 1). */
  times?: number;
  /**
   * Only GraphQL requests whose root fields include this mutation (e.g. "productSet").
   * Other requests pass untouched.
   */
  mutation?: string;
  /**
   * "Answer lost": the request is carried out (the mutation commits), then the HTTP
   * answer is replaced by this fault's status/body, so the caller cannot know it worked.
   * Without `mutation`, it applies to any mutation request.
   */
  afterCommit?: boolean;
  /**
   * With `mutation`: answer that mutation (HTTP 200) with these userErrors and every other
   * payload field null, carrying nothing out, as Shopify does for input it refuses.
   */
  userErrors?: Array<{ field?: string[] | null; message: string; code?: string | null }>;
}
