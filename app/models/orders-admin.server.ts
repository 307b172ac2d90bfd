import type { Prisma } from "@prisma/client";
import prisma from "../db.server";
import { PRINT_ORDER_STATUSES, type PrintOrderStatus } from "../services/fulfilment/machine";
import { ORDER_VIEWS, type OrderView } from "./admin-shared";
import { decodeCursor, encodeCursor } from "./keyset-cursor.server";

/**
 * Print orders for the admin lists: a keyset-paginated list on indexed
 * columns (no OFFSET, no COUNT over everything) and counts per state. The
 * detail and the merchant's actions are in order-detail.server.ts, the Home
 * page's lists in order-activity.server.ts. Every function is keyed by shop.
 */

export const ORDERS_PAGE_SIZE = 25;

export { ORDER_VIEWS, isOrderView, type OrderView } from "./admin-shared";

export interface OrderListFilters {
  view: OrderView;
  /** A single status (overrides the view's statuses when set). */
  status?: PrintOrderStatus | undefined;
  /** Shopify order name or its beginning, with or without "#". */
  search?: string | undefined;
  /** Inclusive from, exclusive to. */
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface OrderListRow {
  id: string;
  shopifyOrderName: string;
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
  itemCount: number;
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
  // Item counts in one query on the (shop, printOrderRowId) index.
  const counts = page.length
    ? await prisma.printOrderItem.groupBy({
        by: ["printOrderRowId"],
        where: { shop, printOrderRowId: { in: page.map((r) => r.id) } },
        _count: { _all: true },
      })
    : [];
  const countOf = new Map(counts.map((c) => [c.printOrderRowId, c._count._all]));
  const rows = page.map((r) => ({
    id: r.id,
    shopifyOrderName: r.shopifyOrderName,
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
    itemCount: countOf.get(r.id) ?? 0,
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
      items: { select: { title: true, quantity: true, offeringId: true } },
      events: { select: { type: true, at: true }, orderBy: { id: "asc" } },
    },
  });
  return rows.map((row) => ({
    ...row,
    events: row.events.map((e) => ({ type: e.type, at: e.at.toISOString() })),
  }));
}
