/**
 * CPU seconds from the kernel's own accounting of this process (Linux, /proc/self/stat): what
 * the test run's measurements use (test/setup/cpu-per-file.ts, bench/soak.ts). Children count
 * once they have ended and been reaped.
 */
import { readFileSync } from "node:fs";

/** utime, stime, cutime and cstime (fields 14-17 of proc(5)), in clock ticks of 1/100 s. */
function ticks(): [number, number, number, number] {
  const stat = readFileSync("/proc/self/stat", "utf8");
  // Counted from the state field (3): the command name before it may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
  return [utime!, stime!, cutime!, cstime!];
}

/** This process and its reaped children together. */
export function processTreeCpuSeconds(): number {
  return ticks().reduce((sum, t) => sum + t, 0) / 100;
}

/** Only the reaped children of this process. */
export function childrenCpuSeconds(): number {
  const [, , cutime, cstime] = ticks();
  return (cutime + cstime) / 100;
}
