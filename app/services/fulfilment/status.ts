/**
 * The pipeline status of a print order. It only moves forward (by rank);
 * `needs_attention` is a side track that remembers where to resume, and
 * `cancelled` ends everything.
 */
export const PRINT_ORDER_STATUSES = [
  "pending", // planned from a paid shop order; checks and quote come next
  "held", // waiting out the shop's hold period
  "awaiting_approval", // waiting for the merchant to approve
  "ready", // to be created at the print service
  "awaiting_files", // created; a personalised file has not arrived yet
  "created", // created with all files; payment comes next
  "paid", // paid; followed through production
  "in_production",
  "shipped", // tracking known; the Shopify fulfillment comes next
  "fulfilled", // Shopify has the fulfillment and tracking
  "cancelled",
  "needs_attention",
] as const;

export type PrintOrderStatus = (typeof PRINT_ORDER_STATUSES)[number];

const RANK: Record<PrintOrderStatus, number> = {
  pending: 0,
  held: 1,
  awaiting_approval: 1,
  ready: 2,
  awaiting_files: 3,
  created: 4,
  paid: 5,
  in_production: 6,
  shipped: 7,
  fulfilled: 8,
  cancelled: 100,
  needs_attention: -1,
};

export function isPrintOrderStatus(value: string): value is PrintOrderStatus {
  return (PRINT_ORDER_STATUSES as readonly string[]).includes(value);
}

/** True when moving from `from` to `to` never goes backwards. */
export function movesForward(from: PrintOrderStatus, to: PrintOrderStatus): boolean {
  if (from === "cancelled") return false;
  if (to === "needs_attention" || to === "cancelled") return true;
  if (from === "needs_attention") return true; // resuming after a merchant's fix
  return RANK[to] > RANK[from];
}

/** Statuses before payment: the order may still be changed or cancelled locally. */
export const UNPAID_STATUSES: readonly PrintOrderStatus[] = [
  "pending",
  "held",
  "awaiting_approval",
  "ready",
  "awaiting_files",
  "created",
];

export function isUnpaid(status: PrintOrderStatus): boolean {
  return UNPAID_STATUSES.includes(status);
}

/**
 * Not paid at the print service yet, counting an order that needs attention by
 * where it stopped. Only such an order may be cancelled here: a paid one is
 * printed whatever this app records.
 */
export function isUnpaidOrder(order: {
  status: string;
  resumeStatus: string | null;
  serviceState: string | null;
}): boolean {
  if (order.status === "needs_attention") {
    const resume = order.resumeStatus;
    return (
      (resume === null || (isPrintOrderStatus(resume) && isUnpaid(resume))) &&
      (order.serviceState === null ||
        order.serviceState === "OPEN" ||
        order.serviceState === "PAYMENT_ERROR")
    );
  }
  return isPrintOrderStatus(order.status) && isUnpaid(order.status);
}

/** Statuses no worker acts on until something outside changes them. */
export const RESTING_STATUSES: readonly PrintOrderStatus[] = ["cancelled", "needs_attention"];

/** The print service's order states in the order they happen. */
const SERVICE_STATE_RANK: Record<string, number> = {
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

/** Whether a service state read now may replace the one stored (no rolling back). */
export function serviceStateAdvances(stored: string | null, read: string): boolean {
  if (stored === null) return true;
  const a = SERVICE_STATE_RANK[stored] ?? -1;
  const b = SERVICE_STATE_RANK[read] ?? -1;
  return b > a;
}

export type ServiceStateMeaning =
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
    default:
      return {
        kind: "problem",
        code: state,
        message: `The print service reports a problem: ${state}.`,
        action: "Check the order in your print-service dashboard, then retry.",
      };
  }
}
