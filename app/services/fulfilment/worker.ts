import { randomUUID } from "node:crypto";
import type { Shop } from "@prisma/client";
import type { Dispatcher } from "undici";
import { createGuardedDispatcher } from "../net/guarded-dispatcher";
import { preflightFile } from "../preflight";
import { shareChecksInFlight } from "../preflight/shared-checks";
import type { PrintClient } from "../print";
import { afterCommit, carry, claimDue, commitStep, LeaseLostError, loadClaimed } from "./lease";
import type { FulfilmentStore } from "./ports";
import type { ShopifyAdmin } from "./shopify-port";
import { failedStep } from "./step-failure";
import { planRecordedDeliveries } from "./planner";
import { applyStatusUpdates } from "./status-updates";
import {
  holdClaim,
  logRoundFailure,
  wakeableWait,
  workContinuously,
  type HeldClaim,
  type Woken,
} from "./continuous-lanes";
import {
  ClaimReads,
  OfferingCache,
  runStep,
  stepFor,
  type Loaded,
  type PreflightCheck,
  type StepResult,
  type WorkerLogger,
} from "./steps";

export type { WorkerLogger } from "./steps";

export interface FulfilmentDeps {
  /** The worker's reads and writes, its claims and commits (data/fulfilment.server.ts). */
  store: FulfilmentStore;
  /** The print-service client for a shop, or null when the shop has not connected one. */
  printClientFor(shop: Shop): Promise<PrintClient | null>;
  shopify: ShopifyAdmin;
  logger: WorkerLogger;
  /**
   * The print-file check before files go to the print service. The app passes
   * its own (which knows the hosts an operator allows); without one, files are
   * downloaded from public addresses only.
   */
  preflight?: PreflightCheck;
  now?: () => Date;
  random?: () => number;
}

export interface WorkerOptions {
  workerId?: string;
  /** How long a claim lasts; a crashed worker's claims expire after this. */
  leaseMs?: number;
  /**
   * How often the claims of a round are extended while it runs (0: never,
   * each claim lasts `leaseMs` from its last commit). With a heartbeat the
   * lease can be short: see docs/decisions/0018-recovery-of-a-dead-workers-claims.md.
   */
  heartbeatMs?: number;
  /** The longest the heartbeat keeps one round's claims: a step hung past it is given up. */
  maxHoldMs?: number;
  batchSize?: number;
  concurrency?: number;
  /** Sleep between empty polls. */
  idlePollMs?: number;
  /** How often a paid order is re-read when no status callback arrives. */
  followIntervalMs?: number;
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** Steps one claim may take before giving others a turn. */
  stepsPerClaim?: number;
  /** How long the offering list is trusted for limit checks. */
  catalogueTtlMs?: number;
  /** While stop() waits for the steps in hand, how often it says which ones (a warning). */
  stopReportMs?: number;
}

/**
 * Drives print orders through their pipeline. Any number of workers may run
 * against one database: a worker acts on a print order only while it holds an
 * unexpired lease on it (lease.ts). Each round claims what is due; a few lanes
 * work the claimed orders at once (continuous-lanes.ts), each taking the step the
 * state machine names (machine.ts, steps/) until its order rests or its claim has
 * had its turns.
 */
export class FulfilmentWorker {
  readonly id: string;
  private readonly o: Required<Omit<WorkerOptions, "workerId">>;
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly offerings: OfferingCache;
  private readonly preflight: PreflightCheck;
  /** The public-only connection pool of the default print-file check, once used. */
  private publicOnly: Dispatcher | undefined;
  private running = false;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  /** The steps being taken now, by print order row id (for stop()'s report). */
  private readonly inHand = new Map<string, { reference: string; step: string; since: number }>();

