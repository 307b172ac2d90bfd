import prisma from "../db.server";
import { getEnv } from "../env.server";
import { summariseNotTakenIn, type NotTakenInSummary } from "./order-deliveries.server";
import {
  PAID_WEBHOOK_RECEIPTS,
  summariseHandoff,
  webhooksStopped,
  type HandoffSample,
  type HandoffSummary,
} from "../services/fulfilment/handoff";

/**
 * Delivery health's reads: the stored handoff timestamps, the orders the
 * regular check with Shopify found, the last orders/paid webhook and the
 * check's own state. Every query is keyed by shop and bounded.
 */

/** The longest period shown; the shorter one is cut from the same rows. */
export const HEALTH_PERIOD_DAYS = 30;
/** At most this many handoffs are measured per period (the latest ones). */
export const MAX_HANDOFF_SAMPLES = 5_000;
/** The orders the regular check found, listed on the delivery page. */
export const FOUND_ORDERS_LISTED = 20;

const DAY_MS = 86_400_000;

/**
 * Print orders paid at the print service since `since`, with when Shopify says
 * their order was paid. Rows from before the timestamps were stored have no
 * shopifyPaidAt and are left out rather than guessed.
 */
export async function listHandoffSamples({
  shop,
  since,
  take = MAX_HANDOFF_SAMPLES,
}: {
  shop: string;
  since: Date;
  take?: number;
}): Promise<HandoffSample[]> {
  const rows = await prisma.printOrder.findMany({
    where: {
      shop,
      servicePaidAt: { gte: since },
      shopOrder: { shop, shopifyPaidAt: { not: null } },
    },
    orderBy: { servicePaidAt: "desc" },
    take: Math.min(take, MAX_HANDOFF_SAMPLES),
    select: {
      servicePaidAt: true,
      holdUntil: true,
      approvedAt: true,
      shopOrder: { select: { shopifyPaidAt: true } },
    },
  });
  const samples: HandoffSample[] = [];
  for (const r of rows) {
    if (!r.servicePaidAt || !r.shopOrder.shopifyPaidAt) continue;
    samples.push({
      shopifyPaidAt: r.shopOrder.shopifyPaidAt,
      servicePaidAt: r.servicePaidAt,
      waited: r.holdUntil !== null || r.approvedAt !== null,
    });
  }
  return samples;
}

/** How many orders the regular check found (their webhook never came) since `since`. */
export function countFoundByCheck({ shop, since }: { shop: string; since: Date }) {
  return prisma.shopOrder.count({
    where: { shop, source: "reconcile", createdAt: { gte: since } },
  });
}

export interface FoundOrderRow {
  shopOrderId: string;
  name: string;
  shopifyPaidAt: string | null;
  foundAt: string;
  /** The first print order, for the link; null when nothing of it is printed. */
  printOrderId: string | null;
}

/** The latest orders the regular check found, newest first. */
export async function listFoundByCheck({
  shop,
  since,
  take = FOUND_ORDERS_LISTED,
}: {
  shop: string;
  since: Date;
  take?: number;
}): Promise<FoundOrderRow[]> {
  const rows = await prisma.shopOrder.findMany({
    where: { shop, source: "reconcile", createdAt: { gte: since } },
    orderBy: { createdAt: "desc" },
    take: Math.min(take, 100),
    select: {
      id: true,
      name: true,
      shopifyPaidAt: true,
      createdAt: true,
      printOrders: { select: { id: true }, orderBy: { groupIndex: "asc" }, take: 1 },
    },
  });
  return rows.map((r) => ({
    shopOrderId: r.id,
    name: r.name,
    shopifyPaidAt: r.shopifyPaidAt?.toISOString() ?? null,
    foundAt: r.createdAt.toISOString(),
    printOrderId: r.printOrders[0]?.id ?? null,
  }));
}

