import type { CommandStore } from "./ports";
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
  store: CommandStore,
  { shop, action }: { shop: string; action: OrderAction },
): Promise<CommandResult> {
  switch (action.intent) {
    case "approve":
      return approvePrintOrder(store, { shop, id: action.id });
    case "retry":
      return retryPrintOrder(store, { shop, id: action.id });
    case "cancel":
      return cancelHeldPrintOrder(store, { shop, id: action.id });
    case "print_anyway":
      return printAnywayPrintOrder(store, { shop, id: action.id });
    case "attach":
      return attachItemFile(store, {
        shop,
        printOrderId: action.id,
        itemId: action.itemId,
        fileUrl: action.fileUrl,
      });
  }
}
