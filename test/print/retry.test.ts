import { describe, expect, it } from "vitest";
import {
  DEFAULT_RETRY_OPTIONS,
  PrintConnectionError,
  PrintTimeoutError,
  RETRY_CLASS,
  backoffDelay,
  decideRetry,
  errorFromResponse,
  type RetryOptions,
} from "~/services/print";

const opts: RetryOptions = { ...DEFAULT_RETRY_OPTIONS, random: () => 1 };
const api = (status: number, extra: Record<string, unknown> = {}, retryAfterMs?: number) =>
  errorFromResponse({ status, bodyText: JSON.stringify({ details: "x", ...extra }), retryAfterMs });
const decide = (error: unknown, retryClass: "safe" | "unsafe", attempt = 1, elapsedMs = 0) =>
  decideRetry({ error, retryClass, attempt, elapsedMs, options: opts });

describe("retry policy", () => {
  it("classes every operation; creates are unsafe, reads and payment safe", () => {
    expect(RETRY_CLASS["order.create"]).toBe("unsafe");
    expect(RETRY_CLASS["publication.create"]).toBe("unsafe");
    expect(RETRY_CLASS["order.files"]).toBe("unsafe");
    expect(RETRY_CLASS["order.payment"]).toBe("safe");
    expect(RETRY_CLASS.quote).toBe("safe");
    expect(RETRY_CLASS["legacy.order.setPaid"]).toBe("unsafe");
  });

  it("retries safe operations on 5xx, 408, 429, timeouts and connection errors", () => {
    for (const e of [
      api(503),
      api(500),
      api(408),
      api(429),
      new PrintTimeoutError(10, {}),
      new PrintConnectionError("reset", { ambiguous: true, code: "ECONNRESET" }),
    ]) {
      expect(decide(e, "safe")).toMatchObject({ retry: true });
    }
  });

  it("retries unsafe operations only when the service provably did not act", () => {
    expect(decide(api(429), "unsafe").retry).toBe(true);
    expect(
      decide(
        new PrintConnectionError("refused", { ambiguous: false, code: "ECONNREFUSED" }),
        "unsafe",
      ).retry,
    ).toBe(true);
    expect(decide(api(503), "unsafe").retry).toBe(false);
    expect(decide(new PrintTimeoutError(10, {}), "unsafe").retry).toBe(false);
    expect(decide(new PrintConnectionError("reset", { ambiguous: true }), "unsafe").retry).toBe(
      false,
    );
  });

  it("never retries definitive answers or the unknown-key 500", () => {
    expect(decide(api(400), "safe").retry).toBe(false);
    expect(decide(api(409), "safe").retry).toBe(false);
    expect(decide(api(500, { details: "Unknown merchant api key" }), "safe").retry).toBe(false);
    expect(decide(new Error("bug"), "safe").retry).toBe(false);
  });

  it("honours Retry-After and bounds attempts and total time", () => {
    expect(decide(api(429, {}, 3000), "safe")).toMatchObject({ retry: true, delayMs: 3000 });
    expect(decide(api(429, {}, 120_000), "safe").retry).toBe(false);
    expect(decide(api(503), "safe", opts.maxAttempts).retry).toBe(false);
    expect(decide(api(503), "safe", 1, opts.maxElapsedMs - 10).retry).toBe(false);
  });

  it("backs off exponentially with a cap and jitter", () => {
    expect(backoffDelay(1, opts)).toBe(250);
    expect(backoffDelay(2, opts)).toBe(500);
    expect(backoffDelay(3, opts)).toBe(1000);
    expect(backoffDelay(20, opts)).toBe(8000);
    expect(backoffDelay(1, { ...opts, random: () => 0 })).toBe(125);
  });
});
