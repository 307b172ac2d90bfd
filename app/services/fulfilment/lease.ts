/**
 * The lease: a worker acts on a print order only while it holds an unexpired
 * lease on it, taken with a conditional update (compare-and-set), and writes a
 * step's result only if it still holds it. Outside changes (commands/) take a
 * row only when it is free (see docs/decisions/0006-changes-wait-for-the-worker.md).
 */
import type { Prisma, PrismaClient } from "@prisma/client";
import { eventRow } from "./events";
import { isPrintOrderStatus, movesForward, RESTING_STATUSES } from "./machine";
import type { WorkerLogger } from "./steps/context";
import type { Loaded, StepResult } from "./steps/result";

/** No worker holds the row: never claimed, released, or its claim expired (a crashed worker). */
export function leaseFree(now: Date): Prisma.PrintOrderWhereInput {
  return { OR: [{ leaseExpiresAt: null }, { leaseExpiresAt: { lt: now } }] };
}

/** The worker no longer holds the lease: another took the row; its result is dropped. */
export class LeaseLostError extends Error {}

/** Claims up to `batchSize` due print orders, oldest due first; returns the ids claimed. */
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
): Promise<string[]> {
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
  const claimed: string[] = [];
  for (const { id } of due) {
    // The compare-and-set repeats every condition of the selection: another
    // worker may have worked this row and rescheduled it since it was read.
    const { count } = await db.printOrder.updateMany({
      where: {
        id,
        status: { notIn: [...RESTING_STATUSES] },
        nextAttemptAt: { lte: now },
        ...leaseFree(now),
      },
      data: { leaseOwner: workerId, leaseExpiresAt: new Date(now.getTime() + leaseMs) },
    });
    if (count === 1) claimed.push(id);
  }
  return claimed;
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
 * Writes a step's result if this worker still holds the lease, in one
 * transaction: the order (never a backwards status), the print orders split
 * off it, its item states and its events. Keeps the lease for the next step,
 * or releases it.
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
): Promise<void> {
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
  await db.$transaction(async (tx) => {
    const { count } = await tx.printOrder.updateMany({
      where: { id: order.id, shop: order.shop, leaseOwner: lease.workerId },
      data: { ...data, ...leaseColumns },
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
        data: { serviceState: item.serviceState },
      });
    }
    if (result.events.length) {
      await tx.orderEvent.createMany({
        data: result.events.map((e) =>
          eventRow({
            ...e,
            shop: order.shop,
            shopOrderId: order.shopOrderId,
            printOrderId: order.id,
            at: now,
          }),
        ),
      });
    }
  });
}
