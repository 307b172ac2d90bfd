// Runs the test suite on SQLite, then on PostgreSQL when a server answers.
//
//   node test/database/run-suite.mjs                 both (`npm test`); PostgreSQL skipped, loudly,
//                                                    when no server answers
//   node test/database/run-suite.mjs --sqlite        SQLite only
//   node test/database/run-suite.mjs --postgresql    PostgreSQL only (`npm run test:pg`); fails
//                                                    when no server answers
// Other arguments go to vitest (e.g. a file filter). The PostgreSQL server is
// TEST_DATABASE_URL, or postgresql://postgres@127.0.0.1:5432/postgres.
//
// REQUIRE_POSTGRESQL=1 (any value but empty or 0) turns the skip into a failure:
// without --sqlite, the run exits 1 before any test when no server answers, so
// CI (.ci/run sets it) cannot pass on SQLite alone.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "../..");
const vitest = path.join(root, "node_modules", "vitest", "vitest.mjs");
// The project's Node (a dev dependency) even when this file is started with another.
const projectNode = path.join(root, "node_modules", ".bin", "node");
const node = existsSync(projectNode) ? projectNode : process.execPath;
const DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/postgres";

const args = process.argv.slice(2);
const only = args.includes("--sqlite") ? "sqlite" : args.includes("--postgresql") ? "pg" : null;
const vitestArgs = args.filter((a) => a !== "--sqlite" && a !== "--postgresql");
const serverUrl = process.env.TEST_DATABASE_URL?.trim() || DEFAULT_URL;
const required = !["", "0"].includes(process.env.REQUIRE_POSTGRESQL?.trim() ?? "");

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

function run(label, env) {
  console.log(`\n=== Tests on ${label} ===\n`);
  const started = Date.now();
  const result = spawnSync(node, [vitest, "run", ...vitestArgs], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`\n=== ${label}: ${ok ? "passed" : "FAILED"} in ${seconds} s ===`);
  return ok;
}

function banner(lines) {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = "!".repeat(width);
  console.error(["", bar, ...lines.map((l) => `! ${l.padEnd(width - 4)} !`), bar, ""].join("\n"));
}

// Checked before the SQLite run, so a required server that is missing fails at once.
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

let ok = true;
if (only !== "pg") {
  ok = run("SQLite", { TEST_DATABASE: "sqlite", TEST_DATABASE_URL: "" }) && ok;
}
if (only !== "sqlite") {
  if (problem) {
    banner([
      "POSTGRESQL TESTS SKIPPED",
      `No PostgreSQL server answers at ${shown(serverUrl)}:`,
      problem,
      "The suite ran on SQLite only. To run it on PostgreSQL too, start a server",
      "there or set TEST_DATABASE_URL, then `npm test` or `npm run test:pg`.",
      "REQUIRE_POSTGRESQL=1 makes this a failure (as in CI).",
    ]);
  } else {
    ok = run(`PostgreSQL (${shown(serverUrl)})`, { TEST_DATABASE: "postgresql" }) && ok;
  }
}
process.exit(ok ? 0 : 1);
