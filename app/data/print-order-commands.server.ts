/**
 * The reads and writes of the changes from outside the worker (services/fulfilment/commands):
 * Shopify order changes, a customer's corrected address, merchant actions. Every one is keyed
 * by shop; a change waits for the worker's step through `lockUnleased` and the compare-and-set
 * writes below, which repeat what the change was decided on.
 */
import type { Prisma, PrismaClient } from "@prisma/client";
import prisma from "../db.server";
import { PrintOrderBusyError } from "../services/fulfilment/commands/lock";
import type {
  CommandStore,
  CommandTransaction,
  PrintOrderWrites,
} from "../services/fulfilment/commands/ports";
import { eventRow } from "../services/fulfilment/events";
import { storedOlderThan, versionColumns } from "../services/fulfilment/order-version";
import { leaseFree } from "./fulfilment-lease.server";

type Tx = Prisma.TransactionClient;

/**
 * Takes the row for this transaction if no worker holds it. A conditional
 * write, not a read: it locks the row (PostgreSQL) or runs inside the one
 * writer (SQLite), so a worker cannot claim it until this transaction ends.
 */
export async function lockUnleased(
  tx: Tx,
  row: { id: string; shop: string; status: string },
  now: Date,
): Promise<void> {
  // The expected status too: the decision was made on it, outside this transaction.
  const { count } = await tx.printOrder.updateMany({
    where: { id: row.id, shop: row.shop, status: row.status, ...leaseFree(now) },
    data: { updatedAt: now },
  });
  if (count !== 1) throw new PrintOrderBusyError(row.id);
}

/** The writes made with the client given: the database's, or a transaction's. */
function printOrderWrites(db: PrismaClient | Tx): PrintOrderWrites {
  return {
    changeIfUnleased: async (shop, id, expected, now, change) =>
      (
        await db.printOrder.updateMany({
          where: { id, shop, ...expected, ...leaseFree(now) },
          data: change,
        })
      ).count === 1,
    updateItem: async (shop, itemId, change) => {
      await db.printOrderItem.updateMany({ where: { id: itemId, shop }, data: change });
    },
    addEvent: async (shop, event) => {
      await db.orderEvent.create({ data: eventRow({ shop, ...event }) });
    },
  };
}

function commandTransaction(tx: Tx): CommandTransaction {
  return {
    ...printOrderWrites(tx),
    lockUnleased: (shop, row, now) =>
      lockUnleased(tx, { id: row.id, shop, status: row.status }, now),
    updatePrintOrder: async (shop, id, change) => {
      await tx.printOrder.update({ where: { id, shop }, data: change });
    },
    updatePrintOrderIn: async (shop, id, statuses, change) => {
      await tx.printOrder.updateMany({
        where: { id, shop, status: { in: [...statuses] } },
        data: change,
      });
    },
    updateOrderIfOlder: async (shop, shopOrderId, version, snapshot) =>
      (
        await tx.shopOrder.updateMany({
          where: { id: shopOrderId, shop, ...storedOlderThan(version) },
          data: { ...snapshot, ...versionColumns(version) },
        })
      ).count > 0,
    markOrderCancelled: async (shop, shopOrderId, at) => {
      await tx.shopOrder.update({ where: { id: shopOrderId, shop }, data: { cancelledAt: at } });
    },
    setShippingAddress: async (shop, shopOrderId, shippingAddress) => {
      await tx.shopOrder.updateMany({
        where: { id: shopOrderId, shop },
        data: { shippingAddress },
      });
    },
    setItemFiles: async (shop, itemId, fileDetails) => {
      await tx.printOrderItem.update({ where: { id: itemId, shop }, data: { fileDetails } });
    },
  };
}

/** The outside changes' store (services/fulfilment/commands). */
export const printOrderCommandStore: CommandStore = {
  ...printOrderWrites(prisma),
  printOrder: (shop, id) => prisma.printOrder.findFirst({ where: { id, shop } }),
  printOrderStatus: async (shop, id) =>
    (await prisma.printOrder.findFirst({ where: { id, shop }, select: { status: true } }))
      ?.status ?? null,
  printOrderWithItems: (shop, id) =>
    prisma.printOrder.findFirst({ where: { id, shop }, include: { items: true } }),
  stoppedPrintOrder: (shop, id) =>
    prisma.printOrder.findFirst({
      where: { id, shop, status: "needs_attention" },
      include: { items: true },
    }),
  stoppedWithCode: (shop, code, take) =>
    prisma.printOrder.findMany({
      where: { shop, status: "needs_attention", lastErrorCode: code },
      select: { id: true, shopOrderId: true, resumeStatus: true },
      orderBy: { createdAt: "asc" },
      take,
    }),
  stoppedPrintOrderWithLines: (shop, id) =>
    prisma.printOrder.findFirst({
      where: { id, shop, status: "needs_attention" },
      include: { items: true, shopOrder: { select: { lineItems: true } } },
    }),
  itemWithOrder: (shop, printOrderId, itemId) =>
    prisma.printOrderItem.findFirst({
      where: { id: itemId, shop, printOrderRowId: printOrderId },
      include: { printOrder: true },
    }),
  orderByShopifyIdWithItems: (shop, shopifyOrderId) =>
    prisma.shopOrder.findUnique({
      where: { shop_shopifyOrderId: { shop, shopifyOrderId } },
      include: { printOrders: { include: { items: true } } },
    }),
  orderByShopifyId: (shop, shopifyOrderId) =>
    prisma.shopOrder.findUnique({
      where: { shop_shopifyOrderId: { shop, shopifyOrderId } },
      include: { printOrders: true },
    }),
  orderById: (shop, shopOrderId) =>
    prisma.shopOrder.findFirst({
      where: { id: shopOrderId, shop },
      include: { printOrders: true },
    }),

  mappings: (shop, variantIds) =>
    prisma.variantMapping.findMany({ where: { shop, variantId: { in: variantIds } } }),
  mapping: (shop, variantId) =>
    prisma.variantMapping.findUnique({ where: { shop_variantId: { shop, variantId } } }),
  mappingChecks: (shop, variantIds, contentUrls) =>
    prisma.variantMapping.findMany({
      where: { shop, variantId: { in: variantIds }, contentUrl: { in: contentUrls } },
      select: { variantId: true, preflight: true },
    }),
  clearItemCheck: async (shop, itemId, preflight) => {
    await prisma.printOrderItem.updateMany({
      where: { id: itemId, shop, preflight },
      data: { preflight: null },
    });
  },
  clearMappingCheck: async (shop, variantId, preflight) => {
    await prisma.variantMapping.updateMany({
      where: { shop, variantId, preflight },
      data: { preflight: null },
    });
  },

  attachFile: async (shop, file) => {
    await prisma.$transaction([
      prisma.printOrderItem.update({
        where: { id: file.itemId, shop },
        // A new file is checked anew; an override was for the file it replaces.
        data: { fileDetails: file.fileDetails, preflight: null, preflightOverride: null },
      }),
      prisma.printOrder.updateMany({
        where: { id: file.printOrderId, shop, status: "awaiting_files" },
        data: { nextAttemptAt: file.now },
      }),
      prisma.orderEvent.create({ data: eventRow({ shop, ...file.event }) }),
    ]);
  },
  transaction: (work) => prisma.$transaction((tx) => work(commandTransaction(tx))),
};
