/**
 * The running worker's lanes (app/services/fulfilment/continuous-lanes.ts): a slow order holds
 * its own lane only, the next round is claimed before the claimed orders run out (so a lane that
 * ends does not wait for it), what waits stays bounded, an empty round is not repeated for every
 * lane that ends, and a stop works what was claimed.
 */
import { describe, expect, it } from "vitest";
import {
  workContinuously,
  type ContinuousWork,
  type Woken,
} from "~/services/fulfilment/continuous-lanes";
import type { Loaded } from "~/services/fulfilment/steps";

const order = (id: string) => ({ id }) as unknown as Loaded;

/** A worker whose rounds hand out the claims given, and whose orders end when told. */
function fakeWorker(claims: string[][], concurrency: number) {
  let running = true;
  /** Rounds past this many wait until `answerRounds()`: a slow round. */
  let roundsAnswered = Infinity;
  const roundGate: (() => void)[] = [];
  const rounds: string[][] = [];
  const started: string[] = [];
  const done: string[] = [];
  const finish = new Map<string, () => void>();
  let wake: ((w: Woken) => void) | undefined;
  const work: ContinuousWork = {
    running: () => running,
    concurrency,
    roundUpToClaim: async () => {
      if (rounds.length >= roundsAnswered) await new Promise<void>((r) => roundGate.push(r));
      const claimed = claims.shift() ?? [];
      rounds.push(claimed);
      return { acted: claimed.length, claimed: claimed.map(order) };
    },
    holdClaim: () => ({ reads: {} as never, orderDone: () => undefined, release: () => undefined }),
    process: (o) =>
      new Promise<void>((resolve) => {
        started.push(o.id);
        finish.set(o.id, () => {
          done.push(o.id);
          resolve();
        });
      }),
    idle: (lanes) =>
      new Promise<Woken>((resolve) => {
        wake = resolve;
        for (const lane of lanes) void lane.then(() => resolve("lane"));
      }),
    roundFailed: (error) => {
      throw error;
    },
  };
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 1_000 && !check(); i++) await new Promise((r) => setImmediate(r));
    expect(check(), JSON.stringify({ started, done, rounds })).toBe(true);
  };
  return {
    work,
    rounds,
    started,
    done,
    until,
    end: (id: string) => finish.get(id)!(),
    slowRoundsAfter: (n: number) => (roundsAnswered = n),
    answerRounds: () => {
      roundsAnswered = Infinity;
      roundGate.splice(0).forEach((r) => r());
    },
    nudge: () => wake?.("nudge"),
    stop: () => {
      running = false;
      wake?.("nudge");
    },
  };
}

describe("the worker's continuous lanes", () => {
  it("claims again while a slow order holds its lane, and works the new claim beside it", async () => {
    const w = fakeWorker(
      [
        ["slow", "fast-1"],
        ["fast-2", "fast-3"],
      ],
      2,
    );
    const loop = workContinuously(w.work);
    await w.until(() => w.started.length === 2);
    w.end("fast-1");
    // A whole-round worker would wait here for "slow"; these lanes claim and go on.
    await w.until(() => w.started.includes("fast-2"));
    w.end("fast-2");
    await w.until(() => w.started.includes("fast-3"));
    w.end("fast-3");
    expect(w.done).toEqual(["fast-1", "fast-2", "fast-3"]);
    w.stop();
    w.end("slow");
    await loop;
    expect(w.done).toEqual(["fast-1", "fast-2", "fast-3", "slow"]);
  });

  it("claims the next orders while the lanes work, so a lane that ends takes one at once, even while a round is slow", async () => {
    const w = fakeWorker([["a", "b"], ["c", "d"], ["e"]], 2);
    w.slowRoundsAfter(2);
    const loop = workContinuously(w.work);
    // Both lanes busy, nothing waiting: the next claim is made without waiting for a lane.
    await w.until(() => w.started.length === 2 && w.rounds.length === 2);
    expect(w.started).toEqual(["a", "b"]);
    // A lane takes "c": fewer wait than there are lanes, so a third round starts, and is slow.
    w.end("a");
    await w.until(() => w.started.includes("c"));
    // Whole-round lanes would idle here until the slow round answers; these take "d" at once.
    w.end("b");
    await w.until(() => w.started.includes("d"));
    expect(w.rounds).toHaveLength(2);
    w.answerRounds();
    await w.until(() => w.rounds.length >= 3);
    w.end("c");
    await w.until(() => w.started.includes("e"));
    w.end("d");
    w.end("e");
    w.stop();
    await loop;
    expect(w.done).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("keeps fewer waiting than its lanes before it claims again", async () => {
    const claims = Array.from({ length: 10 }, (_, i) => [`r${i}-1`, `r${i}-2`, `r${i}-3`]);
    const firstTwo = claims.slice(0, 2).flat();
    const w = fakeWorker(claims, 2);
    const loop = workContinuously(w.work);
    await w.until(() => w.started.length === 2);
    // Two busy lanes: claimed ahead once (3 orders), then nothing more while 2 or more wait.
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    expect(w.rounds).toHaveLength(2);
    w.stop();
    for (const id of firstTwo) {
      await w.until(() => w.started.includes(id));
      w.end(id);
    }
    await loop;
    expect(w.done).toHaveLength(6);
  });

  it("after a round that found nothing, waits for new work rather than claiming at every lane's end", async () => {
    const w = fakeWorker([["a", "b", "c"]], 3);
    const loop = workContinuously(w.work);
    await w.until(() => w.started.length === 3);
    w.end("a");
    await w.until(() => w.rounds.length === 2); // one look when a lane came free: nothing
    w.end("b");
    w.end("c");
    await w.until(() => w.done.length === 3);
    await new Promise((r) => setImmediate(r));
    expect(w.rounds.length).toBe(2);
    w.nudge();
    await w.until(() => w.rounds.length === 3);
    w.stop();
    await loop;
  });

  it("on stop claims nothing more and works every order it had claimed", async () => {
    const w = fakeWorker([["a", "b", "c", "d"]], 2);
    const loop = workContinuously(w.work);
    await w.until(() => w.started.length === 2);
    w.stop();
    w.end("a");
    w.end("b");
    await w.until(() => w.started.length === 4);
    w.end("c");
    w.end("d");
    await loop;
    expect(w.done).toEqual(["a", "b", "c", "d"]);
    expect(w.rounds).toEqual([["a", "b", "c", "d"]]);
  });
});
