import type { EventActor } from "../events";
import { isUnpaidOrder, needsAttention, NOT_SCHEDULED, statusOf } from "../machine";
import { retryWhileBusy } from "./lock";
import type { CommandStore } from "./ports";

/** orders/cancelled: unpaid print orders are cancelled here; paid ones are flagged. */
export function applyOrderCancelled(
  store: CommandStore,
  input: { shop: string; shopifyOrderId: string; topic: string; now?: Date },
): Promise<{ cancelled: number; flagged: number }> {
  return retryWhileBusy(() => applyOrderCancelledOnce(store, input));
}

async function applyOrderCancelledOnce(
  store: CommandStore,
  input: { shop: string; shopifyOrderId: string; topic: string; now?: Date },
): Promise<{ cancelled: number; flagged: number }> {
  const now = input.now ?? new Date();
  const actor = `webhook:${input.topic}` as EventActor;
  const stored = await store.orderByShopifyId(input.shop, input.shopifyOrderId);
  if (!stored) return { cancelled: 0, flagged: 0 };
  let cancelled = 0;
  let flagged = 0;
  await store.transaction(async (tx) => {
    await tx.markOrderCancelled(input.shop, stored.id, stored.cancelledAt ?? now);
    for (const p of stored.printOrders) {
      const status = statusOf(p.status);
      const unpaid = isUnpaidOrder(p);
      if (status === "cancelled") continue;
      if (!unpaid && p.lastErrorCode === "SHOP_ORDER_CANCELLED") continue; // flagged already
      await tx.lockUnleased(input.shop, p, now);
      if (unpaid) {
        await tx.updatePrintOrder(input.shop, p.id, {
          status: "cancelled",
          nextAttemptAt: NOT_SCHEDULED,
        });
        await tx.addEvent(input.shop, {
          shopOrderId: stored.id,
          printOrderId: p.id,
          actor,
          type: "cancelled",
          message:
            "Shopify order cancelled before payment: the print order is cancelled and will not be printed.",
          at: now,
        });
        cancelled++;
      } else {
        await tx.updatePrintOrder(
          input.shop,
          p.id,
          needsAttention(
            { status, resumeStatus: p.resumeStatus },
            {
              code: "SHOP_ORDER_CANCELLED",
              message:
                "The Shopify order was cancelled after the print order was paid; it is being printed.",
              action:
                "Ask the print service to cancel it if it is not yet in the print queue; retry to keep following it.",
            },
          ),
        );
        await tx.addEvent(input.shop, {
          shopOrderId: stored.id,
          printOrderId: p.id,
          actor,
          type: "needs_attention",
          message: "Shopify order cancelled after payment: the print order is already paid.",
          at: now,
        });
        flagged++;
      }
    }
  });
  return { cancelled, flagged };
}
