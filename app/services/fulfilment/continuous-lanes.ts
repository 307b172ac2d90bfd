/**
 * How a running worker keeps its lanes busy (worker.ts start()), and how it holds a claim's
 * leases while the claim's orders are worked.
 *
 * Working in whole rounds (claim, work every order claimed, then claim again), a round's lanes
 * idled through its tail (the last orders, fewer than the lanes) and through the next round's
 * status updates, planning and claim: in `bench:e2e` the worker's process was idle for two
 * fifths of the time while orders waited. Here a lane that finishes an order takes the next one
 * claimed, and the next round runs as soon as fewer claimed orders wait than there are lanes.
 */
import { isDatabaseUnavailable, outageReason } from "../database-outage";
import { renewLeases } from "./lease";
import type { ClaimReadStore, LeaseStore } from "./ports";
import { ClaimReads, type Loaded, type WorkerLogger } from "./steps";

/** A claim being worked: the reads its orders share, and its leases kept meanwhile. */
export interface HeldClaim {
  reads: ClaimReads;
  /** One of its orders is done; after the last, its leases are no longer extended. */
  orderDone(): void;
  /** Its leases are no longer extended (the claim's work ended some other way). */
  release(): void;
}

/**
 * Holds a claim: extends its leases every `heartbeatMs` until its last order is done, for at
 * most `maxHoldMs`. A renewal that fails (the database restarting) is logged in one line; the
 * next one tries again.
 */
export function holdClaim(
  claimed: Loaded[],
  o: {
    store: LeaseStore & ClaimReadStore;
    workerId: string;
    now: () => Date;
    leaseMs: number;
    heartbeatMs: number;
    maxHoldMs: number;
    logger: WorkerLogger;
  },
): HeldClaim {
  const reads = new ClaimReads(o.store);
  const ids = claimed.map((order) => order.id);
  let timer: ReturnType<typeof setInterval> | undefined;
  if (o.heartbeatMs > 0 && ids.length > 0) {
    const started = Date.now();
    let renewing = false;
    timer = setInterval(() => {
      if (renewing) return;
      if (Date.now() - started > o.maxHoldMs) {
        clearInterval(timer);
        return;
      }
      renewing = true;
      renewLeases(o.store, { workerId: o.workerId, ids, now: o.now(), leaseMs: o.leaseMs })
        .catch((error: unknown) =>
          o.logger.warn(
            { worker: o.workerId, reason: outageReason(error) },
            "fulfilment worker could not extend its claims; it tries again",
          ),
        )
        .finally(() => (renewing = false));
    }, o.heartbeatMs);
    timer.unref();
  }
  let left = ids.length;
  const release = () => clearInterval(timer);
  return {
    reads,
    release,
    orderDone: () => {
      left -= 1;
      if (left <= 0) release();
    },
  };
}

export interface ContinuousWork {
  running(): boolean;
  concurrency: number;
  /** Status updates applied, deliveries planned, orders claimed: how many of all three. */
  roundUpToClaim(): Promise<{ acted: number; claimed: Loaded[] }>;
  holdClaim(claimed: Loaded[]): HeldClaim;
  process(order: Loaded, reads: ClaimReads): Promise<void>;
  /** Waits for the next poll, new work (nudge or stop), or one of `lanes` to end. */
  idle(lanes: Iterable<Promise<void>>): Promise<Woken>;
  roundFailed(error: unknown): void;
}

/** What ended a wait: the poll's time, new work stored (or a stop), or a lane. */
export type Woken = "poll" | "nudge" | "lane";

/**
 * Works until `running()` is false, at most `concurrency` orders at once. A round runs when a
 * lane is free and no claimed order waits, so rounds come about once per claim, as in whole
 * rounds; after a round that found nothing, only the poll's time or new work brings the next,
 * not every lane that ends. Once stopped it claims nothing more, and works the orders it has
 * claimed before it resolves, as a round's are.
 */
export async function workContinuously(w: ContinuousWork): Promise<void> {
  const waiting: { order: Loaded; claim: HeldClaim }[] = [];
  const lanes = new Set<Promise<void>>();
  let lastRoundFound = true;
  let woken: Woken = "poll";
  while (w.running() || waiting.length > 0) {
    let acted = 0;
    const laneFree = lanes.size < w.concurrency && waiting.length === 0;
    if (w.running() && laneFree && (lastRoundFound || woken !== "lane")) {
      try {
        const round = await w.roundUpToClaim();
        acted = round.acted;
        const claim = w.holdClaim(round.claimed);
        for (const order of round.claimed) waiting.push({ order, claim });
      } catch (error) {
        w.roundFailed(error);
      }
      lastRoundFound = acted > 0;
    }
    while (lanes.size < w.concurrency && waiting.length > 0) {
      const { order, claim } = waiting.shift()!;
      const lane: Promise<void> = w
        .process(order, claim.reads)
        .catch((error: unknown) => w.roundFailed(error))
        .finally(() => {
          lanes.delete(lane);
          claim.orderDone();
        });
      lanes.add(lane);
    }
    // Something was done and a lane is still free: the next round at once.
    if (acted > 0 && lanes.size < w.concurrency && w.running()) {
      woken = "poll";
      continue;
    }
    if (!w.running() && lanes.size === 0) continue;
    woken = await w.idle(lanes);
  }
  await Promise.all(lanes);
}

/**
 * A wait of `ms` that `wake()` ends early, as does the first of `lanes` to end; it says which
 * ended it. Its timer is cleared when it ends.
 */
export function wakeableWait(
  ms: number,
  lanes: Iterable<Promise<void>>,
): { woken: Promise<Woken>; wake: () => void } {
  let wake: () => void = () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const woken = Promise.race<Woken>([
    new Promise<Woken>((resolve) => {
      wake = () => resolve("nudge");
      timer = setTimeout(() => resolve("poll"), ms);
    }),
    ...[...lanes].map((lane) => lane.then((): Woken => "lane")),
  ]).finally(() => clearTimeout(timer));
  return { woken, wake };
}

/** A round that failed: an outage is one line per round, not a stack trace a second. */
export function logRoundFailure(logger: WorkerLogger, workerId: string, error: unknown): void {
  if (isDatabaseUnavailable(error)) {
    logger.warn(
      { worker: workerId, reason: outageReason(error) },
      "fulfilment worker round skipped: the database is unavailable",
    );
  } else {
    logger.error({ err: error, worker: workerId }, "fulfilment worker round failed");
  }
}
