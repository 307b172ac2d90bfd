import { randomBytes } from "node:crypto";
import { Prisma } from "@prisma/client";
import { eventRow, type NewEvent } from "./events";
import { orderVersion, versionColumns } from "./order-version";
import { lineRevenue, orderReference, type PrintPlan } from "./print-plan";
import type { ShopifyOrder } from "./shopify-order";

/**
 * The five tables ingest writes and the one way it writes them: a plain INSERT whose column
 * list comes from the table's definition here, checked against Prisma's model (a renamed
 * column fails to compile). Plain statements because each Prisma call costs the process about
 * half a millisecond of CPU to compile, several times the insert itself
 * (docs/decisions/0011-plain-sql-on-hot-paths.md). Every column is written as Prisma writes
 * it (dates included, so that a timestamp reads and compares the same), and
 * test/fulfilment/ingest.test.ts reads the rows back through Prisma.
 */

/** What a plain statement binds: the column types these tables use. */
type SqlValue = string | number | boolean | Date | null;

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

/** Runs plain statements: the client, or an interactive transaction's. */
export type SqlWriter = Pick<Prisma.TransactionClient, "$executeRaw">;

/** The table, column list and VALUES of one INSERT of these rows. */
function insertOf<C extends string>(
  table: (name: string) => Prisma.Sql,
  into: PlainTable<C>,
  rows: readonly Record<C, SqlValue>[],
): Prisma.Sql {
  const names = Prisma.raw(into.columns.map((c) => `"${c}"`).join(", "));
  const values = rows.map((row) => Prisma.sql`(${Prisma.join(into.columns.map((c) => row[c]))})`);
  return Prisma.sql`INSERT INTO ${table(into.name)} (${names}) VALUES ${Prisma.join(values)}`;
}

/**
 * One INSERT of these rows; `table` names the table as the schema holds it. `ignoringConflicts`
 * leaves out rows whose key is taken (SQLite and PostgreSQL alike).
 */
export function insertRows<C extends string>(
  db: SqlWriter,
  table: (name: string) => Prisma.Sql,
  into: PlainTable<C>,
  rows: readonly Record<C, SqlValue>[],
  { ignoringConflicts = false }: { ignoringConflicts?: boolean } = {},
): Prisma.PrismaPromise<number> {
  const insert = insertOf(table, into, rows);
  return db.$executeRaw(ignoringConflicts ? Prisma.sql`${insert} ON CONFLICT DO NOTHING` : insert);
}

/**
 * Bound parameters one statement may carry: SQLite allows 32,766, PostgreSQL 65,535. An order
 * whose rows need more (thousands of lines) is written in several statements.
 */
export const MAX_STATEMENT_PARAMETERS = 30_000;

/** Rows per statement for a table, within MAX_STATEMENT_PARAMETERS. */
export function rowsPerStatement(into: { columns: readonly string[] }): number {
  return Math.max(1, Math.floor(MAX_STATEMENT_PARAMETERS / into.columns.length));
}

/**
 * The INSERTs of these rows, as many as the parameter bound asks (one for a usual order), for a
 * transaction's list of statements.
 */
export function insertRowsInChunks<C extends string>(
  db: SqlWriter,
  table: (name: string) => Prisma.Sql,
  into: PlainTable<C>,
  rows: readonly Record<C, SqlValue>[],
): Prisma.PrismaPromise<number>[] {
  const size = rowsPerStatement(into);
  const statements: Prisma.PrismaPromise<number>[] = [];
  for (let start = 0; start < rows.length; start += size)
    statements.push(insertRows(db, table, into, rows.slice(start, start + size)));
  return statements;
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
