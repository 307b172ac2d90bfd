import type { Prisma } from "@prisma/client";
import prisma from "../db.server";
import { PRINT_ORDER_STATUSES, type PrintOrderStatus } from "../services/fulfilment/machine";
import { ORDER_VIEWS, type OrderView } from "../services/fulfilment/order-views";
import { printOrderKindOf, type PrintOrderKind } from "../services/fulfilment/order-kind";
import { decodeCursor, encodeCursor } from "../services/keyset-cursor";
import { splitOf } from "../services/fulfilment/split-place";
import { orderIdOfBody } from "../services/fulfilment/shopify-order";

/**
 * Print orders for the admin lists: a keyset-paginated list on indexed
 * columns (no OFFSET, no COUNT over everything), counts per state and the
 * change stamp of the live pages. The order page's view is in
 * pages/order-detail/, the Home page's lists in order-activity.server.ts.
 * Every function is keyed by shop.
 */

export const ORDERS_PAGE_SIZE = 25;

export interface OrderListFilters {
  view: OrderView;
  /** A single status (overrides the view's statuses when set). */
  status?: PrintOrderStatus | undefined;
  /** Shopify order name or its beginning, with or without "#". */
  search?: string | undefined;
  /** Inclusive from, exclusive to. */
  from?: Date | undefined;
  to?: Date | undefined;
  /** Only sales or only proof copies (the (shop, kind, createdAt) index); both when unset. */
  kind?: PrintOrderKind | undefined;
}

export interface OrderListRow {
  id: string;
  /** The Shopify order's name, or a proof's own ("Proof P1001"). */
  shopifyOrderName: string;
  kind: PrintOrderKind;
  shopifyOrderId: string;
  status: string;
  serviceState: string | null;
  printOrderId: number | null;
  currency: string;
  wholesaleTotalMinor: number | null;
  retailTotalMinor: number | null;
  createdAt: string;
  holdUntil: string | null;
  lastErrorMessage: string | null;
  trackingUrl: string | null;
  /** Copies to print: the sum of the items' quantities. */
  copies: number;
  /** Set when the Shopify order became several print orders: this one's place among them. */
  split: { index: number; of: number } | null;
}

export interface OrderListPage {
  rows: OrderListRow[];
  /** Cursor of the last row when there are older rows. */
  nextCursor: string | null;
  /** Cursor of the first row when there are newer rows. */
  previousCursor: string | null;
}

function normaliseName(search: string): string {
  const s = search.trim();
  // Proofs are named "Proof P1001": "proof p10" finds them as the merchant typed it.
  const proof = /^proof(?:\s+p?(\d*))?$/i.exec(s);
  if (proof) return proof[1] === undefined ? "Proof" : `Proof P${proof[1]}`;
  return s.startsWith("#") || !/^\d/.test(s) ? s : `#${s}`;
}

/**
 * One page, newest first, by (createdAt, id). `after` continues to older
 * rows, `before` goes back to newer ones. A name search uses the
 * (shop, shopifyOrderName) index as a prefix range.
 */
export async function listPrintOrders({
  shop,
  filters,
  after,
  before,
  pageSize = ORDERS_PAGE_SIZE,
}: {
  shop: string;
  filters: OrderListFilters;
  after?: string | null | undefined;
  before?: string | null | undefined;
  pageSize?: number;
}): Promise<OrderListPage> {
  const statuses = filters.status ? [filters.status] : ORDER_VIEWS[filters.view].statuses;
  const where: Prisma.PrintOrderWhereInput = { shop };
  if (statuses) where.status = statuses.length === 1 ? statuses[0] : { in: [...statuses] };
  if (filters.kind) where.kind = filters.kind;
  if (filters.from || filters.to) {
    where.createdAt = {
      ...(filters.from ? { gte: filters.from } : {}),
      ...(filters.to ? { lt: filters.to } : {}),
    };
  }
  if (filters.search?.trim()) {
    const name = normaliseName(filters.search);
    // A range on the indexed column instead of LIKE (which SQLite cannot index case-insensitively).
    where.shopifyOrderName = { gte: name, lt: `${name}\uffff` };
  }
  const afterCursor = decodeCursor(after);
  const beforeCursor = before ? decodeCursor(before) : null;
  const cursor = beforeCursor ?? afterCursor;
  const backwards = Boolean(beforeCursor);
  const keyset: Prisma.PrintOrderWhereInput | null = cursor
    ? backwards
      ? {
          OR: [
            { createdAt: { gt: cursor.createdAt } },
            { createdAt: cursor.createdAt, id: { gt: cursor.id } },
          ],
        }
      : {
          OR: [
            { createdAt: { lt: cursor.createdAt } },
            { createdAt: cursor.createdAt, id: { lt: cursor.id } },
          ],
        }
    : null;
  const dir = backwards ? "asc" : "desc";
  const found = await prisma.printOrder.findMany({
    where: keyset ? { AND: [where, keyset] } : where,
    orderBy: [{ createdAt: dir }, { id: dir }],
    take: pageSize + 1,
    select: {
      id: true,
      shopifyOrderName: true,
      shopifyOrderId: true,
      shopOrderId: true,
      groupIndex: true,
      kind: true,
      status: true,
      serviceState: true,
      printOrderId: true,
      currency: true,
      wholesaleTotalMinor: true,
      retailTotalMinor: true,
      createdAt: true,
      holdUntil: true,
      lastErrorMessage: true,
      trackingUrl: true,
    },
  });
  const more = found.length > pageSize;
  const page = found.slice(0, pageSize);
  if (backwards) page.reverse();
  // Copies per order, and the print orders of the same Shopify orders: one query
  // each, on the (shop, printOrderRowId) and (shop, shopifyOrderName) indexes.
  const [copies, siblings] = page.length
    ? await Promise.all([
        prisma.printOrderItem.groupBy({
          by: ["printOrderRowId"],
          where: { shop, printOrderRowId: { in: page.map((r) => r.id) } },
          _sum: { quantity: true },
        }),
        prisma.printOrder.findMany({
          where: {
            shop,
            shopifyOrderName: { in: [...new Set(page.map((r) => r.shopifyOrderName))] },
          },
          select: { id: true, shopOrderId: true, shopifyOrderName: true, groupIndex: true },
        }),
      ])
    : [[], []];
  const copiesOf = new Map(copies.map((c) => [c.printOrderRowId, c._sum.quantity ?? 0]));
  const rows = page.map((r) => ({
    id: r.id,
    shopifyOrderName: r.shopifyOrderName,
    kind: printOrderKindOf(r.kind),
    shopifyOrderId: r.shopifyOrderId,
    status: r.status,
    serviceState: r.serviceState,
    printOrderId: r.printOrderId,
    currency: r.currency,
    wholesaleTotalMinor: r.wholesaleTotalMinor,
    retailTotalMinor: r.retailTotalMinor,
    createdAt: r.createdAt.toISOString(),
    holdUntil: r.holdUntil?.toISOString() ?? null,
    lastErrorMessage: r.lastErrorMessage,
    trackingUrl: r.trackingUrl,
    copies: copiesOf.get(r.id) ?? 0,
    split: splitOf(r, siblings),
  }));
  const first = page[0];
  const last = page[page.length - 1];
  const hasOlder = backwards ? Boolean(beforeCursor) : more;
  const hasNewer = backwards ? more : Boolean(afterCursor);
  return {
    rows,
    nextCursor: hasOlder && last ? encodeCursor(last) : null,
    previousCursor: hasNewer && first ? encodeCursor(first) : null,
  };
}

