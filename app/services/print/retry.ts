/**
 * The retry policy, written down. Each branch says why.
 *
 * Every operation belongs to one of two classes:
 *
 * - "safe": repeating it cannot do harm, because it only reads, or because a repeat lands in the
 *   same state as the first attempt. Retried on connection errors, timeouts, 408, 429 and 5xx.
 * - "unsafe": repeating it after the service may have acted could create a second order,
 *   publication or billing entity, or would turn a lost success into a confusing error.
 *   Retried only when the service provably did not act: 429 (rejected before processing) and
 *   connection errors raised before the request left this process (refused, DNS, connect timeout).
 *
 * Order creation is "unsafe" here; `orders.createIdempotent` recovers from a lost answer by
 * looking the order up by its `order_reference` (see resources/orders/index.ts).
 *
 * Delays: exponential backoff (`baseDelayMs * 2^(attempt-1)`, capped at `maxDelayMs`) with jitter
 * in [50%, 100%] of that value, or the server's `Retry-After` when given. Bounded by `maxAttempts`
 * (counting the first) and by `maxElapsedMs` of total time including waits.
 */
import {
  PrintApiError,
  PrintConnectionError,
  PrintTimeoutError,
  isUnknownMerchantKeyQuirk,
} from "./errors";

export type OperationId =
  | "offering.list"
  | "offering.spine"
  | "categories"
  | "quote"
  | "order.create"
  | "order.details"
  | "order.address"
  | "order.payment"
  | "order.files"
  | "order.cancel"
  | "order.spine"
  | "publication.create"
  | "billingEntity.create"
  | "billingEntity.list"
  | "legacy.offering.list"
  | "legacy.offering.details"
  | "legacy.quote"
  | "legacy.order.create"
  | "legacy.order.createFromCheckoutUrl"
  | "legacy.order.details"
  | "legacy.order.setPaid"
  | "legacy.order.setQuoteAndPaid"
  | "legacy.order.status";

export type RetryClass = "safe" | "unsafe";

/** The class of every operation, with the reason. */
export const RETRY_CLASS: Readonly<Record<OperationId, RetryClass>> = {
  // Reads.
  "offering.list": "safe",
  "offering.spine": "safe",
  categories: "safe",
  "order.details": "safe",
  "order.spine": "safe",
  "billingEntity.list": "safe",
  "legacy.offering.list": "safe",
  "legacy.offering.details": "safe",
  "legacy.quote": "safe",
  "legacy.order.status": "safe",
  // POST, but a pure computation: no state changes.
  quote: "safe",
  // Sets the address to the value we send; a repeat leaves the same state.
  "order.address": "safe",
  "legacy.order.details": "safe",
  // A repeat after a lost success answers 409 ORD_PAID_STATE, which orders.pay reads back and
  // reports as { status: "already_paid" }. The service never charges an order twice.
  "order.payment": "safe",
  // A repeat after a lost success answers 409 ORD_FILES_STATE, indistinguishable from a real
  // state error, and order details do not show item states to confirm: not repeated blindly.
  "order.files": "unsafe",
  // Same as files: a repeat after a lost success answers ORD_CANCEL_STATE (or worse).
  "order.cancel": "unsafe",
  // Creates an order; recovery by order_reference lives in orders.createIdempotent.
  "order.create": "unsafe",
  // Create new resources and carry no idempotency key: a repeat could duplicate them.
  "publication.create": "unsafe",
  "billingEntity.create": "unsafe",
  "legacy.order.create": "unsafe",
  "legacy.order.createFromCheckoutUrl": "unsafe",
  // GET with a side effect; a repeat after a lost success answers ERROR.
  "legacy.order.setPaid": "unsafe",
  "legacy.order.setQuoteAndPaid": "unsafe",
};

export interface RetryOptions {
  /** Total attempts including the first. Default 4. 1 disables retries. */
  maxAttempts: number;
  /** First backoff delay. Default 250 ms. */
  baseDelayMs: number;
  /** Cap of one backoff delay. Default 8 s. */
  maxDelayMs: number;
  /** Give up when the next wait would end after this much time since the first attempt. Default 30 s. */
  maxElapsedMs: number;
  /** A Retry-After longer than this is not waited for: the error is raised instead. Default 60 s. */
  maxRetryAfterMs: number;
  sleep: (ms: number) => Promise<void>;
  /** In [0, 1). */
  random: () => number;
  now: () => number;
}

