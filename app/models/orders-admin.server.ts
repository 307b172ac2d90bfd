import type { Prisma } from "@prisma/client";
import prisma from "../db.server";
import { signalWorkAvailable } from "../lib/worker-signal.server";
import {
  approvePrintOrder,
  attachItemFile,
  canCancelBeforePrint,
  cancelHeldPrintOrder,
  retryPrintOrder,
  type CommandResult,
} from "../services/fulfilment/commands";
import {
  itemStateLabel,
  PRINT_ORDER_STATUSES,
  serviceStateLabel,
  type PrintOrderStatus,
} from "../services/fulfilment/status";
import { ORDER_VIEWS, type OrderView } from "./admin-shared";
import { parseMajor, type MoneyMinor, type OrderPrices } from "../services/print";

/**
 * Print orders for the admin pages: a keyset-paginated list on indexed
 * columns (no OFFSET, no COUNT over everything), counts per state, the detail
 * with its timeline, and the merchant's actions. Every function is keyed by shop.
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

export interface OrderCursor {
  createdAt: Date;
  id: string;
}

export function encodeCursor(c: OrderCursor): string {
  return Buffer.from(`${c.createdAt.getTime()}:${c.id}`).toString("base64url");
}

export function decodeCursor(text: string | null | undefined): OrderCursor | null {
  if (!text) return null;
  const raw = Buffer.from(text, "base64url").toString("utf8");
  const m = /^(\d{1,15}):([A-Za-z0-9_-]{1,64})$/.exec(raw);
  if (!m) return null;
  return { createdAt: new Date(Number(m[1])), id: m[2]! };
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

export interface AttentionRow {
  id: string;
  shopifyOrderName: string;
  status: string;
  reason: string;
  action: string | null;
  code: string | null;
  createdAt: string;
  holdUntil: string | null;
}

/** What the merchant should look at: orders that need attention, then those waiting for approval. */
export async function listNeedingAttention({
  shop,
  take = 10,
}: {
  shop: string;
  take?: number;
}): Promise<AttentionRow[]> {
  const select = {
    id: true,
    shopifyOrderName: true,
    status: true,
    lastErrorCode: true,
    lastErrorMessage: true,
    lastErrorAction: true,
    createdAt: true,
    holdUntil: true,
  } as const;
  const [attention, waiting] = await Promise.all([
    prisma.printOrder.findMany({
      where: { shop, status: "needs_attention" },
      orderBy: { createdAt: "desc" },
      take,
      select,
    }),
    prisma.printOrder.findMany({
      where: { shop, status: { in: ["awaiting_approval", "held"] } },
      orderBy: { createdAt: "asc" },
      take,
      select,
    }),
  ]);
  return [...attention, ...waiting].slice(0, take).map((r) => ({
    id: r.id,
    shopifyOrderName: r.shopifyOrderName,
    status: r.status,
    reason:
      r.status === "needs_attention"
        ? (r.lastErrorMessage ?? "Something needs your attention.")
        : r.status === "held"
          ? "Held before printing."
          : "Waiting for your approval.",
    action: r.status === "needs_attention" ? r.lastErrorAction : null,
    code: r.lastErrorCode,
    createdAt: r.createdAt.toISOString(),
    holdUntil: r.holdUntil?.toISOString() ?? null,
  }));
}

export interface ActivityRow {
  id: number;
  at: string;
  actor: string;
  type: string;
  message: string;
  printOrderId: string | null;
  shopOrderName: string;
}

/** The latest events of the shop, from the (shop, at) index. */
export async function listRecentActivity({
  shop,
  take = 10,
}: {
  shop: string;
  take?: number;
}): Promise<ActivityRow[]> {
  const events = await prisma.orderEvent.findMany({
    where: { shop },
    orderBy: { at: "desc" },
    take,
    select: {
      id: true,
      at: true,
      actor: true,
      type: true,
      message: true,
      printOrderId: true,
      shopOrder: { select: { name: true } },
    },
  });
  return events.map((e) => ({
    id: e.id,
    at: e.at.toISOString(),
    actor: e.actor,
    type: e.type,
    message: e.message,
    printOrderId: e.printOrderId,
    shopOrderName: e.shopOrder.name,
  }));
}

