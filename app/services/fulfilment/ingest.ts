import { randomBytes } from "node:crypto";
import { Prisma, type PrismaClient } from "@prisma/client";
import { countOf } from "../merchant-text/orders";
import { eventRow } from "./events";
import { orderVersion, storedOlderThan, versionColumns, type OrderVersion } from "./order-version";
import {
  lineRevenue,
  orderReference,
  planPrintItems,
  type MappingForPlan,
  type PrintPlan,
} from "./plan";
import { variantGid, type ShopifyOrder } from "./shopify-order";
import { sqlTable } from "../sql-table";
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
  /** The shop's print currency when the caller already read the Shop row; read here otherwise. */
  shopCurrency?: string | undefined;
  /** PostgreSQL's `?schema=` of the database URL: Prisma qualifies its tables with it, so must a plain statement. */
  schema?: string | null | undefined;
  now?: Date;
}

/** The columns planning reads of a variant mapping. */
const MAPPING_FOR_PLAN = {
  variantId: true,
  offeringId: true,
  contentUrl: true,
  contentWidth: true,
  contentHeight: true,
  numberOfPages: true,
  coverUrl: true,
  spineCustomUrl: true,
  spineText: true,
  fileProperty: true,
} as const satisfies Prisma.VariantMappingSelect;

/**
 * A row id in the shape of Prisma's cuid() default: made here so that one
 * batch can create a shop order, its print order and the event naming both.
 */
function newRowId(): string {
  let random = "";
  for (const byte of randomBytes(16)) random += (byte % 36).toString(36);
  return `c${Date.now().toString(36).padStart(8, "0")}${random}`;
}

function snapshotOf(order: ShopifyOrder) {
  return {
    name: order.name,
    email: order.email ?? order.contact_email ?? null,
    currency: order.currency,
    shippingAddress: order.shipping_address ? JSON.stringify(order.shipping_address) : null,
    lineItems: JSON.stringify(order.line_items),
    customerId: order.customer?.id ?? null,
  };
}

function variantIdsOf(order: ShopifyOrder): string[] {
  return order.line_items
    .map((l) => l.variant_id)
    .filter((v): v is string => Boolean(v))
    .map(variantGid);
}

function planWith(order: ShopifyOrder, rows: MappingForPlan[]): PrintPlan {
  return planPrintItems(order, new Map(rows.map((r) => [r.variantId, r])));
}

/** The print order of a plan, without its shop order link (the caller adds it). */
function printOrderData(
  delivery: { shop: string; order: ShopifyOrder },
  plan: PrintPlan,
  currency: string,
  now: Date,
) {
  const { shop, order } = delivery;
  // The Profit page adds up what each printed line sold for, so it is kept with the item.
  const revenueOf = (lineItemId: string) => {
    const line = order.line_items.find((l) => l.id === lineItemId);
    return line ? lineRevenue(line, order.currency) : null;
  };
  return {
    shop,
    shopifyOrderId: order.id,
    shopifyOrderName: order.name,
    groupIndex: 0,
    orderReference: orderReference(order.id, 0),
    status: "pending",
    currency,
    nextAttemptAt: now,
    items: {
      create: plan.items.map((item) => ({
        shop,
        ...revenueColumns(revenueOf(item.lineItemId)),
        itemReference: item.itemReference,
        shopifyLineItemId: item.lineItemId,
        variantId: item.variantId,
        offeringId: item.offeringId,
        quantity: item.quantity,
        title: item.title,
        fileDetails: item.files ? JSON.stringify(item.files) : null,
        fileProperty: item.fileProperty,
      })),
    },
  };
}

function revenueColumns(revenue: { amountMinor: number; currency: string } | null) {
  return { revenueMinor: revenue?.amountMinor ?? null, revenueCurrency: revenue?.currency ?? null };
}

