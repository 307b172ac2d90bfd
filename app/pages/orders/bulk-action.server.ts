import { printOrderNames } from "../../data/print-order-detail.server";
import { runMerchantBulkAction } from "../../lib/fulfilment-commands.server";
import type { BulkIntent } from "../../services/fulfilment/commands";
import { bulkSummary, type BulkOutcome } from "../../services/merchant-text/orders";

/** What the orders list's bulk action answers: one summary, and each order's outcome. */
export interface BulkActionData {
  intent: BulkIntent;
  /** "3 orders approved; 1 order could not be: #1004 (…)". */
  message: string;
  /** All done, some done, or none. */
  tone: "success" | "warning" | "critical";
  outcomes: (BulkOutcome & { id: string })[];
}

/** Approve or cancel several print orders of the shop, each by its own rules. */
export async function runBulkOrderAction({
  shop,
  intent,
  ids,
}: {
  shop: string;
  intent: BulkIntent;
  ids: string[];
}): Promise<BulkActionData> {
  const results = await runMerchantBulkAction({ shop, intent, ids });
  const names = await printOrderNames({ shop, ids: results.map((r) => r.id) });
  const outcomes = results.map((r) => ({
    id: r.id,
    name: names.get(r.id) ?? "An order",
    ok: r.result.ok,
    message: r.result.message,
  }));
  const done = outcomes.filter((o) => o.ok).length;
  return {
    intent,
    message: bulkSummary(intent, outcomes),
    tone: done === outcomes.length ? "success" : done > 0 ? "warning" : "critical",
    outcomes,
  };
}