/** Print orders per status, from the (shop, status, createdAt) index. */
export async function countPrintOrdersByStatus({
  shop,
}: {
  shop: string;
}): Promise<Record<PrintOrderStatus, number>> {
  const groups = await prisma.printOrder.groupBy({
    by: ["status"],
    where: { shop },
    _count: { _all: true },
  });
  const out = Object.fromEntries(PRINT_ORDER_STATUSES.map((s) => [s, 0])) as Record<
    PrintOrderStatus,
    number
  >;
  for (const g of groups) if (g.status in out) out[g.status as PrintOrderStatus] = g._count._all;
  return out;
}

/**
 * Which of these Shopify orders the app has recorded and the worker not yet planned (for the
 * sandbox demo, to say why an order has no print order yet). Looks at the first 1,000 waiting.
 */
export async function listRecordedNotPlanned({
  shop,
  shopifyOrderIds,
}: {
  shop: string;
  shopifyOrderIds: string[];
}): Promise<string[]> {
  const waiting = await prisma.orderDelivery.findMany({
    where: { shop },
    select: { body: true },
    orderBy: { planAfter: "asc" },
    take: 1_000,
  });
  const asked = new Set(shopifyOrderIds);
  const ids = waiting.map((d) => orderIdOfBody(d.body)).filter((id) => id && asked.has(id));
  return [...new Set(ids as string[])];
}

/** Print orders of some Shopify orders with their timelines (for the sandbox demo). */
export async function listPrintOrdersOfShopOrders({
  shop,
  shopifyOrderIds,
}: {
  shop: string;
  shopifyOrderIds: string[];
}) {
  const rows = await prisma.printOrder.findMany({
    where: { shop, shopifyOrderId: { in: shopifyOrderIds } },
    orderBy: [{ shopifyOrderId: "asc" }, { groupIndex: "asc" }],
    select: {
      // The id the admin's order actions take (`npm run demo` approves through them).
      id: true,
      shopifyOrderId: true,
      shopifyOrderName: true,
      orderReference: true,
      printOrderId: true,
      status: true,
      serviceState: true,
      currency: true,
      wholesaleTotalMinor: true,
      trackingCode: true,
      trackingUrl: true,
      lastErrorCode: true,
      lastErrorMessage: true,
      servicePaidAt: true,
      // How the app heard of the order (webhook, the regular check, an import).
      shopOrder: { select: { source: true } },
      items: { select: { title: true, quantity: true, offeringId: true } },
      events: { select: { type: true, at: true }, orderBy: { id: "asc" } },
    },
  });
  return rows.map(({ shopOrder, ...row }) => ({
    ...row,
    source: shopOrder.source,
    servicePaidAt: row.servicePaidAt?.toISOString() ?? null,
    events: row.events.map((e) => ({ type: e.type, at: e.at.toISOString() })),
  }));
}

/**
 * What the admin's order pages compare to notice a change without reloading
 * (routes/app.orders.changes.tsx): the newest timeline entry of the shop, or
 * of one print order. Every state change, new print order and merchant action
 * writes one, so a new entry means the page is out of date. One row read from
 * the (shop, at) or (shop, printOrderId, at) index, whatever the shop's size.
 */
export async function ordersVersion({
  shop,
  printOrderId,
}: {
  shop: string;
  printOrderId?: string | undefined;
}): Promise<string> {
  const newest = await prisma.orderEvent.findFirst({
    where: printOrderId ? { shop, printOrderId } : { shop },
    orderBy: [{ at: "desc" }, { id: "desc" }],
    select: { id: true, at: true },
  });
  return newest ? `${newest.at.getTime()}.${newest.id}` : "0";
}