/** Whether the print service has sent a status callback lately (among the newest events). */
export async function hasRecentCallback({ shop }: { shop: string }): Promise<boolean> {
  const recent = await prisma.orderEvent.findMany({
    where: { shop },
    orderBy: { at: "desc" },
    take: 200,
    select: { actor: true },
  });
  return recent.some((e) => e.actor === "callback");
}

interface StoredAddress {
  name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  company?: string | null;
  address1?: string | null;
  address2?: string | null;
  zip?: string | null;
  city?: string | null;
  province?: string | null;
  country?: string | null;
  country_code?: string | null;
  phone?: string | null;
}

interface StoredLine {
  id: string | number;
  title?: string;
  variant_title?: string | null;
  quantity?: number;
  price?: string;
}

export interface OrderDetailView {
  id: string;
  shopifyOrderName: string;
  shopifyOrderId: string;
  orderReference: string;
  printOrderId: number | null;
  status: string;
  resumeStatus: string | null;
  serviceState: string | null;
  /** The service state in plain words (as sent when the app does not know it). */
  serviceStateLabel: string | null;
  currency: string;
  createdAt: string;
  holdUntil: string | null;
  approvedAt: string | null;
  lastSyncedAt: string | null;
  lastError: { code: string | null; message: string | null; action: string | null } | null;
  tracking: { code: string | null; url: string | null; company: string | null } | null;
  wholesale: { total: MoneyMinor | null; shipping: MoneyMinor | null; tax: MoneyMinor | null };
  retailTotal: MoneyMinor | null;
  prices: OrderPrices | null;
  fulfilmentLocation: { countryCode?: string; labCode?: string } | null;
  email: string | null;
  shippingAddress: string[] | null;
  redacted: boolean;
  items: {
    id: string;
    title: string;
    quantity: number;
    offeringId: number;
    variantId: string;
    fileUrl: string | null;
    numberOfPages: number | null;
    awaitingFile: boolean;
    filesSent: boolean;
    shopPrice: MoneyMinor | null;
    /** The service's item state as sent, and in plain words. */
    serviceState: string | null;
    serviceStateLabel: string | null;
  }[];
  events: { id: number; at: string; actor: string; type: string; message: string }[];
  actions: { approve: boolean; retry: boolean; cancel: boolean; attach: boolean };
}

function money(amountMinor: number | null, currency: string): MoneyMinor | null {
  return amountMinor === null ? null : { amountMinor, currency };
}

function addressLines(a: StoredAddress | null): string[] | null {
  if (!a) return null;
  const name = a.name ?? [a.first_name, a.last_name].filter(Boolean).join(" ");
  return [
    name,
    a.company,
    a.address1,
    a.address2,
    [a.zip, a.city].filter(Boolean).join(" "),
    a.province,
    a.country ?? a.country_code,
    a.phone,
  ].filter((l): l is string => typeof l === "string" && l.trim() !== "");
}

function parseJson<T>(text: string | null | undefined): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

function shopPriceOf(line: StoredLine | undefined, currency: string): MoneyMinor | null {
  if (!line?.price) return null;
  try {
    return parseMajor(line.price, currency);
  } catch {
    return null;
  }
}

export const TIMELINE_LIMIT = 200;

