import { describe, expect, it } from "vitest";
import { AttentionError, classifyFailure } from "~/services/fulfilment/failures";
import {
  PrintApiError,
  PrintConnectionError,
  PrintResponseShapeError,
  PrintServiceError,
  PrintTimeoutError,
} from "~/services/print";
import { ShopifyAdminError, transportFailure } from "~/services/shopify-admin";

describe("sorting a step's failure", () => {
  it("keeps the merchant's reason of a failure raised for the merchant", () => {
    const reason = { code: "FILE_MISSING", message: "No file.", action: "Add one, then retry." };
    expect(classifyFailure(new AttentionError(reason))).toEqual({ kind: "attention", ...reason });
  });

  it("tries again later when the print service cannot be reached or does not answer in time", () => {
    for (const error of [
      new PrintConnectionError("connect ECONNREFUSED", { code: "ECONNREFUSED", ambiguous: false }),
      new PrintTimeoutError(30_000, {}),
    ]) {
      expect(classifyFailure(error)).toMatchObject({
        kind: "transient",
        code: "PRINT_SERVICE_UNREACHABLE",
      });
    }
  });

  it("tries again later after 429 and 5xx, believing the service's Retry-After", () => {
    expect(classifyFailure(new PrintApiError({ status: 429, retryAfterMs: 2_000 }))).toEqual(
      expect.objectContaining({ kind: "transient", code: "HTTP_429", retryAfterMs: 2_000 }),
    );
    const failure = classifyFailure(new PrintApiError({ status: 503 }));
    expect(failure).toMatchObject({ kind: "transient", code: "HTTP_503" });
    expect(failure).not.toHaveProperty("retryAfterMs");
  });

  it("asks the merchant when waiting cannot help: a known code, refused keys, an unreachable file", () => {
    expect(
      classifyFailure(new PrintApiError({ status: 400, customCode: "NO_PF", details: "to NZ" })),
    ).toMatchObject({
      kind: "attention",
      code: "NO_PF",
      message: expect.stringContaining("to NZ"),
    });
    // The service's sentence, as the sandbox and the service word it, said with the country's name.
    expect(
      classifyFailure(
        new PrintApiError({
          status: 400,
          customCode: "NO_PF",
          details: "No production facility can produce offering 228478 for country RU",
        }),
      ),
    ).toMatchObject({
      code: "NO_PF",
      message: "No production facility ships this product to Russia.",
    });
    expect(classifyFailure(new PrintApiError({ status: 401 }))).toMatchObject({
      kind: "attention",
      code: "AUTH",
    });
    expect(
      classifyFailure(
        new PrintApiError({ status: 409, details: "Could not retrieve source file" }),
      ),
    ).toMatchObject({ kind: "attention", code: "FILE_UNREACHABLE" });
    expect(
      classifyFailure(new PrintApiError({ status: 400, customCode: "SOMETHING_NEW" })),
    ).toMatchObject({ kind: "attention", code: "SOMETHING_NEW" });
  });

  it("tries again later after an answer it could not read, which may be a passing fault", () => {
    const error = new PrintResponseShapeError("not JSON", { rawBody: "<html>502</html>" });
    expect(classifyFailure(error)).toMatchObject({
      kind: "transient",
      code: "PRINT_SERVICE_BAD_RESPONSE",
    });
  });

  it("asks the merchant about input the SDK refused before sending it", () => {
    expect(classifyFailure(new PrintServiceError("bad input", {}))).toMatchObject({
      kind: "attention",
      code: "PRINT_INPUT",
    });
  });

  it("waits for Shopify's bucket when throttled and asks the merchant when Shopify refuses", () => {
    expect(
      classifyFailure(new ShopifyAdminError("throttled", "Throttled", { retryAfterMs: 1_500 })),
    ).toMatchObject({ kind: "transient", code: "SHOPIFY_THROTTLED", retryAfterMs: 1_500 });
    expect(classifyFailure(new ShopifyAdminError("unavailable", "502"))).toMatchObject({
      kind: "transient",
      code: "SHOPIFY_UNAVAILABLE",
    });
    expect(classifyFailure(new ShopifyAdminError("user_errors", "Invalid id"))).toMatchObject({
      kind: "attention",
      code: "SHOPIFY_ERROR",
      message: "Invalid id",
    });
  });

  it("asks the merchant to open the app when the app has no access to the store", () => {
    // The Shopify library's "no session" (its own class, known by name and words), and a 401.
    class SessionNotFoundError extends Error {}
    const missing = new SessionNotFoundError(
      "Could not find a session for shop a.myshopify.com when creating unauthenticated admin context",
    );
    const revoked = Object.assign(new Error("Unauthorized"), { response: { code: 401 } });
    for (const error of [missing, revoked]) {
      const failure = transportFailure(error);
      expect(failure).toMatchObject({ kind: "not_connected", transient: false });
      expect(classifyFailure(failure)).toMatchObject({
        kind: "attention",
        code: "SHOPIFY_NOT_CONNECTED",
        action: expect.stringMatching(/^Open Print Connect from your Shopify admin/),
      });
    }
    // Shopify's own trouble stays a passing one.
    expect(
      transportFailure(Object.assign(new Error("Bad gateway"), { response: { code: 502 } })),
    ).toMatchObject({ kind: "unavailable", transient: true });
  });

  it("tries again later after anything else (a bug or a database hiccup)", () => {
    expect(classifyFailure(new Error("database is locked"))).toEqual({
      kind: "transient",
      code: "INTERNAL",
      message: "database is locked",
    });
  });
});
