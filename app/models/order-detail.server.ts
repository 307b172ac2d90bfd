import prisma from "../db.server";
import { listOfferings } from "./catalogue.server";
import { splitOf } from "./orders-admin.server";
import { signalWorkAvailable } from "../lib/worker-signal.server";
import {
  approvePrintOrder,
  attachItemFile,
  cancelHeldPrintOrder,
  printAnywayPrintOrder,
  retryPrintOrder,
  runOnEachPrintOrder,
  type BulkIntent,
  type CommandResult,
} from "../services/fulfilment/commands";
import { collapseTimeline, NOT_IN_TIMELINE } from "../services/fulfilment/events";
import { merchantActionsFor, type PrintOrderStatus } from "../services/fulfilment/machine";
import { itemStateLabel, serviceStateLabel } from "../services/fulfilment/service-states";
import { PREFLIGHT_TEXT } from "../services/merchant-text/errors";
import { bulkSummary, eventActorLabel, type BulkOutcome } from "../services/merchant-text/orders";
import { isLoss, marginOf, marginShare, rateSentence, type PrintCost } from "../services/margin";
import { parsePreflight, type PreflightProblem } from "../services/preflight";
import { parseMajor, type MoneyMinor, type OrderPrices } from "../services/print";
import { multiplyMoney, sumMoney } from "../services/print/money";

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
  /** Copies to print: the sum of the items' quantities. */
  copies: number;
  /** The other print orders of the same Shopify order, when it was split. */
  split: {
    index: number;
    of: number;
    orders: { id: string; index: number; status: string; current: boolean }[];
  } | null;
  margin: OrderMargin;
  items: {
    id: string;
    title: string;
    quantity: number;
    offeringId: number;
    /** The offering's name at the print service; null when it could not be read. */
    offeringName: string | null;
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
  /** One entry per change, newest first; `by` is who did it, in words. */
  events: { id: number; at: string; by: string; type: string; message: string }[];
  actions: {
    approve: boolean;
    retry: boolean;
    cancel: boolean;
    attach: boolean;
    printAnyway: boolean;
  };
}

/**
 * What the merchant keeps of the sale (services/margin.ts): the Shopify price
 * of the items this print order prints, minus what the print service charges
 * (print, shipping and VAT). Without a quote or a price, or without an exchange
 * rate between two currencies, the reason in words.
 */
export type OrderMargin =
  | {
      status: "ok";
      price: MoneyMinor;
      /** The print service's charges in its currency, by part (null when only the total is known). */
      parts: PrintCost | null;
      /** What the print service charges, in the price's currency. */
      cost: MoneyMinor;
      margin: MoneyMinor;
      loss: boolean;
      share: number | null;
      /** How the cost was converted ("1 EUR = 1.0850 USD"), when it was. */
      rate: string | null;
    }
  | { status: "unknown"; price: MoneyMinor | null; cost: MoneyMinor | null; reason: string };

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

/** What the print service charges, by part when its prices are known, else the quoted total. */
function printCostOf(
  prices: OrderPrices | null,
  quotedTotal: MoneyMinor | null,
  currency: string,
): { parts: PrintCost | null; total: MoneyMinor } | null {
  const print = prices?.totalWholesaleProductPriceExTaxes;
  const shipping = prices?.totalWholesaleShippingExTaxes;
  if (prices && print && shipping) {
    const taxes = [...prices.wholesaleProductTaxes, ...prices.wholesaleShippingTaxes]
      .map((t) => t.amount)
      .filter((a): a is MoneyMinor => Boolean(a));
    const parts = { print, shipping, vat: sumMoney(taxes, print.currency) };
    const total = sumMoney([print, shipping, parts.vat], print.currency);
    return { parts, total };
  }
  const total = prices?.totalWholesalePriceIncTaxes ?? quotedTotal;
  return total ? { parts: null, total: { ...total, currency: total.currency || currency } } : null;
}

function orderMargin(
  price: MoneyMinor | null,
  cost: { parts: PrintCost | null; total: MoneyMinor } | null,
): OrderMargin {
  if (!price)
    return {
      status: "unknown",
      price: null,
      cost: cost?.total ?? null,
      reason: "Shopify's price of an item is not known, so the margin cannot be worked out.",
    };
  if (!cost)
    return {
      status: "unknown",
      price,
      cost: null,
      reason: "Known once the print service has quoted the order.",
    };
  // The print service gave no exchange rate with this order: a rate is not guessed.
  const result = marginOf({ price, cost: cost.parts ?? cost.total });
  if (result.status !== "ok")
    return { status: "unknown", price, cost: cost.total, reason: result.reason };
  return {
    status: "ok",
    price,
    parts: cost.parts,
    cost: result.cost,
    margin: result.margin,
    loss: isLoss(result.margin),
    share: marginShare(result.margin, price),
    rate: result.conversion ? rateSentence(result.conversion.from, result.conversion.to) : null,
  };
}

/** The Shopify price of the items: stored at planning, else the order's line price x quantity. */
function itemsPrice(
  items: { revenueMinor: number | null; revenueCurrency: string | null; quantity: number }[],
  linePrices: (MoneyMinor | null)[],
  currency: string,
): MoneyMinor | null {
  const amounts: MoneyMinor[] = [];
  for (const [i, item] of items.entries()) {
    if (item.revenueMinor !== null && item.revenueCurrency)
      amounts.push({ amountMinor: item.revenueMinor, currency: item.revenueCurrency });
    else if (linePrices[i]) amounts.push(multiplyMoney(linePrices[i], item.quantity));
    else return null;
  }
  if (amounts.length === 0 || amounts.some((a) => a.currency !== currency)) return null;
  return sumMoney(amounts, currency);
}

