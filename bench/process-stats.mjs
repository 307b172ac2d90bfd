// Shared by the benches' child processes (bench/ingest-server.mjs, bench/worker-process.mjs):
// their answers to the parent's questions over IPC, "cpu" (this process's CPU time) and
// "memory" (its peak and current resident memory). Importing it starts the memory samples.
import { readFileSync } from "node:fs";

let sampledPeak = process.memoryUsage().rss;
setInterval(() => (sampledPeak = Math.max(sampledPeak, process.memoryUsage().rss)), 50).unref();

/** The kernel's peak resident memory of this process (Linux), else the samples'. */
function peakRssBytes() {
  try {
    const line = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
    if (line) return Math.max(sampledPeak, Number(line[1]) * 1024);
  } catch {
    // not Linux
  }
  return sampledPeak;
}

/** Answers "cpu" and "memory"; true when it did (the message was one of them). */
export function answerStatsQuestion(message) {
  if (message === "cpu") process.send?.({ cpu: process.cpuUsage() });
  else if (message === "memory") {
    process.send?.({ peakRss: peakRssBytes(), rss: process.memoryUsage().rss });
  } else return false;
  return true;
}
