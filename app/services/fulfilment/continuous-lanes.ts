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
  // One claim's orders share its holder (lease.ts claimDue).
  const holder = claimed[0]?.leaseOwner;
  let timer: ReturnType<typeof setInterval> | undefined;
  if (o.heartbeatMs > 0 && holder) {
    const started = Date.now();
    let renewing = false;
    timer = setInterval(() => {
      if (renewing) return;
      if (Date.now() - started > o.maxHoldMs) {
        clearInterval(timer);
        return;
      }
      renewing = true;
      renewLeases(o.store, { holder, ids, now: o.now(), leaseMs: o.leaseMs })
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
  /**
   * Waits for the next poll, new work (nudge or stop), or the first of `lanes` to settle: a lane
   * that ends, or the signal that a lane took one of the last orders claimed.
   */
  idle(lanes: Iterable<Promise<void>>): Promise<Woken>;
  roundFailed(error: unknown): void;
}

/** What ended a wait: the poll's time, new work stored (or a stop), or a lane (see idle). */
export type Woken = "poll" | "nudge" | "lane";

/**
 * Works until `running()` is false, at most `concurrency` orders at once. Each lane takes the
 * next claimed order as soon as it ends one, and the next round runs as soon as fewer claimed
 * orders wait than there are lanes, while the lanes work: so a lane that ends finds the next
 * claim already made, instead of idling through the round (its reads, the planning, the claim:
 * tens of milliseconds on PostgreSQL). What waits is bounded: below `concurrency` before a round,
 * plus the round's claim. After a round that found nothing, only the poll's time or new work
 * brings the next, not every lane that ends. Once stopped it claims nothing more, and works the
 * orders it has claimed before it resolves, as a round's are.
 */
export async function workContinuously(w: ContinuousWork): Promise<void> {
  const waiting: { order: Loaded; claim: HeldClaim }[] = [];
  const lanes = new Set<Promise<void>>();
  // Settled when a lane takes an order and leaves fewer than `concurrency` waiting: time to claim.
  let runningLow = lowWater();
  const lane = async () => {
    for (let next = waiting.shift(); next; next = waiting.shift()) {
      if (waiting.length < w.concurrency) runningLow.settle();
      try {
        await w.process(next.order, next.claim.reads);
      } catch (error) {
        w.roundFailed(error);
      } finally {
        next.claim.orderDone();
      }
    }
  };
  const fillLanes = () => {
    while (lanes.size < w.concurrency && waiting.length > 0) {
      const running: Promise<void> = lane().finally(() => lanes.delete(running));
      lanes.add(running);
    }
  };
  let lastRoundFound = true;
  let woken: Woken = "poll";
  while (w.running() || waiting.length > 0 || lanes.size > 0) {
    let acted = 0;
    const short = waiting.length < w.concurrency;
    if (w.running() && short && (lastRoundFound || woken !== "lane")) {
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
    fillLanes();
    if (!w.running()) {
      // Stopped: the lanes work what was claimed; nothing more is claimed.
      await Promise.all(lanes);
      fillLanes();
      continue;
    }
    // Something was found and a lane is free, or fewer wait than there are lanes: claim again.
    if (acted > 0 && (lanes.size < w.concurrency || waiting.length < w.concurrency)) {
      woken = "poll";
      continue;
    }
    // Enough waits (or nothing was found): sleep until a lane takes one of the last claimed.
    runningLow = lowWater();
    woken = await w.idle(lastRoundFound ? [...lanes, runningLow.settled] : lanes);
  }
}

/** A signal that settles once, however often it is given. */
function lowWater(): { settled: Promise<void>; settle(): void } {
  let settle: () => void = () => undefined;
  const settled = new Promise<void>((resolve) => (settle = resolve));
  return { settled, settle };
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
