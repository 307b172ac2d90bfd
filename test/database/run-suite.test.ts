import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * test/database/run-suite.mjs, the runner behind `npm test`, when no
 * PostgreSQL server answers. Port 1 on loopback refuses at once, and the
 * vitest runs it starts get a file filter that matches nothing, so the whole
 * file takes a few seconds.
 */
const root = path.resolve(import.meta.dirname, "../..");
const CLOSED = "postgresql://postgres@127.0.0.1:1/postgres";
const NO_FILES = ["no-test-file-is-called-this", "--passWithNoTests"];

function runSuite(args: string[], env: Record<string, string>) {
  // The child must not think it runs inside this vitest, nor inherit this run's database choice.
  const childEnv = { ...process.env };
  for (const key of Object.keys(childEnv)) {
    if (/^(VITEST|TEST_DATABASE|REQUIRE_POSTGRESQL)/.test(key)) delete childEnv[key];
  }
  Object.assign(childEnv, env);
  const result = spawnSync(
    process.execPath,
    [path.join(root, "test", "database", "run-suite.mjs"), ...args],
    { cwd: root, env: childEnv, encoding: "utf8", timeout: 15_000 },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("run-suite.mjs without a PostgreSQL server", () => {
  it("fails before any test with REQUIRE_POSTGRESQL=1, naming TEST_DATABASE_URL", () => {
    const run = runSuite(NO_FILES, { TEST_DATABASE_URL: CLOSED, REQUIRE_POSTGRESQL: "1" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("REQUIRE_POSTGRESQL is set");
    expect(run.stderr).toContain("127.0.0.1:1/postgres");
    expect(run.stderr).toContain("TEST_DATABASE_URL");
    expect(run.stdout).not.toContain("=== Tests on");
  });

  it("fails with --postgresql, naming TEST_DATABASE_URL", () => {
    const run = runSuite(["--postgresql", ...NO_FILES], { TEST_DATABASE_URL: CLOSED });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("127.0.0.1:1/postgres");
    expect(run.stderr).toContain("TEST_DATABASE_URL");
    expect(run.stdout).not.toContain("=== Tests on");
  });

  it.each([
    ["unset", {}],
    ["0", { REQUIRE_POSTGRESQL: "0" }],
  ])(
    "runs SQLite, says loudly that PostgreSQL was skipped, and passes (REQUIRE_POSTGRESQL %s)",
    (_, env: Record<string, string>) => {
      const run = runSuite(NO_FILES, { TEST_DATABASE_URL: CLOSED, ...env });
      expect(run.status).toBe(0);
      expect(run.stdout).toContain("=== Tests on SQLite: passed");
      expect(run.stderr).toContain("POSTGRESQL TESTS SKIPPED");
      expect(run.stderr).toContain("REQUIRE_POSTGRESQL=1");
    },
  );

  it("leaves --sqlite alone with REQUIRE_POSTGRESQL=1", () => {
    const run = runSuite(["--sqlite", ...NO_FILES], {
      TEST_DATABASE_URL: CLOSED,
      REQUIRE_POSTGRESQL: "1",
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("=== Tests on SQLite: passed");
    expect(run.stderr).not.toContain("POSTGRESQL");
  });
});
