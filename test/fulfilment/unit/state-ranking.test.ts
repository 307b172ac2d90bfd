import { describe, expect, it } from "vitest";
import {
  interpretServiceState,
  itemStateAdvances,
  serviceStateAdvances,
} from "~/services/fulfilment/service-states";

describe("what a print-service state means for the pipeline", () => {
  it("reads the way to shipping as unpaid, paid, in production and shipped", () => {
    expect(interpretServiceState("OPEN").kind).toBe("unpaid");
    for (const state of ["PAID", "CHECK_ORDER", "WAITING_TO_DISPATCH", "SUBMITTED"])
      expect(interpretServiceState(state).kind, state).toBe("paid");
    expect(interpretServiceState("IN_PRODUCTION").kind).toBe("in_production");
    expect(interpretServiceState("SHIPPED").kind).toBe("shipped");
  });

  it("reads errors, cancellation and refunds as problems for the merchant, with a code", () => {
    for (const state of [
      "PAYMENT_ERROR",
      "CANCELLED",
      "REFUNDED",
      "PRODUCTION_ERROR",
      "SUBMISSION_ERROR",
      "NO_PRINT_FACILITY_ERROR",
    ]) {
      expect(interpretServiceState(state), state).toMatchObject({ kind: "problem", code: state });
    }
  });
});

describe("ranking the states read", () => {
  it("never takes an order back past what its pipeline status already says", () => {
    // After a state the app does not know, only the pipeline status is left to compare with.
    expect(serviceStateAdvances("NEW_STATE", "OPEN", "paid")).toBe(false);
    expect(serviceStateAdvances("NEW_STATE", "PAID", "paid")).toBe(true);
    expect(serviceStateAdvances("NEW_STATE", "IN_PRODUCTION", "shipped")).toBe(false);
    expect(serviceStateAdvances("NEW_STATE", "SHIPPED", "fulfilled")).toBe(true);
    expect(serviceStateAdvances("NEW_STATE", "OPEN", "created")).toBe(true);
  });

  it("keeps a final state against a state it does not know", () => {
    expect(serviceStateAdvances("REFUNDED", "NEW_STATE")).toBe(false);
    expect(serviceStateAdvances("SHIPPED", "NEW_STATE")).toBe(true);
    expect(serviceStateAdvances("SHIPPED", "REFUNDED")).toBe(true);
  });

  it("takes any item state after one it does not know, and none behind a known one", () => {
    expect(itemStateAdvances("NEW_ITEM_STATE", "PENDING_COMPLETION")).toBe(true);
    expect(itemStateAdvances("PROCESSED", "PROCESSING")).toBe(false);
    expect(itemStateAdvances("CHECK_PROCESSING_ERROR", "PROCESSING")).toBe(false);
  });
});