  constructor(
    private readonly deps: FulfilmentDeps,
    options: WorkerOptions = {},
  ) {
    this.id = options.workerId ?? `worker-${randomUUID().slice(0, 8)}`;
    this.o = {
      leaseMs: options.leaseMs ?? 60_000,
      heartbeatMs: options.heartbeatMs ?? 0,
      maxHoldMs: options.maxHoldMs ?? 10 * 60_000,
      batchSize: options.batchSize ?? 20,
      concurrency: options.concurrency ?? 4,
      idlePollMs: options.idlePollMs ?? 1_000,
      followIntervalMs: options.followIntervalMs ?? 10 * 60_000,
      baseBackoffMs: options.baseBackoffMs ?? 5_000,
      maxBackoffMs: options.maxBackoffMs ?? 15 * 60_000,
      stepsPerClaim: options.stepsPerClaim ?? 6,
      catalogueTtlMs: options.catalogueTtlMs ?? 10 * 60_000,
      stopReportMs: options.stopReportMs ?? 10_000,
    };
    this.now = deps.now ?? (() => new Date());
    this.random = deps.random ?? Math.random;
    this.offerings = new OfferingCache(this.o.catalogueTtlMs, this.now);
    // Lanes that reach the same unchecked file at once wait for one check of it.
    this.preflight = shareChecksInFlight(
      deps.preflight ??
        ((url, expect) => {
          this.publicOnly ??= createGuardedDispatcher({ allowedPrivateHosts: [] });
          return preflightFile(url, expect, { dispatcher: this.publicOnly, now: this.now });
        }),
    );
  }

  /**
   * Applies the status callbacks received and plans the orders recorded since the last round,
   * then claims what is due and works it; resolves with how many it acted on.
   */
  async runOnce(): Promise<number> {
    const round = await this.roundUpToClaim();
    const claim = this.holdClaim(round.claimed);
    let next = 0;
    const lanes = Array.from(
      { length: Math.min(this.o.concurrency, round.claimed.length) },
      async () => {
        while (next < round.claimed.length) {
          const order = round.claimed[next++]!;
          try {
            await this.process(order, claim.reads);
          } finally {
            claim.orderDone();
          }
        }
      },
    );
    try {
      await Promise.all(lanes);
    } finally {
      claim.release();
    }
    return round.acted;
  }

  /**
   * A round up to its claim: the status callbacks first (each makes its order due, so this
   * round's claim takes it), the orders recorded since the last round planned, then what is
   * due claimed. `acted`: how many of all three.
   */
  private async roundUpToClaim(): Promise<{ acted: number; claimed: Loaded[] }> {
    const updates = await applyStatusUpdates(this.deps.store, {
      now: this.now(),
      logger: this.deps.logger,
    });
    const planned = await planRecordedDeliveries(this.deps.store, {
      workerId: this.id,
      now: this.now(),
      leaseMs: this.o.leaseMs,
      batchSize: this.o.batchSize,
      logger: this.deps.logger,
    });
    const claimed = await claimDue(this.deps.store, {
      workerId: this.id,
      now: this.now(),
      leaseMs: this.o.leaseMs,
      batchSize: this.o.batchSize,
    });
    return {
      acted: updates.applied + updates.dropped + planned.length + claimed.length,
      claimed,
    };
  }

  /** Runs until every due print order is worked (for tests and the demo). */
  async drain(maxRounds = 1_000): Promise<void> {
    for (let round = 0; round < maxRounds; round++) {
      if ((await this.runOnce()) === 0) return;
    }
  }

