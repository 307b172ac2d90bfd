/**
 * With TEST_CPU_LOG=<file>, each test file appends one JSON line: its wall time and the CPU
 * its process and its reaped children (Chromium, servers it started) used, in seconds. What
 * `node test/database/cpu-report.mjs <file>` sums up; how decision 10 measured the run.
 */
import { appendFileSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";

const logFile = process.env.TEST_CPU_LOG;

/** utime, stime, cutime, cstime of this process, in seconds (Linux). */
function cpuSeconds(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields 14-17 of proc(5), counted from the state field (3) here.
  return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) / 100;
}

if (logFile) {
  let cpuAtStart = 0;
  let wallAtStart = 0;
  beforeAll(() => {
    cpuAtStart = cpuSeconds();
    wallAtStart = performance.now();
  });
  // Vitest hands the file (its root suite) as the second argument of a hook.
  // eslint-disable-next-line no-empty-pattern
  afterAll(({}, suite) => {
    const file = path.relative(process.cwd(), (suite as { filepath?: string }).filepath ?? "?");
    appendFileSync(
      logFile,
      `${JSON.stringify({
        file,
        database: inject("testDatabase")?.provider ?? "sqlite",
        // Since the process started: loading the file's imports counts too.
        cpu: Number(cpuSeconds().toFixed(2)),
        cpuInTests: Number((cpuSeconds() - cpuAtStart).toFixed(2)),
        wall: Number(((performance.now() - wallAtStart) / 1000).toFixed(2)),
      })}\n`,
    );
  });
}
