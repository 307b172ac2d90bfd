// Load generator, run as a child process so it does not share the server's
// thread: sends each prepared request once, `concurrency` at a time over
// keep-alive connections, stops at `maxMs`, prints {latencies, statuses} as JSON.
// Usage: node bench/load.mjs <plan.json>   plan: {origin, concurrency, maxMs, requests:[{path, headers, body}]}
import { readFileSync } from "node:fs";
import { postEachOnce } from "./post-lanes.mjs";

const plan = JSON.parse(readFileSync(process.argv[2], "utf8"));
const latencies = [];
const statuses = {};

const elapsedMs = await postEachOnce(plan, { headers: (r) => r.headers }, (status, ms) => {
  latencies.push(ms);
  statuses[status] = (statuses[status] ?? 0) + 1;
});
process.stdout.write(JSON.stringify({ elapsedMs, sent: latencies.length, latencies, statuses }));
