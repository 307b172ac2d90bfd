/**
 * The lease: a worker acts on a print order only while it holds an unexpired
 * lease on it, taken with a conditional update (compare-and-set), and writes a
 * step's result only if it still holds it. Outside changes (commands/) take a
 * row only when it is free (see docs/decisions/0006-changes-wait-for-the-worker.md).
 */
import { Prisma, type PrismaClient } from "@prisma/client";
import { eventRow } from "./events";
import { isPrintOrderStatus, movesForward, RESTING_STATUSES } from "./machine";
import type { WorkerLogger } from "./step-support/context";
import type { ItemChange, Loaded, StepResult } from "./step-support/result";

/** No worker holds the row: never claimed, released, or its claim expired (a crashed worker). */
export function leaseFree(now: Date): Prisma.PrintOrderWhereInput {
  return { OR: [{ leaseExpiresAt: null }, { leaseExpiresAt: { lt: now } }] };
}

/** The worker no longer holds the lease: another took the row; its result is dropped. */
export class LeaseLostError extends Error {}

/**
 * Claims up to `batchSize` due print orders, oldest due first, and loads them
 * with their items and shop order: one read of what is due, one conditional
 * UPDATE for all of them, one load. Returns the orders this worker now holds.
 */
export async function claimDue(
  db: PrismaClient,
  {
    workerId,
    now,
    leaseMs,
    batchSize,
  }: {
    workerId: string;
    now: Date;
    leaseMs: number;
    batchSize: number;
  },
): Promise<Loaded[]> {
  const due = await db.printOrder.findMany({
    where: {
      status: { notIn: [...RESTING_STATUSES] },
      nextAttemptAt: { lte: now },
      ...leaseFree(now),
    },
    orderBy: { nextAttemptAt: "asc" },
    take: batchSize,
    select: { id: true },
  });
  if (due.length === 0) return [];
  // The compare-and-set repeats every condition of the selection, for each row:
  // another worker may have claimed, worked or rescheduled a row since it was
  // read, and then that row is not taken (PostgreSQL re-checks a row another
  // transaction is writing once that one ends; SQLite has one writer).
  const claimed = await db.printOrder.updateManyAndReturn({
    where: {
      id: { in: due.map((d) => d.id) },
      status: { notIn: [...RESTING_STATUSES] },
      nextAttemptAt: { lte: now },
      ...leaseFree(now),
    },
    data: { leaseOwner: workerId, leaseExpiresAt: new Date(now.getTime() + leaseMs) },
    select: { id: true },
  });
  if (claimed.length === 0) return [];
  const loaded = await db.printOrder.findMany({
    where: { id: { in: claimed.map((c) => c.id) }, leaseOwner: workerId },
    include: { items: true, shopOrder: true },
  });
  const rank = new Map(due.map((d, i) => [d.id, i]));
  return loaded.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
}

/**
 * The heartbeat: extends this worker's claims on `ids` while their steps run
 * or wait for a lane, so the lease can be short (a dead worker's claims free
 * up soon) without a slow step losing its order. Only rows this worker still
 * holds are touched: a claim another worker took is never taken back.
 */
export async function renewLeases(
  db: PrismaClient,
  { workerId, ids, now, leaseMs }: { workerId: string; ids: string[]; now: Date; leaseMs: number },
): Promise<number> {
  if (ids.length === 0) return 0;
  const { count } = await db.printOrder.updateMany({
    where: { id: { in: ids }, leaseOwner: workerId },
    data: { leaseExpiresAt: new Date(now.getTime() + leaseMs) },
  });
  return count;
}

/** A print order this worker holds, with its items and shop order; null once the lease is lost. */
export function loadClaimed(
  db: PrismaClient,
  id: string,
  workerId: string,
): Promise<Loaded | null> {
  return db.printOrder.findFirst({
    where: { id, leaseOwner: workerId },
    include: { items: true, shopOrder: true },
  });
}

/**
 * The order as a committed step left it, for the next step under the same
 * claim, without reading it again: while this worker holds the lease nothing
 * else changes the row (outside changes wait for a free row, see
 * commands/lock.ts). Null when the step's writes cannot be replayed here (an
 * arithmetic update, print orders split off): then the order is read again.
 */
