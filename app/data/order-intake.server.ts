/**
 * How an order comes in (services/fulfilment/ports.ts): the door's one INSERT, the planner's
 * recorded deliveries, and ingest's reads and writes. The statements are the ones the path sent
 * before it had ports, in the same transactions (docs/decisions/0011-plain-sql-on-hot-paths.md;
 * test/fulfilment/ingest.test.ts and statements-per-order.test.ts count them).
 */
import { Prisma, type PrismaClient } from "@prisma/client";
import { ORDER_DELIVERY } from "../services/fulfilment/ingest-rows";
import { storedOlderThan, versionColumns } from "../services/fulfilment/order-version";
import type {
  DoorStore,
  IngestReads,
  IngestStore,
  IngestTransaction,
  PlannerStore,
} from "../services/fulfilment/ports";
import type { MappingForPlan } from "../services/fulfilment/print-plan";
import { sqlTable } from "../services/sql-table";
import { directStatement } from "../db/direct-sql.server";
import {
  insertRowsInChunks,
  insertStatement,
  MAX_STATEMENT_PARAMETERS,
  type TableNamer,
} from "./plain-insert.server";

/** Tables named in PostgreSQL's `?schema=` of the database URL, as Prisma names its own. */
function tableIn(schema: string | null | undefined): TableNamer {
  return (name) => sqlTable(schema, name);
}

/** The door's write alone: what a delivery's request needs. */
export function doorStore(db: PrismaClient, schema: string | null | undefined): DoorStore {
  const table = tableIn(schema);
  return {
    // Straight to the driver: Prisma's own handling of one plain statement cost more CPU than
    // the rest of the request (decision 32).
    recordDelivery: async (row) =>
      (await directStatement(
        db,
        insertStatement(table, ORDER_DELIVERY, [row], { ignoringConflicts: true }),
      )) === 1,
  };
}

export function plannerStore(db: PrismaClient): PlannerStore {
  return {
    dueDeliveries: (now, take) =>
      db.orderDelivery.findMany({
        where: { planAfter: { lte: now } },
        orderBy: { planAfter: "asc" },
        take,
        select: { shop: true, webhookId: true },
      }),
    claimDeliveries: (due, now, { workerId, until }) =>
      db.orderDelivery.updateManyAndReturn({
        where: { OR: due, planAfter: { lte: now } },
        data: { planAfter: until, claimedBy: workerId },
      }),
    shopCurrencies: (shops) =>
      db.shop.findMany({
        where: { shop: { in: shops } },
        select: { shop: true, currency: true },
      }),
    releaseDelivery: async (key, workerId, retry) => {
      await db.orderDelivery.updateMany({
        where: { ...key, claimedBy: workerId },
        data: {
          attempts: retry.attempts,
          lastError: retry.lastError,
          claimedBy: null,
          planAfter: retry.planAfter,
        },
      });
    },
    deleteDeliveries: async (settled, workerId) => {
      await db.orderDelivery.deleteMany({ where: { OR: settled, claimedBy: workerId } });
    },
  };
}

type MappingRow = Omit<
  MappingForPlan,
  "offeringId" | "numberOfPages" | "contentWidth" | "contentHeight"
> & {
  offeringId: number | bigint;
  numberOfPages: number | bigint | null;
  contentWidth: number | null;
  contentHeight: number | null;
};

function mappingRowsOf(
  db: Pick<Prisma.TransactionClient, "$queryRaw">,
  table: TableNamer,
  shop: string,
  variantIds: string[],
): Promise<MappingRow[]> {
  return db.$queryRaw<
    MappingRow[]
  >`SELECT "variantId", "offeringId", "contentUrl", "contentWidth", "contentHeight", "numberOfPages", "coverUrl", "spineCustomUrl", "spineText", "fileProperty" FROM ${table("VariantMapping")} WHERE "shop" = ${shop} AND "variantId" IN (${Prisma.join(variantIds)})`;
}

/** Ingest's reads on the client or inside its transaction. */
function ingestReads(db: Prisma.TransactionClient, table: TableNamer): IngestReads {
  return {
    mappingsForPlan: async (shop, variantIds) => {
      if (variantIds.length === 0) return [];
      // One statement per MAX_STATEMENT_PARAMETERS variants: an order may name thousands.
      const rows: MappingRow[] = [];
      for (let start = 0; start < variantIds.length; start += MAX_STATEMENT_PARAMETERS) {
        const chunk = variantIds.slice(start, start + MAX_STATEMENT_PARAMETERS);
        rows.push(...(await mappingRowsOf(db, table, shop, chunk)));
      }
      const numberOrNull = (value: number | bigint | null) =>
        value === null ? null : Number(value);
      return rows.map((row) => ({
        ...row,
        offeringId: Number(row.offeringId),
        numberOfPages: numberOrNull(row.numberOfPages),
        contentWidth: numberOrNull(row.contentWidth),
        contentHeight: numberOrNull(row.contentHeight),
      }));
    },
    shopCurrency: async (shop) =>
      (await db.shop.findUnique({ where: { shop }, select: { currency: true } }))?.currency ?? null,
  };
}

function ingestTransaction(tx: Prisma.TransactionClient, table: TableNamer): IngestTransaction {
  return {
    ...ingestReads(tx, table),
    // In chunks, as the batch writes them: an order of thousands of lines is within the
    // bound on bound parameters here too.
    insert: async (into, rows) => {
      for (const statement of insertRowsInChunks(tx, table, into, rows)) await statement;
    },
    storedShopOrder: async (shop, shopifyOrderId) => {
      const row = await tx.shopOrder.findUnique({
        where: { shop_shopifyOrderId: { shop, shopifyOrderId } },
        select: { id: true, cancelledAt: true, _count: { select: { printOrders: true } } },
      });
      return (
        row && { id: row.id, cancelledAt: row.cancelledAt, printOrderCount: row._count.printOrders }
      );
    },
    refreshShopOrder: async (shop, id, version, snapshot) => {
      await tx.shopOrder.updateMany({
        where: { id, shop, ...storedOlderThan(version) },
        data: { ...snapshot, ...versionColumns(version) },
      });
    },
    markShopOrderCancelled: async (shop, id, now) => {
      await tx.shopOrder.updateMany({
        where: { id, shop, cancelledAt: null },
        data: { cancelledAt: now },
      });
    },
  };
}

export function ingestStore(db: PrismaClient, schema: string | null | undefined): IngestStore {
  const table = tableIn(schema);
  return {
    ...ingestReads(db, table),
    insertAtOnce: async (inserts) => {
      await db.$transaction(
        inserts.flatMap(({ into, rows }) => insertRowsInChunks(db, table, into, rows)),
      );
    },
    transaction: (work) => db.$transaction((tx) => work(ingestTransaction(tx, table))),
  };
}