  /**
   * Runs until stop(), in lanes that never wait for a round's slowest order
   * (continuous-lanes.ts). runOnce() and drain() work in whole rounds, for tests and the demo.
   */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = workContinuously({
      running: () => this.running,
      concurrency: this.o.concurrency,
      roundUpToClaim: () => this.roundUpToClaim(),
      holdClaim: (claimed) => this.holdClaim(claimed),
      process: (order, reads) => this.process(order, reads),
      idle: (lanes) => this.idle(lanes),
      roundFailed: (error) => logRoundFailure(this.deps.logger, this.id, error),
    });
  }

  /** Waits `idlePollMs`, or until one of `lanes` ends, nudge() or stop(). */
  private idle(lanes: Iterable<Promise<void>>): Promise<Woken> {
    const { woken, wake } = wakeableWait(this.o.idlePollMs, lanes);
    this.wake = wake;
    return woken.finally(() => {
      if (this.wake === wake) this.wake = undefined;
    });
  }

  private holdClaim(claimed: Loaded[]): HeldClaim {
    return holdClaim(claimed, {
      store: this.deps.store,
      workerId: this.id,
      now: this.now,
      leaseMs: this.o.leaseMs,
      heartbeatMs: this.o.heartbeatMs,
      maxHoldMs: this.o.maxHoldMs,
      logger: this.deps.logger,
    });
  }

  /** Wakes an idle worker at once (new work was stored). */
  nudge(): void {
    this.wake?.();
  }

  /**
   * Stops claiming and waits for the steps in hand to be committed. While it
   * waits, it says every `stopReportMs` which steps those are.
   */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    const report = setInterval(() => {
      const steps = this.stepsInHand();
      this.deps.logger.warn(
        { worker: this.id, waitingFor: steps },
        `fulfilment worker stopping: still waiting for ${steps.length ? steps.join("; ") : "its round's claim"}`,
      );
    }, this.o.stopReportMs);
    report.unref();
    try {
      await this.loop;
    } finally {
      clearInterval(report);
    }
    await this.publicOnly?.close();
    this.publicOnly = undefined;
  }

  /** The steps being taken now, in words: "print order PC-1001-1, step pay, for 2.0 s". */
  stepsInHand(): string[] {
    const now = Date.now();
    return [...this.inHand.values()].map(
      ({ reference, step, since }) =>
        `print order ${reference}, step ${step}, for ${((now - since) / 1000).toFixed(1)} s`,
    );
  }

  /** Works one claimed print order, named in `stepsInHand()` meanwhile. */
  private async process(claimed: Loaded, reads: ClaimReads): Promise<void> {
    try {
      await this.stepOn(claimed, reads);
    } finally {
      this.inHand.delete(claimed.id);
    }
  }

  /**
   * Steps one claimed print order on while its steps say so, up to its turns.
   * The order was loaded with the claim; after each commit the next step works
   * on the order as committed, not on a fresh read (see afterCommit). A step
   * whose repeat is safe is committed with the next one (see carry).
   */
  private async stepOn(claimed: Loaded, reads: ClaimReads): Promise<void> {
    const { store, logger, printClientFor, shopify } = this.deps;
    // The claim's own holder, loaded with the order: every write below names it (lease.ts).
    const holder = claimed.leaseOwner!;
    let order: Loaded | null = claimed;
    // A result held back to be committed with the next step's (lease.ts carry).
    let carried: StepResult | undefined;
    for (let step = 0; step < this.o.stepsPerClaim; step++) {
      order ??= await loadClaimed(store, claimed.id, holder);
      if (!order) return; // lease lost
      this.inHand.set(order.id, {
        reference: order.orderReference,
        step: stepFor(order) ?? order.status,
        since: Date.now(),
      });
      const last = step === this.o.stepsPerClaim - 1;
      let result: StepResult;
      try {
        result = await runStep(order, {
          store,
          shopify,
          logger,
          printClientFor,
          shop: await reads.shop(order.shop),
          reads,
          now: this.now,
          leaseHolder: holder,
          offerings: this.offerings,
          preflight: this.preflight,
          followIntervalMs: this.o.followIntervalMs,
        });
        // A step that went through clears the last temporary problem.
        result.data = {
          lastErrorCode: null,
          lastErrorMessage: null,
          lastErrorAction: null,
          ...result.data,
        };
      } catch (error) {
        // A result carried is dropped with it: the next holder repeats both steps.
        if (error instanceof LeaseLostError) return;
        // Otherwise it is written with the failure (commitStep), so nothing of it is lost.
        result = failedStep(order, error, {
          logger,
          now: this.now,
          random: this.random,
          baseBackoffMs: this.o.baseBackoffMs,
          maxBackoffMs: this.o.maxBackoffMs,
        });
      }
      const held: ReturnType<typeof carry> = carried
        ? null
        : carry(order, result, { last, now: this.now, logger });
      if (held) {
        carried = held.carried;
        order = held.next;
        continue;
      }
      let written;
      try {
        written = await commitStep(
          store,
          order,
          result,
          {
            holder,
            leaseMs: this.o.leaseMs,
            keepLease: result.continue && !last,
            now: this.now,
            logger,
          },
          carried,
        );
      } catch (error) {
        // Lost: the steps' effects outside are safe to repeat, whoever holds the order next.
        if (error instanceof LeaseLostError) return;
        throw error;
      }
      carried = undefined;
      if (!result.continue) return;
      if (last) return;
      order = afterCommit(order, written, result);
    }
  }
}
