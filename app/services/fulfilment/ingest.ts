import { countOf } from "../merchant-text/orders";
import {
  eventValues,
  newRowId,
  ORDER_EVENT,
  PRINT_ORDER,
  PRINT_ORDER_ITEM,
  plainRows,
  printOrderRows,
  type PlainRows,
  receiptRow,
  type RowOf,
  SHOP_ORDER,
  type OrderSource,
  shopOrderRow,
  snapshotOf,
  WEBHOOK_RECEIPT,
} from "./ingest-rows";
import { orderVersion, type OrderVersion } from "./order-version";
import type { IngestReads, IngestStore } from "./ports";
import { planPrintItems, type MappingForPlan, type PrintPlan } from "./print-plan";
import { variantGid } from "../shopify-admin/ids";
import type { ShopifyOrder } from "./shopify-order";
import type { EventActor } from "./events";
import { isUniqueViolation } from "../unique-violation";

export type IngestResult =
  | { outcome: "duplicate_delivery" }
  | { outcome: "already_planned"; shopOrderId: string }
  | { outcome: "cancelled"; shopOrderId: string }
  | { outcome: "nothing_to_print"; shopOrderId: string; skipped: number }
  | { outcome: "planned"; shopOrderId: string; printOrderIds: string[]; skipped: number };

export interface PaidOrderDelivery {
  shop: string;
  webhookId: string;
  topic: string;
  order: ShopifyOrder;
  /** The delivery's X-Shopify-Triggered-At. */
  triggeredAt?: string | undefined;
  /** How the app heard of the order (a webhook when not said). */
  source?: OrderSource | undefined;
  /**
   * When Shopify says the order was paid: a webhook's X-Shopify-Triggered-At (used when this
   * is not given), an order read from the Admin API its processedAt.
   */
  shopifyPaidAt?: Date | string | null | undefined;
  /** When the delivery came to the door (recorded, then planned later); now when not said. */
  receivedAt?: Date | undefined;
  /** The shop's print currency when the caller already read the Shop row; read here otherwise. */
  shopCurrency?: string | undefined;
  now?: Date;
}

export function variantIdsOf(order: ShopifyOrder): string[] {
  return order.line_items
    .map((l) => l.variant_id)
    .filter((v): v is string => Boolean(v))
    .map(variantGid);
}

function planWith(order: ShopifyOrder, rows: MappingForPlan[]): PrintPlan {
  return planPrintItems(order, new Map(rows.map((r) => [r.variantId, r])));
}

/** Who the timeline names for an order's arrival. */
function arrivalActor(delivery: { topic: string; source?: OrderSource | undefined }): EventActor {
  return delivery.source === "reconcile" || delivery.source === "import"
    ? delivery.source
    : `webhook:${delivery.topic}`;
}

/** The timeline's words for an order that did not come by webhook. */
export const ARRIVAL_TEXT = {
  reconcile: "Found by the regular check with Shopify (its webhook never arrived)",
  import: "Imported from Shopify's past orders",
} as const;

/** The entry saying how an order arrived, for one that did not come by webhook. */
function arrivalEvents(
  delivery: { shop: string; source?: OrderSource | undefined },
  shopOrderId: string,
  now: Date,
) {
  const source = delivery.source;
  if (source !== "reconcile" && source !== "import") return [];
  return [
    eventValues({
      shop: delivery.shop,
      shopOrderId,
      actor: source,
      type: source === "reconcile" ? "found_by_check" : "imported",
      message: ARRIVAL_TEXT[source],
      at: now,
    }),
  ];
}

function plannedEvent(
  delivery: { shop: string; topic: string; order: ShopifyOrder; source?: OrderSource | undefined },
  ids: { shopOrderId: string; printOrderId: string },
  plan: PrintPlan,
  now: Date,
) {
  const { order } = delivery;
  return eventValues({
    shop: delivery.shop,
    ...ids,
    actor: arrivalActor(delivery),
    type: "planned",
    message:
      `${order.name} paid: ${countOf(plan.items.length, "print item")} planned` +
      (plan.skipped.length ? `, ${countOf(plan.skipped.length, "line")} not printed.` : "."),
    data: {
      items: plan.items.map((i) => ({
        title: i.title,
        quantity: i.quantity,
        offeringId: i.offeringId,
        fileAwaited: i.files === null,
      })),
      skipped: plan.skipped,
    },
    at: now,
  });
}

