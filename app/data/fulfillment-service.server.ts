/**
 * The shop's move to the fulfillment service (docs/decisions/0023): what the merchant sees
 * before confirming it, the confirmation, and the mark that makes the worker look at the shop's
 * fulfillment orders now (Shopify's ping, a mapping changed).
 */
import prisma from "../db.server";
import { lockUnleased } from "./print-order-commands.server";
import { eventRow } from "../services/fulfilment/events";
import { NOT_SCHEDULED } from "../services/fulfilment/machine";
import type { ServiceStore } from "../services/fulfillment-service/ports";

/** Mapped variants named in the move's preview; the rest are counted. */
export const MOVE_PREVIEW_NAMED = 8;

export interface ServiceModel {
  /** The service and its location are registered (needs the write_fulfillments scope). */
  registered: boolean;
  moveAt: Date | null;
  since: Date | null;
  mapped: number;
  stocked: number;
  /** The first mapped variants by title, as the preview names them. */
  named: { variantId: string; title: string }[];
}

export async function getServiceModel({ shop }: { shop: string }): Promise<ServiceModel> {
  const [row, mapped, stocked, named] = await Promise.all([
    prisma.shop.findUnique({
      where: { shop },
      select: { fulfillmentLocationId: true, serviceMoveAt: true, serviceModelSince: true },
    }),
    prisma.variantMapping.count({ where: { shop } }),
    prisma.serviceStocking.count({ where: { shop } }),
    prisma.variantMapping.findMany({
      where: { shop },
      orderBy: [{ title: "asc" }, { variantId: "asc" }],
      take: MOVE_PREVIEW_NAMED,
      select: { variantId: true, title: true },
    }),
  ]);
  return {
    registered: !!row?.fulfillmentLocationId,
    moveAt: row?.serviceMoveAt ?? null,
    since: row?.serviceModelSince ?? null,
    mapped,
    stocked,
    named,
  };
}

/** The merchant confirms the move: the worker stocks the mapped variants from its next look. */
export async function confirmServiceMove({
  shop,
  now = new Date(),
}: {
  shop: string;
  now?: Date;
}): Promise<boolean> {
  const { count } = await prisma.shop.updateMany({
    where: { shop, serviceMoveAt: null, fulfillmentLocationId: { not: null } },
    data: { serviceMoveAt: now, serviceRoundDueAt: now },
  });
  return count === 1;
}

/** The worker looks at this shop's fulfillment service at its next round (a moved shop only). */
export async function markServiceLookDue({ shop }: { shop: string }): Promise<void> {
  await prisma.shop.updateMany({
    where: { shop, serviceMoveAt: { not: null } },
    data: { serviceRoundDueAt: new Date() },
  });
}

/** Whether the shop moved and the app stocked this variant at the Print Connect location. */
export async function getVariantStocking({
  shop,
  variantId,
}: {
  shop: string;
  variantId: string;
}): Promise<{ moved: boolean; stocked: boolean }> {
  const [row, stocking] = await Promise.all([
    prisma.shop.findUnique({ where: { shop }, select: { serviceMoveAt: true } }),
    prisma.serviceStocking.findUnique({ where: { shop_variantId: { shop, variantId } } }),
  ]);
  return { moved: !!row?.serviceMoveAt, stocked: stocking !== null };
}

/**
 * The worker's looks (services/fulfillment-service/ports.ts): the shops due a look, claimed by
 * compare-and-set on their due time; the print orders' holds, answers and cancellations; the
 * variants the app stocked at the service's location (ServiceStocking).
 */