function plannedEvent(
  delivery: { shop: string; topic: string; order: ShopifyOrder },
  ids: { shopOrderId: string; printOrderId: string },
  plan: PrintPlan,
  now: Date,
) {
  const { order } = delivery;
  return eventRow({
    shop: delivery.shop,
    ...ids,
    actor: `webhook:${delivery.topic}`,
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
  delivery: { shop: string; topic: string; order: ShopifyOrder },
  shopOrderId: string,
  plan: PrintPlan,
  now: Date,
) {
  return eventRow({
    shop: delivery.shop,
    shopOrderId,
    actor: `webhook:${delivery.topic}`,
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
  db: PrismaClient,
  input: PaidOrderDelivery,
): Promise<IngestResult> {
  const delivery = { ...input, now: input.now ?? new Date() };
  // Shopify already had the order cancelled: the full path records why nothing is printed.
  if (!delivery.order.cancelled_at) {
    try {
      return await recordFirstSight(db, delivery);
    } catch (error) {
      // A repeated webhook id or an order already stored: the full path tells which.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return ingestInTransaction(db, delivery);
}

/**
 * An order not stored yet: its receipt, shop order, print order, items and
 * event, written as one batch of plain INSERT statements after the reads.
 * The ids are made here so the rows can name each other. Any row meeting a
 * unique key (the webhook id, the shop order, the order reference) rolls back
 * all of them. Plain statements because each Prisma call costs the process
 * about half a millisecond of CPU to compile, several times the insert itself;
 * every column is written as Prisma writes it (dates included, so that a
 * timestamp reads and compares the same), and test/fulfilment/ingest.test.ts
 * reads the rows back through Prisma.
 */
async function recordFirstSight(
  db: PrismaClient,
  delivery: PaidOrderDelivery & { now: Date },
): Promise<IngestResult> {
  const { shop, webhookId, topic, order, now } = delivery;
  const t = (name: string) => sqlTable(delivery.schema, name);
  const version = orderVersion(order.updated_at, delivery.triggeredAt);
  const [rows, currency] = await Promise.all([
    mappingsForPlan(db, t("VariantMapping"), shop, variantIdsOf(order)),
    delivery.shopCurrency ?? shopCurrency(db, shop, order),
  ]);
  const plan = planWith(order, rows);
  const shopOrderId = newRowId();
  const snapshot = snapshotOf(order);
  const { shopifyUpdatedAt, shopifyTriggeredAt } = versionColumns(version);
  const insertEvent = (event: Prisma.OrderEventUncheckedCreateInput) =>
    db.$executeRaw`INSERT INTO ${t("OrderEvent")} ("shop", "shopOrderId", "printOrderId", "at", "actor", "type", "message", "data") VALUES (${event.shop}, ${event.shopOrderId}, ${event.printOrderId ?? null}, ${now}, ${event.actor}, ${event.type}, ${event.message}, ${event.data ?? null})`;
  const writes = [
    db.$executeRaw`INSERT INTO ${t("WebhookReceipt")} ("shop", "webhookId", "topic", "receivedAt") VALUES (${shop}, ${webhookId}, ${topic}, ${now})`,
    db.$executeRaw`INSERT INTO ${t("ShopOrder")} ("id", "shop", "shopifyOrderId", "name", "email", "currency", "shippingAddress", "lineItems", "customerId", "shopifyUpdatedAt", "shopifyTriggeredAt", "createdAt", "updatedAt") VALUES (${shopOrderId}, ${shop}, ${order.id}, ${snapshot.name}, ${snapshot.email}, ${snapshot.currency}, ${snapshot.shippingAddress}, ${snapshot.lineItems}, ${snapshot.customerId}, ${shopifyUpdatedAt}, ${shopifyTriggeredAt}, ${now}, ${now})`,
  ];
  if (plan.items.length === 0) {
    await db.$transaction([
      ...writes,
      insertEvent(nothingToPrintEvent(delivery, shopOrderId, plan, now)),
    ]);
    return { outcome: "nothing_to_print", shopOrderId, skipped: plan.skipped.length };
  }
  const printOrderId = newRowId();
  const { items, ...printOrder } = printOrderData(delivery, plan, currency, now);
  const itemRows = items.create.map(
    (item) =>
      Prisma.sql`(${newRowId()}, ${shop}, ${printOrderId}, ${item.itemReference}, ${item.shopifyLineItemId}, ${item.variantId}, ${item.offeringId}, ${item.quantity}, ${item.title}, ${item.fileDetails}, ${item.fileProperty}, ${item.revenueMinor}, ${item.revenueCurrency})`,
  );
  await db.$transaction([
    ...writes,
    db.$executeRaw`INSERT INTO ${t("PrintOrder")} ("id", "shop", "shopOrderId", "shopifyOrderId", "shopifyOrderName", "groupIndex", "orderReference", "status", "currency", "nextAttemptAt", "createdAt", "updatedAt") VALUES (${printOrderId}, ${shop}, ${shopOrderId}, ${printOrder.shopifyOrderId}, ${printOrder.shopifyOrderName}, ${printOrder.groupIndex}, ${printOrder.orderReference}, ${printOrder.status}, ${printOrder.currency}, ${printOrder.nextAttemptAt}, ${now}, ${now})`,
    db.$executeRaw`INSERT INTO ${t("PrintOrderItem")} ("id", "shop", "printOrderRowId", "itemReference", "shopifyLineItemId", "variantId", "offeringId", "quantity", "title", "fileDetails", "fileProperty", "revenueMinor", "revenueCurrency") VALUES ${Prisma.join(itemRows)}`,
    insertEvent(plannedEvent(delivery, { shopOrderId, printOrderId }, plan, now)),
  ]);
  return {
    outcome: "planned",
    shopOrderId,
    printOrderIds: [printOrderId],
    skipped: plan.skipped.length,
  };
}

/** The shop's mappings of these variants, read with one plain statement. */
async function mappingsForPlan(
  db: PrismaClient,
  variantMapping: Prisma.Sql,
  shop: string,
  variantIds: string[],
): Promise<MappingForPlan[]> {
  if (variantIds.length === 0) return [];
  const rows = await db.$queryRaw<
    (Omit<MappingForPlan, "offeringId" | "numberOfPages" | "contentWidth" | "contentHeight"> & {
      offeringId: number | bigint;
      numberOfPages: number | bigint | null;
      contentWidth: number | null;
      contentHeight: number | null;
    })[]
  >`SELECT "variantId", "offeringId", "contentUrl", "contentWidth", "contentHeight", "numberOfPages", "coverUrl", "spineCustomUrl", "spineText", "fileProperty" FROM ${variantMapping} WHERE "shop" = ${shop} AND "variantId" IN (${Prisma.join(variantIds)})`;
  const numberOrNull = (value: number | bigint | null) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    ...row,
    offeringId: Number(row.offeringId),
    numberOfPages: numberOrNull(row.numberOfPages),
    contentWidth: numberOrNull(row.contentWidth),
    contentHeight: numberOrNull(row.contentHeight),
  }));
}

async function shopCurrency(
  db: Prisma.TransactionClient,
  shop: string,
  order: ShopifyOrder,
): Promise<string> {
  const settings = await db.shop.findUnique({ where: { shop }, select: { currency: true } });
  return settings?.currency ?? order.currency;
}

/** Every case: a repeat, an order stored before, one cancelled before its payment. */
async function ingestInTransaction(
  db: PrismaClient,
  delivery: PaidOrderDelivery & { now: Date },
): Promise<IngestResult> {
  const { shop, webhookId, topic, order, now } = delivery;
  const version: OrderVersion = orderVersion(order.updated_at, delivery.triggeredAt);
  try {
    return await db.$transaction(async (tx) => {
      await tx.webhookReceipt.create({ data: { shop, webhookId, topic, receivedAt: now } });

      const existing = await tx.shopOrder.findUnique({
        where: { shop_shopifyOrderId: { shop, shopifyOrderId: order.id } },
        select: { id: true, cancelledAt: true, _count: { select: { printOrders: true } } },
      });
      if (existing && existing._count.printOrders > 0) {
        return { outcome: "already_planned", shopOrderId: existing.id } as const;
      }

      const rows = await tx.variantMapping.findMany({
        where: { shop, variantId: { in: variantIdsOf(order) } },
        select: MAPPING_FOR_PLAN,
      });
      const plan = planWith(order, rows);

      const snapshot = snapshotOf(order);
      if (existing) {
        await tx.shopOrder.updateMany({
          where: { id: existing.id, shop, ...storedOlderThan(version) },
          data: { ...snapshot, ...versionColumns(version) },
        });
      }
      const shopOrder = existing
        ? existing
        : await tx.shopOrder.create({
            data: { shop, shopifyOrderId: order.id, ...snapshot, ...versionColumns(version) },
          });

      // Shopify already had the order cancelled when it reported the payment
      // (or orders/cancelled came first): printing it would cost the merchant
      // for a parcel nobody should get.
      if (order.cancelled_at || existing?.cancelledAt) {
        await tx.shopOrder.updateMany({
          where: { id: shopOrder.id, shop, cancelledAt: null },
          data: { cancelledAt: now },
        });
        await tx.orderEvent.create({
          data: eventRow({
            shop,
            shopOrderId: shopOrder.id,
            actor: `webhook:${topic}`,
            type: "cancelled_before_planning",
            message: `${order.name} was already cancelled in Shopify when its payment arrived; nothing was sent to print.`,
            data: { cancelledAt: order.cancelled_at ?? existing?.cancelledAt?.toISOString() },
            at: now,
          }),
        });
        return { outcome: "cancelled", shopOrderId: shopOrder.id } as const;
      }
      if (plan.items.length === 0) {
        await tx.orderEvent.create({
          data: nothingToPrintEvent(delivery, shopOrder.id, plan, now),
        });
        return {
          outcome: "nothing_to_print",
          shopOrderId: shopOrder.id,
          skipped: plan.skipped.length,
        } as const;
      }

      // One print order for now; the worker splits it if the service cannot
      // produce every item at one facility.
      const currency = delivery.shopCurrency ?? (await shopCurrency(tx, shop, order));
      const printOrder = await tx.printOrder.create({
        data: { shopOrderId: shopOrder.id, ...printOrderData(delivery, plan, currency, now) },
        select: { id: true },
      });
      await tx.orderEvent.create({
        data: plannedEvent(
          delivery,
          { shopOrderId: shopOrder.id, printOrderId: printOrder.id },
          plan,
          now,
        ),
      });
      return {
        outcome: "planned",
        shopOrderId: shopOrder.id,
        printOrderIds: [printOrder.id],
        skipped: plan.skipped.length,
      } as const;
    });
  } catch (error) {
    // A concurrent copy of the same delivery won the race: it did the work.
    if (isUniqueViolation(error)) return { outcome: "duplicate_delivery" };
    throw error;
  }
}
