import type { Shop } from "@prisma/client";
import type { PrintClient } from "../../print";
import { AttentionError } from "../failures";
import { isPrintOrderStatus, NOT_SCHEDULED, WORKER_STEP, type WorkerStep } from "../machine";
import type { StepContext } from "../step-support/context";
import { create } from "./create";
import { follow } from "./follow";
import { fulfil, trackingToSend } from "./fulfil";
import { pay } from "./pay";
import { prepare } from "./prepare";
import { done, type Loaded, type StepResult } from "../step-support/result";
import { endHold } from "./route";

export { ClaimReads } from "../step-support/claim-reads";
export {
  OfferingCache,
  type PreflightCheck,
  type StepContext,
  type WorkerLogger,
} from "../step-support/context";
export { done, setAside, type Loaded, type StepResult } from "../step-support/result";

const STEPS: Record<
  WorkerStep,
  (order: Loaded, ctx: StepContext) => Promise<StepResult> | StepResult
> = {
  prepare,
  end_hold: endHold,
  create,
  pay,
  follow,
  fulfil,
};

/**
 * The step for a print order: the one the state machine names for its status, except that a
 * fulfilled order with a later parcel's tracking number goes to Shopify by the same step as its
 * first (fulfil.ts), so tracking is written by one step only.
 */
export function stepFor(
  order: Pick<Loaded, "status" | "fulfillmentId" | "trackingCode" | "trackingPushed">,
): WorkerStep | null {
  if (!isPrintOrderStatus(order.status)) return null;
  if (order.status === "fulfilled" && trackingToSend(order)) return "fulfil";
  return WORKER_STEP[order.status];
}

/**
 * Takes one step for a claimed print order (stepFor), with the shop and its
 * print-service client.
 */
export async function runStep(
  order: Loaded,
  ctx: Omit<StepContext, "shop" | "client"> & {
    /** The order's shop as this round of claims read it; null when it has no row. */
    shop: Shop | null;
    /** The print-service client for a shop, or null when the shop has not connected one. */
    printClientFor(shop: Shop): Promise<PrintClient | null>;
  },
): Promise<StepResult> {
  const { shop } = ctx;
  if (!shop || shop.uninstalledAt) {
    // Uninstalled: act for the shop no more, but keep the order for a reinstall.
    return done({ nextAttemptAt: new Date(ctx.now().getTime() + 60 * 60_000) });
  }
  const client = await ctx.printClientFor(shop);
  if (!client) {
    throw new AttentionError({
      code: "NOT_CONNECTED",
      message: "No print-service account is connected.",
      action: "Enter your print-service keys in Settings, then retry.",
    });
  }
  const step = stepFor(order);
  if (!step) return done({ nextAttemptAt: NOT_SCHEDULED });
  return STEPS[step](order, { ...ctx, shop, client });
}