export const serviceStore: ServiceStore = {
  dueShops: (now, take) =>
    prisma.shop.findMany({
      where: { serviceRoundDueAt: { lte: now }, uninstalledAt: null },
      orderBy: { serviceRoundDueAt: "asc" },
      take,
      select: { shop: true, serviceRoundDueAt: true },
    }),
  claimShop: async (shop, dueAt, until) =>
    (
      await prisma.shop.updateMany({
        where: { shop, serviceRoundDueAt: dueAt },
        data: { serviceRoundDueAt: until },
      })
    ).count === 1,
  scheduleLook: async (shop, after, at) => {
    await prisma.shop.updateMany({
      where: { shop, serviceRoundDueAt: { gt: after } },
      data: { serviceRoundDueAt: at },
    });
  },
  serviceSetup: (shop) =>
    prisma.shop.findUnique({
      where: { shop },
      select: { fulfillmentLocationId: true, serviceMoveAt: true, serviceModelSince: true },
    }),
  markServiceModel: async (shop, since) => {
    await prisma.shop.update({ where: { shop }, data: { serviceModelSince: since } });
  },

  recordedOrder: (shop, shopifyOrderId) =>
    prisma.shopOrder.findUnique({
      where: { shop_shopifyOrderId: { shop, shopifyOrderId } },
      select: {
        id: true,
        printOrders: {
          select: {
            id: true,
            orderReference: true,
            printOrderId: true,
            status: true,
            resumeStatus: true,
            serviceState: true,
            lastErrorCode: true,
            lastErrorMessage: true,
            items: { select: { shopifyLineItemId: true } },
          },
          orderBy: { groupIndex: "asc" },
        },
      },
    }),
  addEvents: async (shop, shopOrderId, printOrderIds, event) => {
    await prisma.orderEvent.createMany({
      data: printOrderIds.map((printOrderId) =>
        eventRow({ shop, shopOrderId, printOrderId, ...event }),
      ),
    });
  },
  resumeUnrequested: async (shop, printOrderIds, now) => {
    await prisma.printOrder.updateMany({
      where: {
        shop,
        id: { in: printOrderIds },
        status: "needs_attention",
        lastErrorCode: "FULFILLMENT_NOT_REQUESTED",
        leaseOwner: null,
      },
      data: { status: "shipped", resumeStatus: null, nextAttemptAt: now },
    });
  },
  cancelPrintOrders: (shop, shopOrderId, cancellations, now) =>
    prisma.$transaction(async (tx) => {
      for (const p of cancellations) {
        const row = await tx.printOrder.findUnique({ where: { id: p.id, shop } });
        if (!row || row.status === "cancelled") continue;
        await lockUnleased(tx, row, now);
        await tx.printOrder.update({
          where: { id: p.id, shop },
          data: {
            status: "cancelled",
            nextAttemptAt: NOT_SCHEDULED,
            ...(p.printOrderId ? { serviceState: "CANCELLED" } : {}),
          },
        });
        await tx.orderEvent.create({
          data: eventRow({
            shop,
            shopOrderId,
            printOrderId: p.id,
            actor: "shopify",
            type: "cancelled",
            message: p.message,
            at: now,
          }),
        });
      }
    }),

  toHold: (shop, statuses, take) =>
    prisma.printOrder.findMany({
      where: { shop, kind: "sale", status: { in: [...statuses] }, serviceHoldAt: null },
      orderBy: { createdAt: "asc" },
      take,
      select: { id: true, shopifyOrderId: true, status: true },
    }),
  markHeld: async (shop, printOrderId, now) => {
    await prisma.printOrder.updateMany({
      where: { id: printOrderId, shop, serviceHoldAt: null },
      data: { serviceHoldAt: now },
    });
  },
  toRelease: (shop, statuses, take) =>
    prisma.printOrder.findMany({
      where: { shop, serviceHoldAt: { not: null }, status: { notIn: [...statuses] } },
      take,
      select: { id: true, shopifyOrderId: true },
    }),
  markReleased: async (shop, printOrderId, now) => {
    await prisma.printOrder.updateMany({
      where: { id: printOrderId, shop },
      data: { serviceHoldAt: null },
    });
    await prisma.printOrder.updateMany({
      where: { id: printOrderId, shop, status: "shipped", leaseOwner: null },
      data: { nextAttemptAt: now },
    });
  },

  toStock: async (shop, take) =>
    (
      await prisma.$queryRaw<{ variantId: string }[]>`
        SELECT m."variantId" FROM "VariantMapping" m
        LEFT JOIN "ServiceStocking" s ON s."shop" = m."shop" AND s."variantId" = m."variantId"
        WHERE m."shop" = ${shop} AND s."id" IS NULL
        ORDER BY m."variantId"
        LIMIT ${take}`
    ).map((r) => r.variantId),
  toUnstock: async (shop, take) =>
    (
      await prisma.$queryRaw<{ variantId: string }[]>`
        SELECT s."variantId" FROM "ServiceStocking" s
        LEFT JOIN "VariantMapping" m ON m."shop" = s."shop" AND m."variantId" = s."variantId"
        WHERE s."shop" = ${shop} AND m."id" IS NULL
        ORDER BY s."variantId"
        LIMIT ${take}`
    ).map((r) => r.variantId),
  markStocked: async (shop, variantId) => {
    await prisma.serviceStocking.upsert({
      where: { shop_variantId: { shop, variantId } },
      create: { shop, variantId },
      update: {},
    });
  },
  markUnstocked: async (shop, variantId) => {
    await prisma.serviceStocking.deleteMany({ where: { shop, variantId } });
  },
};
