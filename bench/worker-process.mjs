// bench:callbacks' fulfilment worker process (BENCH_CALLBACK_WORKER=process): scripts/worker.mjs
// as `npm run worker` runs it (the built app's runWorkerProcess: the database checked, the
// worker and its companions started, stopped on SIGTERM once the print orders it holds are
// done), plus the answers to the parent's questions over IPC: its CPU time, its peak resident
// memory. Its environment, and so its database, comes from the parent (bench/env.ts). It says
// it is ready once the worker runs.
import { answerStatsQuestion } from "./process-stats.mjs";

await import("../scripts/worker.mjs");
process.on("message", (message) => void answerStatsQuestion(message));
process.send?.({ rss: process.memoryUsage().rss });
