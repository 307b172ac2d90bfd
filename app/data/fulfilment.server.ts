/**
 * The fulfilment worker's hot path (services/fulfilment/ports.ts): the planner's deliveries and
 * ingest (order-intake.server.ts), the claims and commits (fulfilment-lease.server.ts), the
 * status callbacks' inbox, the rows a round of claims reads once, the writes a step makes itself.
 * Every statement is the one the path sent before it had a port, in the same transactions
 * (docs/decisions/0011-plain-sql-on-hot-paths.md; test/fulfilment/statements-per-order.test.ts
 * counts them). Built on a client, as the worker and the tests each hold their own.
 */
import type { PrismaClient } from "@prisma/client";
import type { FulfilmentStore } from "../services/fulfilment/ports";
import { leaseStore } from "./fulfilment-lease.server";
import { ingestStore, plannerStore } from "./order-intake.server";
import { insertReturningStatement } from "./plain-insert.server";
import { directQuery } from "../db/direct-sql.server";
import { sqlTable } from "../services/sql-table";
import { STATUS_UPDATE } from "../services/fulfilment/ingest-rows";
import type { NewStatusUpdate, StatusUpdateStore } from "../services/fulfilment/ports";

/**
 * The callback route's write: plain INSERTs sent straight to the driver (a Prisma call, even a
 * raw one, costs more CPU than the write: decision 32), many callbacks in one when the door
 * groups them (status-updates.ts, keptTogether).
 */
export function statusInboxStore(
  db: PrismaClient,
  schema: string | null | undefined,
): Pick<StatusUpdateStore, "keepStatusUpdate" | "keepStatusUpdates"> {
  const keepStatusUpdates = async (updates: readonly NewStatusUpdate[]) => {
    if (updates.length === 0) return [];
    const receivedAt = new Date();
    const rows = await directQuery(
      db,
      insertReturningStatement(
        (name) => sqlTable(schema, name),
        STATUS_UPDATE,
        updates.map((u) => ({ ...u, receivedAt })),
        ["shop", "dedupeKey"],
      ),
    );
    return rows.map((r) => ({ shop: String(r.shop), dedupeKey: String(r.dedupeKey) }));
  };
  return {
    keepStatusUpdates,
    keepStatusUpdate: async (update) => (await keepStatusUpdates([update])).length === 1,
  };
}

/** `schema`: PostgreSQL's `?schema=` of the database URL, which plain statements name. */
export function fulfilmentStore(
  db: PrismaClient,
  schema?: string | null | undefined,
): FulfilmentStore {
  return {
    ...plannerStore(db),
    ...ingestStore(db, schema),
    ...leaseStore(db, schema),
    ...statusInboxStore(db, schema),
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
    recordedEventKeys: async (named) =>
      named.length === 0
        ? []
        : db.orderEvent.findMany({
            where: {
              OR: named.map(({ shop, dedupeKeys }) => ({ shop, dedupeKey: { in: dedupeKeys } })),
            },
            select: { shop: true, dedupeKey: true },
          }),
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

    // Returned as Prisma's lazy promises: claim-reads.ts keeps them as the round's cache.
    shopRow: (shop) => db.shop.findUnique({ where: { shop } }),
    variantMappings: (shop, variantIds) =>
      db.variantMapping.findMany({ where: { shop, variantId: { in: variantIds } } }),

    markAddressSent: async (order, holder) => {
      await db.printOrder.updateMany({
        where: { id: order.id, shop: order.shop, leaseOwner: holder },
        data: { addressPending: false },
      });
    },
    markFilesSent: async (shop, itemId, at) => {
      await db.printOrderItem.updateMany({
        where: { id: itemId, shop },
        data: { filesSentAt: at },
      });
    },
    storeItemPreflight: async (shop, itemId, preflight, note) => {
      const write = db.printOrderItem.updateMany({
        where: { id: itemId, shop },
        data: { preflight },
      });
      if (!note) await write;
      else await db.$transaction([write, db.orderEvent.create({ data: note })]);
    },
    storeMappingPreflight: async (shop, mapping, preflight) => {
      const { count } = await db.variantMapping.updateMany({
        where: {
          shop,
          variantId: mapping.variantId,
          offeringId: mapping.offeringId,
          contentUrl: mapping.contentUrl,
          numberOfPages: mapping.numberOfPages,
          contentWidth: mapping.contentWidth,
          contentHeight: mapping.contentHeight,
        },
        data: { preflight },
      });
      return count === 1;
    },
  };
}
