/**
 * The fulfillment service's answers to Shopify, decided from the print orders alone: which
 * requests are accepted, declined with which of Shopify's reasons, or left waiting, and which
 * cancellation requests can be met.
 */
import { describe, expect, it } from "vitest";
import {
  answerFulfillmentRequest,
  planCancellation,
  rejectionReasonOf,
  type PrintOrderFacts,
} from "~/services/fulfillment-service/answers";
import { shopifyRequestState, stockingWords } from "~/services/merchant-text/fulfillment-service";

const order = (over: Partial<PrintOrderFacts> = {}): PrintOrderFacts => ({
  orderReference: "PC-1001-1",
  printOrderId: 5001,
  status: "paid",
  resumeStatus: null,
  serviceState: "PAID",
  lastErrorCode: null,
  lastErrorMessage: null,
  ...over,
});

const stopped = (code: string, message = "Why it stopped.") =>
  order({
    status: "needs_attention",
    resumeStatus: "ready",
    serviceState: null,
    printOrderId: null,
    lastErrorCode: code,
    lastErrorMessage: message,
  });

describe("a fulfillment request", () => {
  it("waits for an order not recorded yet, and for one not paid yet: soon, or for hours when parked", () => {
    expect(answerFulfillmentRequest(false, [])).toMatchObject({ kind: "wait", soon: true });
    expect(answerFulfillmentRequest(true, [order({ status: "created" })])).toMatchObject({
      kind: "wait",
      soon: true,
    });
    expect(
      answerFulfillmentRequest(true, [order(), order({ status: "held", printOrderId: null })]),
    ).toMatchObject({ kind: "wait", soon: false });
    expect(
      answerFulfillmentRequest(true, [order({ status: "awaiting_approval", printOrderId: null })]),
    ).toMatchObject({ kind: "wait", soon: false });
  });

  it("is accepted once every print order is paid, naming the service's orders", () => {
    expect(answerFulfillmentRequest(true, [order()])).toEqual({
      kind: "accept",
      message: "Sent to print as order 5001.",
    });
    expect(
      answerFulfillmentRequest(true, [
        order(),
        order({ printOrderId: 5002, status: "shipped" }),
        order({ printOrderId: 5003, status: "cancelled" }),
      ]),
    ).toEqual({ kind: "accept", message: "Sent to print as orders 5001, 5002." });
  });

  it("is accepted when a paid order stopped only for its tracking", () => {
    const waiting = order({
      status: "needs_attention",
      resumeStatus: "shipped",
      serviceState: "SHIPPED",
      lastErrorCode: "FULFILLMENT_NOT_REQUESTED",
    });
    expect(answerFulfillmentRequest(true, [waiting])).toMatchObject({ kind: "accept" });
  });

  it("is declined with Shopify's reason and the order page's sentence", () => {
    expect(answerFulfillmentRequest(true, [stopped("ADDRESS_INVALID", "Bad zip.")])).toEqual({
      kind: "reject",
      reason: "INCORRECT_ADDRESS",
      message: "Bad zip.",
    });
    expect(rejectionReasonOf("NO_PF")).toBe("UNDELIVERABLE_DESTINATION");
    expect(rejectionReasonOf("OFF_NOT_FOUND")).toBe("INELIGIBLE_PRODUCT");
    expect(rejectionReasonOf("PAYMENT_ERROR")).toBe("OTHER");
    expect(rejectionReasonOf(null)).toBe("OTHER");
    expect(answerFulfillmentRequest(true, [])).toMatchObject({
      kind: "reject",
      reason: "INELIGIBLE_PRODUCT",
    });
    expect(answerFulfillmentRequest(true, [order({ status: "cancelled" })])).toMatchObject({
      kind: "reject",
      reason: "OTHER",
      message: "The print order was cancelled.",
    });
    const long = answerFulfillmentRequest(true, [stopped("X", "a".repeat(2_000))]);
    expect(long.kind === "reject" && long.message.length).toBe(500);
  });
  it("is declined in part while other print orders of the order are printing: the stopped ones are named", () => {
    const gone = stopped("OFF_NOT_FOUND", "The offering is no longer available.");
    const printing = order({ printOrderId: 5002 });
    expect(answerFulfillmentRequest(true, [gone, printing])).toEqual({
      kind: "reject",
      reason: "INELIGIBLE_PRODUCT",
      message:
        "The offering is no longer available. The other items were sent to print as order 5002.",
      lines: [gone],
    });
    // Only what is printing counts: an order not yet paid makes no partial decline.
    expect(
      answerFulfillmentRequest(true, [gone, order({ status: "ready", printOrderId: null })]),
    ).not.toHaveProperty("lines");
    // A long reason is cut, never the part that says what is printing.
    const long = answerFulfillmentRequest(true, [stopped("X", "a".repeat(2_000)), printing]);
    expect(long.kind === "reject" && long.message.length).toBe(500);
    expect(long.kind === "reject" && long.message).toMatch(
      /… The other items were sent to print as order 5002\.$/,
    );
  });
});

