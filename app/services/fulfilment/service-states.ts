/**
 * The print service's own order and item states: their order (a state read
 * later never takes one back), their meaning for the pipeline, and their
 * words for the merchant. The pipeline's statuses are in machine.ts.
 */
import type { KnownItemState, KnownOrderState } from "../print";

/**
 * The print service's order states in the order they happen. Typed against the SDK's list
 * of documented states, so a state added there must be ranked here.
 */
const SERVICE_STATE_RANK: Record<KnownOrderState, number> = {
  OPEN: 0,
  PAYMENT_ERROR: 1,
  PAID: 2,
  CHECK_ORDER: 3,
  HOLD_ORDER_CHECK: 3,
  WAITING_TO_DISPATCH: 4,
  IN_PRINT_QUEUE: 5,
  SUBMITTED: 6,
  SUBMISSION_ERROR: 6,
  NO_PRINT_FACILITY_ERROR: 6,
  IN_PRODUCTION: 7,
  PRODUCTION_ERROR: 7,
  SHIPPED: 8,
  CANCELLED: 9,
  REFUNDED: 10,
};

/** An item's states in the order they happen (files, payment, file processing, print). */
const ITEM_STATE_RANK: Record<KnownItemState, number> = {
  PENDING_COMPLETION: 0,
  AWAITING_PAYMENT: 1,
  QUEUED_FOR_PROCESSING: 2,
  PING_BACK_ERROR: 2,
  PROCESSING: 3,
  CHECK_PROCESSING_ERROR: 3,
  PROCESSED: 4,
  CHECK_ITEM: 5,
  HOLD_ITEM_CHECK: 5,
  PRINT_READY: 6,
};

/** States after which nothing more happens to the order. */
const FINAL_SERVICE_STATES: ReadonlySet<string> = new Set(["CANCELLED", "REFUNDED"]);

export function isKnownServiceState(state: string): state is KnownOrderState {
  return Object.hasOwn(SERVICE_STATE_RANK, state);
}

export function isKnownItemState(state: string): state is KnownItemState {
  return Object.hasOwn(ITEM_STATE_RANK, state);
}

/**
 * The lowest service state the pipeline status implies: after an unknown state the app
 * has no stored rank to compare with, and a known state must still not take it back.
 */
function serviceStateFloor(status: string | undefined): number {
  switch (status) {
    case "paid":
      return SERVICE_STATE_RANK.PAID;
    case "in_production":
      return SERVICE_STATE_RANK.IN_PRODUCTION;
    case "shipped":
    case "fulfilled":
      return SERVICE_STATE_RANK.SHIPPED;
    default:
      return 0;
  }
}

/**
 * Whether a service state read now may replace the one stored (no rolling back). A state
 * the app does not know is kept (stored as sent) unless the order has ended; a known
 * state after it is taken when it is not behind what the pipeline status already says.
 */
export function serviceStateAdvances(
  stored: string | null,
  read: string,
  pipelineStatus?: string,
): boolean {
  if (read === stored) return false;
  if (stored === null) return true;
  if (!isKnownServiceState(read)) return !FINAL_SERVICE_STATES.has(stored);
  if (!isKnownServiceState(stored))
    return SERVICE_STATE_RANK[read] >= serviceStateFloor(pipelineStatus);
  return SERVICE_STATE_RANK[read] > SERVICE_STATE_RANK[stored];
}

/** The same rule for an item's state; items have no final state of their own. */
export function itemStateAdvances(stored: string | null, read: string): boolean {
  if (read === stored) return false;
  if (stored === null || !isKnownItemState(read) || !isKnownItemState(stored)) return true;
  return ITEM_STATE_RANK[read] > ITEM_STATE_RANK[stored];
}

/** The service's order states in plain words for the merchant. */
const SERVICE_STATE_LABEL: Record<KnownOrderState, string> = {
  OPEN: "Open, not paid yet",
  PAYMENT_ERROR: "Payment failed",
  PAID: "Paid",
  CHECK_ORDER: "Being checked",
  HOLD_ORDER_CHECK: "On hold for a check",
  WAITING_TO_DISPATCH: "Waiting to go to the printer",
  IN_PRINT_QUEUE: "In the print queue",
  SUBMITTED: "Sent to the printer",
  SUBMISSION_ERROR: "Could not be sent to the printer",
  NO_PRINT_FACILITY_ERROR: "No printer can make it",
  IN_PRODUCTION: "Being printed",
  PRODUCTION_ERROR: "Printing failed",
  SHIPPED: "Shipped",
  CANCELLED: "Cancelled",
  REFUNDED: "Refunded",
};

