/**
 * What the merchant sees of address links: the shop's setting (Settings) and, on an order's
 * page, whether a link can be sent and what became of the last one.
 */
import type { AddressLinkStore } from "./ports";
import { isLinkSetting, linkRefusal, type LinkSetting } from "./send";

export async function readLinkSetting(store: AddressLinkStore, shop: string): Promise<LinkSetting> {
  const setting = await store.linkSetting(shop);
  return setting !== null && isLinkSetting(setting) ? setting : "stopped";
}

export async function saveLinkSetting(
  store: AddressLinkStore,
  shop: string,
  value: string,
): Promise<{ ok: boolean }> {
  if (!isLinkSetting(value)) return { ok: false };
  await store.saveLinkSetting(shop, value);
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
  store: AddressLinkStore,
  input: { shop: string; shopOrderId: string; now?: Date },
): Promise<OrderLinkState> {
  const now = input.now ?? new Date();
  const [order, last] = await Promise.all([
    store.order(input.shop, input.shopOrderId),
    store.lastLink(input.shop, input.shopOrderId),
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
