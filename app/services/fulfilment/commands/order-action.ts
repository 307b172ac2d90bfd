import type { Db } from "./lock";
import {
  approvePrintOrder,
  attachItemFile,
  cancelHeldPrintOrder,
  printAnywayPrintOrder,
  retryPrintOrder,
  type CommandResult,
} from "./merchant-actions";

/** A merchant's action on one print order, as the order page and Home post it. */
export type OrderAction =
  | { intent: "approve"; id: string }
  | { intent: "retry"; id: string }
  | { intent: "cancel"; id: string }
  | { intent: "print_anyway"; id: string }
  | { intent: "attach"; id: string; itemId: string; fileUrl: string };

/** Runs the merchant-action command the action names (merchant-actions.ts). */
export function runOrderAction(
  db: Db,
  { shop, action }: { shop: string; action: OrderAction },
): Promise<CommandResult> {
  switch (action.intent) {
    case "approve":
      return approvePrintOrder(db, { shop, id: action.id });
    case "retry":
      return retryPrintOrder(db, { shop, id: action.id });
    case "cancel":
      return cancelHeldPrintOrder(db, { shop, id: action.id });
    case "print_anyway":
      return printAnywayPrintOrder(db, { shop, id: action.id });
    case "attach":
      return attachItemFile(db, {
        shop,
        printOrderId: action.id,
        itemId: action.itemId,
        fileUrl: action.fileUrl,
      });
  }
}
