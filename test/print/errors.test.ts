import { describe, expect, it } from "vitest";
import {
  FacilityConflictError,
  PrintApiError,
  PrintResponseShapeError,
  classify,
  errorFromResponse,
  isAlreadyPaid,
  isAmbiguous,
  parseFacilityConflict,
} from "~/services/print";

const body = (o: Record<string, unknown>): string =>
  JSON.stringify({ url: "/rest/v3/order/payment", timestamp: "2024-01-01T00:00:00Z", ...o });

describe("errorFromResponse", () => {
  it("builds a PrintApiError from the JSON error body, custom_code first", () => {
    const e = errorFromResponse({
      status: 409,
      bodyText: body({ custom_code: "MERCH_INSUFFICIENT_BALANCE", details: "Not enough credit" }),
      operation: "order.payment",
      requestId: "r1",
      url: "http://x/rest/v3/order/payment",
    });
    expect(e).toBeInstanceOf(PrintApiError);
    expect(e).toMatchObject({
      status: 409,
      customCode: "MERCH_INSUFFICIENT_BALANCE",
      details: "Not enough credit",
      kind: "conflict",
      operation: "order.payment",
      requestId: "r1",
      hint: "Top up your print-service account credit, then retry.",
    });
    expect(e.message).toContain("MERCH_INSUFFICIENT_BALANCE");
  });

  it("falls back to the status when custom_code is absent", () => {
    expect(
      errorFromResponse({ status: 404, bodyText: body({ details: "Order not found" }) }).kind,
    ).toBe("not_found");
    expect(errorFromResponse({ status: 401, bodyText: "" }).kind).toBe("auth");
    expect(errorFromResponse({ status: 429, bodyText: "" }).kind).toBe("rate_limit");
    expect(errorFromResponse({ status: 503, bodyText: "<html>busy</html>" }).kind).toBe("server");
    expect(errorFromResponse({ status: 400, bodyText: "bad" }).kind).toBe("validation");
    expect(
      errorFromResponse({
        status: 409,
        bodyText: body({ details: "Source file could not be retrieved: http://a" }),
      }).hint,
    ).toMatch(/URL/);
  });

  it("treats 500 'Unknown merchant api key' as an auth error that is not ambiguous", () => {
    const e = errorFromResponse({
      status: 500,
      bodyText: body({ details: "Unknown merchant api key" }),
    });
    expect(e.kind).toBe("auth");
    expect(isAmbiguous(e)).toBe(false);
    expect(isAmbiguous(errorFromResponse({ status: 502, bodyText: "" }))).toBe(true);
    expect(classify(404, "CURR_INVALID")).toBe("validation");
    expect(classify(400, "ORD_DUPLICATE")).toBe("conflict");
  });

  it("parses the facility conflict into groups and unproducible offerings", () => {
    const e = errorFromResponse({
      status: 400,
      bodyText: body({
        custom_code: "MULTI_ORDER_INVALID_DATA",
        details:
          "Offerings cannot be produced at one production facility. Possible combinations: [228478, 228500] && [228565]. Unfortunately we cannot produce yet offering: 228479",
      }),
    });
    expect(e).toBeInstanceOf(FacilityConflictError);
    const f = e as FacilityConflictError;
    expect(f.groups).toEqual([[228478, 228500], [228565]]);
    expect(f.unproducible).toEqual([228479]);
    expect(f.kind).toBe("validation");
    expect(parseFacilityConflict("Possible combinations: [1,2]&&[3]")).toEqual({
      groups: [[1, 2], [3]],
      unproducible: [],
    });
  });

  it("reads legacy XML errors and redacts keys from details and url", () => {
    const e = errorFromResponse({
      status: 401,
      bodyText:
        "<error><code>APP_FORBIDDEN</code><message>bad key merchantApiKey=SECRET1</message></error>",
      url: "http://x/rest/offering/list?merchantApiKey=SECRET1&applicationApiKey=SECRET2",
      knownSecrets: ["SECRET1"],
    });
    expect(e.customCode).toBe("APP_FORBIDDEN");
    expect(e.kind).toBe("auth");
    expect(e.details).not.toContain("SECRET1");
    expect(e.url).not.toContain("SECRET");
    expect(e.message).not.toContain("SECRET");
  });

  it("isAlreadyPaid recognises ORD_PAID_STATE", () => {
    expect(
      isAlreadyPaid(
        errorFromResponse({ status: 409, bodyText: body({ custom_code: "ORD_PAID_STATE" }) }),
      ),
    ).toBe(true);
    expect(isAlreadyPaid(new Error("x"))).toBe(false);
  });
});

describe("PrintResponseShapeError", () => {
  it("keeps the raw body, but not in its message or its serialised form", () => {
    const raw = JSON.stringify({ merchant_api_key: "k-123456", order_id: -1 });
    const e = new PrintResponseShapeError("order_id not positive", {
      rawBody: raw,
      knownSecrets: ["k-123456"],
    });
    expect(e.rawBody).toBe(raw);
    expect(e.message).not.toContain("k-123456");
    expect(e.message).toContain("[REDACTED]");
    expect(JSON.stringify(e)).not.toContain("k-123456");
  });
});
