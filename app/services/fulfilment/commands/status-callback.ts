import { createHash } from "node:crypto";
import { eventRow } from "../events";
import { RESTING_STATUSES } from "../machine";
import type { Db } from "./lock";
import { isUniqueViolation } from "../../unique-violation";
import { storedPrintOrderId } from "../print-order-id";

export type StatusCallbackResult =
  /** Recorded; the worker re-reads the order. */
  | { outcome: "noted"; message: string }
  /** The same callback was recorded before: nothing done. */
  | { outcome: "replay" }
  /** No print order of this shop has that print-service order id. */
  | { outcome: "unknown_order" }
  /** The body's order_reference is not the signed order's. */
  | { outcome: "reference_mismatch" };

/** What makes two status callbacks the same one: everything they say. */
function statusCallbackKey(orderRowId: string, input: StatusCallbackInput): string {
  const content = JSON.stringify([
    input.printOrderId,
    input.oldStatus ?? null,
    input.newStatus,
    input.trackingCode ?? null,
    input.trackingUrl ?? null,
  ]);
  return `status_callback:${orderRowId}:${createHash("sha256").update(content).digest("hex")}`;
}

export interface StatusCallbackInput {
  shop: string;
  /** The order id the signature covers (a string, as received). */
  printOrderId: string;
  orderReference?: string;
  oldStatus?: string;
  newStatus: string;
  trackingCode?: string;
  trackingUrl?: string;
  now?: Date;
}

/**
 * A status callback is a hint: schedule an immediate re-read of the order.
 * Its signature covers only `order_id`, so that alone picks the order (the
 * body's `order_reference` must agree when given), and the callback carries
 * no timestamp or nonce, so one whose content was recorded for this order
 * before is a replay: recorded once (a unique key on its event), then dropped.
 */
export async function noteStatusCallback(
  db: Db,
  input: StatusCallbackInput,
): Promise<StatusCallbackResult> {
  const now = input.now ?? new Date();
  const printOrderId = storedPrintOrderId(input.printOrderId);
  if (printOrderId === null) return { outcome: "unknown_order" };
  const order = await db.printOrder.findFirst({ where: { shop: input.shop, printOrderId } });
  if (!order) return { outcome: "unknown_order" };
  if (input.orderReference !== undefined && input.orderReference !== order.orderReference) {
    return { outcome: "reference_mismatch" };
  }
  const resting = (RESTING_STATUSES as readonly string[]).includes(order.status);
  try {
    await db.$transaction([
      db.orderEvent.create({ data: statusCallbackEvent(order, input, now) }),
      db.printOrder.updateMany({
        where: {
          id: order.id,
          shop: input.shop,
          status: { notIn: [...RESTING_STATUSES] },
        },
        data: { nextAttemptAt: now },
      }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) return { outcome: "replay" };
    throw error;
  }
  return { outcome: "noted", message: resting ? "noted" : "re-read scheduled" };
}

/** The timeline entry a status callback writes on its order, keyed so that a replay is one. */
export function statusCallbackEvent(
  order: { id: string; shopOrderId: string },
  input: StatusCallbackInput,
  now: Date,
) {
  return {
    ...eventRow({
      shop: input.shop,
      shopOrderId: order.shopOrderId,
      printOrderId: order.id,
      actor: "callback",
      type: "status_callback",
      message: `Status update from the print service: ${input.oldStatus ?? "?"} to ${input.newStatus}.`,
      data: { old: input.oldStatus ?? null, new: input.newStatus },
      at: now,
    }),
    dedupeKey: statusCallbackKey(order.id, input),
  };
}
