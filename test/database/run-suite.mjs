// Runs the test suite on SQLite and on PostgreSQL (when a server answers) in one vitest
// process, one project per database sharing one pool of workers, with the typecheck and the
// lint beside it.
//
//   node test/database/run-suite.mjs                 both databases (`npm test`); PostgreSQL
//                                                    skipped, loudly, when no server answers
//   node test/database/run-suite.mjs --sqlite        SQLite only
//   node test/database/run-suite.mjs --postgresql    PostgreSQL only (`npm run test:pg`); fails
//                                                    when no server answers
//   node test/database/run-suite.mjs --checks        also the typecheck and the lint, at the same
//                                                    time (`npm test`)
//   node test/database/run-suite.mjs --changed       only the tests a change touches: the test
//                                                    files changed since the last commit and those
//                                                    that import a changed file, on both databases
//                                                    (`npm run test:changed`; --changed=REF for
//                                                    all since REF)
//   node test/database/run-suite.mjs --one-at-a-time one job after another (for debugging)
// Other arguments go to vitest (e.g. a file filter). The PostgreSQL server is
// TEST_DATABASE_URL, or postgresql://postgres@127.0.0.1:5432/postgres.
//
// The PostgreSQL project leaves out the test files that never open a database
// (test/support/database-free-tests.mjs) and those whose database work is the
// same on both engines (test/support/engine-neutral-tests.mjs): they prove the
// same on both. Why: docs/decisions/0010-test-run.md.
//
// Output stays whole: the first job prints as it goes; each other job's output
// is held until the jobs before it have ended, then printed in one piece. The
// run fails when any job fails, and its last lines say which job failed and, for
// the tests, which tests on which database (test/support/run-summary-reporter.ts),
// with the first lines of each failure: a CI log that keeps only its tail still
// names the failure.
//
// REQUIRE_POSTGRESQL=1 (any value but empty or 0) turns the skip into a failure:
// without --sqlite, the run exits 1 before any test when no server answers, so
// CI (.ci/run sets it) cannot pass on SQLite alone.
//
// TEST_WORKERS=n sets how many test files run at once, both databases together (default 4).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import pg from "pg";
import { DATABASE_FREE_PROJECT } from "../support/database-free-tests.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const vitest = path.join(root, "node_modules", "vitest", "vitest.mjs");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
// The project's Node (a dev dependency) even when this file is started with another.
const node = existsSync(bin("node")) ? bin("node") : process.execPath;
const DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/postgres";

const OWN_FLAGS = ["--sqlite", "--postgresql", "--checks", "--one-at-a-time"];
const isChanged = (a) => a === "--changed" || a.startsWith("--changed=");
const args = process.argv.slice(2);
const only = args.includes("--sqlite") ? "sqlite" : args.includes("--postgresql") ? "pg" : null;
const withChecks = args.includes("--checks");
const oneAtATime = args.includes("--one-at-a-time");
const changed = args.some(isChanged);
const vitestArgs = args.filter((a) => !OWN_FLAGS.includes(a));
const serverUrl = process.env.TEST_DATABASE_URL?.trim() || DEFAULT_URL;
const required = !["", "0"].includes(process.env.REQUIRE_POSTGRESQL?.trim() ?? "");
// Four files at a time on two cores: a test file keeps about half a core busy on average, the
// rest is waiting on sockets, timers, Chromium and the database; with three, the first minute
// (the longest files, which wait the most) left a fifth of the machine idle once the typecheck
// stopped filling it (measured in docs/decisions/0010-test-run.md).
const workers = process.env.TEST_WORKERS?.trim() || "4";

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

// Vitest's projects (vitest.config.ts): the files that never open a database run in one of
// their own, with the SQLite pass.
const PROJECT_NAMES = {
  sqlite: "SQLite",
  postgresql: "PostgreSQL",
  [DATABASE_FREE_PROJECT]: "No database",
};

