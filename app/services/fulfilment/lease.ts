/**
 * The lease: a worker acts on a print order only while one of its claims holds an unexpired
 * lease on it, taken with a conditional update (compare-and-set), and writes a
 * step's result only if that claim still holds it. Outside changes (commands/) take a
 * row only when it is free (see docs/decisions/0006-changes-wait-for-the-worker.md).
 * Here are the rules (what is due, how long a claim lasts, what a commit writes); the
 * statements are the store's (data/fulfilment-lease.server.ts).
 */
import { randomUUID } from "node:crypto";
import { eventRow } from "./events";
import { isPrintOrderStatus, movesForward, RESTING_STATUSES } from "./machine";
import type { DueAt, LeaseStore } from "./ports";
import type { WorkerLogger } from "./step-support/context";
import {
  withItemChanges,
  type ItemChange,
  type Loaded,
  type StepResult,
} from "./step-support/result";

/** The worker no longer holds the lease: another took the row; its result is dropped. */
export class LeaseLostError extends Error {}

/**
 * The lease holder a claim writes: the worker's id and a name of this claim. A lane whose claim
 * ran out (a step slower than the lease, the heartbeat given up) may still be working when its
 * own worker claims the order again; were the holder the worker alone, that lane's late commit
 * would match and write its stale step over the new claim's (an order paid, then set back to
 * "created"). Each claim's own holder refuses it.
 */
export function claimHolder(workerId: string): string {
  return `${workerId}/${randomUUID().slice(0, 8)}`;
}

/**
 * Claims up to `batchSize` due print orders, oldest due first, and loads them
 * with their items and shop order: one read of what is due, one conditional
 * UPDATE for all of them, one load. Returns the orders this claim now holds, each with the
 * claim's holder as its `leaseOwner` (the steps' writes name it).
 */
export async function claimDue(
  store: LeaseStore,
  {
    workerId,
    now,
    leaseMs,
    batchSize,
  }: {
    workerId: string;
    now: Date;
    leaseMs: number;
    batchSize: number;
  },
): Promise<Loaded[]> {
  const due: DueAt = { unlessStatus: RESTING_STATUSES, at: now };
  const dueIds = await store.dueOrderIds(due, batchSize);
  if (dueIds.length === 0) return [];
  // Every condition of the selection again, for each row (the store's compare-and-set).
  const holder = claimHolder(workerId);
  const claimed = await store.claimOrders(dueIds, due, {
    holder,
    until: new Date(now.getTime() + leaseMs),
  });
  if (claimed.length === 0) return [];
  const loaded = await store.claimedOrders(claimed, holder);
  const rank = new Map(dueIds.map((id, i) => [id, i]));
  return loaded.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
}

/**
 * The heartbeat: extends a claim's leases on `ids` while their steps run
 * or wait for a lane, so the lease can be short (a dead worker's claims free
 * up soon) without a slow step losing its order. Only rows the claim still
 * holds are touched: an order another claim took is never taken back.
 */
export async function renewLeases(
  store: LeaseStore,
  { holder, ids, now, leaseMs }: { holder: string; ids: string[]; now: Date; leaseMs: number },
): Promise<number> {
  if (ids.length === 0) return 0;
  return store.renewClaims(ids, { holder, until: new Date(now.getTime() + leaseMs) });
}

/** A print order the claim `holder` holds, with its items and shop order; null once lost. */
export function loadClaimed(store: LeaseStore, id: string, holder: string): Promise<Loaded | null> {
  return store.claimedOrder(id, holder);
}

/**
 * The order as a committed step left it, for the next step under the same
 * claim, without reading it again: while its claim holds the lease nothing
 * else changes the row (outside changes wait for a free row, see
 * commands/lock.ts). Null when the step's writes cannot be replayed here (an
 * arithmetic update, print orders split off): then the order is read again.
 */
export function afterCommit(order: Loaded, written: Committed, result: StepResult): Loaded | null {
  if (result.splits?.length) return null;
  const next: Loaded = { ...order, updatedAt: written.at };
  for (const [column, value] of Object.entries(written.data)) {
    if (value !== null && typeof value === "object" && !(value instanceof Date)) return null;
    if (value !== undefined) (next as Record<string, unknown>)[column] = value;
  }
  const changes = new Map((result.items ?? []).map((i) => [i.id, itemColumns(i)]));
  next.items = order.items.map((item) =>
    changes.has(item.id) ? { ...item, ...changes.get(item.id) } : item,
  );
  return next;
}

