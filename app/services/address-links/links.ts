/**
 * Address links: issued for one order (a newer one replaces the older), looked up by their
 * token under the shop the app proxy signed for, and taken once by compare-and-set.
 */
import type { AddressLink, AddressLinkStore, AddressLinkTransaction } from "./ports";
import { LINK_LIFETIME_MS, newLinkToken, tokenHash, TOKEN_SHAPE } from "./token";

export type LinkReason = "stopped" | "held" | "merchant";

/** Writes a new link for the order (older ones stop working); answers its token. */
export async function issueAddressLink(
  tx: AddressLinkTransaction,
  input: { shop: string; shopOrderId: string; reason: LinkReason; sentTo: string; now: Date },
): Promise<{ token: string; link: AddressLink }> {
  const { shop, shopOrderId, now } = input;
  await tx.replaceOpenLinks(shop, shopOrderId, now);
  const { token, hash } = newLinkToken();
  const link = await tx.createLink({
    shop,
    shopOrderId,
    tokenHash: hash,
    reason: input.reason,
    sentTo: input.sentTo,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS),
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
  store: AddressLinkStore,
  input: { shop: string; token: string; now: Date },
): Promise<LinkLookup> {
  if (!TOKEN_SHAPE.test(input.token)) return { state: "unknown" };
  const link = await store.linkByTokenHash(input.shop, tokenHash(input.token));
  if (!link) return { state: "unknown" };
  if (link.usedAt) return { state: "used", link };
  if (link.replacedAt) return { state: "replaced" };
  if (link.expiresAt.getTime() <= input.now.getTime()) return { state: "expired" };
  return { state: "valid", link };
}
