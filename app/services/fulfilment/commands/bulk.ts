import type { CommandStore } from "./ports";
import { approvePrintOrder, cancelHeldPrintOrder, type CommandResult } from "./merchant-actions";

/** The actions a merchant can take on several print orders at once. */
export type BulkIntent = "approve" | "cancel";

/** At most this many orders in one request (a list page holds 25). */
export const MAX_BULK_ORDERS = 100;

const COMMANDS = { approve: approvePrintOrder, cancel: cancelHeldPrintOrder } as const;

/**
 * Runs the single-order command on each order, one after the other: each
 * order follows its own rules (only a held or awaiting-approval order is
 * approved, only an unpaid one cancelled, never a status backwards), a row a
 * worker holds is refused rather than waited for, and an order of another
 * shop is "not found". One refusal does not stop the others.
 */
export async function runOnEachPrintOrder(
  store: CommandStore,
  input: { shop: string; intent: BulkIntent; ids: readonly string[]; now?: Date },
): Promise<{ id: string; result: CommandResult }[]> {
  const command = COMMANDS[input.intent];
  const ids = [...new Set(input.ids)].slice(0, MAX_BULK_ORDERS);
  const out: { id: string; result: CommandResult }[] = [];
  for (const id of ids) {
    const result = await command(store, {
      shop: input.shop,
      id,
      ...(input.now ? { now: input.now } : {}),
    });
    out.push({ id, result });
  }
  return out;
}
