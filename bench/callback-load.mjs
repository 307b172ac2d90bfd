// Load generator of bench:callbacks, a child process so it does not share the server's thread:
// sends each prepared POST once, `concurrency` at a time over keep-alive connections (as
// bench/load.mjs), stops at `maxMs`; meanwhile, over a connection of its own, GETs
// `healthPath` every `healthEveryMs` until the last POST is answered. Prints JSON: the POSTs'
// latencies and statuses, what the 200 answers said (known order, duplicate), and /healthz's
// latencies and statuses.
// Usage: node bench/callback-load.mjs <plan.json>
//   plan: {origin, concurrency, maxMs, healthPath, healthEveryMs, requests: [{path, body}]}
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { Pool } from "undici";
import { postEachOnce } from "./post-lanes.mjs";

const plan = JSON.parse(readFileSync(process.argv[2], "utf8"));
const health = new Pool(plan.origin, { connections: 1, pipelining: 1 });
const latencies = [];
const latencies200 = [];
const statuses = {};
const answers = { known: 0, unknown: 0, duplicate: 0 };
const healthLatencies = [];
const healthStatuses = {};
let flooding = true;

/** Counts a POST's answer: its status, and for a 200 what it said. */
function answered(status, ms, text) {
  latencies.push(ms);
  statuses[status] = (statuses[status] ?? 0) + 1;
  if (status !== 200) return;
  latencies200.push(ms);
  try {
    const body = JSON.parse(text);
    answers[body.known === false ? "unknown" : "known"] += 1;
    if (body.duplicate) answers.duplicate += 1;
  } catch {
    // not JSON: counted in the statuses only
  }
}

async function pollHealth() {
  while (flooding) {
    const t = performance.now();
    let status = 0;
    try {
      const res = await health.request({ method: "GET", path: plan.healthPath });
      status = res.statusCode;
      await res.body.dump();
    } catch {
      status = 0;
    }
    const ms = performance.now() - t;
    healthLatencies.push(ms);
    healthStatuses[status] = (healthStatuses[status] ?? 0) + 1;
    await sleep(Math.max(0, plan.healthEveryMs - ms));
  }
}

const polling = pollHealth();
const elapsedMs = await postEachOnce(
  plan,
  { headers: () => ({ "content-type": "application/json" }) },
  answered,
);
flooding = false;
await polling;
await health.close();
process.stdout.write(
  JSON.stringify({
    elapsedMs,
    sent: latencies.length,
    latencies,
    latencies200,
    statuses,
    answers,
    health: { latencies: healthLatencies, statuses: healthStatuses },
  }),
);
