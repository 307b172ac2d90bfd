import type { Prisma } from "@prisma/client";
import prisma from "../db.server";
import type { AlertKind } from "../services/alerts/off-link";
import type { AlertMark, AlertsStore, MarkMove } from "../services/alerts/ports";
import {
  readAlertSettings,
  saveAlertSettings,
  turnAlertOff,
  type AlertSettingsInput,
} from "../services/alerts/settings";
import { PAID_WEBHOOK_RECEIPTS } from "../services/fulfilment/handoff";
import { queueMail } from "./mail.server";

/**
 * The alerts' reads and writes (services/alerts/ports.ts): the shop's alert settings and
 * marks, the stops and figures each kind tells of, and the e-mail queue (MailMessage).
 */

type Tx = Prisma.TransactionClient;

/** Moves the shop's mark if it still holds `previous` (compare-and-set); whether it did. */
async function moveMark(db: Tx, mark: AlertMark | "lastAttentionAlertAt", move: MarkMove) {
  const moved = await db.shop.updateMany({
    where: { shop: move.shop, [mark]: move.previous },
    data: { [mark]: move.to },
  });
  return moved.count === 1;
}

/** A print order of the shop that stopped and was not told of yet. */
const untold = (shop: string) =>
  ({ shop, status: "needs_attention", attentionAlertedAt: null }) as const;

/** The shop's print orders stopped for this error code. */
const stoppedFor = (errorCode: string) =>
  ({ status: "needs_attention", lastErrorCode: errorCode }) as const;

/** Orders the regular check found (not a webhook) and that are paid. */
const FOUND = { source: "reconcile" } as const;

