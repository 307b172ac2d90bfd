import { eventRow, type EventActor } from "../events";
import { isUnpaidOrder, needsAttention, NOT_SCHEDULED, statusOf } from "../machine";
import { lockUnleased, retryWhileBusy, type Db } from "./lock";

/** orders/cancelled: unpaid print orders are cancelled here; paid ones are flagged. */
export function applyOrderCancelled(
  db: Db,
  input: { shop: string; shopifyOrderId: string; topic: string; now?: Date },
): Promise<{ cancelled: number; flagged: number }> {
  return retryWhileBusy(() => applyOrderCancelledOnce(db, input));
}

async function applyOrderCancelledOnce(
  db: Db,
  input: { shop: string; shopifyOrderId: string; topic: string; now?: Date },
): Promise<{ cancelled: number; flagged: number }> {
  const now = input.now ?? new Date();
  const actor = `webhook:${input.topic}` as EventActor;
  const stored = await db.shopOrder.findUnique({
    where: { shop_shopifyOrderId: { shop: input.shop, shopifyOrderId: input.shopifyOrderId } },
    include: { printOrders: true },
  });
  if (!stored) return { cancelled: 0, flagged: 0 };
  let cancelled = 0;
  let flagged = 0;
  await db.$transaction(async (tx) => {
    await tx.shopOrder.update({
      where: { id: stored.id },
      data: { cancelledAt: stored.cancelledAt ?? now },
    });
    for (const p of stored.printOrders) {
      const status = statusOf(p.status);
      const unpaid = isUnpaidOrder(p);
      if (status === "cancelled") continue;
      if (!unpaid && p.lastErrorCode === "SHOP_ORDER_CANCELLED") continue; // flagged already
      await lockUnleased(tx, p, now);
      if (unpaid) {
        await tx.printOrder.update({
          where: { id: p.id },
          data: { status: "cancelled", nextAttemptAt: NOT_SCHEDULED },
        });
        await tx.orderEvent.create({
          data: eventRow({
            shop: input.shop,
            shopOrderId: stored.id,
            printOrderId: p.id,
            actor,
            type: "cancelled",
            message:
              "Shopify order cancelled before payment: the print order is cancelled and will not be printed.",
            at: now,
          }),
        });
        cancelled++;
      } else {
        await tx.printOrder.update({
          where: { id: p.id },
          data: needsAttention(
            { status, resumeStatus: p.resumeStatus },
            {
              code: "SHOP_ORDER_CANCELLED",
              message:
                "The Shopify order was cancelled after the print order was paid; it is being printed.",
              action:
                "Ask the print service to cancel it if it is not yet in the print queue; retry to keep following it.",
            },
          ),
        });
        await tx.orderEvent.create({
          data: eventRow({
            shop: input.shop,
            shopOrderId: stored.id,
            printOrderId: p.id,
            actor,
            type: "needs_attention",
            message: "Shopify order cancelled after payment: the print order is already paid.",
            at: now,
          }),
        });
        flagged++;
      }
    }
  });
  return { cancelled, flagged };
}