export async function getPrintOrderDetail({
  shop,
  id,
}: {
  shop: string;
  id: string;
}): Promise<OrderDetailView | null> {
  // Separate queries, each on an index that starts with shop (no scans of other shops' rows).
  const [order, items, events] = await Promise.all([
    prisma.printOrder.findFirst({
      where: { id, shop },
      include: {
        shopOrder: {
          select: {
            email: true,
            shippingAddress: true,
            lineItems: true,
            currency: true,
            redactedAt: true,
          },
        },
      },
    }),
    prisma.printOrderItem.findMany({
      where: { shop, printOrderRowId: id },
      orderBy: { itemReference: "asc" },
    }),
    prisma.orderEvent.findMany({
      where: { shop, printOrderId: id },
      orderBy: { at: "desc" },
      take: TIMELINE_LIMIT,
      select: { id: true, at: true, actor: true, type: true, message: true },
    }),
  ]);
  if (!order) return null;
  const priceData = parseJson<{
    prices?: OrderPrices;
    fulfilmentLocation?: { countryCode?: string; labCode?: string } | null;
  }>(order.priceData);
  const lines = parseJson<StoredLine[]>(order.shopOrder.lineItems) ?? [];
  const status = order.status as PrintOrderStatus;
  const awaitingFiles = items.some((i) => !i.fileDetails && !i.filesSentAt);
  return {
    id: order.id,
    shopifyOrderName: order.shopifyOrderName,
    shopifyOrderId: order.shopifyOrderId,
    orderReference: order.orderReference,
    printOrderId: order.printOrderId,
    status: order.status,
    resumeStatus: order.resumeStatus,
    serviceState: order.serviceState,
    serviceStateLabel: order.serviceState ? serviceStateLabel(order.serviceState) : null,
    currency: order.currency,
    createdAt: order.createdAt.toISOString(),
    holdUntil: order.holdUntil?.toISOString() ?? null,
    approvedAt: order.approvedAt?.toISOString() ?? null,
    lastSyncedAt: order.lastSyncedAt?.toISOString() ?? null,
    lastError:
      order.lastErrorCode || order.lastErrorMessage
        ? {
            code: order.lastErrorCode,
            message: order.lastErrorMessage,
            action: order.lastErrorAction,
          }
        : null,
    tracking:
      order.trackingCode || order.trackingUrl
        ? { code: order.trackingCode, url: order.trackingUrl, company: order.trackingCompany }
        : null,
    wholesale: {
      total: money(order.wholesaleTotalMinor, order.currency),
      shipping: money(order.wholesaleShippingMinor, order.currency),
      tax: money(order.wholesaleTaxMinor, order.currency),
    },
    retailTotal: money(order.retailTotalMinor, order.currency),
    prices: priceData?.prices ?? null,
    fulfilmentLocation: priceData?.fulfilmentLocation ?? null,
    email: order.shopOrder.email,
    shippingAddress: addressLines(parseJson<StoredAddress>(order.shopOrder.shippingAddress)),
    redacted: order.shopOrder.redactedAt !== null,
    items: items.map((i) => {
      const files = parseJson<{ contentUrl?: string; numberOfPages?: number }>(i.fileDetails);
      const line = lines.find((l) => String(l.id) === i.shopifyLineItemId);
      return {
        id: i.id,
        title: i.title,
        quantity: i.quantity,
        offeringId: i.offeringId,
        variantId: i.variantId,
        fileUrl: files?.contentUrl ?? null,
        numberOfPages: files?.numberOfPages ?? null,
        awaitingFile: !i.fileDetails && !i.filesSentAt,
        filesSent: i.filesSentAt !== null,
        shopPrice: shopPriceOf(line, order.shopOrder.currency),
        serviceState: i.serviceState,
        serviceStateLabel: i.serviceState ? itemStateLabel(i.serviceState) : null,
      };
    }),
    events: events.map((e) => ({
      id: e.id,
      at: e.at.toISOString(),
      actor: e.actor,
      type: e.type,
      message: e.message,
    })),
    actions: {
      approve: status === "held" || status === "awaiting_approval",
      retry: status === "needs_attention",
      cancel: canCancelBeforePrint(order),
      attach: awaitingFiles && status !== "cancelled",
    },
  };
}

export type OrderAction =
  | { intent: "approve"; id: string }
  | { intent: "retry"; id: string }
  | { intent: "cancel"; id: string }
  | { intent: "attach"; id: string; itemId: string; fileUrl: string };

/** A merchant's action on a print order; the worker is woken to act on it at once. */
export async function runOrderAction({
  shop,
  action,
}: {
  shop: string;
  action: OrderAction;
}): Promise<CommandResult> {
  let result: CommandResult;
  switch (action.intent) {
    case "approve":
      result = await approvePrintOrder(prisma, { shop, id: action.id });
      break;
    case "retry":
      result = await retryPrintOrder(prisma, { shop, id: action.id });
      break;
    case "cancel":
      result = await cancelHeldPrintOrder(prisma, { shop, id: action.id });
      break;
    case "attach":
      result = await attachItemFile(prisma, {
        shop,
        printOrderId: action.id,
        itemId: action.itemId,
        fileUrl: action.fileUrl,
      });
      break;
  }
  if (result.ok) signalWorkAvailable();
  return result;
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
