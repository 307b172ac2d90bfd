import type { Prisma } from "@prisma/client";
import { NOT_SCHEDULED } from "../machine";
import { printOrderKindOf } from "../order-kind";
import type { StepContext } from "../step-support/context";
import { done, type Loaded, type StepResult } from "../step-support/result";

/**
 * Where a checked and quoted order goes: held, waiting for approval, or straight to print.
 * A proof always goes straight to print.
 */
export function route(
  order: Loaded,
  ctx: StepContext,
  prices: Prisma.PrintOrderUpdateManyMutationInput,
): StepResult {
  const { shop } = ctx;
  const now = ctx.now();
  const data = {
    ...prices,
    attempts: 0,
    lastErrorCode: null,
    lastErrorMessage: null,
    lastErrorAction: null,
  };
  // The merchant placed the proof after seeing its quote: that was the approval. No hold.
  if (printOrderKindOf(order.kind) === "proof") {
    return done(
      { ...data, status: "ready", nextAttemptAt: now },
      [
        {
          actor: "worker",
          type: "ready",
          message: "Checked and quoted; a proof goes straight to print.",
        },
      ],
      true,
    );
  }
  if (shop.routingMode === "manual" && !order.approvedAt) {
    return done({ ...data, status: "awaiting_approval", nextAttemptAt: NOT_SCHEDULED }, [
      {
        actor: "worker",
        type: "awaiting_approval",
        message: "Checked and quoted; waiting for your approval.",
      },
    ]);
  }
  if (shop.routingMode === "hold" && shop.holdHours > 0 && !order.approvedAt) {
    const until = new Date(order.createdAt.getTime() + shop.holdHours * 3_600_000);
    if (until > now) {
      return done({ ...data, status: "held", holdUntil: until, nextAttemptAt: until }, [
        {
          actor: "worker",
          type: "held",
          message: `Checked and quoted; held until ${until.toISOString()}.`,
        },
      ]);
    }
  }
  return done(
    { ...data, status: "ready", nextAttemptAt: now },
    [{ actor: "worker", type: "ready", message: "Checked and quoted; sending to print." }],
    true,
  );
}

/** The hold period is over: the order goes to print. */
export function endHold(_order: Loaded, ctx: StepContext): StepResult {
  return done(
    { status: "ready", nextAttemptAt: ctx.now() },
    [{ actor: "worker", type: "hold_ended", message: "Hold period over: sending to print." }],
    true,
  );
}