describe("a cancellation request", () => {
  it("is met while nothing is paid, or the service can still cancel", () => {
    const unpaid = order({ status: "ready", printOrderId: null, serviceState: null });
    expect(planCancellation([unpaid])).toEqual({ kind: "cancel", unpaid: [unpaid], atService: [] });
    const paid = order();
    expect(planCancellation([paid, unpaid])).toEqual({
      kind: "cancel",
      unpaid: [unpaid],
      atService: [paid],
    });
  });

  it("is declined once the service's print queue has the order, or it is printing or shipped", () => {
    expect(planCancellation([order({ serviceState: "IN_PRINT_QUEUE" })])).toMatchObject({
      kind: "reject",
      message: expect.stringContaining("Already printing (print order 5001)"),
    });
    expect(planCancellation([order({ status: "in_production" })])).toMatchObject({
      kind: "reject",
    });
    expect(planCancellation([order({ status: "fulfilled" })])).toEqual({
      kind: "reject",
      message: "Already shipped by the print service; it can no longer be cancelled.",
    });
  });
});

describe("where Shopify sends a variant's lines, in words", () => {
  it("names the merchant's own location before the move, and offers it for a mapped variant", () => {
    expect(stockingWords({ moved: false, mapped: false, stocked: false })).toBeNull();
    expect(stockingWords({ moved: false, mapped: true, stocked: false })).toMatchObject({
      text: expect.stringContaining("to your own location"),
      offerMove: true,
    });
  });

  it("after the move, says whether the variant is stocked, being stocked or taken back", () => {
    const words = (mapped: boolean, stocked: boolean) =>
      stockingWords({ moved: true, mapped, stocked })!.text;
    expect(words(true, true)).toMatch(/^Stocked at the Print Connect location/);
    expect(words(true, false)).toMatch(/^Being stocked/);
    expect(words(false, true)).toMatch(/^Being taken back/);
    expect(words(false, false)).toMatch(/^Not stocked/);
  });
});

describe("what Shopify's order page shows, in the print order's words", () => {
  it("is the newest request event's state, or nothing before any request", () => {
    expect(shopifyRequestState([{ type: "created", at: "2026-11-29T10:00:00.000Z" }])).toBeNull();
    expect(
      shopifyRequestState([
        { type: "request_accepted", at: "2026-11-29T10:00:00.000Z" },
        { type: "cancellation_declined", at: "2026-11-29T11:00:00.000Z" },
        { type: "shipped", at: "2026-11-29T12:00:00.000Z" },
      ]),
    ).toEqual({
      label: "Cancellation declined",
      hint: "It was already printing; it ships with tracking.",
      at: "2026-11-29T11:00:00.000Z",
    });
  });
});
