/**
 * What the merchant sees of address links: the shop's setting (Settings) and, on an order's
 * page, whether a link can be sent and what became of the last one.
 */
import type { PrismaClient } from "@prisma/client";
import { isLinkSetting, linkRefusal, type LinkSetting } from "./send";

export async function readLinkSetting(db: PrismaClient, shop: string): Promise<LinkSetting> {
  const row = await db.shop.findUnique({ where: { shop }, select: { customerAddressLinks: true } });
  return row && isLinkSetting(row.customerAddressLinks) ? row.customerAddressLinks : "stopped";
}

export async function saveLinkSetting(
  db: PrismaClient,
  shop: string,
  value: string,
): Promise<{ ok: boolean }> {
  if (!isLinkSetting(value)) return { ok: false };
  await db.shop.updateMany({ where: { shop }, data: { customerAddressLinks: value } });
  return { ok: true };
}

export interface OrderLinkState {
  /** Why no link can be sent now; null when one can. */
  refusal: string | null;
  last: {
    sentTo: string;
    sentAt: string;
    expiresAt: string;
    usedAt: string | null;
    state: "open" | "used" | "expired" | "replaced";
    byMerchant: boolean;
  } | null;
}

export async function readOrderLinkState(
  db: PrismaClient,
  input: { shop: string; shopOrderId: string; now?: Date },
): Promise<OrderLinkState> {
  const now = input.now ?? new Date();
  const [order, last] = await Promise.all([
    db.shopOrder.findFirst({
      where: { id: input.shopOrderId, shop: input.shop },
      include: { printOrders: true },
    }),
    db.addressLink.findFirst({
      where: { shop: input.shop, shopOrderId: input.shopOrderId },
      orderBy: { createdAt: "desc" },
    }),
  ]);
  return {
    refusal: linkRefusal(order),
    last: last
      ? {
          sentTo: last.sentTo,
          sentAt: last.createdAt.toISOString(),
          expiresAt: last.expiresAt.toISOString(),
          usedAt: last.usedAt?.toISOString() ?? null,
          state: last.usedAt
            ? "used"
            : last.replacedAt
              ? "replaced"
              : last.expiresAt <= now
                ? "expired"
                : "open",
          byMerchant: last.reason === "merchant",
        }
      : null,
  };
}
