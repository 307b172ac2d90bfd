/**
 * The running worker's lanes (app/services/fulfilment/continuous-lanes.ts): a slow order holds
 * its own lane only, rounds come when a lane is free and nothing claimed waits, an empty round
 * is not repeated for every lane that ends, and a stop works what was claimed.
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
  const rounds: string[][] = [];
  const started: string[] = [];
  const done: string[] = [];
  const finish = new Map<string, () => void>();
  let wake: ((w: Woken) => void) | undefined;
  const work: ContinuousWork = {
    running: () => running,
    concurrency,
    roundUpToClaim: async () => {
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
    expect(check()).toBe(true);
  };
  return {
    work,
    rounds,
    started,
    done,
    until,
    end: (id: string) => finish.get(id)!(),
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
