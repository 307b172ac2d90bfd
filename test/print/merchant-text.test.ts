import { describe, expect, it } from "vitest";
import { describePrintError } from "~/services/merchant-text/print-problem";
import { classifyFailure } from "~/services/fulfilment/failures";
import {
  PRINT_CODE_TEXT,
  PRINT_PROBLEM_TEXT,
  printErrorHint,
} from "~/services/merchant-text/errors";
import { PrintApiError, classify, errorFromResponse } from "~/services/print";
import { PRINT_ERROR_CODES } from "~/services/print/error-codes";

/** The error codes of print-service-facts.md ("Errors (JSON interface)"). */
const SPEC_ERROR_CODES = [
  "APP_FORBIDDEN",
  "APP_NO_COMP_DETAILS",
  "COLOR_INVALID",
  "CURR_INVALID",
  "FONT_INVALID",
  "INVALID_DATA",
  "MERCH_INSUFFICIENT_BALANCE",
  "MULTI_ORDER_INVALID_DATA",
  "NO_PF",
  "OFF_MIN",
  "OFF_NOT_FOUND",
  "ORD_CANCEL_STATE",
  "ORD_DUPLICATE",
  "ORD_FILES_STATE",
  "ORD_MISS_ADDR",
  "ORD_NO_PRINTER",
  "ORD_PAID_STATE",
  "ORD_SECRET",
  "SPINE_ORDER_NOT_FOUND",
];

const answer = (status: number, customCode: string, details = "as the service said") =>
  errorFromResponse({
    status,
    bodyText: JSON.stringify({ custom_code: customCode, details, url: "/rest/v3/order/create" }),
  });

describe("the one table from a service error code to merchant text", () => {
  it("the SDK knows a kind for exactly the codes of the spec", () => {
    expect([...PRINT_ERROR_CODES].sort()).toEqual(SPEC_ERROR_CODES);
  });

  it("has merchant text for every code of the spec, and for no other code", () => {
    for (const code of SPEC_ERROR_CODES) {
      expect(PRINT_CODE_TEXT[code]?.hint, code).toMatch(/\w.*\.$/);
    }
    expect(Object.keys(PRINT_CODE_TEXT).sort()).toEqual(SPEC_ERROR_CODES);
  });

  it("gives every coded error answer its words from the table, whatever the HTTP status", () => {
    for (const code of SPEC_ERROR_CODES) {
      const error = answer(400, code);
      const text = PRINT_CODE_TEXT[code]!;
      expect(error.hint, code).toBe(text.hint);
      // A facility conflict is shown with its own advice: how to split the order.
      expect(describePrintError(error).hint, code).toBe(
        code === "MULTI_ORDER_INVALID_DATA" ? PRINT_PROBLEM_TEXT.facilityConflict.hint : text.hint,
      );
      const failure = classifyFailure(error);
      expect(failure.kind, code).toBe("attention");
      if (failure.kind !== "attention") continue;
      expect(failure.code, code).toBe(code);
      if (text.attention) {
        expect(failure.message, code).toBe(`${text.attention.message} (as the service said)`);
        expect(failure.action, code).toBe(text.attention.action);
      }
    }
  });

  it("an unknown code gets the generic text of its kind", () => {
    const refused = answer(400, "SOMETHING_NEW", "no idea");
    expect(refused.kind).toBe("validation");
    expect(refused.hint).toBeUndefined();
    expect(describePrintError(refused)).toEqual({
      title: "The print service refused the request",
      detail: "no idea",
      hint: null,
      code: "SOMETHING_NEW",
    });
    expect(classifyFailure(refused)).toEqual({
      kind: "attention",
      code: "SOMETHING_NEW",
      message: "The print service refused the order: no idea",
      action: "Check the order details and the product mapping, then retry.",
    });

    const failed = answer(503, "SOMETHING_NEW");
    expect(failed.hint).toBe("The print service had a problem. Try again in a few minutes.");
    expect(describePrintError(failed).title).toBe("The print service had a problem");
    expect(classifyFailure(failed)).toMatchObject({ kind: "transient", code: "SOMETHING_NEW" });

    expect(printErrorHint("SOMETHING_NEW", "auth", undefined)).toBe(
      "Check the print-service API keys in the app settings.",
    );
    expect(printErrorHint(undefined, "rate_limit", undefined)).toBe(
      "The print service is busy. The request will be retried shortly.",
    );
  });

  it("an answer without a code is described by its kind and what its details say", () => {
    expect(classify(409, undefined)).toBe("conflict");
    expect(printErrorHint(undefined, "conflict", "Source file could not be retrieved")).toBe(
      "The print file could not be downloaded; check that its URL is public.",
    );
    expect(printErrorHint(undefined, "not_found", "Order not found")).toBe(
      "The print service does not know this order.",
    );
    const keys = new PrintApiError({ status: 401, details: "bad key" });
    expect(describePrintError(keys).title).toBe("The print service did not accept your keys");
    expect(classifyFailure(keys)).toEqual({
      kind: "attention",
      code: "AUTH",
      message: "The print service did not accept the account's keys (bad key).",
      action: "Check the merchant API key and secret key in Settings, then retry.",
    });
  });

  it("a code that is the name of an Object property is an unknown code, not a crash", () => {
    for (const code of ["constructor", "toString", "__proto__"]) {
      expect(classify(400, code)).toBe("validation");
      expect(printErrorHint(code, "validation", undefined)).toBe(
        printErrorHint(undefined, "validation", undefined),
      );
      // Classified as an unknown code: the generic words, the code kept as it came.
      const error = new PrintApiError({ status: 400, customCode: code, details: "odd" });
      const generic = classifyFailure(new PrintApiError({ status: 400, details: "odd" }));
      expect(classifyFailure(error)).toEqual({ ...generic, code });
    }
  });
});
