/**
 * Shopify's pings to a fulfillment service: a signed POST of `{"kind": …}` to
 * `<callbackUrl>/fulfillment_order_notification` when the merchant sends a fulfillment or
 * cancellation request. The ping names nothing else: the service reads its assigned
 * fulfillment orders. Each ping is kept with the webhook deliveries (topic
 * `fulfillment_order_notification`) so tests and retries see it.
 */
import { uuid, type FulfillmentOrderRecord } from "../state";
import { serviceOfLocation } from "../state/fulfillment-service";
import { DEFAULT_WEBHOOK_API_VERSION, webhookHeaders } from "../webhooks";
import type { FakeServerState } from "./context";
import type { WebhookDeliveryRecord } from "./records";
import { attempt, track } from "./webhook-delivery";

export const NOTIFICATION_TOPIC = "fulfillment_order_notification";

export type NotificationKind = "FULFILLMENT_REQUEST" | "CANCELLATION_REQUEST";

/** Pings the service the fulfillment order is assigned to; null when it has no callback. */
export async function notifyService(
  fake: FakeServerState,
  fo: FulfillmentOrderRecord,
  kind: NotificationKind,
  options: { wait?: boolean } = {},
): Promise<WebhookDeliveryRecord | null> {
  const service = serviceOfLocation(fake.state, fo.locationId);
  // Since 2026-01 a service may have no callback: it polls its assigned fulfillment orders.
  if (!service?.callbackUrl) return null;
  const rawBody = JSON.stringify({ kind });
  const record: WebhookDeliveryRecord = {
    webhookId: uuid(),
    eventId: uuid(),
    topic: NOTIFICATION_TOPIC,
    shop: fo.shop,
    url: `${service.callbackUrl.replace(/\/$/, "")}/${NOTIFICATION_TOPIC}`,
    copy: 0,
    payload: { kind },
    rawBody,
    headers: webhookHeaders({
      topic: NOTIFICATION_TOPIC,
      shop: fo.shop,
      body: rawBody,
      secret: fake.options.apiSecret,
      triggeredAt: new Date(fake.clock.now()).toISOString(),
      apiVersion: fake.options.webhookApiVersion ?? DEFAULT_WEBHOOK_API_VERSION,
    }),
    attempts: [],
    delivered: false,
  };
  fake.deliveries.push(record);
  const sent = track(fake, attempt(fake, record));
  if (options.wait !== false) await sent;
  return record;
}
