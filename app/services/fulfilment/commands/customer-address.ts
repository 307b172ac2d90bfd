import { isUnpaidOrder, resumedWhereStopped, statusOf } from "../machine";
import type { ShopifyAddress } from "../shopify-order";
import { retryWhileBusy } from "./lock";
import type { CommandStore } from "./ports";

/** The stops a customer's corrected address answers: the print order goes on by itself. */
export const ADDRESS_STOPS: readonly string[] = ["ADDRESS_INVALID"];

export interface CustomerAddressInput {
  shop: string;
  shopOrderId: string;
  /** The address as Shopify now has it (the same shape as the webhook's). */
  address: ShopifyAddress;
  /** One line for the timeline: what changed, without the customer's whole address. */
  summary: string;
  now?: Date;
}

export type CustomerAddressResult =
  { ok: true; released: string[]; updated: string[] } | { ok: false; reason: "printing" | "gone" };

/**
 * The customer corrected the shipping address (Shopify's order already has it): keep it on the
 * order, and for each print order not paid yet, use it. One stopped on its address goes on
 * where it stopped, as after the merchant's retry; one the print service already has is sent
 * the new address by the worker (`addressPending`, as for a change made in Shopify). A print
 * order already paid keeps the address the service has: the whole correction is refused
 * before anything is written when any is.
 */
export function applyCustomerAddress(
  store: CommandStore,
  input: CustomerAddressInput,
): Promise<CustomerAddressResult> {
  return retryWhileBusy(() => applyOnce(store, input));
}

async function applyOnce(
  store: CommandStore,
  input: CustomerAddressInput,
): Promise<CustomerAddressResult> {
  const { shop, shopOrderId } = input;
  const now = input.now ?? new Date();
  const stored = await store.orderById(shop, shopOrderId);
  if (!stored || stored.redactedAt || stored.cancelledAt) return { ok: false, reason: "gone" };
  const open = stored.printOrders.filter((p) => statusOf(p.status) !== "cancelled");
  if (open.length === 0) return { ok: false, reason: "gone" };
  if (open.some((p) => !isUnpaidOrder(p))) return { ok: false, reason: "printing" };

  return store.transaction(async (tx) => {
    const released: string[] = [];
    const updated: string[] = [];
    await tx.setShippingAddress(shop, stored.id, JSON.stringify(input.address));
    for (const printOrder of open) {
      await tx.lockUnleased(shop, printOrder, now);
      const stopped =
        printOrder.status === "needs_attention" &&
        ADDRESS_STOPS.includes(printOrder.lastErrorCode ?? "");
      const atService = printOrder.printOrderId !== null;
      await tx.updatePrintOrder(shop, printOrder.id, {
        ...(stopped ? resumedWhereStopped(printOrder, now) : {}),
        addressPending: atService,
        ...(stopped || atService ? { nextAttemptAt: now } : {}),
      });
      (stopped ? released : updated).push(printOrder.id);
      await tx.addEvent(shop, {
        shopOrderId: stored.id,
        printOrderId: printOrder.id,
        actor: "customer",
        type: "address_corrected",
        message: `The customer corrected the shipping address (${input.summary})${
          stopped ? "; the order goes on." : atService ? "; sending it to the print service." : "."
        }`,
        at: now,
      });
    }
    return { ok: true as const, released, updated };
  });
}
