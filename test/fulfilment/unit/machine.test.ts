import { describe, expect, it } from "vitest";
import {
  canApprove,
  canCancelBeforePrint,
  canPrintAnyway,
  canRetry,
  isUnpaidOrder,
  merchantActionsFor,
  movesForward,
  needsAttention,
  NOT_SCHEDULED,
  PRINT_ORDER_STATUSES,
  RESTING_STATUSES,
  resumeStatusOf,
  STATUS_GROUP_KEYS,
  STATUS_GROUPS,
  statusOf,
  WORKER_STEP,
} from "~/services/fulfilment/machine";
import { ORDER_VIEWS } from "~/services/fulfilment/order-views";

const order = (
  status: string,
  resumeStatus: string | null = null,
  serviceState: string | null = null,
  lastErrorCode: string | null = null,
) => ({
  status,
  resumeStatus,
  serviceState,
  lastErrorCode,
});

describe("the print order's statuses", () => {
  it("only move forward, with needs_attention as a side track and cancelled as the end", () => {
    expect(movesForward("pending", "ready")).toBe(true);
    expect(movesForward("paid", "created")).toBe(false);
    expect(movesForward("shipped", "shipped")).toBe(false);
    expect(movesForward("fulfilled", "needs_attention")).toBe(true);
    expect(movesForward("needs_attention", "pending")).toBe(true);
    expect(movesForward("paid", "cancelled")).toBe(true);
    expect(movesForward("cancelled", "ready")).toBe(false);
    expect(movesForward("cancelled", "needs_attention")).toBe(false);
  });

  it("count an order set aside before payment as unpaid, by where it stopped and what the service says", () => {
    expect(isUnpaidOrder(order("created"))).toBe(true);
    expect(isUnpaidOrder(order("paid"))).toBe(false);
    expect(isUnpaidOrder(order("needs_attention", "ready"))).toBe(true);
    expect(isUnpaidOrder(order("needs_attention", null, "PAYMENT_ERROR"))).toBe(true);
    expect(isUnpaidOrder(order("needs_attention", "created", "PAID"))).toBe(false);
    expect(isUnpaidOrder(order("needs_attention", "in_production"))).toBe(false);
    expect(isUnpaidOrder(order("something_new"))).toBe(false);
  });

  it("read a stored status this app does not know as needing the merchant", () => {
    expect(statusOf("paid")).toBe("paid");
    expect(statusOf("something_new")).toBe("needs_attention");
  });

  it("name a worker step for every status the worker acts on, and none for resting ones", () => {
    for (const status of RESTING_STATUSES) expect(WORKER_STEP[status]).toBeNull();
    expect(WORKER_STEP.awaiting_approval).toBeNull();
    expect(WORKER_STEP.pending).toBe("prepare");
    expect(WORKER_STEP.shipped).toBe("fulfil");
    expect(Object.keys(WORKER_STEP).sort()).toEqual([...PRINT_ORDER_STATUSES].sort());
  });
});

describe("merchant actions", () => {
  it("approve only a held or awaiting-approval order", () => {
    const approvable = PRINT_ORDER_STATUSES.filter((s) => canApprove(s));
    expect(approvable).toEqual(["held", "awaiting_approval"]);
  });

  it("retry only an order that needs attention", () => {
    expect(PRINT_ORDER_STATUSES.filter((s) => canRetry(s))).toEqual(["needs_attention"]);
  });

  it("cancel here only what the print service has not been paid for", () => {
    expect(canCancelBeforePrint(order("pending"))).toBe(true);
    expect(canCancelBeforePrint(order("held"))).toBe(true);
    expect(canCancelBeforePrint(order("awaiting_approval"))).toBe(true);
    expect(canCancelBeforePrint(order("ready"))).toBe(false); // being sent to print
    expect(canCancelBeforePrint(order("needs_attention", "created", "OPEN"))).toBe(true);
    expect(canCancelBeforePrint(order("needs_attention", "paid", "PRODUCTION_ERROR"))).toBe(false);
  });

  it("are offered together for the admin", () => {
    expect(merchantActionsFor(order("held"))).toEqual({
      approve: true,
      retry: false,
      cancel: true,
      printAnyway: false,
    });
    expect(merchantActionsFor(order("needs_attention", "paid", "PAID"))).toEqual({
      approve: false,
      retry: true,
      cancel: false,
      printAnyway: false,
    });
    expect(
      merchantActionsFor(order("needs_attention", "pending", null, "PREFLIGHT_FAILED")),
    ).toEqual({ approve: false, retry: true, cancel: true, printAnyway: true });
  });

  it("print anyway only an order the file check stopped", () => {
    expect(canPrintAnyway(order("needs_attention", "pending", null, "PREFLIGHT_FAILED"))).toBe(
      true,
    );
    expect(canPrintAnyway(order("needs_attention", "pending", null, "OFFERING_LIMITS"))).toBe(
      false,
    );
    // Resumed meanwhile: the code is cleared with the status.
    expect(canPrintAnyway(order("pending", null, null, "PREFLIGHT_FAILED"))).toBe(false);
  });

  it("resume a retried order where it stopped, or from the start when that is unknown", () => {
    expect(resumeStatusOf({ resumeStatus: "created" })).toBe("created");
    expect(resumeStatusOf({ resumeStatus: null })).toBe("pending");
    expect(resumeStatusOf({ resumeStatus: "gone" })).toBe("pending");
  });
});

describe("the needs-attention write", () => {
  const note = { code: "X", message: "Something is wrong.", action: "Fix it, then retry." };

  it("parks the order, remembers where it stopped, says what to do and is told anew", () => {
    expect(needsAttention(order("paid"), note)).toEqual({
      status: "needs_attention",
      resumeStatus: "paid",
      nextAttemptAt: NOT_SCHEDULED,
      lastErrorCode: "X",
      lastErrorMessage: "Something is wrong.",
      lastErrorAction: "Fix it, then retry.",
      attentionAlertedAt: null,
    });
  });

  it("keeps the first resume point of an order already set aside", () => {
    expect(needsAttention(order("needs_attention", "created"), note).resumeStatus).toBe("created");
  });
});

describe("the groups the admin shows", () => {
  it("put every status in exactly one group", () => {
    const grouped = STATUS_GROUP_KEYS.flatMap((k) => STATUS_GROUPS[k].statuses);
    expect([...grouped].sort()).toEqual([...PRINT_ORDER_STATUSES].sort());
  });

  it("are the Orders tabs after All, with the same labels and order", () => {
    expect(Object.keys(ORDER_VIEWS)).toEqual(["all", ...STATUS_GROUP_KEYS]);
    expect(ORDER_VIEWS.all).toEqual({ label: "All", statuses: null });
    expect(Object.values(ORDER_VIEWS).map((v) => v.label)).toEqual([
      "All",
      "Needs attention",
      "Held or awaiting approval",
      "Awaiting files",
      "In progress",
      "Shipped",
      "Cancelled",
    ]);
  });
});
