/**
 * The door (docs/decisions/0019-one-write-at-the-door.md): a signed orders/paid delivery is
 * recorded with one INSERT of its body, exactly as it came, and answered; an order the regular
 * check with Shopify or an import read enters the same way. The planner (planner.ts) takes it
 * from there.
 */
import type { OrderSource } from "./ingest-rows";
import type { DoorStore } from "./ports";
import type { ShopifyOrder } from "./shopify-order";

export interface OrderDeliveryInput {
  shop: string;
  webhookId: string;
  topic: string;
  /** The order as JSON: the webhook's body exactly as signed, or an order the app read. */
  body: string;
  /** X-Shopify-Triggered-At, as sent. */
  triggeredAt?: string | null | undefined;
  source?: OrderSource | undefined;
  /** When Shopify says the order was paid, when the caller knows it (else the trigger time). */
  shopifyPaidAt?: Date | null | undefined;
  now?: Date | undefined;
}

export type DoorOutcome = "recorded" | "duplicate_delivery";

/**
 * The door's one statement: the delivery's row, unless a row of its webhook id is still
 * waiting (a copy sent again before the worker planned it). A copy sent after that is
 * recorded again and the planner finds its receipt: planned once either way.
 */
export async function recordOrderDelivery(
  store: DoorStore,
  input: OrderDeliveryInput,
): Promise<DoorOutcome> {
  const now = input.now ?? new Date();
  const recorded = await store.recordDelivery({
    shop: input.shop,
    webhookId: input.webhookId,
    topic: input.topic,
    body: input.body,
    triggeredAt: input.triggeredAt ?? null,
    source: input.source ?? "webhook",
    shopifyPaidAt: input.shopifyPaidAt ?? null,
    receivedAt: now,
    planAfter: now,
  });
  return recorded ? "recorded" : "duplicate_delivery";
}

/** An order the app read itself (the regular check, an import), recorded as a webhook's would be. */
export function bodyOfReadOrder(order: ShopifyOrder): string {
  // The parsed order parses again to itself (test/fulfilment/order-delivery.test.ts).
  return JSON.stringify(order);
}
