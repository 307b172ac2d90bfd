// Fault injection. Rules are matched in order against the operation id of each
// request; every random draw comes from one seeded PRNG in arrival order, so the
// same seed and the same request sequence give the same faults.

import { z } from "zod";
import { mulberry32, type Random } from "./prng";

const latency = z.union([z.number().min(0), z.tuple([z.number().min(0), z.number().min(0)])]);
const rate = z.number().min(0).max(1);

export const faultRuleSchema = z.object({
  /** Operation id (e.g. "order.create"), "*" or absent for every operation. */
  op: z.string().optional(),
  /** Fixed delay or [min, max] range in ms, added before the response. */
  latencyMs: latency.optional(),
  /** Probability of answering `errorStatus` without running the operation. */
  errorRate: rate.optional(),
  errorStatus: z.number().int().min(400).max(599).optional(),
  errorCode: z.string().optional(),
  /** Seconds for the Retry-After header of 429 (and 503) answers. */
  retryAfterSeconds: z.number().int().min(0).optional(),
  /** Probability of destroying the socket before the operation runs. */
  resetRate: rate.optional(),
  /** Probability of running the operation, then destroying the socket instead of answering. */
  lostAfterCommitRate: rate.optional(),
  /** The rule disappears after injecting this many error/reset/lost faults. */
  times: z.number().int().min(1).optional(),
});
export type FaultRule = z.infer<typeof faultRuleSchema>;

export const callbackFaultsSchema = z.object({
  /** Delay before each callback delivery, fixed or [min, max] ms. */
  delayMs: latency.optional(),
  /** Probability that a callback is delivered twice. */
  duplicateRate: rate.optional(),
  /** Probability that a callback is held back and sent after the next one. */
  reorderRate: rate.optional(),
});
export type CallbackFaults = z.infer<typeof callbackFaultsSchema>;

export const downModeSchema = z.enum(["503", "reset"]).nullable();
export type DownMode = z.infer<typeof downModeSchema>;

export const faultConfigSchema = z.object({
  rules: z.array(faultRuleSchema).optional(),
  callbacks: callbackFaultsSchema.optional(),
  down: downModeSchema.optional(),
});
export type FaultConfigInput = z.infer<typeof faultConfigSchema>;

export type FaultAction = "none" | "error" | "reset" | "lost" | "down";

export interface FaultDecision {
  latencyMs: number;
  action: FaultAction;
  status?: number;
  code?: string;
  retryAfterSeconds?: number;
}

const NO_FAULT: FaultDecision = { latencyMs: 0, action: "none" };

export class Faults {
  rules: FaultRule[] = [];
  callbacks: CallbackFaults = {};
  down: DownMode = null;
  private random: Random;
  /** Separate stream so callback timing never shifts request fault outcomes. */
  private callbackRandom: Random;

  constructor(private readonly seed: number) {
    this.random = mulberry32(seed);
    this.callbackRandom = mulberry32(seed ^ 0x5bd1e995);
  }

  configure(input: FaultConfigInput): void {
    if (input.rules !== undefined) this.rules = input.rules.map((r) => ({ ...r }));
    if (input.callbacks !== undefined) this.callbacks = { ...input.callbacks };
    if (input.down !== undefined) this.down = input.down;
  }

  snapshot(): { rules: FaultRule[]; callbacks: CallbackFaults; down: DownMode; seed: number } {
    return { rules: this.rules, callbacks: this.callbacks, down: this.down, seed: this.seed };
  }

  /** Clears every fault and restarts both random streams from the seed. */
  reset(): void {
    this.rules = [];
    this.callbacks = {};
    this.down = null;
    this.random = mulberry32(this.seed);
    this.callbackRandom = mulberry32(this.seed ^ 0x5bd1e995);
  }

  decide(op: string): FaultDecision {
    if (this.down) return { latencyMs: 0, action: "down", status: 503, retryAfterSeconds: 1 };
    if (this.rules.length === 0) return NO_FAULT;
    let latencyMs = 0;
    let decision: FaultDecision | undefined;
    for (let i = 0; i < this.rules.length; i++) {
      const r = this.rules[i] as FaultRule;
      if (r.op !== undefined && r.op !== "*" && r.op !== op) continue;
      if (r.latencyMs !== undefined) latencyMs += this.pick(r.latencyMs, this.random);
      if (decision) continue;
      if (r.resetRate && this.random() < r.resetRate) decision = { latencyMs: 0, action: "reset" };
      else if (r.errorRate && this.random() < r.errorRate) {
        const status = r.errorStatus ?? 503;
        decision = {
          latencyMs: 0,
          action: "error",
          status,
          code: r.errorCode,
          retryAfterSeconds:
            status === 429 || status === 503 ? (r.retryAfterSeconds ?? 1) : undefined,
        };
      } else if (r.lostAfterCommitRate && this.random() < r.lostAfterCommitRate)
        decision = { latencyMs: 0, action: "lost" };
      if (decision && r.times !== undefined) {
        r.times -= 1;
        if (r.times <= 0) {
          this.rules.splice(i, 1);
          i--;
        }
      }
    }
    return decision
      ? { ...decision, latencyMs }
      : latencyMs
        ? { latencyMs, action: "none" }
        : NO_FAULT;
  }

  callbackDelay(): number {
    return this.callbacks.delayMs === undefined
      ? 0
      : this.pick(this.callbacks.delayMs, this.callbackRandom);
  }

  callbackDuplicate(): boolean {
    return !!this.callbacks.duplicateRate && this.callbackRandom() < this.callbacks.duplicateRate;
  }

  callbackReorder(): boolean {
    return !!this.callbacks.reorderRate && this.callbackRandom() < this.callbacks.reorderRate;
  }

  private pick(l: number | [number, number], rnd: Random): number {
    if (typeof l === "number") return l;
    const [min, max] = l;
    return Math.round(min + rnd() * Math.max(0, max - min));
  }
}