/** Reads the run summary (test/support/run-summary-reporter.ts), or null when none was written. */
function readSummary(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/** Per database: how many test files passed, failed or were skipped. */
function countsByDatabase(report) {
  const lines = [];
  for (const [project, name] of Object.entries(PROJECT_NAMES)) {
    const files = report.files.filter((f) => f.project === project);
    if (files.length === 0) continue;
    const count = (state) => files.filter((f) => f.state === state).length;
    lines.push(
      `        ${name}: ${files.length} files, ${count("passed")} passed, ${count("failed")} failed, ${count("skipped")} skipped`,
    );
  }
  return lines;
}

const firstLines = (text, n) =>
  noColour(text)
    .split("\n")
    .filter((l) => !/^\s*at .*node_modules/.test(l))
    .slice(0, n);

/** The failed tests of the run, each with its database and the first lines of its failure. */
function failedTests(report) {
  const lines = [];
  for (const file of report.files) {
    const where = `[${PROJECT_NAMES[file.project] ?? file.project}] ${file.file}`;
    // A file that failed outside any test (an import error, a hook) has no failed test.
    for (const error of file.errors) {
      lines.push(`  ${where}:`, ...firstLines(error, 6).map((l) => `      ${l}`));
    }
    for (const t of file.failed.slice(0, 10)) {
      lines.push(`  ${where} > ${t.name}`);
      lines.push(...firstLines(t.errors.join("\n"), 8).map((l) => `      ${l}`));
    }
  }
  for (const error of report.unhandled) {
    lines.push("  outside any test file:", ...firstLines(error, 8).map((l) => `      ${l}`));
  }
  return lines;
}

/** The last lines of the run: each job's verdict, and what failed. */
function summary() {
  const lines = ["", "=== Summary ==="];
  for (const v of verdicts) {
    lines.push(`${v.ok ? "passed" : "FAILED"}  ${v.label} (${v.seconds} s)`);
    const report = v.report ? readSummary(v.report) : null;
    if (report) lines.push(...countsByDatabase(report));
  }
  for (const v of verdicts.filter((x) => !x.ok)) {
    lines.push("", `--- ${v.label} failed ---`);
    const report = v.report ? readSummary(v.report) : null;
    const tests = report ? failedTests(report) : [];
    if (tests.length > 0) lines.push(...tests);
    else lines.push(...v.tail.map(noColour));
  }
  console.log(lines.join("\n"));
}

/** Runs the jobs (all at once, or one after another) and prints each one whole, in order. */
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
  const running = jobs.map(start);
  for (const job of running) {
    job.release();
    ok = (await job.finished()) && ok;
  }
  return ok;
}

/** The one vitest run: a project per database in `databases`, sharing the workers. */
function testRun(databases) {
  mkdirSync(reportDir, { recursive: true });
  const report = path.join(reportDir, "run-summary.json");
  rmSync(report, { force: true });
  const names = databases.map((d) =>
    d === "postgresql" ? `PostgreSQL (${shown(serverUrl)})` : PROJECT_NAMES[d],
  );
  return {
    label: `Tests on ${names.join(" and ")}`,
    heading: `Tests on ${names.join(" and ")}`,
    report,
    command: node,
    commandArgs: [
      vitest,
      "run",
      `--maxWorkers=${workers}`,
      // The console output as always, and a summary file for the last lines of the run.
      "--reporter=default",
      "--reporter=./test/support/run-summary-reporter.ts",
      // A file filter may name only database-free files (nothing to run on PostgreSQL), and a
      // change may touch no test: not a failure.
      ...(vitestArgs.length > 0 && !vitestArgs.includes("--passWithNoTests")
        ? ["--passWithNoTests"]
        : []),
      ...vitestArgs,
    ],
    env: {
      TEST_DATABASE: databases.join(","),
      ...(databases.includes("postgresql") ? { TEST_DATABASE_URL: serverUrl } : {}),
      RUN_SUMMARY_FILE: report,
      // Every test file is a fresh process that compiles the same packages again; Node keeps
      // the compiled code on disk for the next one.
      NODE_COMPILE_CACHE: path.join(root, "node_modules", ".cache", "node-compile-cache"),
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
// early, before the tests' output. A run of what a change touches leaves them out.
if (withChecks && !changed) {
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
const databases = [
  ...(only !== "pg" ? ["sqlite"] : []),
  ...(only !== "sqlite" && !problem ? ["postgresql"] : []),
];
jobs.push(testRun(databases));
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
