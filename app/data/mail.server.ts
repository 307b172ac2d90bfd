import type { Prisma } from "@prisma/client";
import prisma from "../db.server";
import type { MailQueue, NewMail } from "../services/mail/ports";

/**
 * The e-mail queue (MailMessage) as the sender reads and moves it (services/mail/send.ts).
 * Each message is written by its id and shop; a claim is a compare-and-set on its due time.
 */

const one = (message: { id: number; shop: string }) => ({ id: message.id, shop: message.shop });

export const mailQueue: MailQueue = {
  giveUpHeldSince: async (before, error) =>
    (
      await prisma.mailMessage.updateMany({
        where: { sendingSince: { lte: before }, sentAt: null },
        data: { sendingSince: null, error },
      })
    ).count,
  due: (now, take) =>
    prisma.mailMessage.findMany({
      where: { dueAt: { lte: now } },
      orderBy: [{ dueAt: "asc" }, { id: "asc" }],
      take,
    }),
  claim: async (message, now) =>
    (
      await prisma.mailMessage.updateMany({
        where: { ...one(message), dueAt: message.dueAt },
        data: { dueAt: null, sendingSince: now, attempts: { increment: 1 } },
      })
    ).count === 1,
  markSent: async (message, sentAt) => {
    await prisma.mailMessage.updateMany({
      where: one(message),
      data: { sendingSince: null, sentAt, error: null },
    });
  },
  retryAt: async (message, dueAt, error) => {
    await prisma.mailMessage.updateMany({
      where: one(message),
      data: { sendingSince: null, dueAt, error },
    });
  },
  giveUp: async (message, error) => {
    await prisma.mailMessage.updateMany({
      where: one(message),
      data: { sendingSince: null, error },
    });
  },
  deleteSentBefore: async (before) => {
    await prisma.mailMessage.deleteMany({ where: { sentAt: { lt: before } } });
  },
};

/** Queues an e-mail of the shop, in the caller's transaction. */
export async function queueMail(tx: Prisma.TransactionClient, shop: string, mail: NewMail) {
  await tx.mailMessage.create({ data: { shop, ...mail } });
}
