/**
 * Things that happen to print orders from outside the worker: Shopify order
 * changes, status callbacks, merchant actions. Each writes the print order and
 * its event in one transaction and leaves the outward calls to the worker.
 */
export { PrintOrderBusyError } from "./lock";
export {
  noteStatusCallback,
  type StatusCallbackInput,
  type StatusCallbackResult,
} from "./status-callback";
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
export { MAX_BULK_ORDERS, runOnEachPrintOrder, type BulkIntent } from "./bulk";
