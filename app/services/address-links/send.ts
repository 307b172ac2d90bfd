/**
 * Sending a customer the link to correct their shipping address: by the merchant from the
 * order page, or on its own (the shop's setting) for an order stopped on its address or held
 * before print. The link and its e-mail are written in one transaction; the e-mail goes
 * through the mail queue (services/mail), in the shop's name with replies to the shop.
 */
import { ADDRESS_STOPS } from "../fulfilment/commands";
import { isUnpaidOrder } from "../fulfilment/machine";
import type { ShopifyAddress } from "../fulfilment/shopify-order";
import { addressLinkEmail, type LinkEmailInput } from "./email";
import { issueAddressLink, type LinkReason } from "./links";
import type { AddressLinkStore, AddressLinkTransaction, OrderWithPrintOrders } from "./ports";

export interface AddressLinkDeps {
  store: AddressLinkStore;
  now?: () => Date;
  shopInfo: (shop: string) => Promise<{ name: string; email: string } | null>;
  /** The link's address on the shop's own domain (the app proxy). */
  linkUrl: (shop: string, token: string) => string;
  logger: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

/** When the shop sends links on its own (Shop.customerAddressLinks). */
export const LINK_SETTINGS = ["stopped", "held", "off"] as const;
export type LinkSetting = (typeof LINK_SETTINGS)[number];
export const isLinkSetting = (v: string): v is LinkSetting =>
  (LINK_SETTINGS as readonly string[]).includes(v);

/** Why the order's address cannot be corrected by its customer now; null when it can. */
export function linkRefusal(order: OrderWithPrintOrders | null): string | null {
  if (!order) return "Order not found.";
  if (order.redactedAt) return "The customer's data was erased at their request.";
  if (order.cancelledAt) return "The Shopify order is cancelled.";
  if (!order.email) return "The order has no customer e-mail address to send the link to.";
  const open = order.printOrders.filter((p) => p.status !== "cancelled");
  if (open.length === 0) return "Nothing of this order is printed any more.";
  if (open.some((p) => !isUnpaidOrder(p)))
    return "The print service has been paid for this order: it ships to the address it has.";
  return null;
}

function whyOf(order: OrderWithPrintOrders): LinkEmailInput["why"] {
  const stopped = order.printOrders.find(
    (p) => p.status === "needs_attention" && ADDRESS_STOPS.includes(p.lastErrorCode ?? ""),
  );
  if (stopped?.lastErrorMessage) return { kind: "stopped", problem: stopped.lastErrorMessage };
  const held = order.printOrders.find((p) => p.status === "held");
  if (held) return { kind: "held", printsAt: held.holdUntil };
  return { kind: "check" };
}

/**
 * Queues the link's e-mail for the order. `claim` runs first inside the transaction: the
 * automatic round takes the order's mark there, so two rounds send one link.
 */
async function queueLink(
  deps: AddressLinkDeps,
  order: OrderWithPrintOrders,
  reason: LinkReason,
  claim?: (tx: AddressLinkTransaction) => Promise<boolean>,
): Promise<{ queued: boolean; to: string } | { queued: false; problem: string }> {
  const now = (deps.now ?? (() => new Date()))();
  const info = await deps.shopInfo(order.shop).catch(() => null);
  if (!info) return { queued: false, problem: "Shopify did not say the shop's name; try again." };
  const to = order.email!;
  const address = order.shippingAddress
    ? (JSON.parse(order.shippingAddress) as ShopifyAddress)
    : null;
  const queued = await deps.store.transaction(async (tx) => {
    if (claim && !(await claim(tx))) return false;
    // A link the merchant sent is the order's link: the automatic round sends none after it.
    if (!claim) await tx.takeOrderMark(order.shop, order.id, now);
    const { token, link } = await issueAddressLink(tx, {
      shop: order.shop,
      shopOrderId: order.id,
      reason,
      sentTo: to,
      now,
    });
    const email = addressLinkEmail({
      shopName: info.name,
      orderName: order.name,
      firstName: address?.first_name ?? null,
      url: deps.linkUrl(order.shop, token),
      expiresAt: link.expiresAt,
      why: whyOf(order),
    });
    await tx.queueMail(order.shop, {
      kind: "address-link",
      dedupeKey: `address-link:${link.id}`,
      to,
      fromName: info.name,
      replyTo: info.email,
      ...email,
      dueAt: now,
    });
    return true;
  });
  return { queued, to };
}

/** The merchant's "Send to the customer": a new link (an older one stops working). */
export async function sendAddressLink(
  deps: AddressLinkDeps,
  input: { shop: string; shopOrderId: string },
): Promise<{ ok: true; to: string } | { ok: false; message: string }> {
  const order = await deps.store.order(input.shop, input.shopOrderId);
  const refusal = linkRefusal(order);
  if (refusal) return { ok: false, message: refusal };
  const result = await queueLink(deps, order!, "merchant");
  return "problem" in result ? { ok: false, message: result.problem } : { ok: true, to: result.to };
}

const ROUND_MAX = 100;
/** Shops whose setting a round lists by name (off, or every held order). */
const SHOPS_LISTED_MAX = 1_000;

/**
 * The automatic sending, a round: orders stopped on their address (and, where the shop chose
 * it, orders held before print) whose customer was not sent a link on their own yet. Each
 * order once: its mark is taken by compare-and-set with the link and its e-mail queued.
 */
export async function queueAutomaticAddressLinks(
  deps: AddressLinkDeps,
): Promise<{ queued: number }> {
  const now = (deps.now ?? (() => new Date()))();
  // By the shops' settings in the query, so that orders no link goes to for a shop's choice
  // never fill a round and keep the others waiting.
  const [notSending, holdSending] = await Promise.all([
    deps.store.shopsNotSending(SHOPS_LISTED_MAX),
    deps.store.shopsSendingHeld(SHOPS_LISTED_MAX),
  ]);
  const candidates = await deps.store.linkCandidates({
    notSending,
    holdSending,
    addressStops: ADDRESS_STOPS,
    take: ROUND_MAX,
  });
  // The settings once more, by the candidates' own shops (the lists above are bounded).
  const settings = new Map<string, LinkSetting>();
  const shops = await deps.store.linkSettings([...new Set(candidates.map((c) => c.shop))]);
  for (const s of shops)
    settings.set(
      s.shop,
      isLinkSetting(s.customerAddressLinks) ? s.customerAddressLinks : "stopped",
    );
  let queued = 0;
  const seen = new Set<string>();
  for (const candidate of candidates) {
    const reason: LinkReason = candidate.status === "held" ? "held" : "stopped";
    const setting = settings.get(candidate.shop) ?? "off";
    if (setting === "off" || (reason === "held" && setting !== "held")) continue;
    if (seen.has(candidate.shopOrderId)) continue;
    seen.add(candidate.shopOrderId);
    const order = await deps.store.order(candidate.shop, candidate.shopOrderId);
    // Not one to correct (another print order of it is paid, say): judged once, not again.
    const claim = (tx: AddressLinkTransaction) =>
      tx.takeOrderMark(candidate.shop, candidate.shopOrderId, now);
    if (linkRefusal(order)) {
      await deps.store.transaction(claim);
      continue;
    }
    const result = await queueLink(deps, order!, reason, claim);
    if ("problem" in result) deps.logger.warn({ shop: candidate.shop }, result.problem);
    else if (result.queued) queued++;
  }
  return { queued };
}
