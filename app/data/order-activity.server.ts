import prisma from "../db.server";
import { NOT_IN_TIMELINE } from "../services/fulfilment/events";
import { shownEventMessage } from "../services/merchant-text/errors";
import { printOrderKindOf, type PrintOrderKind } from "../services/fulfilment/order-kind";

/**
 * What the Home page lists: orders to look at, the latest events, and whether
 * status callbacks arrive. Every function is keyed by shop.
 */

export interface AttentionRow {
  id: string;
  /** The Shopify order's name, or a proof's own ("Proof P1001"). */
  shopifyOrderName: string;
  kind: PrintOrderKind;
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
    kind: true,
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
    kind: printOrderKindOf(r.kind),
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
    // A status callback is a hint, not a change: the change it announces has its own entry.
    where: { shop, type: { notIn: [...NOT_IN_TIMELINE] } },
    // Entries of one moment in the order they were recorded.
    orderBy: [{ at: "desc" }, { id: "desc" }],
    take,
    select: {
      id: true,
      at: true,
      actor: true,
      type: true,
      message: true,
      data: true,
      printOrderId: true,
      shopOrder: { select: { name: true } },
    },
  });
  return events.map((e) => ({
    id: e.id,
    at: e.at.toISOString(),
    actor: e.actor,
    type: e.type,
    message: shownEventMessage(e),
    printOrderId: e.printOrderId,
    shopOrderName: e.shopOrder.name,
  }));
}

/**
 * What the setup check needs to say whether status callbacks arrive: the last one within
 * `since`, and the print orders paid at the print service since then (each payment is a
 * state change the service sends a callback for). Indexed reads, bounded by the period.
 */
export async function statusCallbackFacts({ shop, since }: { shop: string; since: Date }) {
  const last = await prisma.orderEvent.findFirst({
    where: { shop, actor: "callback", at: { gte: since } },
    orderBy: { at: "desc" },
    select: { at: true },
  });
  const paidSince = { shop, servicePaidAt: { gte: since } };
  const [firstPaid, paid] = await Promise.all([
    prisma.printOrder.findFirst({
      where: paidSince,
      orderBy: { servicePaidAt: "asc" },
      select: { servicePaidAt: true },
    }),
    prisma.printOrder.count({ where: paidSince }),
  ]);
  return {
    lastAt: last?.at ?? null,
    firstPaidAtService: firstPaid?.servicePaidAt ?? null,
    paidAtService: paid,
  };
}
