/**
 * What the app answers Shopify on a fulfillment order at its location, decided from the print
 * orders of that Shopify order alone (no I/O here): a fulfillment request is accepted once every
 * print order is paid at the print service, declined with Shopify's reason when one cannot be
 * printed, and otherwise left waiting for the next look. A cancellation request is accepted
 * while nothing is paid or the service can still cancel, and declined once printing started.
 */
import { isUnpaidOrder, statusOf, type PrintOrderStatus } from "../fulfilment/machine";

/** Shopify's FulfillmentOrderRejectionReason values the app uses. */
export type RejectionReason =
  "INCORRECT_ADDRESS" | "UNDELIVERABLE_DESTINATION" | "INELIGIBLE_PRODUCT" | "OTHER";

/** The problem codes (the app's and the print service's) behind each reason; the rest: OTHER. */
const REASON_OF_CODE: Record<string, RejectionReason> = {
  ADDRESS_INVALID: "INCORRECT_ADDRESS",
  ORD_MISS_ADDR: "INCORRECT_ADDRESS",
  NO_PF: "UNDELIVERABLE_DESTINATION",
  ORD_NO_PRINTER: "UNDELIVERABLE_DESTINATION",
  OFF_NOT_FOUND: "INELIGIBLE_PRODUCT",
  OFFERING_LIMITS: "INELIGIBLE_PRODUCT",
};

export function rejectionReasonOf(code: string | null): RejectionReason {
  return (code && REASON_OF_CODE[code]) || "OTHER";
}

/** The part of a print order an answer is decided from. */
export interface PrintOrderFacts {
  orderReference: string;
  printOrderId: number | null;
  status: string;
  resumeStatus: string | null;
  serviceState: string | null;
  lastErrorCode: string | null;
  lastErrorMessage: string | null;
}

export type RequestAnswer<T extends PrintOrderFacts = PrintOrderFacts> =
  | { kind: "accept"; message: string }
  | {
      kind: "reject";
      reason: RejectionReason;
      message: string;
      /**
       * A partial decline: the print orders whose lines cannot be printed, while the others
       * were sent to print. Shopify declines the whole request; these lines are named in it.
       */
      lines?: T[];
    }
  /** `soon`: the answer is a moment away (the order being recorded, created or paid). */
  | { kind: "wait"; why: string; soon: boolean };

const PARKED: ReadonlySet<PrintOrderStatus> = new Set([
  "held",
  "awaiting_approval",
  "awaiting_files",
]);

/** Where the order stands in the pipeline: a stopped one, where it resumes. */
function pipelineStatus(o: PrintOrderFacts): PrintOrderStatus {
  const status = statusOf(o.status);
  return status === "needs_attention" && o.resumeStatus ? statusOf(o.resumeStatus) : status;
}

/** Shopify shows the message to the merchant; it keeps to one sentence or two. */
const MESSAGE_LIMIT = 500;
const clip = (text: string, limit = MESSAGE_LIMIT) =>
  text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;

function sentToPrint(orders: readonly PrintOrderFacts[]): string {
  const names = orders.map((o) => (o.printOrderId ? String(o.printOrderId) : o.orderReference));
  return names.length === 1
    ? `Sent to print as order ${names[0]}.`
    : `Sent to print as orders ${names.join(", ")}.`;
}

/**
 * The answer to a fulfillment request. `known` is false while the app has not recorded the
 * Shopify order yet (the request came before the order's webhook and the regular check).
 */
export function answerFulfillmentRequest<T extends PrintOrderFacts>(
  known: boolean,
  printOrders: readonly T[],
): RequestAnswer<T> {
  if (!known) return { kind: "wait", why: "the order is not recorded yet", soon: true };
  // Stopped before payment: it cannot be printed as it is. One stopped after payment (tracking
  // that could not be added, say) is being printed, and is answered as paid.
  const stopped = printOrders.filter(
    (o) => statusOf(o.status) === "needs_attention" && isUnpaidOrder(o),
  );
  const first = stopped[0];
  if (first) {
    const why = first.lastErrorMessage ?? "The print order needs the merchant's attention.";
    const printing = printOrders.filter(
      (o) => statusOf(o.status) !== "cancelled" && !isUnpaidOrder(o),
    );
    if (!printing.length)
      return { kind: "reject", reason: rejectionReasonOf(first.lastErrorCode), message: clip(why) };
    // The rest is printing: said, so the merchant knows only these lines wait for them.
    const rest = sentToPrint(printing).replace(/^Sent/, "The other items were sent");
    return {
      kind: "reject",
      reason: rejectionReasonOf(first.lastErrorCode),
      message: `${clip(why, MESSAGE_LIMIT - rest.length - 1)} ${rest}`,
      lines: stopped,
    };
  }
  const live = printOrders.filter((o) => statusOf(o.status) !== "cancelled");
  if (printOrders.length === 0) {
    return {
      kind: "reject",
      reason: "INELIGIBLE_PRODUCT",
      message: "None of these items is linked to a print product in Print Connect.",
    };
  }
  if (live.length === 0) {
    return { kind: "reject", reason: "OTHER", message: "The print order was cancelled." };
  }
  // Paid at the print service: printed whatever happens here (machine.ts's own rule).
  if (live.every((o) => !isUnpaidOrder(o))) {
    return { kind: "accept", message: sentToPrint(live) };
  }
  // Held for the shop's hold period, waiting for approval or for a customer's file: hours, not
  // seconds; the regular look answers it.
  const parked = live.some((o) => PARKED.has(pipelineStatus(o)));
  return { kind: "wait", why: "not paid at the print service yet", soon: !parked };
}

/** Print-service states after which the order can no longer be cancelled (service facts). */
const TOO_LATE_AT_SERVICE = new Set([
  "IN_PRINT_QUEUE",
  "SUBMITTED",
  "IN_PRODUCTION",
  "PRODUCTION_ERROR",
  "SHIPPED",
]);

export type CancellationPlan<T extends PrintOrderFacts = PrintOrderFacts> =
  /** Every print order is unpaid, cancelled already, or can be cancelled at the service. */
  { kind: "cancel"; atService: T[]; unpaid: T[] } | { kind: "reject"; message: string };

/** Paid, and not yet where the print service stops taking cancellations. */
function cancellableAtService(o: PrintOrderFacts): boolean {
  return pipelineStatus(o) === "paid" && !TOO_LATE_AT_SERVICE.has(o.serviceState ?? "");
}

/** How a cancellation request is met, before asking the print service. */
export function planCancellation<T extends PrintOrderFacts>(
  printOrders: readonly T[],
): CancellationPlan<T> {
  const live = printOrders.filter((o) => statusOf(o.status) !== "cancelled");
  const unpaid = live.filter((o) => isUnpaidOrder(o));
  const paid = live.filter((o) => !isUnpaidOrder(o));
  const printing = paid.find((o) => !cancellableAtService(o));
  if (printing) return { kind: "reject", message: alreadyPrinting(printing) };
  return { kind: "cancel", unpaid, atService: paid };
}

export function alreadyPrinting(order: PrintOrderFacts): string {
  const status = statusOf(order.status);
  if (status === "shipped" || status === "fulfilled")
    return "Already shipped by the print service; it can no longer be cancelled.";
  return `Already printing (print order ${order.printOrderId ?? order.orderReference}); it ships with tracking when done and can no longer be cancelled.`;
}
