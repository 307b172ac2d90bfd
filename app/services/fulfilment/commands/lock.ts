import type { PrismaClient } from "@prisma/client";
import { leaseFree } from "../lease";
import type { MappingForPlan } from "../print-plan";

/**
 * What the outside changes share: waiting for a worker's step (a change takes
 * a print order only while no worker holds it), and the current mappings.
 */

export type Db = PrismaClient;

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

export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/**
 * Takes the row for this transaction if no worker holds it. A conditional
 * write, not a read: it locks the row (PostgreSQL) or runs inside the one
 * writer (SQLite), so a worker cannot claim it until this transaction ends.
 */
export async function lockUnleased(
  tx: Tx,
  row: { id: string; shop: string; status: string },
  now: Date,
): Promise<void> {
  // The expected status too: the decision was made on it, outside this transaction.
  const { count } = await tx.printOrder.updateMany({
    where: { id: row.id, shop: row.shop, status: row.status, ...leaseFree(now) },
    data: { updatedAt: now },
  });
  if (count !== 1) throw new PrintOrderBusyError(row.id);
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
export async function mappingsFor(db: Db, shop: string, variantIds: string[]) {
  const rows = await db.variantMapping.findMany({ where: { shop, variantId: { in: variantIds } } });
  return new Map<string, MappingForPlan>(rows.map((r) => [r.variantId, r]));
}
