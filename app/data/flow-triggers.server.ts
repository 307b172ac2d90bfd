import prisma from "../db.server";
import type { FlowTriggerStore } from "../services/flow-triggers/ports";

/**
 * Shopify Flow triggers as stored: an OrderEvent's flow columns (due, attempts, sent, error),
 * written by the event's id and shop; a claim is a compare-and-set on the due time.
 */

const one = (event: { id: number; shop: string }) => ({ id: event.id, shop: event.shop });

export const flowTriggerStore: FlowTriggerStore = {
  due: (now, take) =>
    prisma.orderEvent.findMany({
      where: { flowDueAt: { lte: now } },
      orderBy: [{ flowDueAt: "asc" }, { id: "asc" }],
      take,
      select: {
        id: true,
        shop: true,
        printOrderId: true,
        type: true,
        message: true,
        data: true,
        flowTrigger: true,
        flowDueAt: true,
        flowAttempts: true,
      },
    }),
  claim: async (event, until) =>
    (
      await prisma.orderEvent.updateMany({
        where: { ...one(event), flowDueAt: event.flowDueAt },
        data: { flowDueAt: until },
      })
    ).count === 1,
  printOrder: (shop, printOrderId) =>
    prisma.printOrder.findFirst({
      where: { id: printOrderId, shop },
      select: {
        kind: true,
        shopifyOrderId: true,
        orderReference: true,
        trackingCode: true,
        trackingUrl: true,
      },
    }),
  finish: async (event, result) => {
    await prisma.orderEvent.updateMany({
      where: one(event),
      data: { ...result, flowDueAt: null },
    });
  },
  retryAt: async (event, retry) => {
    await prisma.orderEvent.updateMany({
      where: one(event),
      data: { flowAttempts: retry.attempts, flowDueAt: retry.dueAt, flowError: retry.error },
    });
  },
};
