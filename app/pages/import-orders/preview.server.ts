import { getMappings, countMappings } from "../../data/mapping.server";
import { getPrintSettingsForDisplay } from "../../data/print-settings.server";
import { knownShopOrders } from "../../data/import-orders.server";
import type { MappingForPlan } from "../../services/fulfilment/print-plan";
import { countOf } from "../../services/merchant-text/orders";
import { routingModeLabel } from "../../services/merchant-text/routing";
import type { MoneyMinor } from "../../services/print";
import { FALLBACK_CURRENCY } from "../../services/pricing/currency";
import { pageFailure, type AdminApi } from "../../services/shopify-admin";
import {
  judgePastOrder,
  SKIP_REASON_TEXT,
  variantIdsOf,
  type HandledOrder,
  type LeftOutOrder,
  type PrintableOrder,
  type SkipReason,
} from "./classify";
import { earliestDay, dayOf, parsePeriod, type ImportPeriod } from "./period";
import { quoteOrders, totalCost, type OrderCost } from "./quote-orders.server";
import { readPastOrders, MAX_PAST_ORDERS } from "./read-past-orders.server";

/**
 * Import past orders: the period's paid orders read from Shopify, which of them would be
 * printed (with their print lines and quoted cost) and which would not, and why. The action
 * (import.server.ts) judges them again the same way before it records any.
 */

/** The period's orders judged: what would be printed, what the app handles already, the rest. */
export interface JudgedPeriod {
  printable: PrintableOrder[];
  handled: HandledOrder[];
  leftOut: LeftOutOrder[];
  /**
   * The period holds more orders than one look reads: where the next look goes on (Shopify's
   * cursor, so a day with more orders than a look reads is read to its end).
   */
  continueAfter: string | null;
  /** When Shopify was read (a look is kept a little while: read-past-orders.server.ts). */
  readAt: string;
}

/** Reads the period's paid orders from Shopify and judges each against what the app holds. */
export async function judgePeriod({
  shop,
  admin,
  period,
  pages,
  fresh = false,
  after = null,
}: {
  shop: string;
  admin: AdminApi;
  period: Pick<ImportPeriod, "start" | "end">;
  /** Fewer pages than a look at the page reads (Home's offer reads one). */
  pages?: number | undefined;
  /** Read Shopify now rather than take a look kept from a moment ago. */
  fresh?: boolean;
  /** Go on after an earlier look of the period (its continueAfter). */
  after?: string | null;
}): Promise<JudgedPeriod> {
  const read = await readPastOrders({
    shop,
    admin,
    start: period.start,
    end: period.end,
    pages,
    fresh,
    after,
  });
  const [known, mappingRows] = await Promise.all([
    knownShopOrders({ shop, shopifyOrderIds: read.orders.map((o) => o.id) }),
    getMappings({ shop, variantIds: variantIdsOf(read.orders) }),
  ]);
  const mappings = new Map<string, MappingForPlan>(mappingRows.map((m) => [m.variantId, m]));
  const printable: PrintableOrder[] = [];
  const handled: HandledOrder[] = [];
  const leftOut: LeftOutOrder[] = [];
  for (const past of read.orders) {
    const verdict = judgePastOrder(past, known.get(past.id), mappings);
    if (verdict.kind === "print") printable.push(verdict.order);
    else if (verdict.kind === "handled") handled.push(verdict.order);
    else leftOut.push(verdict.order);
  }
  return {
    printable,
    handled,
    leftOut,
    continueAfter: read.more ? read.endCursor : null,
    readAt: read.readAt,
  };
}

export interface PreviewLine {
  title: string;
  quantity: number;
}

export interface PreviewOrder {
  id: string;
  name: string;
  createdAt: string | null;
  lines: PreviewLine[];
  /** Lines of the order that are not printed (not a print product), with why. */
  otherLines: { title: string; reason: string }[];
  warnings: string[];
  cost: MoneyMinor | null;
  costNote: string | null;
}

/** An order Print Connect handles already, with where it stands and its page. */
export interface PreviewHandled {
  id: string;
  name: string;
  createdAt: string | null;
  status: string;
  detail: string | null;
  holdUntil: string | null;
  /** Its print order's page, or the orders list searched by its name while it is planned. */
  url: string;
}

export interface PreviewLeftOut {
  id: string;
  name: string;
  createdAt: string | null;
  reason: SkipReason;
  reasonText: string;
  detail: string | null;
}

function previewOrder(order: PrintableOrder, cost: OrderCost): PreviewOrder {
  return {
    id: order.id,
    name: order.name,
    createdAt: order.createdAt,
    lines: order.items.map((i) => ({ title: i.title, quantity: i.quantity })),
    otherLines: order.skippedLines.map((s) => ({ title: s.title, reason: s.reason })),
    warnings: order.warnings,
    cost: cost.status === "quoted" ? cost.total : null,
    costNote: cost.status === "unquoted" ? cost.note : null,
  };
}

