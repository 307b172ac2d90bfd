// Load generator, run as a child process so it does not share the server's
// thread: sends each prepared request once, `concurrency` at a time over
// keep-alive connections, stops at `maxMs`, prints {latencies, statuses} as JSON.
// Usage: node bench/load.mjs <plan.json>   plan: {origin, concurrency, maxMs, requests:[{path, headers, body}]}
import { readFileSync } from "node:fs";
import { Pool } from "undici";

const plan = JSON.parse(readFileSync(process.argv[2], "utf8"));
const pool = new Pool(plan.origin, { connections: plan.concurrency, pipelining: 1 });
const latencies = [];
const statuses = {};
let next = 0;
const started = performance.now();
const deadline = started + plan.maxMs;

async function lane() {
  while (next < plan.requests.length && performance.now() < deadline) {
    const r = plan.requests[next++];
    const t = performance.now();
    let status = 0;
    try {
      const res = await pool.request({
        method: "POST",
        path: r.path,
        headers: r.headers,
        body: r.body,
      });
      status = res.statusCode;
      await res.body.dump();
    } catch {
      status = 0;
    }
    latencies.push(performance.now() - t);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
}
await Promise.all(Array.from({ length: plan.concurrency }, lane));
const elapsedMs = performance.now() - started;
await pool.close();
process.stdout.write(JSON.stringify({ elapsedMs, sent: latencies.length, latencies, statuses }));
