// Runs the test suite on SQLite and on PostgreSQL (when a server answers), each
// in a vitest process of its own: the SQLite pass together with the typecheck and
// the lint, then the PostgreSQL pass.
//
//   node test/database/run-suite.mjs                 both (`npm test`); PostgreSQL skipped, loudly,
//                                                    when no server answers
//   node test/database/run-suite.mjs --sqlite        SQLite only
//   node test/database/run-suite.mjs --postgresql    PostgreSQL only (`npm run test:pg`); fails
//                                                    when no server answers
//   node test/database/run-suite.mjs --checks        also the typecheck and the lint, at the same
//                                                    time as the SQLite pass (`npm test`)
//   node test/database/run-suite.mjs --one-at-a-time one job after another (slower; for debugging)
// Other arguments go to vitest (e.g. a file filter). The PostgreSQL server is
// TEST_DATABASE_URL, or postgresql://postgres@127.0.0.1:5432/postgres.
//
// The PostgreSQL pass leaves out the test files that never open a database
// (test/support/database-free-tests.mjs) and those whose database work is the
// same on both engines (test/support/engine-neutral-tests.mjs): they prove the
// same on both passes. Why: docs/decisions/0010-test-run.md.
//
// Output stays whole: the first job prints as it goes; each other job's output
// is held until the jobs before it have ended, then printed in one piece. The
// run fails when any job fails, and its last lines say which job failed and, for
// a test pass, which tests (from vitest's JSON report), with the first lines of
// each failure: a CI log that keeps only its tail still names the failure.
//
// REQUIRE_POSTGRESQL=1 (any value but empty or 0) turns the skip into a failure:
// without --sqlite, the run exits 1 before any test when no server answers, so
// CI (.ci/run sets it) cannot pass on SQLite alone.
//
// TEST_WORKERS=n sets the test files each vitest process runs at once (default 2).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import pg from "pg";
import { DATABASE_FREE_TESTS } from "../support/database-free-tests.mjs";
import { ENGINE_NEUTRAL_TESTS } from "../support/engine-neutral-tests.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const vitest = path.join(root, "node_modules", "vitest", "vitest.mjs");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
// The project's Node (a dev dependency) even when this file is started with another.
const node = existsSync(bin("node")) ? bin("node") : process.execPath;
const DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/postgres";

const OWN_FLAGS = ["--sqlite", "--postgresql", "--checks", "--one-at-a-time"];
const args = process.argv.slice(2);
const only = args.includes("--sqlite") ? "sqlite" : args.includes("--postgresql") ? "pg" : null;
const withChecks = args.includes("--checks");
const oneAtATime = args.includes("--one-at-a-time");
const vitestArgs = args.filter((a) => !OWN_FLAGS.includes(a));
const serverUrl = process.env.TEST_DATABASE_URL?.trim() || DEFAULT_URL;
const required = !["", "0"].includes(process.env.REQUIRE_POSTGRESQL?.trim() ?? "");
// Two files at a time per pass: most tests wait on sockets, timers and the
// database rather than on a core (measured in docs/decisions/0010-test-run.md).
const workers = process.env.TEST_WORKERS?.trim() || "2";

function shown(url) {
  const u = new URL(url);
  if (u.password) u.password = "***";
  return `${u.host}${u.pathname}`;
}

async function reachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return null;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

function banner(lines) {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = "!".repeat(width);
  console.error(["", bar, ...lines.map((l) => `! ${l.padEnd(width - 4)} !`), bar, ""].join("\n"));
}

/**
 * Starts one job. Until `release()` its output is kept (in order, stdout and
 * stderr apart); after, it is written through. Resolves to true when it passed.
 */
function start({ label, heading, command, commandArgs, env, lowPriority = false, report }) {
  const held = [];
  // The end of the job's output, for the summary of a failed check.
  const tail = [];
  const keepTail = (chunk) => {
    tail.push(...String(chunk).split("\n"));
    if (tail.length > TAIL_LINES * 4) tail.splice(0, tail.length - TAIL_LINES);
  };
  let live = false;
  const started = Date.now();
  let seconds = "?";
  const child = spawn(command, commandArgs, {
    cwd: root,
    env: {
      ...process.env,
      // Colours survive the pipe when the run itself is on a terminal.
      ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: "1" } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (lowPriority && child.pid) {
    try {
      os.setPriority(child.pid, 10);
    } catch {
      // not allowed here: the job runs at normal priority
    }
  }
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    stream.on("data", (chunk) => {
      keepTail(chunk);
      if (live) out.write(chunk);
      else held.push([out, chunk]);
    });
  }
  const done = new Promise((resolve) => {
    child.on("error", (error) => {
      held.push([process.stderr, `${label}: could not start ${command}: ${error.message}\n`]);
      seconds = ((Date.now() - started) / 1000).toFixed(1);
      resolve(null);
    });
    child.on("close", (code) => {
      seconds = ((Date.now() - started) / 1000).toFixed(1);
      resolve(code);
    });
  });
  return {
    release() {
      console.log(`\n=== ${heading} ===\n`);
      for (const [out, chunk] of held) out.write(chunk);
      held.length = 0;
      live = true;
    },
    async finished() {
      const code = await done;
      const ok = code === 0;
      console.log(`\n=== ${label}: ${ok ? "passed" : "FAILED"} in ${seconds} s ===`);
      verdicts.push({ label, ok, seconds, tail: tail.slice(-TAIL_LINES), report });
      return ok;
    },
  };
}

const TAIL_LINES = 40;
const verdicts = [];
const reportDir = path.join(root, "node_modules", ".cache", "test-reports");
const noColour = (text) => stripVTControlCharacters(text);

/** The failed tests of a vitest JSON report, each with the first lines of its failure. */
function failedTests(reportFile) {
  let report;
  try {
    report = JSON.parse(readFileSync(reportFile, "utf8"));
  } catch {
    return null;
  }
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((t) => t.status === "failed");
    // A file that failed outside any test (an import error, a hook) has no failed test.
    if (failed.length === 0 && file.status === "failed")
      lines.push(
        `  ${name}: ${noColour(file.message ?? "failed")
          .split("\n")
          .slice(0, 6)
          .join("\n    ")}`,
      );
    for (const t of failed.slice(0, 10)) {
      lines.push(`  ${name} > ${t.fullName}`);
      const message = noColour((t.failureMessages ?? []).join("\n"))
        .split("\n")
        .filter((l) => !/^\s*at .*node_modules/.test(l))
        .slice(0, 8);
      lines.push(...message.map((l) => `      ${l}`));
    }
  }
  return lines;
}

