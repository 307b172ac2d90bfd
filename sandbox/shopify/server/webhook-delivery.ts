/**
 * Webhook delivery: signed POSTs to the app for the subscribed topics, with
 * duplicate copies, background delivery and a record of every attempt.
 */
import type { ApiChange } from "../graphql";
import { fulfillmentPayload, orderPayload } from "../payloads";
import { uuid, type OrderRecord } from "../state";
import { DEFAULT_WEBHOOK_API_VERSION, sendWebhook, webhookHeaders } from "../webhooks";
import type { FakeServerState } from "./context";
import type { DeliveryOptions, WebhookDeliveryRecord } from "./records";

const pathFor = (fake: FakeServerState, topic: string): string => {
  if (typeof fake.options.webhookPaths === "function") return fake.options.webhookPaths(topic);
  return fake.options.webhookPaths?.[topic] ?? `/webhooks/${topic}`;
};

export async function attempt(fake: FakeServerState, record: WebhookDeliveryRecord): Promise<void> {
  const result = await sendWebhook({
    url: record.url,
    topic: record.topic,
    shop: record.shop,
    payload: record.rawBody,
    secret: fake.options.apiSecret,
    webhookId: record.webhookId,
    eventId: record.eventId,
    triggeredAt: record.headers["X-Shopify-Triggered-At"],
    apiVersion: record.headers["X-Shopify-API-Version"],
    timeoutMs: fake.options.webhookTimeoutMs ?? 5_000,
  });
  record.attempts.push({
    at: new Date(fake.clock.now()).toISOString(),
    status: result.status,
    body: result.body.slice(0, 2_000),
    durationMs: Math.round(result.durationMs),
    ...(result.error ? { error: result.error } : {}),
  });
  record.delivered = result.status >= 200 && result.status < 300;
}

/** The most extra copies of one delivery a test may ask for. */
const MAX_DUPLICATES = 20;

export function track<T>(fake: FakeServerState, p: Promise<T>): Promise<T> {
  fake.inflight.add(p);
  void p.finally(() => fake.inflight.delete(p)).catch(() => undefined);
  return p;
}

async function deliver(
  fake: FakeServerState,
  shop: string,
  topic: string,
  payload: unknown,
  opts: DeliveryOptions = {},
): Promise<WebhookDeliveryRecord[]> {
  const rawBody = JSON.stringify(payload);
  const webhookId = uuid();
  const eventId = uuid();
  const base = fake.appUrl ?? "http://app-url-not-configured.invalid";
  const headers = webhookHeaders({
    topic,
    shop,
    body: rawBody,
    secret: fake.options.apiSecret,
    webhookId,
    eventId,
    triggeredAt: new Date(fake.clock.now()).toISOString(),
    apiVersion: fake.options.webhookApiVersion ?? DEFAULT_WEBHOOK_API_VERSION,
  });
  // The control route takes the count from a request body: bounded, and a non-number is none.
  const copies =
    1 + Math.min(MAX_DUPLICATES, Math.max(0, Math.floor(Number(opts.duplicates) || 0)));
  const records: WebhookDeliveryRecord[] = Array.from({ length: copies }, (_, copy) => ({
    webhookId,
    eventId,
    topic,
    shop,
    url: `${base}${pathFor(fake, topic)}`,
    copy,
    payload,
    rawBody,
    headers,
    attempts: [],
    delivered: false,
  }));
  fake.deliveries.push(...records);
  if (!fake.appUrl) {
    for (const r of records) {
      r.attempts.push({
        at: new Date(fake.clock.now()).toISOString(),
        status: 0,
        body: "",
        durationMs: 0,
        error: "appUrl is not configured",
      });
    }
    return records;
  }
  if (opts.concurrent) {
    await Promise.all(records.map((r) => attempt(fake, r)));
  } else {
    for (const r of records) await attempt(fake, r);
  }
  return records;
}

export async function deliverMany(
  fake: FakeServerState,
  shop: string,
  events: Array<{ topic: string; payload: () => unknown }>,
  opts: DeliveryOptions = {},
) {
  if (opts.deliver === false) return [];
  const chosen = opts.topics
    ? opts.topics.map(
        (topic) =>
          events.find((e) => e.topic === topic) ?? {
            topic,
            payload: events[0]?.payload ?? (() => ({})),
          },
      )
    : events.filter((e) => fake.subscriptions.has(e.topic));
  // Payloads are built now (a retry carries the original payload).
  const prepared = chosen.map((e) => ({ topic: e.topic, payload: e.payload() }));
  const run = async () => {
    const out: WebhookDeliveryRecord[] = [];
    for (const e of prepared) out.push(...(await deliver(fake, shop, e.topic, e.payload, opts)));
    return out;
  };
  const p = track(fake, run());
  if (opts.wait === false) return [];
  return p;
}

export const orderEvents = (fake: FakeServerState, order: OrderRecord, topics: string[]) =>
  topics.map((topic) => ({ topic, payload: () => orderPayload(fake.state, order) }));

export function onApiChange(fake: FakeServerState, change: ApiChange): void {
  if (!fake.options.webhooksOnApiChanges) return;
  const order = fake.state.orders.get(change.orderId);
  if (!order) return;
  const events = change.topics.map((topic) => ({
    topic,
    payload: () => {
      if (topic.startsWith("fulfillments/")) {
        const last = fake.state
          .orderFulfillments(order)
          .sort((a, b) => b.updatedAt - a.updatedAt || b.id - a.id)[0];
        return last ? fulfillmentPayload(fake.state, order, last.id) : {};
      }
      return orderPayload(fake.state, order);
    },
  }));
  void deliverMany(fake, order.shop, events, { wait: false });
}
