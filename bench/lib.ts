/**
 * Shared pieces of the benchmarks: an isolated environment (own SQLite file,
 * test keys, no inline worker), latency statistics, result files.
 * Import "./env" first in each benchmark: it must run before app modules load.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIsFresh } from "../test/support/app-build";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const RESULTS = path.join(ROOT, "bench", "results");

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function summarize(latenciesMs: number[]) {
  const s = [...latenciesMs].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    count: s.length,
    p50Ms: round(percentile(s, 50)),
    p95Ms: round(percentile(s, 95)),
    p99Ms: round(percentile(s, 99)),
    maxMs: round(s.at(-1) ?? NaN),
  };
}

export function machine() {
  return {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    loadAverage1m: Math.round(os.loadavg()[0]! * 100) / 100,
    platform: `${process.platform} ${os.release()}`,
  };
}

/** Writes bench/results/<name>.json and refreshes the summary table. */
export function writeResult(name: string, result: Record<string, unknown>): void {
  mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `${name}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ name, at: new Date().toISOString(), machine: machine(), ...result }, null, 2)}\n`,
  );
  console.log(`wrote ${path.relative(ROOT, file)}`);
}

/**
 * The build the benchmarks serve: build/server/index.js, built when missing or
 * older than the sources (the browser tests' rule), or when BENCH_BUILD=1, so
 * a benchmark never measures yesterday's code.
 */
export function ensureBuild(): string {
  const entry = path.join(ROOT, "build", "server", "index.js");
  if (!buildIsFresh() || process.env.BENCH_BUILD === "1") {
    console.log("building (npm run build)...");
    execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  }
  return entry;
}

export function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, "utf8")) as T;
}
