import { eventRow, type EventActor } from "../events";
import { isUnpaid, needsAttention, statusOf } from "../machine";
import { orderVersion, storedOlderThan, versionColumns } from "../order-version";
import { filesForLine, mapShippingAddress } from "../print-plan";
import type { ShopifyOrder } from "../shopify-order";
import { lockUnleased, mappingsFor, retryWhileBusy, type Db } from "./lock";

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
  db: Db,
  input: OrderUpdateInput,
): Promise<{ changed: string[]; outdated?: true }> {
  return retryWhileBusy(() => applyOrderUpdateOnce(db, input));
}

async function applyOrderUpdateOnce(
  db: Db,
  input: OrderUpdateInput,
): Promise<{ changed: string[]; outdated?: true }> {
  const { shop, order } = input;
  const now = input.now ?? new Date();
  const actor = `webhook:${input.topic}` as EventActor;
  const stored = await db.shopOrder.findUnique({
    where: { shop_shopifyOrderId: { shop, shopifyOrderId: order.id } },
    include: { printOrders: { include: { items: true } } },
  });
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
    db,
    shop,
    stored.printOrders.flatMap((p) => p.items.map((i) => i.variantId)),
  );
  const version = orderVersion(order.updated_at, input.triggeredAt);

  const applied = await db.$transaction(async (tx) => {
    // First and conditional: an older delivery writes nothing at all.
    const { count } = await tx.shopOrder.updateMany({
      where: { id: stored.id, shop, ...storedOlderThan(version) },
      data: {
        email: order.email ?? order.contact_email ?? stored.email,
        shippingAddress: newAddress ? JSON.stringify(newAddress) : null,
        lineItems: JSON.stringify(order.line_items),
        ...versionColumns(version),
      },
    });
    if (count === 0) return false;
    for (const printOrder of stored.printOrders) {
      const status = statusOf(printOrder.status);
      let locked = false;
      const lock = async () => {
        if (!locked) await lockUnleased(tx, printOrder, now);
        locked = true;
      };
      const event = (type: string, message: string) =>
        tx.orderEvent.create({
          data: eventRow({
            shop,
            shopOrderId: stored.id,
            printOrderId: printOrder.id,
            actor,
            type,
            message,
            at: now,
          }),
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
          await tx.printOrder.update({
            where: { id: printOrder.id },
            data: {
              addressPending: atService && valid.ok,
              ...(atService ? { nextAttemptAt: now } : {}),
            },
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
          await tx.printOrder.update({
            where: { id: printOrder.id },
            data: needsAttention(
              { status, resumeStatus: printOrder.resumeStatus },
              {
                code: "ADDRESS_CHANGED_AFTER_PAYMENT",
                message:
                  "The shipping country or state changed after the print order was paid; the print service ships to the old address.",
                action:
                  "Contact the customer or the print service; retry to keep following this order.",
              },
            ),
          });
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
        await tx.printOrderItem.update({
          where: { id: item.id },
          data: { fileDetails: JSON.stringify(files) },
        });
        await tx.printOrder.updateMany({
          where: {
            id: printOrder.id,
            shop,
            status: { in: ["awaiting_files", "pending", "held", "ready", "created"] },
          },
          data: { nextAttemptAt: printOrder.status === "awaiting_files" ? now : undefined },
        });
        await event("file_received", `Print file received for "${item.title}".`);
        changed.push(`file:${item.id}`);
      }
    }
    return true;
  });
  return applied ? { changed } : { changed: [], outdated: true };
}
