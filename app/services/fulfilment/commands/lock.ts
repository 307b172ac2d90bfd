import type { MappingForPlan } from "../print-plan";
import type { CommandStore } from "./ports";

/**
 * What the outside changes share: waiting for a worker's step (a change takes
 * a print order only while no worker holds it, see the port's `lockUnleased`),
 * and the current mappings.
 */

/**
 * A worker is in the middle of a step for this print order (it holds the
 * lease). Changing the order under it would be overwritten or would race its
 * call to the print service, so the change waits: a webhook answers 503 and
 * Shopify delivers it again; a merchant is asked to try again.
 */
export class PrintOrderBusyError extends Error {
  readonly retryAfterSeconds = 10;
  constructor(readonly printOrderId: string) {
    super("A print order of this Shopify order is being worked on; try again shortly.");
    this.name = "PrintOrderBusyError";
  }
}

/** Runs a webhook's change again on fresh data while a worker's step finishes. */
export async function retryWhileBusy<T>(run: () => Promise<T>): Promise<T> {
  for (const waitMs of [50, 250]) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof PrintOrderBusyError)) throw error;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
  return run();
}

/** The shop's current mappings of these variants, by variant id. */
export async function mappingsFor(store: CommandStore, shop: string, variantIds: string[]) {
  const rows = await store.mappings(shop, variantIds);
  return new Map<string, MappingForPlan>(rows.map((r) => [r.variantId, r]));
}