export function afterCommit(order: Loaded, written: Committed, result: StepResult): Loaded | null {
  if (result.splits?.length) return null;
  const next: Loaded = { ...order, updatedAt: written.at };
  for (const [column, value] of Object.entries(written.data)) {
    if (value !== null && typeof value === "object" && !(value instanceof Date)) return null;
    if (value !== undefined) (next as Record<string, unknown>)[column] = value;
  }
  const changes = new Map((result.items ?? []).map((i) => [i.id, itemColumns(i)]));
  next.items = order.items.map((item) =>
    changes.has(item.id) ? { ...item, ...changes.get(item.id) } : item,
  );
  return next;
}

/** The columns an item change writes (those it names). */
function itemColumns(change: ItemChange) {
  return {
    ...(change.serviceState !== undefined ? { serviceState: change.serviceState } : {}),
    ...(change.filesSentAt !== undefined ? { filesSentAt: change.filesSentAt } : {}),
    ...(change.preflight !== undefined ? { preflight: change.preflight } : {}),
  };
}

/** What a commit wrote to the print order row, and when. */
export interface Committed {
  data: Record<string, unknown>;
  at: Date;
}

/**
 * Writes a step's result if this worker still holds the lease, in one
 * transaction: the order (never a backwards status), the print orders split
 * off it, its item states and its events. Keeps the lease for the next step,
 * or releases it. Returns what it wrote to the order's row.
 */
export async function commitStep(
  db: PrismaClient,
  order: Loaded,
  result: StepResult,
  lease: {
    workerId: string;
    leaseMs: number;
    keepLease: boolean;
    now: () => Date;
    logger: WorkerLogger;
  },
): Promise<Committed> {
  const data = { ...result.data };
  if (data.status && isPrintOrderStatus(order.status) && !movesForward(order.status, data.status)) {
    lease.logger.warn(
      { printOrder: order.id, from: order.status, to: data.status },
      "ignored a backwards status change",
    );
    delete data.status;
  }
  const now = lease.now();
  const leaseColumns = lease.keepLease
    ? { leaseExpiresAt: new Date(now.getTime() + lease.leaseMs) }
    : { leaseOwner: null, leaseExpiresAt: null };
  const columns = { ...data, ...leaseColumns };
  const events = result.events.map((e) =>
    eventRow({
      ...e,
      shop: order.shop,
      shopOrderId: order.shopOrderId,
      printOrderId: order.id,
      at: now,
    }),
  );
  if (result.splits?.length) {
    // Rows split off need the new row's id for their items: an interactive transaction.
    await db.$transaction(async (tx) => {
      const { count } = await tx.printOrder.updateMany({
        where: { id: order.id, shop: order.shop, leaseOwner: lease.workerId },
        data: columns,
      });
      if (count !== 1) throw new LeaseLostError();
      for (const split of result.splits ?? []) {
        const row = await tx.printOrder.create({ data: split.data });
        await tx.printOrderItem.updateMany({
          where: { shop: order.shop, id: { in: split.itemIds } },
          data: { printOrderRowId: row.id },
        });
        await tx.orderEvent.create({
          data: eventRow({
            ...split.event,
            shop: order.shop,
            shopOrderId: order.shopOrderId,
            printOrderId: row.id,
          }),
        });
      }
      for (const item of result.items ?? []) {
        await tx.printOrderItem.updateMany({
          where: { id: item.id, shop: order.shop, printOrderRowId: order.id },
          data: itemColumns(item),
        });
      }
      if (events.length) await tx.orderEvent.createMany({ data: events });
    });
    return { data: columns, at: now };
  }
  const itemChanges = (result.items ?? []).map((item) =>
    db.printOrderItem.updateMany({
      where: { id: item.id, shop: order.shop, printOrderRowId: order.id },
      data: itemColumns(item),
    }),
  );
  // The usual step: one batch, all or nothing. Its first write is the
  // compare-and-set: `update` fails (P2025) when this worker no longer holds
  // the lease, and the batch is rolled back with it.
  try {
    await db.$transaction([
      db.printOrder.update({
        where: { id: order.id, shop: order.shop, leaseOwner: lease.workerId },
        data: columns,
        select: { id: true },
      }),
      ...itemChanges,
      ...(events.length ? [db.orderEvent.createMany({ data: events })] : []),
    ]);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025")
      throw new LeaseLostError();
    throw error;
  }
  return { data: columns, at: now };
}
