/**
 * Things that happen to print orders from outside the worker: Shopify order
 * changes, a customer's corrected address, merchant actions. Each writes the
 * print order and its event in one transaction, through its store (ports.ts),
 * and leaves the outward calls to the worker. A status callback's entry is
 * defined here (status-callback.ts); the worker applies it (status-updates.ts).
 */
export { PrintOrderBusyError } from "./lock";
export type { StatusCallbackInput } from "./status-callback";
export type { CommandStore } from "./ports";
export { applyOrderUpdate } from "./order-update";
export { applyOrderCancelled } from "./order-cancelled";
export {
  ADDRESS_STOPS,
  applyCustomerAddress,
  type CustomerAddressInput,
  type CustomerAddressResult,
} from "./customer-address";
export {
  approvePrintOrder,
  attachItemFile,
  cancelHeldPrintOrder,
  printAnywayPrintOrder,
  retryPrintOrder,
  type CommandResult,
} from "./merchant-actions";
export { runOrderAction, type OrderAction } from "./order-action";
export { resumeReconnectedOrders, RESUMED_PER_SIGN_IN } from "./reconnected";
export { MAX_BULK_ORDERS, runOnEachPrintOrder, type BulkIntent } from "./bulk";
