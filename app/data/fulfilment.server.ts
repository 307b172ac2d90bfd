/**
 * The fulfilment worker's hot path (services/fulfilment/ports.ts): the status callbacks' inbox.
 * Every statement is the one the path sent before it had a port, in the same transactions
 * (docs/decisions/0011-plain-sql-on-hot-paths.md; test/fulfilment/statements-per-order.test.ts
 * counts them). Built on a client, as the worker and the tests each hold their own.
 */
import type { PrismaClient } from "@prisma/client";
import type { FulfilmentStore } from "../services/fulfilment/ports";

export function fulfilmentStore(db: PrismaClient): FulfilmentStore {
  return {
    keepStatusUpdate: async (update) => {
      await db.statusUpdate.create({ data: update });
    },
    receivedStatusUpdates: (take) => db.statusUpdate.findMany({ orderBy: { id: "asc" }, take }),
    callbackTargets: (named) =>
      db.printOrder.findMany({
        where: {
          OR: named.map(({ shop, printOrderIds }) => ({
            shop,
            printOrderId: { in: printOrderIds },
          })),
        },
        select: {
          id: true,
          shop: true,
          shopOrderId: true,
          printOrderId: true,
          orderReference: true,
        },
      }),
    recordedEventKeys: async (dedupeKeys) =>
      (
        await db.orderEvent.findMany({
          where: { dedupeKey: { in: dedupeKeys } },
          select: { dedupeKey: true },
        })
      ).map((e) => e.dedupeKey),
    applyStatusUpdateBatch: async ({ events, due, applied }) => {
      await db.$transaction([
        db.orderEvent.createMany({ data: events }),
        db.printOrder.updateMany({
          where: { id: { in: due.ids }, status: { notIn: [...due.unlessStatus] } },
          data: { nextAttemptAt: due.at },
        }),
        db.statusUpdate.deleteMany({ where: { id: { in: applied } } }),
      ]);
    },
    deleteStatusUpdate: async (shop, id) => {
      await db.statusUpdate.deleteMany({ where: { id, shop } });
    },
  };
}
