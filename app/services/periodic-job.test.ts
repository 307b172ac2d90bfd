import { afterEach, describe, expect, it, vi } from "vitest";
import { startPeriodicJob } from "./periodic-job";

afterEach(() => vi.useRealTimers());

describe("startPeriodicJob", () => {
  it("runs first after firstMs, then every everyMs, never two at once, and stop waits for a run", async () => {
    vi.useFakeTimers();
    let started = 0;
    let finish: (() => void) | undefined;
    const errors: unknown[] = [];
    const stop = startPeriodicJob({
      firstMs: 100,
      everyMs: 1_000,
      run: () => {
        started++;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      onError: (error) => errors.push(error),
    });
    await vi.advanceTimersByTimeAsync(99);
    expect(started).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toBe(1);
    // Still running when the interval fires twice: not doubled.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(started).toBe(1);
    finish!();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(2);

    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish!();
    await stopping;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(started).toBe(2);
    expect(errors).toEqual([]);
  });

  it("hands a failed run to onError and runs again at the next interval", async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let runs = 0;
    const stop = startPeriodicJob({
      firstMs: 0,
      everyMs: 500,
      run: async () => {
        runs++;
        if (runs === 1) throw new Error("shop unreachable");
      },
      onError: (error) => errors.push(error),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(runs).toBe(2);
    expect(errors).toHaveLength(1);
    await stop();
  });
});