export const defaultSleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

export const DEFAULT_RETRY_OPTIONS: Readonly<RetryOptions> = Object.freeze({
  maxAttempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxElapsedMs: 30_000,
  maxRetryAfterMs: 60_000,
  sleep: defaultSleep,
  random: Math.random,
  now: Date.now,
});

export function resolveRetryOptions(
  ...layers: (Partial<RetryOptions> | undefined)[]
): RetryOptions {
  const out: RetryOptions = { ...DEFAULT_RETRY_OPTIONS };
  for (const layer of layers) {
    if (!layer) continue;
    for (const [k, v] of Object.entries(layer)) {
      if (v !== undefined) (out as unknown as Record<string, unknown>)[k] = v;
    }
  }
  out.maxAttempts = Math.max(1, Math.floor(out.maxAttempts));
  return out;
}

/** Backoff before attempt `attempt + 1`: exponential, capped, jittered into [50%, 100%]. */
export function backoffDelay(attempt: number, options: RetryOptions): number {
  const exp = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + (exp / 2) * options.random());
}

export type RetryDecision =
  { retry: true; delayMs: number; reason: string } | { retry: false; reason: string };

export interface RetryContext {
  error: unknown;
  retryClass: RetryClass;
  /** The attempt that just failed, from 1. */
  attempt: number;
  /** Time since the first attempt started. */
  elapsedMs: number;
  options: RetryOptions;
}

/** Should the failed attempt be repeated, and after how long? */
export function decideRetry(ctx: RetryContext): RetryDecision {
  const { error, retryClass, attempt, elapsedMs, options } = ctx;
  const safe = retryClass === "safe";
  let delayMs = backoffDelay(attempt, options);
  let reason: string;

  if (error instanceof PrintApiError) {
    if (isUnknownMerchantKeyQuirk(error.status, error.details)) {
      // The real service answers an unknown merchant key with 500: a key problem, not an outage.
      return { retry: false, reason: "500 'unknown merchant api key' is an authentication error" };
    }
    if (error.status === 429) {
      // Rate limiting rejects the request before processing, so any operation may be repeated.
      reason = "429 rate limited";
    } else if (error.status === 408 || error.status >= 500) {
      // The service failed or gave up mid-way: it may have acted. Only safe operations repeat.
      if (!safe)
        return { retry: false, reason: `${error.status} is ambiguous for an unsafe operation` };
      reason = `${error.status} transient server error`;
    } else {
      // 4xx answers are definitive: a repeat gets the same answer.
      return { retry: false, reason: `${error.status} is a definitive answer` };
    }
    if (error.retryAfterMs !== undefined) {
      // The server said when to come back: honour it, unless it asks for longer than we allow.
      if (error.retryAfterMs > options.maxRetryAfterMs) {
        return {
          retry: false,
          reason: `Retry-After ${error.retryAfterMs} ms exceeds maxRetryAfterMs`,
        };
      }
      delayMs = error.retryAfterMs;
      reason += `, Retry-After ${error.retryAfterMs} ms`;
    }
  } else if (error instanceof PrintConnectionError) {
    if (error.ambiguous && !safe) {
      // Reset after sending: the service may have acted.
      return {
        retry: false,
        reason: `connection error ${error.code ?? ""} after sending is ambiguous`,
      };
    }
    // Refused / DNS / connect timeout: never sent, so safe for every operation.
    reason = `connection error ${error.code ?? ""}`.trim();
  } else if (error instanceof PrintTimeoutError) {
    if (!safe) return { retry: false, reason: "timeout is ambiguous for an unsafe operation" };
    reason = "timeout";
  } else {
    // Input errors, shape errors and bugs do not get better by repeating.
    return { retry: false, reason: "not a transient error" };
  }

  if (attempt >= options.maxAttempts) {
    return { retry: false, reason: `${reason}; attempts exhausted (${options.maxAttempts})` };
  }
  if (elapsedMs + delayMs > options.maxElapsedMs) {
    return {
      retry: false,
      reason: `${reason}; total time budget ${options.maxElapsedMs} ms exhausted`,
    };
  }
  return { retry: true, delayMs, reason };
}