/** The columns an item change writes (those it names). */
function itemColumns(change: ItemChange) {
  return {
    ...(change.serviceState !== undefined ? { serviceState: change.serviceState } : {}),
    ...(change.filesSentAt !== undefined ? { filesSentAt: change.filesSentAt } : {}),
    ...(change.preflight !== undefined ? { preflight: change.preflight } : {}),
  };
}

/** What a commit wrote to the print order row, and when. */
export interface Committed {
  data: Record<string, unknown>;
  at: Date;
}

/**
 * Holds a step's result back for the next step's commit, when the step says a repeat of it is
 * safe, the claim has another turn, and the next step can work on the order as the result
 * leaves it (afterCommit) without a read. Returns the result carried (a backwards status already dropped) and
 * that order, or null: then
 * the result is committed now. Two steps at most share a commit: a result is carried only
 * when none is (the worker's rule), so a crash repeats no more than one step besides.
 */
export function carry(
  order: Loaded,
  result: StepResult,
  { last, now, logger }: { last: boolean; now: () => Date; logger: WorkerLogger },
): { carried: StepResult; next: Loaded } | null {
  if (!result.commitWithNext || !result.continue || last || result.splits?.length) return null;
  const data = forwardOnly(order, result.data, logger);
  const next = afterCommit(order, { data, at: now() }, result);
  return next ? { carried: { ...result, data }, next } : null;
}

/** The step's columns without a status that would move the order backwards (logged). */
function forwardOnly(order: Loaded, columns: StepResult["data"], logger: WorkerLogger) {
  const data = { ...columns };
  if (data.status && isPrintOrderStatus(order.status) && !movesForward(order.status, data.status)) {
    logger.warn(
      { printOrder: order.id, from: order.status, to: data.status },
      "ignored a backwards status change",
    );
    delete data.status;
  }
  return data;
}

/**
 * Writes a step's result if its claim still holds the lease, in one
 * transaction: the order (never a backwards status), the print orders split
 * off it, its item states and its events. Keeps the lease for the next step,
 * or releases it. With a result carried from the step before (carry), both are
 * written: the later step's columns over the earlier's, the events of both in
 * order, the item changes merged per item. `order` is the one the step worked
 * on. Returns what it wrote to the order's row.
 */
export async function commitStep(
  store: LeaseStore,
  order: Loaded,
  result: StepResult,
  lease: {
    /** The claim the step ran under (claimHolder). */
    holder: string;
    leaseMs: number;
    keepLease: boolean;
    now: () => Date;
    logger: WorkerLogger;
  },
  carried?: StepResult,
): Promise<Committed> {
  const data = { ...carried?.data, ...forwardOnly(order, result.data, lease.logger) };
  const now = lease.now();
  const leaseColumns = lease.keepLease
    ? { leaseExpiresAt: new Date(now.getTime() + lease.leaseMs) }
    : { leaseOwner: null, leaseExpiresAt: null };
  const columns = { ...data, ...leaseColumns };
  const events = [...(carried?.events ?? []), ...result.events].map((e) =>
    eventRow({
      ...e,
      shop: order.shop,
      shopOrderId: order.shopOrderId,
      printOrderId: order.id,
      at: now,
    }),
  );
  const items = carried ? withItemChanges(carried, result.items ?? []).items : result.items;
  await store.commitStep({
    order: { id: order.id, shop: order.shop },
    holder: lease.holder,
    columns,
    items: (items ?? []).map((item) => ({ id: item.id, columns: itemColumns(item) })),
    events,
    splits: (result.splits ?? []).map((split) => ({
      data: split.data,
      itemIds: split.itemIds,
      event: (printOrderId) =>
        eventRow({
          ...split.event,
          shop: order.shop,
          shopOrderId: order.shopOrderId,
          printOrderId,
        }),
    })),
  });
  return { data: columns, at: now };
}
