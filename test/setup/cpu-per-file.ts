/**
 * With TEST_CPU_LOG=<file>, each test file appends one JSON line: its wall time and the CPU
 * its process and its reaped children (Chromium, servers it started) used, in seconds: how
 * decision 10 measured the run. Chromium's renderers are reaped outside the test process, so
 * the machine's own counters (/proc/stat) see more than this for browser tests. A file that
 * shares its worker process with earlier files (the database-free project) counts from the
 * moment this setup file ran for it.
 */
import { appendFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { processTreeCpuSeconds } from "../support/process-cpu";

const logFile = process.env.TEST_CPU_LOG;

const FILES_IN_PROCESS = Symbol.for("print-connect.test.filesInProcess");
const slots = globalThis as unknown as Record<symbol, number | undefined>;
const earlierFiles = slots[FILES_IN_PROCESS] ?? 0;
slots[FILES_IN_PROCESS] = earlierFiles + 1;
// The process's own start and the file's imports count for its first file.
const cpuAtFileStart = earlierFiles === 0 ? 0 : processTreeCpuSeconds();

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
    const now = processTreeCpuSeconds();
    const cpu = now - cpuAtFileStart;
    appendFileSync(
      logFile,
      `${JSON.stringify({
        file,
        database: inject("testDatabase")?.provider ?? "sqlite",
        // Since the file started (its process's start too, when it had one of its own):
        // loading the file's imports counts.
        cpu: Number(cpu.toFixed(2)),
        cpuInTests: Number((now - cpuAtStart).toFixed(2)),
        wall: Number(((performance.now() - wallAtStart) / 1000).toFixed(2)),
      })}\n`,
    );
  });
}
