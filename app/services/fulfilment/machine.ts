/**
 * The print order's state machine, declared once: its statuses and their
 * order, the groups the admin shows, the step the worker takes in each
 * status, what a merchant may do, and the one write that sets an order aside
 * for the merchant. Everything else imports these rules.
 *
 * The pipeline status only moves forward (by rank); `needs_attention` is a
 * side track that remembers where to resume, and `cancelled` ends everything.
 * The print service's own order and item states are in service-states.ts.
 *
 * No imports, and not a .server module: the admin's browser bundle uses the groups.
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
  "fulfilled", // Shopify has the fulfillment and tracking (a proof: shipped, no Shopify order)
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

/** A stored status as the pipeline reads it: one this app does not know needs the merchant. */
export function statusOf(stored: string): PrintOrderStatus {
  return isPrintOrderStatus(stored) ? stored : "needs_attention";
}

// Transitions -------------------------------------------------------------------------------

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

/** Far enough ahead to mean "not until something changes". */
export const NOT_SCHEDULED = new Date("9999-12-31T00:00:00Z");

/** The worker's steps (steps/*.ts); each takes an order one status further. */
export type WorkerStep = "prepare" | "end_hold" | "create" | "pay" | "follow" | "fulfil";

/** The step the worker takes in each status; null: nothing until something outside changes. */
export const WORKER_STEP: Readonly<Record<PrintOrderStatus, WorkerStep | null>> = {
  pending: "prepare", // check, quote, split by facility, then route (hold, approval, ready; a proof: ready)
  held: "end_hold",
  awaiting_approval: null,
  ready: "create",
  awaiting_files: "pay", // sends late files and a changed address first
  created: "pay",
  paid: "follow",
  in_production: "follow",
  shipped: "fulfil",
  fulfilled: "follow", // a second parcel adds its tracking
  cancelled: null,
  needs_attention: null,
};

// Merchant actions --------------------------------------------------------------------------

/** The attention code of an order stopped by the print-file check (steps/prepare-preflight.ts). */
export const PREFLIGHT_FAILED = "PREFLIGHT_FAILED";

/** Send a held or awaiting-approval order to print now. */
export function canApprove(status: string): boolean {
  return status === "held" || status === "awaiting_approval";
}

/** Try again after the merchant fixed what was wrong. */
export function canRetry(status: string): boolean {
  return status === "needs_attention";
}

/**
 * Print a file the check found wrong, knowingly: only for an order the check
 * stopped (the merchant may know better, e.g. blank pages the service adds).
 */
export function canPrintAnyway(order: { status: string; lastErrorCode: string | null }): boolean {
  return order.status === "needs_attention" && order.lastErrorCode === PREFLIGHT_FAILED;
}

/** Whether the merchant may cancel it here: only while the print service has not been paid. */
export function canCancelBeforePrint(order: {
  status: string;
  resumeStatus: string | null;
  serviceState: string | null;
}): boolean {
  const s = order.status;
  if (s === "held" || s === "awaiting_approval" || s === "pending") return true;
  return s === "needs_attention" && isUnpaidOrder(order);
}

/** The merchant actions a print order offers now. */
export function merchantActionsFor(order: {
  status: string;
  resumeStatus: string | null;
  serviceState: string | null;
  lastErrorCode: string | null;
}): { approve: boolean; retry: boolean; cancel: boolean; printAnyway: boolean } {
  return {
    approve: canApprove(order.status),
    retry: canRetry(order.status),
    cancel: canCancelBeforePrint(order),
    printAnyway: canPrintAnyway(order),
  };
}

/** Where a retried order goes on: where it stopped, or from the start when that is unknown. */
export function resumeStatusOf(order: { resumeStatus: string | null }): PrintOrderStatus {
  return order.resumeStatus && isPrintOrderStatus(order.resumeStatus)
    ? order.resumeStatus
    : "pending";
}

// Needs attention ---------------------------------------------------------------------------

/** Something the merchant must fix: a code, what is wrong, and what to do. */
export interface AttentionNote {
  code: string;
  message: string;
  action: string;
}

/**
 * The one write that sets a print order aside for the merchant: it is no
 * longer scheduled, it remembers where to resume (an order already set aside
 * keeps the place it first stopped), and it says what is wrong and what to do.
 */
export function needsAttention(
  order: { status: string; resumeStatus: string | null },
  note: AttentionNote,
) {
  return {
    status: "needs_attention" as const,
    resumeStatus: order.status === "needs_attention" ? order.resumeStatus : order.status,
    nextAttemptAt: NOT_SCHEDULED,
    lastErrorCode: note.code,
    lastErrorMessage: note.message,
    lastErrorAction: note.action,
    // A new stop: the merchant is told of it (services/alerts), even if told of an earlier one.
    attentionAlertedAt: null,
  };
}

/**
 * needsAttention's counterpart: the write that sends a stopped print order on where it stopped
 * (resumeStatusOf), due now, its attempts and its reason cleared.
 */
export function resumedWhereStopped(order: { resumeStatus: string | null }, now: Date) {
  return {
    status: resumeStatusOf(order),
    resumeStatus: null,
    attempts: 0,
    nextAttemptAt: now,
    lastErrorCode: null,
    lastErrorMessage: null,
    lastErrorAction: null,
  };
}

// Groups the admin shows --------------------------------------------------------------------

export interface StatusGroup {
  label: string;
  statuses: readonly PrintOrderStatus[];
  /** Shown in red when it holds any order. */
  tone?: "critical";
}

/**
 * The groups of statuses the admin shows, in this order: the Orders tabs (after
 * "All") and the Home tiles. Every status is in exactly one group.
 */
export const STATUS_GROUPS = {
  attention: { label: "Needs attention", statuses: ["needs_attention"], tone: "critical" },
  waiting: { label: "Held or awaiting approval", statuses: ["held", "awaiting_approval"] },
  files: { label: "Awaiting files", statuses: ["awaiting_files"] },
  in_progress: {
    label: "In progress",
    statuses: ["pending", "ready", "created", "paid", "in_production"],
  },
  shipped: { label: "Shipped", statuses: ["shipped", "fulfilled"] },
  cancelled: { label: "Cancelled", statuses: ["cancelled"] },
} as const satisfies Record<string, StatusGroup>;

export type StatusGroupKey = keyof typeof STATUS_GROUPS;

export const STATUS_GROUP_KEYS = Object.keys(STATUS_GROUPS) as StatusGroupKey[];
