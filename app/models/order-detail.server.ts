import prisma from "../db.server";
import { signalWorkAvailable } from "../lib/worker-signal.server";
import {
  approvePrintOrder,
  attachItemFile,
  cancelHeldPrintOrder,
  printAnywayPrintOrder,
  retryPrintOrder,
  type CommandResult,
} from "../services/fulfilment/commands";
import { merchantActionsFor, type PrintOrderStatus } from "../services/fulfilment/machine";
import { itemStateLabel, serviceStateLabel } from "../services/fulfilment/service-states";
import { PREFLIGHT_TEXT } from "../services/merchant-text/errors";
import { parsePreflight, type PreflightProblem } from "../services/preflight";
import { parseMajor, type MoneyMinor, type OrderPrices } from "../services/print";

/**
 * One print order for the admin: its detail with the timeline, and the
 * merchant's actions on it. Every function is keyed by shop.
 */

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
    /** The print-file check of the item's current file, in plain words; null when not checked. */
    fileCheck: ItemFileCheck | null;
  }[];
  events: { id: number; at: string; actor: string; type: string; message: string }[];
  actions: {
    approve: boolean;
    retry: boolean;
    cancel: boolean;
    attach: boolean;
    printAnyway: boolean;
  };
}

/** An item's print-file check as the items card shows it. */
export interface ItemFileCheck {
  /** "overridden": it failed and the merchant chose to print it anyway. */
  status: "passed" | "failed" | "unreachable" | "overridden";
  /** One line: what was found, or why it was not checked. */
  summary: string;
  /** For a failed file: each problem with its fix. */
  problems: { message: string; fix: string }[];
}

/** mm with at most one decimal, as the check measured them ("216 × 303 mm"). */
function mm(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** The item's check, when it is of the file the item has now (a replaced file's is stale). */
function fileCheckOf(
  item: { preflight: string | null; preflightOverride: string | null },
  fileUrl: string | null,
): ItemFileCheck | null {
  const result = parsePreflight(item.preflight);
  if (!result || result.url !== fileUrl) return null;
  const problems = result.problems.map((p) => ({ message: p.message, fix: p.fix }));
  const override = parseJson<{ at?: string; problems?: PreflightProblem[] }>(
    item.preflightOverride,
  );
  if (override) {
    const overridden = (override.problems ?? result.problems).map((p) => p.message).join(" ");
    return { status: "overridden", summary: PREFLIGHT_TEXT.overridden(overridden), problems };
  }
  switch (result.status) {
    case "passed": {
      const pages = result.pages === 1 ? "1 page" : `${result.pages ?? "?"} pages`;
      const size =
        result.pageWidthMm !== undefined && result.pageHeightMm !== undefined
          ? `, ${mm(result.pageWidthMm)} × ${mm(result.pageHeightMm)} mm`
          : "";
      return { status: "passed", summary: PREFLIGHT_TEXT.passed(`${pages}${size}`), problems: [] };
    }
    case "failed":
      return {
        status: "failed",
        summary: PREFLIGHT_TEXT.failed,
        problems,
      };
    case "unreachable":
      return {
        status: "unreachable",
        summary: PREFLIGHT_TEXT.unreachable(result.reason ?? "no answer from its address"),
        problems: [],
      };
  }
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
        fileCheck: fileCheckOf(i, files?.contentUrl ?? null),
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
      ...merchantActionsFor(order),
      attach: awaitingFiles && status !== "cancelled",
    },
  };
}

export type OrderAction =
  | { intent: "approve"; id: string }
  | { intent: "retry"; id: string }
  | { intent: "cancel"; id: string }
  | { intent: "print_anyway"; id: string }
  | { intent: "attach"; id: string; itemId: string; fileUrl: string };

/** What the order page's action answers; a wrong file URL names the item it belongs to. */
export type OrderActionData =
  | { ok: true; intent: string; message: string }
  | { ok: false; intent: string; message: string; itemId?: string; fieldError?: string };

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
    case "print_anyway":
      result = await printAnywayPrintOrder(prisma, { shop, id: action.id });
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
