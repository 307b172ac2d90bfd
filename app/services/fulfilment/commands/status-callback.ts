import { createHash } from "node:crypto";
import { eventRow } from "../events";

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