/** The latest payment time among the orders the regular check found since `since`. */
export async function latestFoundPaidAt({
  shop,
  since,
}: {
  shop: string;
  since: Date;
}): Promise<Date | null> {
  const row = await prisma.shopOrder.findFirst({
    where: { shop, source: "reconcile", createdAt: { gte: since }, shopifyPaidAt: { not: null } },
    orderBy: { shopifyPaidAt: "desc" },
    select: { shopifyPaidAt: true },
  });
  return row?.shopifyPaidAt ?? null;
}

/** When the last orders/paid webhook from Shopify arrived (a repeated delivery counts too). */
export async function lastPaidWebhookAt({ shop }: { shop: string }): Promise<Date | null> {
  const row = await prisma.webhookReceipt.findFirst({
    where: { shop, ...PAID_WEBHOOK_RECEIPTS },
    orderBy: { receivedAt: "desc" },
    select: { receivedAt: true },
  });
  return row?.receivedAt ?? null;
}

export interface CheckState {
  lastRunAt: string | null;
  lastProblem: string | null;
  checkedThrough: string | null;
}

/** The regular check's last look at this shop; null before its first. */
export async function getCheckState({ shop }: { shop: string }): Promise<CheckState | null> {
  const row = await prisma.regularCheck.findUnique({
    where: { shop },
    select: { lastRunAt: true, lastProblem: true, checkedThrough: true },
  });
  if (!row) return null;
  return {
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    lastProblem: row.lastProblem,
    checkedThrough: row.checkedThrough?.toISOString() ?? null,
  };
}

export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

export interface PeriodHealth {
  days: number;
  handoff: HandoffSummary;
  foundByCheck: number;
}

export interface DeliveryHealth {
  periods: PeriodHealth[];
  lastWebhookAt: string | null;
  check: CheckState | null;
  /** Webhooks stopped while Shopify has new paid orders (the check found some paid after the last one). */
  webhooksStopped: boolean;
  /** Orders the check found paid after the last webhook arrived (0 unless webhooksStopped). */
  foundSinceLastWebhook: number;
  /** How often the regular check looks at each shop. */
  checkEverySeconds: number;
  /** Orders received that the worker has failed to take in several times (kept, tried again). */
  notTakenIn: NotTakenInSummary;
}

/** How often the regular check looks at each shop (the worker's REGULAR_CHECK_INTERVAL_SECONDS). */
export function checkEverySeconds(): number {
  return Math.round(getEnv().regularCheckIntervalMs / 1000);
}

/** Delivery health for the last 7 and 30 days, from one read of each table. */
export async function loadDeliveryHealth({
  shop,
  now = new Date(),
}: {
  shop: string;
  now?: Date;
}): Promise<DeliveryHealth> {
  const since30 = daysBefore(now, HEALTH_PERIOD_DAYS);
  const since7 = daysBefore(now, 7);
  const [samples, found7, found30, lastWebhook, latestFound, check, notTakenIn] = await Promise.all(
    [
      listHandoffSamples({ shop, since: since30 }),
      countFoundByCheck({ shop, since: since7 }),
      countFoundByCheck({ shop, since: since30 }),
      lastPaidWebhookAt({ shop }),
      latestFoundPaidAt({ shop, since: since30 }),
      getCheckState({ shop }),
      summariseNotTakenIn({ shop }),
    ],
  );
  const stopped = webhooksStopped({ lastWebhookAt: lastWebhook, latestFoundPaidAt: latestFound });
  const foundSinceLastWebhook = stopped
    ? await prisma.shopOrder.count({
        where: {
          shop,
          source: "reconcile",
          createdAt: { gte: since30 },
          ...(lastWebhook ? { shopifyPaidAt: { gt: lastWebhook } } : {}),
        },
      })
    : 0;
  return {
    periods: [
      {
        days: 7,
        handoff: summariseHandoff(samples.filter((s) => s.servicePaidAt >= since7)),
        foundByCheck: found7,
      },
      { days: HEALTH_PERIOD_DAYS, handoff: summariseHandoff(samples), foundByCheck: found30 },
    ],
    lastWebhookAt: lastWebhook?.toISOString() ?? null,
    check,
    webhooksStopped: stopped,
    foundSinceLastWebhook,
    checkEverySeconds: checkEverySeconds(),
    notTakenIn,
  };
}