/** Offering names by id, from the cached catalogue; an empty map if it does not answer soon. */
async function offeringNames(shop: string): Promise<Map<number, string>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), 1500);
  });
  try {
    const result = await Promise.race([listOfferings({ shop, filters: {} }), late]);
    return new Map(result?.status === "ok" ? result.data.map((o) => [o.id, o.name]) : []);
  } catch {
    return new Map();
  } finally {
    clearTimeout(timer);
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
  const [order, items, events, names] = await Promise.all([
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
      where: { shop, printOrderId: id, type: { notIn: [...NOT_IN_TIMELINE] } },
      orderBy: [{ at: "desc" }, { id: "desc" }],
      take: TIMELINE_LIMIT,
      select: { id: true, at: true, actor: true, type: true, message: true, data: true },
    }),
    offeringNames(shop),
  ]);
  if (!order) return null;
  // The print orders of the same Shopify order, on the (shop, shopifyOrderName) index.
  const siblings = (
    await prisma.printOrder.findMany({
      where: { shop, shopifyOrderName: order.shopifyOrderName },
      select: {
        id: true,
        shopOrderId: true,
        shopifyOrderName: true,
        groupIndex: true,
        status: true,
      },
    })
  ).filter((o) => o.shopOrderId === order.shopOrderId);
  const place = splitOf(order, siblings);
  const priceData = parseJson<{
    prices?: OrderPrices;
    fulfilmentLocation?: { countryCode?: string; labCode?: string } | null;
  }>(order.priceData);
  const lines = parseJson<StoredLine[]>(order.shopOrder.lineItems) ?? [];
  const status = order.status as PrintOrderStatus;
  const awaitingFiles = items.some((i) => !i.fileDetails && !i.filesSentAt);
  const linePrices = items.map((i) =>
    shopPriceOf(
      lines.find((l) => String(l.id) === i.shopifyLineItemId),
      order.shopOrder.currency,
    ),
  );
  const prices = priceData?.prices ?? null;
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
    prices,
    copies: items.reduce((sum, i) => sum + i.quantity, 0),
    split: place
      ? {
          ...place,
          orders: siblings
            .map((o) => ({ o, at: splitOf(o, siblings)?.index ?? 1 }))
            .sort((a, b) => a.at - b.at)
            .map(({ o, at }) => ({
              id: o.id,
              index: at,
              status: o.status,
              current: o.id === order.id,
            })),
        }
      : null,
    margin: orderMargin(
      itemsPrice(items, linePrices, order.shopOrder.currency),
      printCostOf(prices, money(order.wholesaleTotalMinor, order.currency), order.currency),
    ),
    fulfilmentLocation: priceData?.fulfilmentLocation ?? null,
    email: order.shopOrder.email,
    shippingAddress: addressLines(parseJson<StoredAddress>(order.shopOrder.shippingAddress)),
    redacted: order.shopOrder.redactedAt !== null,
    items: items.map((i, index) => {
      const files = parseJson<{ contentUrl?: string; numberOfPages?: number }>(i.fileDetails);
      return {
        id: i.id,
        title: i.title,
        quantity: i.quantity,
        offeringId: i.offeringId,
        offeringName: names.get(i.offeringId) ?? null,
        variantId: i.variantId,
        fileUrl: files?.contentUrl ?? null,
        numberOfPages: files?.numberOfPages ?? null,
        awaitingFile: !i.fileDetails && !i.filesSentAt,
        filesSent: i.filesSentAt !== null,
        shopPrice: linePrices[index] ?? null,
        serviceState: i.serviceState,
        serviceStateLabel: i.serviceState ? itemStateLabel(i.serviceState) : null,
        fileCheck: fileCheckOf(i, files?.contentUrl ?? null),
      };
    }),
    events: collapseTimeline(events).map((e) => ({
      id: e.id,
      at: e.at.toISOString(),
      by: eventActorLabel(e.actor),
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

/** What the orders list's bulk action answers: one summary, and each order's outcome. */
export interface BulkActionData {
  intent: BulkIntent;
  /** "3 orders approved; 1 order could not be: #1004 (…)". */
  message: string;
  /** All done, some done, or none. */
  tone: "success" | "warning" | "critical";
  outcomes: (BulkOutcome & { id: string })[];
}

/** Approve or cancel several print orders of the shop, each by its own rules. */
export async function runBulkOrderAction({
  shop,
  intent,
  ids,
}: {
  shop: string;
  intent: BulkIntent;
  ids: string[];
}): Promise<BulkActionData> {
  const results = await runOnEachPrintOrder(prisma, { shop, intent, ids });
  if (results.some((r) => r.result.ok)) signalWorkAvailable();
  const names = new Map(
    (
      await prisma.printOrder.findMany({
        where: { shop, id: { in: results.map((r) => r.id) } },
        select: { id: true, shopifyOrderName: true },
      })
    ).map((o) => [o.id, o.shopifyOrderName]),
  );
  const outcomes = results.map((r) => ({
    id: r.id,
    name: names.get(r.id) ?? "An order",
    ok: r.result.ok,
    message: r.result.message,
  }));
  const done = outcomes.filter((o) => o.ok).length;
  return {
    intent,
    message: bulkSummary(intent, outcomes),
    tone: done === outcomes.length ? "success" : done > 0 ? "warning" : "critical",
    outcomes,
  };
}
