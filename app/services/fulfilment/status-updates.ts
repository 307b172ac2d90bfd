/**
 * Status callbacks from the print service through a one-write inbox (decision 28). The door
 * (the callback route) checks what needs no database and writes the callback with one INSERT,
 * shared with the callbacks that arrived in the same turn (keptTogether);
 * the worker applies what came in at the start of its round, as a re-read of the order
 * (commands/status-callback.ts), and deletes it. A burst of callbacks is a burst of short
 * INSERTs, never the reads and transaction of applying them, so it cannot starve the pool the
 * webhook door, `/healthz` and the admin pages share.
 */
import { createHash } from "node:crypto";
import type { StatusUpdate } from "@prisma/client";
import { statusCallbackEvent, type StatusCallbackInput } from "./commands/status-callback";
import { RESTING_STATUSES } from "./machine";
import type { CallbackTarget, NewStatusUpdate, StatusUpdateStore } from "./ports";
import { groupCommit } from "../group-commit";
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
  store: Pick<StatusUpdateStore, "keepStatusUpdate">,
  input: Omit<StatusCallbackInput, "now">,
): Promise<ReceivedStatusUpdate> {
  const printOrderId = storedPrintOrderId(input.printOrderId);
  // No order of any shop can have that id: nothing to keep.
  if (printOrderId === null) return "not_an_order";
  const kept = await store.keepStatusUpdate({
    shop: input.shop,
    printOrderId,
    orderReference: input.orderReference ?? null,
    oldStatus: input.oldStatus ?? null,
    newStatus: input.newStatus,
    trackingCode: input.trackingCode ?? null,
    trackingUrl: input.trackingUrl ?? null,
    dedupeKey: inboxKey(input),
  });
  return kept ? "received" : "duplicate";
}

/** A callback's key within its shop, as the inbox's and the timeline's unique indexes hold it. */
function keyOf(row: { shop: string; dedupeKey: string | null }): string {
  return `${row.shop}\n${row.dedupeKey}`;
}

/** Callbacks one INSERT carries at most (9 values each). */
export const STATUS_UPDATES_PER_INSERT = 256;

/**
 * The door's write as a group commit (services/group-commit.ts): the callbacks of one turn of
 * the event loop in one INSERT that leaves out those waiting already, each answered once it is
 * written. The same callback twice in a group is one row, the second a duplicate.
 */
export function keptTogether(
  store: Pick<StatusUpdateStore, "keepStatusUpdates">,
): Pick<StatusUpdateStore, "keepStatusUpdate"> {
  const write = groupCommit<NewStatusUpdate, boolean>({
    maxGroup: STATUS_UPDATES_PER_INSERT,
    writeGroup: async (updates) => {
      const first = new Map<string, NewStatusUpdate>();
      for (const u of updates) if (!first.has(keyOf(u))) first.set(keyOf(u), u);
      const kept = new Set((await store.keepStatusUpdates([...first.values()])).map(keyOf));
      // A row went in for the first of its key only; the others are repeats of it.
      return updates.map((u) => first.get(keyOf(u)) === u && kept.has(keyOf(u)));
    },
  });
  return { keepStatusUpdate: write };
}

/** Callbacks applied per round; the next round goes on with the rest. */
export const STATUS_UPDATES_PER_ROUND = 200;

export interface AppliedStatusUpdates {
  applied: number;
  /** No print order of the shop has that id (or the body named another order): dropped. */
  dropped: number;
}

/**
 * The worker's share: the callbacks received, oldest first, applied as one batch: their
 * orders read at once, each a timeline entry on its order (a callback already there is a
 * replay) and its order due now, and the batch deleted, in one transaction. What names no
 * print order of the shop, or names another order's reference, is dropped with a log line.
 * Another worker applying the same batch meanwhile makes this transaction fail on an entry's
 * unique key: then each callback is applied on its own, as a replay where it was done.
 */
