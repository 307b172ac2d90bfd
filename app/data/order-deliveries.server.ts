import prisma from "../db.server";
import { orderLabelOfBody } from "../services/fulfilment/shopify-order";
import { NOT_TAKEN_IN_AFTER_TRIES } from "../services/merchant-text/delivery";

/**
 * Orders recorded at the door that the worker could not plan after several tries
 * (services/fulfilment/planner.ts keeps them with their reason and tries again). The
 * merchant sees them on Home and the delivery page, and can ask for a try at once. Every
 * query is keyed by shop and bounded.
 */

/** Listed on the delivery page, oldest first. */
export const NOT_TAKEN_IN_LISTED = 20;

const notTakenIn = (shop: string) => ({ shop, attempts: { gte: NOT_TAKEN_IN_AFTER_TRIES } });

export interface NotTakenInSummary {
  count: number;
  /** When the oldest of them arrived. */
  since: string | null;
}

export async function summariseNotTakenIn({ shop }: { shop: string }): Promise<NotTakenInSummary> {
  const { _count, _min } = await prisma.orderDelivery.aggregate({
    where: notTakenIn(shop),
    _count: { _all: true },
    _min: { receivedAt: true },
  });
  return { count: _count._all, since: _min.receivedAt?.toISOString() ?? null };
}

export interface NotTakenInRow {
  webhookId: string;
  /** "#1042", or "Order 820982911946154508" when the body has no name, or null. */
  label: string | null;
  source: string;
  receivedAt: string;
  tries: number;
  /** When the worker tries again by itself. */
  nextTryAt: string;
  lastError: string | null;
}

export async function listNotTakenIn({
  shop,
  take = NOT_TAKEN_IN_LISTED,
}: {
  shop: string;
  take?: number;
}): Promise<NotTakenInRow[]> {
  const rows = await prisma.orderDelivery.findMany({
    where: notTakenIn(shop),
    orderBy: { receivedAt: "asc" },
    take,
    select: {
      webhookId: true,
      body: true,
      source: true,
      receivedAt: true,
      attempts: true,
      planAfter: true,
      lastError: true,
    },
  });
  return rows.map((r) => ({
    webhookId: r.webhookId,
    label: orderLabelOfBody(r.body),
    source: r.source,
    receivedAt: r.receivedAt.toISOString(),
    tries: r.attempts,
    nextTryAt: r.planAfter.toISOString(),
    lastError: r.lastError,
  }));
}

/**
 * Makes a waiting order due now, for the worker's next round. Only one that is not being
 * tried at this moment (a worker's claim holds it) and has failed before: null otherwise, else
 * what the order is called.
 */
export async function tryNotTakenInNow({
  shop,
  webhookId,
  now = new Date(),
}: {
  shop: string;
  webhookId: string;
  now?: Date;
}): Promise<{ label: string | null } | null> {
  const [row] = await prisma.orderDelivery.updateManyAndReturn({
    where: { ...notTakenIn(shop), webhookId, claimedBy: null },
    data: { planAfter: now },
    select: { body: true },
  });
  return row ? { label: orderLabelOfBody(row.body) } : null;
}
