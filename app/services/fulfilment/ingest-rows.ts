import { randomBytes } from "node:crypto";
import type { Prisma } from "@prisma/client";
import { eventRow, type NewEvent } from "./events";
import { orderVersion, versionColumns } from "./order-version";
import { lineRevenue, orderReference, type PrintPlan } from "./print-plan";
import type { ShopifyOrder } from "./shopify-order";

/**
 * The tables ingest and the door write with plain INSERTs (data/plain-insert.server.ts), and
 * their rows: each table's column list is checked against Prisma's model here (a renamed
 * column fails to compile). Plain statements because each Prisma call costs the process about
 * half a millisecond of CPU to compile, several times the insert itself
 * (docs/decisions/0011-plain-sql-on-hot-paths.md). Every column is written as Prisma writes
 * it (dates included, so that a timestamp reads and compares the same), and
 * test/fulfilment/ingest.test.ts reads the rows back through Prisma.
 */

/** What a plain statement binds: the column types these tables use. */
export type SqlValue = string | number | boolean | Date | null;

export interface PlainTable<C extends string> {
  name: string;
  columns: readonly C[];
}

/** A table of the model `Row`, written in these columns. */
function plainTable<Row>() {
  return <const C extends keyof Row & string>(name: string, columns: readonly C[]) =>
    ({ name, columns }) as PlainTable<C>;
}

export type RowOf<T> = T extends PlainTable<infer C> ? Record<C, SqlValue> : never;

export const WEBHOOK_RECEIPT = plainTable<Prisma.WebhookReceiptUncheckedCreateInput>()(
  "WebhookReceipt",
  ["shop", "webhookId", "topic", "receivedAt"],
);

/** A recorded, not yet planned order: the webhook's one write (door.ts). */
export const ORDER_DELIVERY = plainTable<Prisma.OrderDeliveryUncheckedCreateInput>()(
  "OrderDelivery",
  [
    "shop",
    "webhookId",
    "topic",
    "body",
    "triggeredAt",
    "source",
    "shopifyPaidAt",
    "receivedAt",
    "planAfter",
  ],
);

/** A status callback kept for the worker: the callback route's one write (status-updates.ts). */
export const STATUS_UPDATE = plainTable<Prisma.StatusUpdateUncheckedCreateInput>()("StatusUpdate", [
  "shop",
  "printOrderId",
  "orderReference",
  "oldStatus",
  "newStatus",
  "trackingCode",
  "trackingUrl",
  "dedupeKey",
  "receivedAt",
]);

export const SHOP_ORDER = plainTable<Prisma.ShopOrderUncheckedCreateInput>()("ShopOrder", [
  "id",
  "shop",
  "shopifyOrderId",
  "name",
  "email",
  "currency",
  "shippingAddress",
  "lineItems",
  "customerId",
  "shopifyUpdatedAt",
  "shopifyTriggeredAt",
  "source",
  "shopifyPaidAt",
  "createdAt",
  "updatedAt",
]);

export const PRINT_ORDER = plainTable<Prisma.PrintOrderUncheckedCreateInput>()("PrintOrder", [
  "id",
  "shop",
  "shopOrderId",
  "shopifyOrderId",
  "shopifyOrderName",
  "groupIndex",
  "orderReference",
  "status",
  "currency",
  "nextAttemptAt",
  "createdAt",
  "updatedAt",
]);

export const PRINT_ORDER_ITEM = plainTable<Prisma.PrintOrderItemUncheckedCreateInput>()(
  "PrintOrderItem",
  [
    "id",
    "shop",
    "printOrderRowId",
    "itemReference",
    "shopifyLineItemId",
    "variantId",
    "offeringId",
    "quantity",
    "title",
    "fileDetails",
    "fileProperty",
    "revenueMinor",
    "revenueCurrency",
  ],
);

export const ORDER_EVENT = plainTable<Prisma.OrderEventUncheckedCreateInput>()("OrderEvent", [
  "shop",
  "shopOrderId",
  "printOrderId",
  "at",
  "actor",
  "type",
  "message",
  "data",
]);

/** A worker step's events (lease.ts commits them): the timeline's columns and Flow's. */
export const STEP_EVENT = plainTable<Prisma.OrderEventUncheckedCreateInput>()("OrderEvent", [
  ...ORDER_EVENT.columns,
  "flowTrigger",
  "flowDueAt",
]);

/** A table's rows for one write: `plainRows` pairs them so the columns are checked. */
export interface PlainRows {
  into: PlainTable<string>;
  rows: readonly Record<string, SqlValue>[];
}