export async function applyStatusUpdates(
  store: StatusUpdateStore,
  options: {
    now: Date;
    limit?: number;
    logger: { warn(o: object, m: string): void };
  },
): Promise<AppliedStatusUpdates> {
  const rows = await store.receivedStatusUpdates(options.limit ?? STATUS_UPDATES_PER_ROUND);
  if (rows.length === 0) return { applied: 0, dropped: 0 };
  const inputs = rows.map((row) => ({ row, input: inputOf(row, options.now) }));
  const orders = await store.callbackTargets(
    [...new Set(rows.map((r) => r.shop))].map((shop) => ({
      shop,
      printOrderIds: rows.filter((r) => r.shop === shop).map((r) => r.printOrderId),
    })),
  );
  const orderOf = new Map(orders.map((o) => [`${o.shop}:${o.printOrderId}`, o]));
  const events: ReturnType<typeof statusCallbackEvent>[] = [];
  const due = new Set<string>();
  let dropped = 0;
  for (const { row, input } of inputs) {
    const order = orderOf.get(`${row.shop}:${row.printOrderId}`);
    const wrong = whyDropped(order, input);
    if (wrong || !order) {
      logDropped(options.logger, row, wrong ?? "unknown_order");
      dropped++;
      continue;
    }
    events.push(statusCallbackEvent(order, input, options.now));
    due.add(order.id);
  }
  // Replays: callbacks whose entry is on the timeline already (applied before, sent again).
  const keysByShop = new Map<string, string[]>();
  for (const e of events) {
    const keys = keysByShop.get(e.shop) ?? [];
    keys.push(e.dedupeKey);
    keysByShop.set(e.shop, keys);
  }
  const named = [...keysByShop].map(([shop, dedupeKeys]) => ({ shop, dedupeKeys }));
  const recorded = new Set((await store.recordedEventKeys(named)).map(keyOf));
  const seen = new Set<string>();
  const fresh = events.filter((e) => {
    const key = keyOf(e);
    if (recorded.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  try {
    await store.applyStatusUpdateBatch({
      events: fresh,
      due: { ids: [...due], unlessStatus: RESTING_STATUSES, at: options.now },
      applied: rows.map((r) => r.id),
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return applyOneByOne(store, inputs, options);
  }
  return { applied: rows.length - dropped, dropped };
}

function inputOf(row: StatusUpdate, now: Date): StatusCallbackInput {
  return {
    shop: row.shop,
    printOrderId: String(row.printOrderId),
    ...(row.orderReference !== null ? { orderReference: row.orderReference } : {}),
    ...(row.oldStatus !== null ? { oldStatus: row.oldStatus } : {}),
    newStatus: row.newStatus,
    ...(row.trackingCode !== null ? { trackingCode: row.trackingCode } : {}),
    ...(row.trackingUrl !== null ? { trackingUrl: row.trackingUrl } : {}),
    now,
  };
}

/** Why a callback is dropped: it names no print order of the shop, or another order's reference. */
function whyDropped(
  order: CallbackTarget | undefined,
  input: StatusCallbackInput,
): "unknown_order" | "reference_mismatch" | null {
  if (!order) return "unknown_order";
  if (input.orderReference !== undefined && input.orderReference !== order.orderReference) {
    return "reference_mismatch";
  }
  return null;
}

/**
 * Each callback in its own transaction, after another worker applied some of the batch: its
 * entry, its order due now and its deletion at once, or, when its entry is on the timeline
 * already (a replay), only its deletion.
 */
async function applyOneByOne(
  store: StatusUpdateStore,
  inputs: { row: StatusUpdate; input: StatusCallbackInput }[],
  options: { now: Date; logger: { warn(o: object, m: string): void } },
): Promise<AppliedStatusUpdates> {
  const result: AppliedStatusUpdates = { applied: 0, dropped: 0 };
  for (const { row, input } of inputs) {
    const [order] = await store.callbackTargets([
      { shop: row.shop, printOrderIds: [row.printOrderId] },
    ]);
    const wrong = whyDropped(order, input);
    if (wrong || !order) {
      logDropped(options.logger, row, wrong ?? "unknown_order");
      result.dropped++;
      await store.deleteStatusUpdate(row.shop, row.id);
      continue;
    }
    try {
      await store.applyStatusUpdateBatch({
        events: [statusCallbackEvent(order, input, options.now)],
        due: { ids: [order.id], unlessStatus: RESTING_STATUSES, at: options.now },
        applied: [row.id],
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await store.deleteStatusUpdate(row.shop, row.id);
    }
    result.applied++;
  }
  return result;
}

/** The signature names the order; a callback naming none of the shop's, or another, is dropped. */
function logDropped(
  logger: { warn(o: object, m: string): void },
  row: StatusUpdate,
  outcome: "unknown_order" | "reference_mismatch",
) {
  logger.warn(
    { shop: row.shop, printOrderId: row.printOrderId, outcome },
    "status callback dropped",
  );
}
