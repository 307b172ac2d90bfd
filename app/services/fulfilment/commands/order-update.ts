import type { EventActor } from "../events";
import { isUnpaid, needsAttention, statusOf } from "../machine";
import { orderVersion } from "../order-version";
import { filesForLine, mapShippingAddress } from "../print-plan";
import type { ShopifyOrder } from "../shopify-order";
import { mappingsFor, retryWhileBusy } from "./lock";
import type { CommandStore } from "./ports";

interface OrderUpdateInput {
  shop: string;
  order: ShopifyOrder;
  topic: string;
  /** The delivery's X-Shopify-Triggered-At. */
  triggeredAt?: string | undefined;
  now?: Date;
}

/**
 * orders/updated: keep the snapshot current; send a changed address while
 * unpaid, flag a changed country or state after payment; pick up personalised
 * files that arrived as line item properties. A delivery older than the
 * stored order (a replay, or one that arrived late) changes nothing and is
 * answered `outdated`.
 */
export function applyOrderUpdate(
  store: CommandStore,
  input: OrderUpdateInput,
): Promise<{ changed: string[]; outdated?: true }> {
  return retryWhileBusy(() => applyOrderUpdateOnce(store, input));
}

async function applyOrderUpdateOnce(
  store: CommandStore,
  input: OrderUpdateInput,
): Promise<{ changed: string[]; outdated?: true }> {
  const { shop, order } = input;
  const now = input.now ?? new Date();
  const actor = `webhook:${input.topic}` as EventActor;
  const stored = await store.orderByShopifyIdWithItems(shop, order.id);
  // Unknown, or erased on the customer's request: nothing personal is written back.
  if (!stored || stored.redactedAt) return { changed: [] };
  const changed: string[] = [];
  const oldAddress = stored.shippingAddress
    ? (JSON.parse(stored.shippingAddress) as ShopifyOrder["shipping_address"])
    : null;
  const newAddress = order.shipping_address ?? null;
  const addressChanged = JSON.stringify(oldAddress ?? null) !== JSON.stringify(newAddress);
  const regionChanged =
    (oldAddress?.country_code ?? null) !== (newAddress?.country_code ?? null) ||
    (oldAddress?.province_code ?? null) !== (newAddress?.province_code ?? null);
  const mappings = await mappingsFor(
    store,
    shop,
    stored.printOrders.flatMap((p) => p.items.map((i) => i.variantId)),
  );
  const version = orderVersion(order.updated_at, input.triggeredAt);

  const applied = await store.transaction(async (tx) => {
    // First and conditional: an older delivery writes nothing at all.
    const written = await tx.updateOrderIfOlder(shop, stored.id, version, {
      email: order.email ?? order.contact_email ?? stored.email,
      shippingAddress: newAddress ? JSON.stringify(newAddress) : null,
      lineItems: JSON.stringify(order.line_items),
    });
    if (!written) return false;
    for (const printOrder of stored.printOrders) {
      const status = statusOf(printOrder.status);
      let locked = false;
      const lock = async () => {
        if (!locked) await tx.lockUnleased(shop, printOrder, now);
        locked = true;
      };
      const event = (type: string, message: string) =>
        tx.addEvent(shop, {
          shopOrderId: stored.id,
          printOrderId: printOrder.id,
          actor,
          type,
          message,
          at: now,
        });
      if (addressChanged && status !== "cancelled") {
        const valid = mapShippingAddress(order);
        if (
          isUnpaid(status) ||
          (status === "needs_attention" &&
            printOrder.resumeStatus &&
            isUnpaid(statusOf(printOrder.resumeStatus)))
        ) {
          const atService = printOrder.printOrderId !== null;
          await lock();
          await tx.updatePrintOrder(shop, printOrder.id, {
            addressPending: atService && valid.ok,
            ...(atService ? { nextAttemptAt: now } : {}),
          });
          await event(
            "address_changed",
            valid.ok
              ? atService
                ? "Shipping address changed; sending it to the print service."
                : "Shipping address changed; the new one will be used."
              : `Shipping address changed but is incomplete: ${valid.reason}`,
          );
          changed.push(`address:${printOrder.id}`);
        } else if (regionChanged) {
          await lock();
          await tx.updatePrintOrder(
            shop,
            printOrder.id,
            needsAttention(
              { status, resumeStatus: printOrder.resumeStatus },
              {
                code: "ADDRESS_CHANGED_AFTER_PAYMENT",
                message:
                  "The shipping country or state changed after the print order was paid; the print service ships to the old address.",
                action:
                  "Contact the customer or the print service; retry to keep following this order.",
              },
            ),
          );
          await event(
            "needs_attention",
            "Shipping country or state changed after payment: the print order still goes to the old address.",
          );
          changed.push(`attention:${printOrder.id}`);
        } else {
          await event(
            "address_changed_after_payment",
            "Shipping address changed after payment; the print service keeps the address it has.",
          );
        }
      }

      // Personalised files that arrived as line item properties.
      for (const item of printOrder.items) {
        if (item.fileDetails || !item.fileProperty) continue;
        const line = order.line_items.find((l) => l.id === item.shopifyLineItemId);
        const mapping = mappings.get(item.variantId);
        if (!line || !mapping) continue;
        const files = filesForLine(mapping, line);
        if (!files) continue;
        await lock();
        await tx.setItemFiles(shop, item.id, JSON.stringify(files));
        await tx.updatePrintOrderIn(
          shop,
          printOrder.id,
          ["awaiting_files", "pending", "held", "ready", "created"],
          { nextAttemptAt: printOrder.status === "awaiting_files" ? now : undefined },
        );
        await event("file_received", `Print file received for "${item.title}".`);
        changed.push(`file:${item.id}`);
      }
    }
    return true;
  });
  return applied ? { changed } : { changed: [], outdated: true };
}