export const alertsStore: AlertsStore = {
  queueTakingMark: (mark, move, mail) =>
    prisma.$transaction(async (tx) => {
      if (!(await moveMark(tx, mark, move))) return false;
      await queueMail(tx, move.shop, mail);
      return true;
    }),
  moveMark: (mark, move) => moveMark(prisma, mark, move),

  shopsOutsideWindow: (windowStart, take) =>
    prisma.shop.findMany({
      where: {
        alertsAttention: true,
        uninstalledAt: null,
        OR: [{ lastAttentionAlertAt: null }, { lastAttentionAlertAt: { lte: windowStart } }],
      },
      select: { shop: true, alertEmail: true, lastAttentionAlertAt: true },
      orderBy: { shop: "asc" },
      take,
    }),
  untoldStops: async (shop, take) => {
    const [stops, count] = await Promise.all([
      prisma.printOrder.findMany({
        where: untold(shop),
        orderBy: [{ updatedAt: "asc" }, { id: "asc" }],
        take,
        select: {
          id: true,
          shopifyOrderName: true,
          orderReference: true,
          lastErrorMessage: true,
          lastErrorAction: true,
        },
      }),
      prisma.printOrder.count({ where: untold(shop) }),
    ]);
    return { stops, count };
  },
  queueTakingWindow: (move, mail, stopIds) =>
    prisma.$transaction(async (tx) => {
      if (!(await moveMark(tx, "lastAttentionAlertAt", move))) return false;
      await queueMail(tx, move.shop, mail);
      await tx.printOrder.updateMany({
        where: { ...untold(move.shop), id: { in: stopIds } },
        data: { attentionAlertedAt: move.to },
      });
      return true;
    }),

  shopsStoppedFor: async (errorCode, take) =>
    (
      await prisma.printOrder.groupBy({
        by: ["shop"],
        where: stoppedFor(errorCode),
        orderBy: { shop: "asc" },
        take,
      })
    ).map((row) => row.shop),
  paymentAlertState: async (shop) => {
    const row = await prisma.shop.findUnique({
      where: { shop },
      select: { alertsPayment: true, uninstalledAt: true, alertEmail: true, paymentAlertAt: true },
    });
    return row && { ...row, on: row.alertsPayment, markAt: row.paymentAlertAt };
  },
  paidSince: async (shop, since) =>
    (await prisma.printOrder.findFirst({
      where: { shop, servicePaidAt: { gt: since } },
      select: { id: true },
    })) !== null,
  stoppedFor: async (shop, errorCode, take) => {
    const [count, amounts] = await Promise.all([
      prisma.printOrder.count({ where: { shop, ...stoppedFor(errorCode) } }),
      prisma.printOrder.findMany({
        where: { shop, ...stoppedFor(errorCode), wholesaleTotalMinor: { not: null } },
        select: { wholesaleTotalMinor: true, currency: true },
        take,
      }),
    ]);
    return { count, amounts };
  },

  shopsWithUntoldChange: (take) =>
    prisma.shop.findMany({
      where: {
        pricesChangedAt: { not: null },
        OR: [
          { pricesAlertAt: null },
          { pricesChangedAt: { gt: prisma.shop.fields.pricesAlertAt } },
        ],
      },
      select: {
        shop: true,
        alertsPrices: true,
        uninstalledAt: true,
        alertEmail: true,
        pricesChangedAt: true,
        pricesAlertAt: true,
      },
      orderBy: { pricesChangedAt: "asc" },
      take,
    }),

  shopsFoundSince: async (since, take) =>
    (
      await prisma.shopOrder.findMany({
        where: { ...FOUND, createdAt: { gte: since }, shopifyPaidAt: { not: null } },
        distinct: ["shop"],
        select: { shop: true },
        orderBy: { shop: "asc" },
        take,
      })
    ).map((row) => row.shop),
  webhooksAlertState: async (shop) => {
    const row = await prisma.shop.findUnique({
      where: { shop },
      select: {
        alertsWebhooks: true,
        uninstalledAt: true,
        alertEmail: true,
        webhooksAlertAt: true,
      },
    });
    return row && { ...row, on: row.alertsWebhooks, markAt: row.webhooksAlertAt };
  },
  lastPaidWebhookAt: async (shop) =>
    (
      await prisma.webhookReceipt.findFirst({
        where: { shop, ...PAID_WEBHOOK_RECEIPTS },
        orderBy: { receivedAt: "desc" },
        select: { receivedAt: true },
      })
    )?.receivedAt ?? null,
  latestFoundPaidAt: async (shop, since) =>
    (
      await prisma.shopOrder.findFirst({
        where: { shop, ...FOUND, createdAt: { gte: since } },
        orderBy: { shopifyPaidAt: "desc" },
        select: { shopifyPaidAt: true },
      })
    )?.shopifyPaidAt ?? null,
  foundPaidAfter: (shop, after) =>
    prisma.shopOrder.count({
      where: { shop, ...FOUND, ...(after ? { shopifyPaidAt: { gt: after } } : {}) },
    }),

  shopsDue: (weekAgo, take) =>
    prisma.shop.findMany({
      where: {
        alertsWeekly: true,
        uninstalledAt: null,
        OR: [
          { weeklySummaryAt: { lte: weekAgo } },
          { weeklySummaryAt: null, installedAt: { lte: weekAgo } },
        ],
      },
      select: { shop: true, alertEmail: true, weeklySummaryAt: true },
      orderBy: { weeklySummaryAt: "asc" },
      take,
    }),
  attentionCount: (shop) => prisma.printOrder.count({ where: { shop, status: "needs_attention" } }),
  shipments: (shop, start, end, take) =>
    prisma.orderEvent.findMany({
      where: { shop, type: "shipped", at: { gte: start, lt: end }, printOrderId: { not: null } },
      orderBy: { at: "asc" },
      take,
      select: {
        printOrderId: true,
        at: true,
        printOrder: {
          select: {
            kind: true,
            shopifyOrderName: true,
            shopOrder: { select: { shopifyPaidAt: true } },
          },
        },
      },
    }),

  settings: (shop) =>
    prisma.shop.findUnique({
      where: { shop },
      select: {
        alertEmail: true,
        alertsAttention: true,
        alertsWebhooks: true,
        alertsPayment: true,
        alertsPrices: true,
        alertsWeekly: true,
      },
    }),
  saveSettings: async (shop, settings) => {
    await prisma.shop.updateMany({ where: { shop }, data: settings });
  },
  lastMail: (shop) =>
    prisma.mailMessage.findFirst({
      where: { shop },
      orderBy: { id: "desc" },
      select: { to: true, subject: true, createdAt: true, sentAt: true, dueAt: true, error: true },
    }),
  lastFailedMail: (shop) =>
    prisma.mailMessage.findFirst({
      where: { shop, sentAt: null, dueAt: null, sendingSince: null, error: { not: null } },
      orderBy: { id: "desc" },
      select: { subject: true, createdAt: true, error: true },
    }),
};

/** The shop's alert settings and its last e-mails, for Settings. */
export const alertSettingsOf = (shop: string) => readAlertSettings(alertsStore, shop);

export const saveShopAlertSettings = (shop: string, input: AlertSettingsInput) =>
  saveAlertSettings(alertsStore, shop, input);

export const turnShopAlertOff = (shop: string, kind: AlertKind) =>
  turnAlertOff(alertsStore, shop, kind);
