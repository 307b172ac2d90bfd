import type { PrintOrderItem } from "@prisma/client";
import type { FacilityConflictError } from "../../print";
import { AttentionError } from "../failures";
import { needsAttention } from "../machine";
import { orderReference } from "../print-plan";
import type { StepContext } from "../step-support/context";
import { done, type Loaded, type SplitOff, type StepResult } from "../step-support/result";

/**
 * The service cannot produce all items at one facility: one print order per
 * group it names, and the items it cannot produce at all set aside for the
 * merchant. Fixed once here, so every reference stays deterministic. The new
 * print orders are written by the commit, with this order's result, or not at all.
 */
export function split(
  order: Loaded,
  ctx: StepContext,
  conflict: FacilityConflictError,
): StepResult {
  const groups = conflict.groups.filter((g) => g.length > 0);
  const groupOf = (offeringId: number) => groups.findIndex((g) => g.includes(offeringId));
  const buckets = new Map<number, PrintOrderItem[]>();
  for (const item of order.items) {
    const g = groupOf(item.offeringId);
    const key = g === -1 ? -1 : g;
    buckets.set(key, [...(buckets.get(key) ?? []), item]);
  }
  const keys = [...buckets.keys()].filter((k) => k !== -1).sort((a, b) => a - b);
  if (keys.length <= 1 && !buckets.has(-1)) {
    throw new AttentionError({
      code: "MULTI_ORDER_INVALID_DATA",
      message: `The print service cannot produce these items together: ${conflict.details ?? ""}`,
      action: "Check the product mappings of this order, then retry.",
    });
  }
  const now = ctx.now();
  const splits: SplitOff[] = [];
  // The first group stays on this row; every other bucket gets its own print order.
  const others = [...keys.slice(1), ...(buckets.has(-1) ? [-1] : [])];
  let index = order.groupIndex;
  for (const key of others) {
    index += 1;
    const unproducible = key === -1;
    const reference = orderReference(order.shopifyOrderId, index);
    splits.push({
      data: {
        shop: order.shop,
        shopOrderId: order.shopOrderId,
        shopifyOrderId: order.shopifyOrderId,
        shopifyOrderName: order.shopifyOrderName,
        groupIndex: index,
        orderReference: reference,
        currency: order.currency,
        ...(unproducible
          ? needsAttention(
              { status: "pending", resumeStatus: null },
              {
                code: "NO_PF",
                message: "The print service cannot produce these items for this destination.",
                action:
                  "Ship these items yourself, or map them to an offering available there, then retry.",
              },
            )
          : { status: "pending", resumeStatus: null, nextAttemptAt: now }),
      },
      itemIds: buckets.get(key)!.map((i) => i.id),
      event: {
        actor: "worker",
        type: unproducible ? "needs_attention" : "split",
        message: unproducible
          ? "Split off: the print service cannot produce these items for this destination."
          : "Split off: produced at another facility.",
        at: now,
      },
    });
  }
  const created = splits.map((s) => s.data.orderReference);
  return {
    ...done(
      { nextAttemptAt: now },
      [
        {
          actor: "worker",
          type: "split",
          // The references are in the event's data; the order page links the print orders.
          message: `The items cannot all be produced at one facility; split into ${created.length + 1} print orders.`,
          data: { references: [order.orderReference, ...created] },
        },
      ],
      true,
    ),
    splits,
  };
}
