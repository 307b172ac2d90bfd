import type { Prisma } from "@prisma/client";
import prisma from "../db.server";
import type { AddressLinkStore, AddressLinkTransaction } from "../services/address-links/ports";
import {
  readLinkSetting,
  readOrderLinkState,
  saveLinkSetting,
} from "../services/address-links/state";
import { queueMail } from "./mail.server";

/**
 * Customers' address links (AddressLink), the shop's setting for them and the order's mark
 * that its customer was sent one (services/address-links/ports.ts). Keyed by shop; a link is
 * taken and an order marked by compare-and-set.
 */

type Tx = Prisma.TransactionClient;

async function takeOrderMark(db: Tx, shop: string, shopOrderId: string, now: Date) {
  const taken = await db.shopOrder.updateMany({
    where: { id: shopOrderId, shop, customerLinkAt: null },
    data: { customerLinkAt: now },
  });
  return taken.count === 1;
}

function linkTransaction(tx: Tx): AddressLinkTransaction {
  return {
    takeOrderMark: (shop, shopOrderId, now) => takeOrderMark(tx, shop, shopOrderId, now),
    replaceOpenLinks: async (shop, shopOrderId, now) => {
      await tx.addressLink.updateMany({
        where: { shop, shopOrderId, usedAt: null, replacedAt: null },
        data: { replacedAt: now },
      });
    },
    createLink: (link) => tx.addressLink.create({ data: link }),
    queueMail: (shop, mail) => queueMail(tx, shop, mail),
  };
}

/** The shops of this setting, by name, at most `take`. */
const shopsWhere = async (where: Prisma.ShopWhereInput, take: number) =>
  (await prisma.shop.findMany({ where, select: { shop: true }, take })).map((s) => s.shop);

export const addressLinkStore: AddressLinkStore = {
  order: (shop, shopOrderId) =>
    prisma.shopOrder.findFirst({
      where: { id: shopOrderId, shop },
      include: { printOrders: true },
    }),
  orderWithItems: (shop, shopOrderId) =>
    prisma.shopOrder.findFirst({
      where: { id: shopOrderId, shop },
      include: { printOrders: { include: { items: true } } },
    }),
  linkByTokenHash: async (shop, tokenHash) => {
    const link = await prisma.addressLink.findUnique({ where: { tokenHash } });
    return link && link.shop === shop ? link : null;
  },
  takeLink: async (link, now) =>
    (
      await prisma.addressLink.updateMany({
        where: {
          id: link.id,
          shop: link.shop,
          usedAt: null,
          replacedAt: null,
          expiresAt: { gt: now },
        },
        data: { usedAt: now },
      })
    ).count === 1,
  releaseLink: async (link, takenAt) => {
    await prisma.addressLink.updateMany({
      where: { id: link.id, shop: link.shop, usedAt: takenAt },
      data: { usedAt: null },
    });
  },
  lastLink: (shop, shopOrderId) =>
    prisma.addressLink.findFirst({
      where: { shop, shopOrderId },
      orderBy: { createdAt: "desc" },
    }),
  linkSetting: async (shop) =>
    (await prisma.shop.findUnique({ where: { shop }, select: { customerAddressLinks: true } }))
      ?.customerAddressLinks ?? null,
  saveLinkSetting: async (shop, value) => {
    await prisma.shop.updateMany({ where: { shop }, data: { customerAddressLinks: value } });
  },
  shopsNotSending: (take) =>
    shopsWhere({ OR: [{ customerAddressLinks: "off" }, { uninstalledAt: { not: null } }] }, take),
  shopsSendingHeld: (take) =>
    shopsWhere({ customerAddressLinks: "held", uninstalledAt: null }, take),
  linkCandidates: ({ notSending, holdSending, addressStops, take }) =>
    prisma.printOrder.findMany({
      where: {
        shop: { notIn: notSending },
        OR: [
          { status: "needs_attention", lastErrorCode: { in: [...addressStops] } },
          { status: "held", shop: { in: holdSending } },
        ],
        shopOrder: {
          customerLinkAt: null,
          email: { not: null },
          redactedAt: null,
          cancelledAt: null,
        },
      },
      select: { shop: true, shopOrderId: true, status: true },
      orderBy: { createdAt: "asc" },
      take,
    }),
  linkSettings: (shops) =>
    prisma.shop.findMany({
      where: { shop: { in: shops }, uninstalledAt: null },
      select: { shop: true, customerAddressLinks: true },
    }),
  transaction: (work) => prisma.$transaction((tx) => work(linkTransaction(tx))),
};

/** When the shop sends customers their address link on its own (Settings). */
export const addressLinkSettingOf = (shop: string) => readLinkSetting(addressLinkStore, shop);

export const saveAddressLinkSetting = (shop: string, value: string) =>
  saveLinkSetting(addressLinkStore, shop, value);

/** The order page's address link: can one be sent, and the last one's fate. */
export const orderAddressLinkOf = (shop: string, shopOrderId: string) =>
  readOrderLinkState(addressLinkStore, { shop, shopOrderId });

/** The Shopify order a print order of the shop belongs to (the link is the whole order's). */
export async function shopOrderIdOf(shop: string, printOrderId: string): Promise<string | null> {
  const row = await prisma.printOrder.findFirst({
    where: { id: printOrderId, shop },
    select: { shopOrderId: true },
  });
  return row?.shopOrderId ?? null;
}
