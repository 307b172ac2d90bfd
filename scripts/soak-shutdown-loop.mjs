// The PostgreSQL soak's shutdown, again and again, on a loaded machine.
//
// Runs test/soak/orders-through-faults.test.ts on PostgreSQL (test/database/run-suite.mjs
// --postgresql) `--runs` times, `--parallel` at once, next to `--load` busy threads,
// and reports for each run whether the soak passed and how long its shutdown took
// (its afterAll: the workers, the harness, then prisma.$disconnect(), as printed with
// SOAK_VERBOSE). A stall is a shutdown that took longer than `--stall-seconds`, or
// that did not end (vitest's HookTimeoutError after 120 s). Exits 1 on any stall or
// failed run. The busy threads stop when the loop ends, and after `--max-minutes`
// at the latest. Each run's whole output is kept in a directory it names.
//
//   node_modules/.bin/node scripts/soak-shutdown-loop.mjs [--runs 20] [--orders 300]
//     [--parallel 2] [--load 1] [--stall-seconds 10] [--max-minutes 120]
//
// Needs a PostgreSQL server (TEST_DATABASE_URL, or 127.0.0.1:5432). Why it exists:
// docs/decisions/0010-test-run.md ("The PostgreSQL soak's shutdown").
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";

const root = path.resolve(import.meta.dirname, "..");
const node = path.join(root, "node_modules", ".bin", "node");

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`--${name} needs a number, not ${process.argv[i + 1]}`);
    process.exit(2);
  }
  return value;
}
const runs = option("runs", 20);
const orders = option("orders", 300);
const parallel = Math.max(1, option("parallel", 2));
const load = option("load", 1);
const stallSeconds = option("stall-seconds", 10);
const maxMinutes = option("max-minutes", 120);

const logs = mkdtempSync(path.join(os.tmpdir(), "soak-shutdown-"));
const loadAverage = () => os.loadavg()[0].toFixed(1);

// Busy threads: plain arithmetic, nothing else, until told to stop or the cap.
const burners = Array.from(
  { length: load },
  () =>
    new Worker(
      `const { workerData } = require("node:worker_threads");
       let x = 0;
       while (Date.now() < workerData) for (let i = 0; i < 1e6; i++) x += Math.sqrt(i);`,
      { eval: true, workerData: Date.now() + maxMinutes * 60_000 },
    ),
);
for (const burner of burners) burner.unref();

/** One soak run; resolves with what it printed about itself. */
function soak(index) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(
      node,
      ["test/database/run-suite.mjs", "--postgresql", "test/soak/orders-through-faults.test.ts"],
      {
        cwd: root,
        env: { ...process.env, SOAK_ORDERS: String(orders), SOAK_VERBOSE: "1", NO_COLOR: "1" },
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      },
    );
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    // A run that outlives the whole loop's cap is stopped (its process group).
    const cap = setTimeout(
      () => {
        try {
          process.kill(-child.pid, "SIGTERM");
        } catch {
          // ended meanwhile
        }
      },
      maxMinutes * 60_000 - (Date.now() - loopStarted),
    );
    child.on("close", (code) => {
      clearTimeout(cap);
      const file = path.join(logs, `run-${String(index).padStart(2, "0")}.log`);
      writeFileSync(file, output);
      const shutdown = output.match(/shut down: (\d+) ms/);
      const test = output.match(/pays every order exactly once[^\n]*?(\d+)ms/);
      resolve({
        index,
        exit: code,
        seconds: Math.round((Date.now() - started) / 1000),
        shutdownMs: shutdown ? Number(shutdown[1]) : null,
        testMs: test ? Number(test[1]) : null,
        hookTimeout: /HookTimeoutError/.test(output),
        closeError: (output.match(/DatabaseCloseError[^\n]*/) ?? [null])[0],
        passed: code === 0,
        file,
      });
    });
  });
}

const loopStarted = Date.now();
console.log(
  `${runs} soak runs of ${orders} orders on PostgreSQL, ${parallel} at once, next to ${load} busy thread(s); load ${loadAverage()}; logs in ${logs}`,
);
const results = [];
let next = 1;
await Promise.all(
  Array.from({ length: Math.min(parallel, runs) }, async () => {
    while (next <= runs && Date.now() - loopStarted < maxMinutes * 60_000) {
      const r = await soak(next++);
      results.push(r);
      const stalled = r.hookTimeout || r.shutdownMs === null || r.shutdownMs > stallSeconds * 1000;
      r.stalled = stalled;
      console.log(
        `run ${String(r.index).padStart(2)}: ${r.passed ? "passed" : `FAILED (exit ${r.exit})`}, ` +
          `test ${r.testMs === null ? "?" : `${(r.testMs / 1000).toFixed(0)} s`}, ` +
          `shutdown ${r.shutdownMs === null ? "did not end" : `${r.shutdownMs} ms`}` +
          `${stalled ? " STALL" : ""}${r.closeError ? ` (${r.closeError})` : ""}, ` +
          `${r.seconds} s in all, load ${loadAverage()}`,
      );
    }
  }),
);
for (const burner of burners) await burner.terminate();

const shutdowns = results.map((r) => r.shutdownMs).filter((ms) => ms !== null);
shutdowns.sort((a, b) => a - b);
const stalls = results.filter((r) => r.stalled).length;
const failed = results.filter((r) => !r.passed).length;
console.log(
  `\n${results.length} runs in ${Math.round((Date.now() - loopStarted) / 1000)} s: ` +
    `${stalls} stall(s), ${failed} failed; shutdown ` +
    (shutdowns.length
      ? `median ${shutdowns[Math.floor(shutdowns.length / 2)]} ms, max ${shutdowns.at(-1)} ms`
      : "never measured") +
    `; load ${loadAverage()}`,
);
process.exit(stalls === 0 && failed === 0 && results.length === runs ? 0 : 1);
