/**
 * How late this thread's event loop ran while something happened: the longest delay and the
 * 99th percentile (perf_hooks.monitorEventLoopDelay, sampled every 10 ms), in milliseconds.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";

export interface LoopDelay {
  maxMs: number;
  p99Ms: number;
}

export function watchEventLoop(): { stop(): LoopDelay } {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  return {
    stop() {
      histogram.disable();
      const ms = (ns: number) => Math.round(ns / 1e5) / 10;
      return { maxMs: ms(histogram.max), p99Ms: ms(histogram.percentile(99)) };
    },
  };
}