export function plainRows<C extends string>(
  into: PlainTable<C>,
  rows: readonly Record<C, SqlValue>[],
): PlainRows {
  return { into, rows };
}

// The rows of a delivery ---------------------------------------------------------------------

/**
 * A row id in the shape of Prisma's cuid() default: made here so that one
 * batch can create a shop order, its print order and the event naming both.
 */
export function newRowId(): string {
  let random = "";
  for (const byte of randomBytes(16)) random += (byte % 36).toString(36);
  return `c${Date.now().toString(36).padStart(8, "0")}${random}`;
}

export function snapshotOf(order: ShopifyOrder) {
  return {
    name: order.name,
    email: order.email ?? order.contact_email ?? null,
    currency: order.currency,
    shippingAddress: order.shipping_address ? JSON.stringify(order.shipping_address) : null,
    lineItems: JSON.stringify(order.line_items),
    customerId: order.customer?.id ?? null,
  };
}

/** How the app heard of an order: a webhook, the regular check with Shopify, an import. */
export type OrderSource = "webhook" | "reconcile" | "import";

/** The shop order's row: the order as this delivery states it, at this version. */
export function shopOrderRow(
  id: string,
  delivery: {
    shop: string;
    order: ShopifyOrder;
    triggeredAt?: string | undefined;
    source?: OrderSource | undefined;
    shopifyPaidAt?: Date | null | undefined;
    /** When the app heard of the order: the shop order's creation. */
    receivedAt?: Date | undefined;
  },
  now: Date,
): RowOf<typeof SHOP_ORDER> {
  const { shop, order } = delivery;
  const version = orderVersion(order.updated_at, delivery.triggeredAt);
  return {
    id,
    shop,
    shopifyOrderId: order.id,
    ...snapshotOf(order),
    ...versionColumns(version),
    source: delivery.source ?? "webhook",
    shopifyPaidAt: delivery.shopifyPaidAt ?? null,
    createdAt: delivery.receivedAt ?? now,
    updatedAt: now,
  };
}

/** The rows of a plan's print order and its items, linked to the shop order. */
export function printOrderRows(
  delivery: { shop: string; order: ShopifyOrder },
  ids: { shopOrderId: string; printOrderId: string },
  plan: PrintPlan,
  currency: string,
  now: Date,
): { printOrder: RowOf<typeof PRINT_ORDER>; items: RowOf<typeof PRINT_ORDER_ITEM>[] } {
  const { shop, order } = delivery;
  // The Profit page adds up what each printed line sold for, so it is kept with the item.
  const revenueOf = (lineItemId: string) => {
    const line = order.line_items.find((l) => l.id === lineItemId);
    return line ? lineRevenue(line, order.currency) : null;
  };
  return {
    printOrder: {
      id: ids.printOrderId,
      shop,
      shopOrderId: ids.shopOrderId,
      shopifyOrderId: order.id,
      shopifyOrderName: order.name,
      groupIndex: 0,
      orderReference: orderReference(order.id, 0),
      status: "pending",
      currency,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    },
    items: plan.items.map((item) => {
      const revenue = revenueOf(item.lineItemId);
      return {
        id: newRowId(),
        shop,
        printOrderRowId: ids.printOrderId,
        itemReference: item.itemReference,
        shopifyLineItemId: item.lineItemId,
        variantId: item.variantId,
        offeringId: item.offeringId,
        quantity: item.quantity,
        title: item.title,
        fileDetails: item.files ? JSON.stringify(item.files) : null,
        fileProperty: item.fileProperty,
        revenueMinor: revenue?.amountMinor ?? null,
        revenueCurrency: revenue?.currency ?? null,
      };
    }),
  };
}

/** An event as its row: every column named, the time given. */
export function eventValues(event: NewEvent & { at: Date }): RowOf<typeof ORDER_EVENT> {
  const row = eventRow(event);
  return {
    shop: row.shop,
    shopOrderId: row.shopOrderId,
    printOrderId: row.printOrderId ?? null,
    at: event.at,
    actor: row.actor,
    type: row.type,
    message: row.message,
    data: row.data ?? null,
  };
}

/** The delivery's receipt, at the time it came to the door (Home's "last webhook"). */
export function receiptRow(delivery: {
  shop: string;
  webhookId: string;
  topic: string;
  now: Date;
  receivedAt?: Date | undefined;
}): RowOf<typeof WEBHOOK_RECEIPT> {
  const { shop, webhookId, topic, now } = delivery;
  return { shop, webhookId, topic, receivedAt: delivery.receivedAt ?? now };
}
