import prisma from "../db.server";
import type { RegularCheckStore, ShopToCheck } from "../services/regular-check/ports";
import { isUniqueViolation } from "../services/unique-violation";
import { waitingToBePlanned } from "./import-orders.server";

/**
 * RegularCheck: the regular check with Shopify's state per shop (how far it has read, its last
 * problem, what it found) and its lease. The lease is a compare-and-set on leaseOwner and
 * leaseExpiresAt, as the worker's claim of a print order is (services/fulfilment/lease.ts):
 * two app instances never look at the same shop at once, and a crashed one's lease runs out.
 */

/** Installed shops, in a stable order, with when each was installed (the first look's start). */
async function installedShops(limit: number): Promise<ShopToCheck[]> {
  const rows = await prisma.shop.findMany({
    where: { uninstalledAt: null },
    select: { shop: true, installedAt: true },
    orderBy: { shop: "asc" },
    take: limit,
  });
  return rows.map((r) => ({ shop: r.shop, installedAt: r.installedAt }));
}

/** Takes the shop's lease if nobody holds it (or its holder's ran out); its state if taken. */
async function claim(input: { shop: string; owner: string; leaseMs: number; now: Date }) {
  const { shop, owner, now } = input;
  try {
    await prisma.regularCheck.create({ data: { shop } });
  } catch (error) {
    // Another instance made the row first: the compare-and-set below decides.
    if (!isUniqueViolation(error)) throw error;
  }
  const taken = await prisma.regularCheck.updateMany({
    where: {
      shop,
      OR: [{ leaseOwner: null }, { leaseExpiresAt: null }, { leaseExpiresAt: { lt: now } }],
    },
    data: { leaseOwner: owner, leaseExpiresAt: new Date(now.getTime() + input.leaseMs) },
  });
  if (taken.count === 0) return null;
  const row = await prisma.regularCheck.findUniqueOrThrow({
    where: { shop },
    select: { checkedThrough: true },
  });
  return { checkedThrough: row.checkedThrough };
}

/** Ends a look: what it read through (when it succeeded), its problem, what it found; frees the lease. */
async function finish(input: {
  shop: string;
  owner: string;
  now: Date;
  checkedThrough: Date | null;
  found: number;
  problem: string | null;
}) {
  await prisma.regularCheck.updateMany({
    where: { shop: input.shop, leaseOwner: input.owner },
    data: {
      ...(input.checkedThrough ? { checkedThrough: input.checkedThrough } : {}),
      lastRunAt: input.now,
      lastProblem: input.problem,
      ordersFound: { increment: input.found },
      leaseOwner: null,
      leaseExpiresAt: null,
    },
  });
}

/** Which of these Shopify orders the app has recorded for the shop. */
async function knownOrderIds(shop: string, shopifyOrderIds: readonly string[]) {
  if (shopifyOrderIds.length === 0) return new Set<string>();
  const rows = await prisma.shopOrder.findMany({
    where: { shop, shopifyOrderId: { in: [...shopifyOrderIds] } },
    select: { shopifyOrderId: true },
  });
  const waiting = await waitingToBePlanned({ shop, shopifyOrderIds });
  return new Set([...rows.map((r) => r.shopifyOrderId), ...waiting]);
}

export const regularCheckStore: RegularCheckStore = {
  installedShops,
  claim,
  finish,
  knownOrderIds,
};

/** The regular check's state for one shop, as the admin shows it; null before its first look. */
export function readRegularCheck({ shop }: { shop: string }) {
  return prisma.regularCheck.findUnique({
    where: { shop },
    select: { checkedThrough: true, lastRunAt: true, lastProblem: true, ordersFound: true },
  });
}