/** The last lines of the run: each job's verdict, and what failed. */
function summary() {
  const lines = ["", "=== Summary ==="];
  for (const v of verdicts)
    lines.push(`${v.ok ? "passed" : "FAILED"}  ${v.label} (${v.seconds} s)`);
  for (const v of verdicts.filter((x) => !x.ok)) {
    lines.push("", `--- ${v.label} failed ---`);
    const tests = v.report ? failedTests(v.report) : null;
    if (tests && tests.length > 0) lines.push(...tests);
    else lines.push(...v.tail.map(noColour));
  }
  console.log(lines.join("\n"));
}

/**
 * Runs the jobs (all at once, or one after another) and prints each one whole, in order.
 * A job marked `afterOthers` starts when the others have ended: both passes at once on
 * two cores took longer in all (23 min against 15) and timed out tests that start the
 * app or a browser (docs/decisions/0010-test-run.md, "Update: ten minutes").
 */
async function runAll(jobs) {
  let ok = true;
  if (oneAtATime) {
    for (const job of jobs) {
      const running = start(job);
      running.release();
      ok = (await running.finished()) && ok;
    }
    return ok;
  }
  for (const group of [jobs.filter((j) => !j.afterOthers), jobs.filter((j) => j.afterOthers)]) {
    const running = group.map(start);
    for (const job of running) {
      job.release();
      ok = (await job.finished()) && ok;
    }
  }
  return ok;
}

function testPass(label, env, extraArgs = []) {
  mkdirSync(reportDir, { recursive: true });
  const report = path.join(reportDir, `${label.split(" ")[0].toLowerCase()}.json`);
  rmSync(report, { force: true });
  return {
    label,
    heading: `Tests on ${label}`,
    report,
    command: node,
    commandArgs: [
      vitest,
      "run",
      `--maxWorkers=${workers}`,
      // The console output as always, and a JSON report for the summary at the end.
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
      ...extraArgs,
      ...vitestArgs,
    ],
    env: {
      // Every test file is a fresh process that compiles the same packages again; Node keeps
      // the compiled code on disk for the next one (both passes share it).
      NODE_COMPILE_CACHE: path.join(root, "node_modules", ".cache", "node-compile-cache"),
      ...env,
    },
  };
}

// Checked before any test, so a required server that is missing fails at once.
const problem = only === "sqlite" ? null : await reachable(serverUrl);
if (problem && (only === "pg" || required)) {
  const why =
    only === "pg" ? "The PostgreSQL run (--postgresql)" : "REQUIRE_POSTGRESQL is set: the run";
  console.error(
    `${why} needs a PostgreSQL server, and none answers at ${shown(serverUrl)}: ${problem}`,
  );
  console.error(
    "No tests ran. Start a server there, or set TEST_DATABASE_URL=postgresql://user:password@host:port/db.",
  );
  process.exit(1);
}

const jobs = [];
// The checks first: they end within a minute or two, so their verdict is printed
// early, before the tests' output.
if (withChecks) {
  for (const script of ["typecheck", "lint"]) {
    jobs.push({
      label: script === "typecheck" ? "Typecheck" : "Lint",
      heading: `npm run ${script}`,
      command: "npm",
      commandArgs: ["run", "--silent", script],
      // The tests are the long pole; the checks use the CPU they leave idle (nice 10).
      lowPriority: true,
    });
  }
}
if (only !== "pg") {
  jobs.push(testPass("SQLite", { TEST_DATABASE: "sqlite", TEST_DATABASE_URL: "" }));
}
if (only !== "sqlite" && !problem) {
  jobs.push({
    ...testPass(`PostgreSQL (${shown(serverUrl)})`, { TEST_DATABASE: "postgresql" }, [
      ...[...DATABASE_FREE_TESTS, ...ENGINE_NEUTRAL_TESTS].map((glob) => `--exclude=${glob}`),
      // A file filter may name only database-free files: nothing to run here, not a failure.
      ...(vitestArgs.length > 0 ? ["--passWithNoTests"] : []),
    ]),
    afterOthers: only !== "pg",
  });
}
let ok = await runAll(jobs);
if (only !== "sqlite" && problem) {
  banner([
    "POSTGRESQL TESTS SKIPPED",
    `No PostgreSQL server answers at ${shown(serverUrl)}:`,
    problem,
    "The suite ran on SQLite only. To run it on PostgreSQL too, start a server",
    "there or set TEST_DATABASE_URL, then `npm test` or `npm run test:pg`.",
    "REQUIRE_POSTGRESQL=1 makes this a failure (as in CI).",
  ]);
}
summary();
process.exit(ok ? 0 : 1);