/** What the page shows before the merchant has picked anything or when a look failed. */
function emptyPreview(from: string, to: string, now: Date) {
  return {
    form: { from, to, earliest: earliestDay(now), today: dayOf(now), after: null as string | null },
    periodError: null as string | null,
    problem: null as string | null,
    noCredentials: false,
    mappings: 0,
    routing: null as { label: string; effect: string } | null,
    toPrint: [] as PreviewOrder[],
    handled: [] as PreviewHandled[],
    leftOut: [] as PreviewLeftOut[],
    /** When Shopify was read for what the page shows; null before any look. */
    readAt: null as string | null,
    byReason: [] as { reason: SkipReason; text: string; count: number }[],
    total: null as MoneyMinor | null,
    unquoted: 0,
    continueAfter: null as string | null,
    limit: MAX_PAST_ORDERS,
  };
}

export type ImportPreview = ReturnType<typeof emptyPreview>;

/** What routing does with imported orders, as the page and its confirmation say it. */
function routingOf(settings: Awaited<ReturnType<typeof getPrintSettingsForDisplay>>) {
  if (!settings) return null;
  const label = routingModeLabel(settings.routingMode);
  if (settings.routingMode === "manual")
    return { label, effect: "They wait for your approval before anything is printed." };
  if (settings.routingMode === "hold")
    return {
      label: `${label} of ${countOf(settings.holdHours, "hour")}`,
      effect: `They wait ${countOf(settings.holdHours, "hour")}, then go to print unless you act.`,
    };
  return { label, effect: "They go to print at once." };
}

/** A cursor of Shopify's as the page carries it; anything else is no cursor (the first look). */
export function cursorOf(text: string | null): string | null {
  return text && text.length <= 500 && /^[A-Za-z0-9+/=_-]+$/.test(text) ? text : null;
}

/** The page's data for the period in the URL (the last 30 days when none is given). */
export async function loadImportPreview({
  shop,
  admin,
  searchParams,
  now = new Date(),
}: {
  shop: string;
  admin: AdminApi;
  searchParams: URLSearchParams;
  now?: Date;
}): Promise<ImportPreview> {
  const asked = parsePeriod({ from: searchParams.get("from"), to: searchParams.get("to") }, now);
  const [settings, mappings] = await Promise.all([
    getPrintSettingsForDisplay({ shop }),
    countMappings({ shop }),
  ]);
  const credentials = Boolean(settings?.merchantApiKey && settings.secretKeySet);
  if (!asked.ok)
    return { ...emptyPreview(asked.from, asked.to, now), periodError: asked.message, mappings };
  const { period } = asked;
  const after = cursorOf(searchParams.get("after"));
  const empty = emptyPreview(period.from, period.to, now);
  const preview = {
    ...empty,
    form: { ...empty.form, after },
    noCredentials: !credentials,
    mappings,
    routing: routingOf(settings),
  };
  let judged: JudgedPeriod;
  try {
    judged = await judgePeriod({
      shop,
      admin,
      period,
      fresh: searchParams.has("fresh"),
      after,
    });
  } catch (error) {
    const failure = pageFailure(error);
    if (!failure) throw error;
    return {
      ...preview,
      problem: `Shopify's orders could not be read (${failure.message}). Try again in a moment.`,
    };
  }
  const currency = settings?.currency ?? FALLBACK_CURRENCY;
  const costs = credentials
    ? await quoteOrders({ shop, orders: judged.printable, currency })
    : judged.printable.map((): OrderCost => ({
        status: "unquoted",
        note: "Connect your print-service account to see the cost.",
      }));
  const counts = new Map<SkipReason, number>();
  for (const o of judged.leftOut) counts.set(o.reason, (counts.get(o.reason) ?? 0) + 1);
  return {
    ...preview,
    toPrint: judged.printable.map((o, i) => previewOrder(o, costs[i]!)),
    handled: judged.handled.map((o) => ({
      id: o.id,
      name: o.name,
      createdAt: o.createdAt,
      status: o.status,
      detail: o.detail,
      holdUntil: o.holdUntil,
      url: o.printOrderId
        ? `/app/orders/${o.printOrderId}`
        : `/app/orders?q=${encodeURIComponent(o.name)}`,
    })),
    readAt: judged.readAt,
    leftOut: judged.leftOut.map((o) => ({ ...o, reasonText: SKIP_REASON_TEXT[o.reason] })),
    byReason: [...counts].map(([reason, count]) => ({
      reason,
      text: SKIP_REASON_TEXT[reason],
      count,
    })),
    total: totalCost(costs, currency),
    unquoted: costs.filter((c) => c.status === "unquoted").length,
    continueAfter: judged.continueAfter,
  };
}
