/**
 * Status callbacks from the print service through a one-write inbox (decision 28). The door
 * (the callback route) checks what needs no database and writes the callback in one INSERT;
 * the worker applies what came in at the start of its round, as a re-read of the order
 * (commands/status-callback.ts), and deletes it. A burst of callbacks is a burst of short
 * INSERTs, never the reads and transaction of applying them, so it cannot starve the pool the
 * webhook door, `/healthz` and the admin pages share.
 */
import { createHash } from "node:crypto";
import type { Db } from "./commands/lock";
import { noteStatusCallback, type StatusCallbackInput } from "./commands/status-callback";
import { isUniqueViolation } from "../unique-violation";
import { storedPrintOrderId } from "./print-order-id";

/** Everything a callback says, hashed: the same delivery twice is the same key. */
function inboxKey(input: Omit<StatusCallbackInput, "shop" | "now">): string {
  const content = JSON.stringify([
    input.printOrderId,
    input.orderReference ?? null,
    input.oldStatus ?? null,
    input.newStatus,
    input.trackingCode ?? null,
    input.trackingUrl ?? null,
  ]);
  return createHash("sha256").update(content).digest("hex");
}

export type ReceivedStatusUpdate = "received" | "duplicate" | "not_an_order";

/** The door's one write: the verified callback, kept for the worker. */
export async function receiveStatusUpdate(
  db: Db,
  input: Omit<StatusCallbackInput, "now">,
): Promise<ReceivedStatusUpdate> {
  const printOrderId = storedPrintOrderId(input.printOrderId);
  // No order of any shop can have that id: nothing to keep.
  if (printOrderId === null) return "not_an_order";
  try {
    await db.statusUpdate.create({
      data: {
        shop: input.shop,
        printOrderId,
        orderReference: input.orderReference ?? null,
        oldStatus: input.oldStatus ?? null,
        newStatus: input.newStatus,
        trackingCode: input.trackingCode ?? null,
        trackingUrl: input.trackingUrl ?? null,
        dedupeKey: inboxKey(input),
      },
    });
    return "received";
  } catch (error) {
    if (isUniqueViolation(error)) return "duplicate";
    throw error;
  }
}

/** Callbacks applied per round; the next round goes on with the rest. */
export const STATUS_UPDATES_PER_ROUND = 200;

export interface AppliedStatusUpdates {
  applied: number;
  /** No print order of the shop has that id (or the body named another order): dropped. */
  dropped: number;
}

/**
 * The worker's share: each callback received, oldest first, becomes a re-read of its order
 * (or is dropped, saying why), then is deleted. Two workers at once apply a callback once:
 * its timeline entry has a unique key, and the second one's is a replay.
 */
export async function applyStatusUpdates(
  db: Db,
  options: {
    now: Date;
    limit?: number;
    logger: { warn(o: object, m: string): void };
  },
): Promise<AppliedStatusUpdates> {
  const rows = await db.statusUpdate.findMany({
    orderBy: { id: "asc" },
    take: options.limit ?? STATUS_UPDATES_PER_ROUND,
  });
  const result: AppliedStatusUpdates = { applied: 0, dropped: 0 };
  for (const row of rows) {
    const outcome = await noteStatusCallback(db, {
      shop: row.shop,
      printOrderId: String(row.printOrderId),
      ...(row.orderReference !== null ? { orderReference: row.orderReference } : {}),
      ...(row.oldStatus !== null ? { oldStatus: row.oldStatus } : {}),
      newStatus: row.newStatus,
      ...(row.trackingCode !== null ? { trackingCode: row.trackingCode } : {}),
      ...(row.trackingUrl !== null ? { trackingUrl: row.trackingUrl } : {}),
      now: options.now,
    });
    if (outcome.outcome === "unknown_order" || outcome.outcome === "reference_mismatch") {
      // The signature names the order; a body pointing at another one is not acted on.
      options.logger.warn(
        { shop: row.shop, printOrderId: row.printOrderId, outcome: outcome.outcome },
        "status callback dropped",
      );
      result.dropped++;
    } else result.applied++;
    await db.statusUpdate.deleteMany({ where: { id: row.id, shop: row.shop } });
  }
  return result;
}
