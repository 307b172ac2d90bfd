/**
 * With TEST_CPU_LOG=<file>, each test file appends one JSON line: its wall time and the CPU
 * its process and its reaped children (Chromium, servers it started) used, in seconds: how
 * decision 10 measured the run. Chromium's renderers are reaped outside the test process, so
 * the machine's own counters (/proc/stat) see more than this for browser tests.
 */
import { appendFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { processTreeCpuSeconds } from "../support/process-cpu";

const logFile = process.env.TEST_CPU_LOG;

if (logFile) {
  let cpuAtStart = 0;
  let wallAtStart = 0;
  beforeAll(() => {
    cpuAtStart = processTreeCpuSeconds();
    wallAtStart = performance.now();
  });
  // Vitest hands the file (its root suite) as the second argument of a hook.
  // eslint-disable-next-line no-empty-pattern
  afterAll(({}, suite) => {
    const file = path.relative(process.cwd(), (suite as { filepath?: string }).filepath ?? "?");
    const cpu = processTreeCpuSeconds();
    appendFileSync(
      logFile,
      `${JSON.stringify({
        file,
        database: inject("testDatabase")?.provider ?? "sqlite",
        // Since the process started: loading the file's imports counts too.
        cpu: Number(cpu.toFixed(2)),
        cpuInTests: Number((cpu - cpuAtStart).toFixed(2)),
        wall: Number(((performance.now() - wallAtStart) / 1000).toFixed(2)),
      })}\n`,
    );
  });
}
