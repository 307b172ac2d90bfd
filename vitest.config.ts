import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";
import { DATABASE_FREE_TESTS } from "./test/support/database-free-tests.mjs";
import { ENGINE_NEUTRAL_TESTS } from "./test/support/engine-neutral-tests.mjs";
import { SlowFirstSequencer } from "./test/support/slow-first-sequencer";
import { selectedTestDatabases } from "./test/support/template-db";

const EXCLUDE = ["node_modules/**"];

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["test/**/*.test.ts", "app/**/*.test.ts", "sandbox/**/*.test.ts"],
    exclude: EXCLUDE,
    setupFiles: ["test/setup/fail-on-console-error.ts", "test/setup/cpu-per-file.ts"],
    // Browser tests walk a whole flow (fill, refuse, fix, save) in one test: on the 2-core
    // machine running both databases' files at once the longest take 20-30 s, so 60 s keeps a
    // slow machine from failing them (an upper bound: a passing test never waits for it).
    testTimeout: 60_000,
    hookTimeout: 30_000,
    pool: "forks",
    // One project per database, sharing one pool of workers (`npm test` runs both at once:
    // test/database/run-suite.mjs). The PostgreSQL project leaves out the files whose outcome
    // cannot depend on the database (the two lists, and why: docs/decisions/0010-test-run.md).
    projects: selectedTestDatabases().providers.map((provider) => ({
      extends: true,
      test: {
        name: provider,
        // Per project (not inherited from the root): each database makes its own template.
        globalSetup: ["test/support/global-setup.ts"],
        exclude:
          provider === "postgresql"
            ? [...EXCLUDE, ...DATABASE_FREE_TESTS, ...ENGINE_NEUTRAL_TESTS]
            : EXCLUDE,
      },
    })),
    sequence: { sequencer: SlowFirstSequencer },
  },
});