/** An item's states in plain words. */
const ITEM_STATE_LABEL: Record<KnownItemState, string> = {
  AWAITING_PAYMENT: "Waiting for payment",
  PENDING_COMPLETION: "Waiting for its print file",
  PING_BACK_ERROR: "File received, but its confirmation failed",
  QUEUED_FOR_PROCESSING: "File waiting to be processed",
  CHECK_PROCESSING_ERROR: "File processing failed; being checked",
  PROCESSING: "File being processed",
  PROCESSED: "File processed",
  CHECK_ITEM: "Being checked",
  HOLD_ITEM_CHECK: "On hold for a check",
  PRINT_READY: "Ready to print",
};

/** A service order state in plain words; one the app does not know is its own words. */
export function serviceStateLabel(state: string): string {
  return isKnownServiceState(state) ? SERVICE_STATE_LABEL[state] : wordsOf(state);
}

/** An item state in plain words; one the app does not know is its own words ("Reprint requested"). */
export function itemStateLabel(state: string): string {
  return isKnownItemState(state) ? ITEM_STATE_LABEL[state] : wordsOf(state);
}

/**
 * An item's state as the order page says it, beside its order. The service's item states end
 * at "Ready to print": printing and shipping happen to the whole order, and the item's own
 * state stays where it last was. So once the order is being printed or has shipped, an item's
 * known state is behind it and the item says the order's state; a state the app does not know
 * may be later (a reprint) and is kept.
 */
export function itemStateShownLabel(
  itemState: string | null,
  order: { serviceState: string | null; status: string },
): string | null {
  if (itemState === null) return null;
  if (!isKnownItemState(itemState)) return itemStateLabel(itemState);
  const orderKind = order.serviceState ? interpretServiceState(order.serviceState).kind : null;
  if (orderKind === "shipped" || order.status === "shipped" || order.status === "fulfilled")
    return SERVICE_STATE_LABEL.SHIPPED;
  if (orderKind === "in_production" || order.status === "in_production")
    return SERVICE_STATE_LABEL.IN_PRODUCTION;
  return ITEM_STATE_LABEL[itemState];
}

/** A state the app does not know, as words rather than a code: "AWAITING_CUSTOMS" -> "Awaiting customs". */
function wordsOf(state: string): string {
  const words = state.replaceAll(/[_-]+/g, " ").trim().toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : state;
}

const reportedUnknown = new Set<string>();

/**
 * Logs a state the app does not know, once per process and state: the service may add
 * states, and a poll every few minutes must not repeat the same warning.
 */
export function noteUnknownState(
  kind: "order" | "item",
  state: string,
  logger: { warn(obj: object, msg: string): void },
): void {
  const known = kind === "order" ? isKnownServiceState(state) : isKnownItemState(state);
  const key = `${kind}:${state}`;
  if (known || reportedUnknown.has(key)) return;
  reportedUnknown.add(key);
  logger.warn({ kind, state }, "the print service reported a state this app does not know");
}

export type ServiceStateMeaning =
  | { kind: "unknown" }
  | { kind: "unpaid" }
  | { kind: "paid" }
  | { kind: "in_production" }
  | { kind: "shipped" }
  | { kind: "problem"; code: string; message: string; action: string };

/** What a print-service order state means for the pipeline. */
export function interpretServiceState(state: string): ServiceStateMeaning {
  switch (state) {
    case "OPEN":
      return { kind: "unpaid" };
    case "PAID":
    case "CHECK_ORDER":
    case "HOLD_ORDER_CHECK":
    case "WAITING_TO_DISPATCH":
    case "IN_PRINT_QUEUE":
    case "SUBMITTED":
      return { kind: "paid" };
    case "IN_PRODUCTION":
      return { kind: "in_production" };
    case "SHIPPED":
      return { kind: "shipped" };
    case "PAYMENT_ERROR":
      return {
        kind: "problem",
        code: "PAYMENT_ERROR",
        message: "The print service could not take payment for this order.",
        action: "Check the credit on your print-service account, then retry.",
      };
    case "CANCELLED":
    case "REFUNDED":
      return {
        kind: "problem",
        code: state,
        message: `The print service reports this order as ${state.toLowerCase()}.`,
        action: "Check the order in your print-service dashboard; nothing will be printed.",
      };
    case "NO_PRINT_FACILITY_ERROR":
    case "SUBMISSION_ERROR":
    case "PRODUCTION_ERROR":
      return {
        kind: "problem",
        code: state,
        message: `The print service reports a problem: ${state.replaceAll("_", " ").toLowerCase()}.`,
        action: "Check the order in your print-service dashboard, then retry.",
      };
    default:
      // A state added after this app was written: kept and shown, never read as a failure.
      return { kind: "unknown" };
  }
}
