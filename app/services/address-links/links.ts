/**
 * Address links: issued for one order (a newer one replaces the older), looked up by their
 * token under the shop the app proxy signed for, and taken once by compare-and-set.
 */
import type { AddressLink, PrismaClient } from "@prisma/client";
import type { Tx } from "../fulfilment/commands/lock";
import { LINK_LIFETIME_MS, newLinkToken, tokenHash, TOKEN_SHAPE } from "./token";

export type LinkReason = "stopped" | "held" | "merchant";

/** Writes a new link for the order (older ones stop working); answers its token. */
export async function issueAddressLink(
  tx: Tx,
  input: { shop: string; shopOrderId: string; reason: LinkReason; sentTo: string; now: Date },
): Promise<{ token: string; link: AddressLink }> {
  const { shop, shopOrderId, now } = input;
  await tx.addressLink.updateMany({
    where: { shop, shopOrderId, usedAt: null, replacedAt: null },
    data: { replacedAt: now },
  });
  const { token, hash } = newLinkToken();
  const link = await tx.addressLink.create({
    data: {
      shop,
      shopOrderId,
      tokenHash: hash,
      reason: input.reason,
      sentTo: input.sentTo,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS),
    },
  });
  return { token, link };
}

export type LinkLookup =
  | { state: "valid"; link: AddressLink }
  | { state: "used"; link: AddressLink }
  | { state: "expired" | "replaced" | "unknown" };

/**
 * The link a token opens, for the shop the request was signed for. A token of another shop is
 * "unknown", exactly like a made-up one: the page tells nobody it exists elsewhere.
 */
export async function findAddressLink(
  db: PrismaClient,
  input: { shop: string; token: string; now: Date },
): Promise<LinkLookup> {
  if (!TOKEN_SHAPE.test(input.token)) return { state: "unknown" };
  const link = await db.addressLink.findUnique({ where: { tokenHash: tokenHash(input.token) } });
  if (!link || link.shop !== input.shop) return { state: "unknown" };
  if (link.usedAt) return { state: "used", link };
  if (link.replacedAt) return { state: "replaced" };
  if (link.expiresAt.getTime() <= input.now.getTime()) return { state: "expired" };
  return { state: "valid", link };
}

/** Takes the link for one save; false when it was used, replaced or ran out meanwhile. */
export async function takeAddressLink(
  db: PrismaClient,
  link: AddressLink,
  now: Date,
): Promise<boolean> {
  const { count } = await db.addressLink.updateMany({
    where: {
      id: link.id,
      shop: link.shop,
      usedAt: null,
      replacedAt: null,
      expiresAt: { gt: now },
    },
    data: { usedAt: now },
  });
  return count === 1;
}

/** Gives a taken link back when the save did not go through, so the customer can try again. */
export async function releaseAddressLink(db: PrismaClient, link: AddressLink, takenAt: Date) {
  await db.addressLink.updateMany({
    where: { id: link.id, shop: link.shop, usedAt: takenAt },
    data: { usedAt: null },
  });
}
