import { backoffDelay, DEFAULT_RETRY_OPTIONS } from "../print";
import { classifyFailure } from "./failures";
import { retryScheduledText } from "../merchant-text/errors";
import type { WorkerLogger } from "./step-support/context";
import { done, setAside, type Loaded, type StepResult } from "./step-support/result";

export interface BackoffOptions {
  baseBackoffMs: number;
  maxBackoffMs: number;
}

/**
 * A step that failed: set aside for the merchant when waiting cannot help,
 * otherwise tried again later, keeping its status. The problem is recorded on
 * the order; the timeline notes the first retry and every fifth.
 */
export function failedStep(
  order: Loaded,
  error: unknown,
  ctx: { logger: WorkerLogger; now: () => Date; random: () => number } & BackoffOptions,
): StepResult {
  const failure = classifyFailure(error);
  const log = {
    shop: order.shop,
    printOrder: order.id,
    status: order.status,
    code: failure.code,
  };
  if (failure.kind === "attention") {
    ctx.logger.info(log, "print order needs attention");
    return setAside(order, failure);
  }
  const attempts = order.attempts + 1;
  // A service that says when to come back is believed; otherwise back off exponentially,
  // the same way the print SDK does between its own attempts.
  const delay =
    failure.retryAfterMs !== undefined
      ? Math.min(ctx.maxBackoffMs, failure.retryAfterMs * (1 + ctx.random() / 4))
      : backoffDelay(attempts, {
          ...DEFAULT_RETRY_OPTIONS,
          baseDelayMs: ctx.baseBackoffMs,
          maxDelayMs: ctx.maxBackoffMs,
          random: ctx.random,
        });
  ctx.logger.warn(
    { ...log, attempts, delayMs: Math.round(delay), reason: failure.message.slice(0, 300) },
    "print order step will be retried",
  );
  const events =
    attempts === 1 || attempts % 5 === 0
      ? [
          {
            actor: "worker" as const,
            type: "retry_scheduled",
            message: retryScheduledText(failure.code, attempts),
            data: { code: failure.code },
          },
        ]
      : [];
  return done(
    {
      attempts,
      nextAttemptAt: new Date(ctx.now().getTime() + delay),
      lastErrorCode: failure.code,
      lastErrorMessage: failure.message.slice(0, 500),
      lastErrorAction: "Nothing to do: it is retried automatically.",
    },
    events,
  );
}
