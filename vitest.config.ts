import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";
import {
  DATABASE_FREE_PROJECT,
  DATABASE_FREE_TEST_FILES,
  DATABASE_FREE_TESTS,
} from "./test/support/database-free-tests.mjs";
import { ENGINE_NEUTRAL_TESTS } from "./test/support/engine-neutral-tests.mjs";
import { SlowFirstSequencer } from "./test/support/slow-first-sequencer";
import { selectedTestDatabases } from "./test/support/template-db";

const EXCLUDE = ["node_modules/**"];
const ALL_TESTS = ["test/**/*.test.ts", "app/**/*.test.ts", "sandbox/**/*.test.ts"];
// Set per project, not at the root: a project's lists would be added to the root's. Every
// project's files share worker processes (`isolate: false`), each file given the start of a
// process of its own by the first of these.
const SETUP_FILES = [
  "test/setup/fresh-start-per-file.ts",
  "test/setup/fail-on-console-error.ts",
  "test/setup/cpu-per-file.ts",
];

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // Browser tests walk a whole flow (fill, refuse, fix, save) in one test: on the 2-core
    // machine running both databases' files at once the longest take 20-30 s, so 60 s keeps a
    // slow machine from failing them (an upper bound: a passing test never waits for it).
    testTimeout: 60_000,
    hookTimeout: 30_000,
    pool: "forks",
    // One project per database, sharing one pool of workers (`npm test` runs both at once:
    // test/database/run-suite.mjs). The PostgreSQL project leaves out the files whose outcome
    // cannot depend on the database (the two lists, and why: docs/decisions/0010-test-run.md);
    // the database-free files run once, in a project of their own. A worker process takes one
    // file after another of its project, each started afresh by
    // test/setup/fresh-start-per-file.ts: a process per file loaded the same packages again for
    // each, about two fifths of the test files' CPU (the same decision).
    isolate: false,
    projects: selectedTestDatabases().providers.flatMap((provider) => [
      {
        extends: true,
        test: {
          name: provider,
          include: ALL_TESTS,
          setupFiles: SETUP_FILES,
          // Per project (not inherited from the root): each database makes its own template.
          globalSetup: ["test/support/global-setup.ts"],
          exclude: [
            ...EXCLUDE,
            ...DATABASE_FREE_TESTS,
            ...(provider === "postgresql" ? ENGINE_NEUTRAL_TESTS : []),
          ],
        },
      },
      ...(provider === "sqlite"
        ? [
            {
              extends: true,
              test: {
                name: DATABASE_FREE_PROJECT,
                include: DATABASE_FREE_TEST_FILES,
                exclude: EXCLUDE,
                setupFiles: SETUP_FILES,
              },
            },
          ]
        : []),
    ]),
    sequence: { sequencer: SlowFirstSequencer },
  },
});