function nothingToPrintEvent(
  delivery: { shop: string; topic: string; order: ShopifyOrder; source?: OrderSource | undefined },
  shopOrderId: string,
  plan: PrintPlan,
  now: Date,
) {
  return eventValues({
    shop: delivery.shop,
    shopOrderId,
    actor: arrivalActor(delivery),
    type: "nothing_to_print",
    message: `${delivery.order.name} has no print products; nothing was sent to print.`,
    data: { skipped: plan.skipped },
    at: now,
  });
}

/**
 * Records a paid shop order and its print-order plan in one transaction, and
 * answers what happened. No call leaves the process: the worker does the rest.
 *
 * Repeats are recognised twice over: by the delivery's webhook id, and by the
 * shop order itself (a print order is planned once per shop order). The
 * order's version is stored, so later orders/updated deliveries that are
 * older than this one are not applied; an older copy of a stored order does
 * not overwrite its snapshot either.
 *
 * The common case, an order seen for the first time, is one write of every
 * row at once (recordFirstSight); anything else, or a race that write loses
 * on a unique key, goes through the transaction that reads before it writes.
 */
export async function ingestPaidOrder(
  store: IngestStore,
  input: PaidOrderDelivery,
): Promise<IngestResult> {
  const delivery = deliveryOf(input);
  // Shopify already had the order cancelled: the full path records why nothing is printed.
  if (!delivery.order.cancelled_at) {
    try {
      return await recordFirstSight(store, delivery);
    } catch (error) {
      // A repeated webhook id or an order already stored: the full path tells which.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return ingestInTransaction(store, delivery);
}

/** A time from Shopify, or null when there is none or it is not a time. */
export function paidAtOf(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const at = value instanceof Date ? value : new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

export type Delivery = Omit<PaidOrderDelivery, "shopifyPaidAt"> & {
  shopifyPaidAt: Date | null;
  now: Date;
};

/** The delivery with its paid time read and its time of planning set. */
export function deliveryOf(input: PaidOrderDelivery): Delivery {
  return {
    ...input,
    shopifyPaidAt: paidAtOf(input.shopifyPaidAt ?? input.triggeredAt),
    now: input.now ?? new Date(),
  };
}

/** A first sight's rows, by table, in the order they are written (rows name earlier ones). */
export interface FirstSightRows {
  receipts: RowOf<typeof WEBHOOK_RECEIPT>[];
  shopOrders: RowOf<typeof SHOP_ORDER>[];
  printOrders: RowOf<typeof PRINT_ORDER>[];
  items: RowOf<typeof PRINT_ORDER_ITEM>[];
  events: RowOf<typeof ORDER_EVENT>[];
}

/** The writes of these rows: one table after another, empty tables left out. */
export function firstSightWrites(rows: FirstSightRows): PlainRows[] {
  return [
    plainRows(WEBHOOK_RECEIPT, rows.receipts),
    plainRows(SHOP_ORDER, rows.shopOrders),
    plainRows(PRINT_ORDER, rows.printOrders),
    plainRows(PRINT_ORDER_ITEM, rows.items),
    plainRows(ORDER_EVENT, rows.events),
  ].filter((write) => write.rows.length > 0);
}

/**
 * The rows of an order not stored yet, planned with these mappings, and what they mean. The ids
 * are made here so the rows can name each other.
 */
export function firstSightOf(
  delivery: Delivery,
  mappings: MappingForPlan[],
  currency: string,
): { rows: FirstSightRows; result: IngestResult } {
  const { order, now } = delivery;
  const plan = planWith(order, mappings);
  const shopOrderId = newRowId();
  const base = {
    receipts: [receiptRow(delivery)],
    shopOrders: [shopOrderRow(shopOrderId, delivery, now)],
  };
  const arrival = arrivalEvents(delivery, shopOrderId, now);
  if (plan.items.length === 0) {
    const event = nothingToPrintEvent(delivery, shopOrderId, plan, now);
    return {
      rows: { ...base, printOrders: [], items: [], events: [...arrival, event] },
      result: { outcome: "nothing_to_print", shopOrderId, skipped: plan.skipped.length },
    };
  }
  const ids = { shopOrderId, printOrderId: newRowId() };
  const { printOrder, items } = printOrderRows(delivery, ids, plan, currency, now);
  return {
    rows: {
      ...base,
      printOrders: [printOrder],
      items,
      events: [...arrival, plannedEvent(delivery, ids, plan, now)],
    },
    result: {
      outcome: "planned",
      shopOrderId,
      printOrderIds: [ids.printOrderId],
      skipped: plan.skipped.length,
    },
  };
}

/**
 * An order not stored yet: its receipt, shop order, print order, items and event, written as
 * one batch of plain INSERT statements (the tables of ingest-rows.ts) after the reads. Any row
 * meeting a unique key (the webhook id, the shop order, the order reference) rolls back all of
 * them.
 */
async function recordFirstSight(store: IngestStore, delivery: Delivery): Promise<IngestResult> {
  const { shop, order } = delivery;
  const [mappings, currency] = await Promise.all([
    store.mappingsForPlan(shop, variantIdsOf(order)),
    delivery.shopCurrency ?? printCurrency(store, shop, order),
  ]);
  const { rows, result } = firstSightOf(delivery, mappings, currency);
  await store.insertAtOnce(firstSightWrites(rows));
  return result;
}

/** The currency print orders are kept in: the shop's settings', else the order's own. */
async function printCurrency(
  reads: IngestReads,
  shop: string,
  order: ShopifyOrder,
): Promise<string> {
  return (await reads.shopCurrency(shop)) ?? order.currency;
}

/**
 * Every case: a repeat, an order stored before, one cancelled before its payment. Reads
 * first, then writes its rows with the same INSERTs as the first sight.
 */
async function ingestInTransaction(store: IngestStore, delivery: Delivery): Promise<IngestResult> {
  const { shop, order, now } = delivery;
  const version: OrderVersion = orderVersion(order.updated_at, delivery.triggeredAt);
  try {
    return await store.transaction(async (tx) => {
      await tx.insert(WEBHOOK_RECEIPT, [receiptRow(delivery)]);

      const existing = await tx.storedShopOrder(shop, order.id);
      if (existing && existing.printOrderCount > 0) {
        return { outcome: "already_planned", shopOrderId: existing.id } as const;
      }

      const plan = planWith(order, await tx.mappingsForPlan(shop, variantIdsOf(order)));
      let shopOrderId: string;
      if (existing) {
        shopOrderId = existing.id;
        await tx.refreshShopOrder(shop, existing.id, version, snapshotOf(order));
      } else {
        shopOrderId = newRowId();
        await tx.insert(SHOP_ORDER, [shopOrderRow(shopOrderId, delivery, now)]);
        const arrival = arrivalEvents(delivery, shopOrderId, now);
        if (arrival.length > 0) await tx.insert(ORDER_EVENT, arrival);
      }

      // Shopify already had the order cancelled when it reported the payment
      // (or orders/cancelled came first): printing it would cost the merchant
      // for a parcel nobody should get.
      if (order.cancelled_at || existing?.cancelledAt) {
        await tx.markShopOrderCancelled(shop, shopOrderId, now);
        const cancelled = eventValues({
          shop,
          shopOrderId,
          actor: arrivalActor(delivery),
          type: "cancelled_before_planning",
          message: `${order.name} was already cancelled in Shopify when its payment arrived; nothing was sent to print.`,
          data: { cancelledAt: order.cancelled_at ?? existing?.cancelledAt?.toISOString() },
          at: now,
        });
        await tx.insert(ORDER_EVENT, [cancelled]);
        return { outcome: "cancelled", shopOrderId } as const;
      }
      if (plan.items.length === 0) {
        const event = nothingToPrintEvent(delivery, shopOrderId, plan, now);
        await tx.insert(ORDER_EVENT, [event]);
        return {
          outcome: "nothing_to_print",
          shopOrderId,
          skipped: plan.skipped.length,
        } as const;
      }

      // One print order for now; the worker splits it if the service cannot
      // produce every item at one facility.
      const currency = delivery.shopCurrency ?? (await printCurrency(tx, shop, order));
      const ids = { shopOrderId, printOrderId: newRowId() };
      const { printOrder, items } = printOrderRows(delivery, ids, plan, currency, now);
      await tx.insert(PRINT_ORDER, [printOrder]);
      await tx.insert(PRINT_ORDER_ITEM, items);
      await tx.insert(ORDER_EVENT, [plannedEvent(delivery, ids, plan, now)]);
      return {
        outcome: "planned",
        shopOrderId,
        printOrderIds: [ids.printOrderId],
        skipped: plan.skipped.length,
      } as const;
    });
  } catch (error) {
    // A concurrent copy of the same delivery won the race: it did the work.
    if (isUniqueViolation(error)) return { outcome: "duplicate_delivery" };
    throw error;
  }
}
