import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";
import { SlowFirstSequencer } from "./test/support/slow-first-sequencer";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["test/**/*.test.ts", "app/**/*.test.ts", "sandbox/**/*.test.ts"],
    exclude: ["node_modules/**"],
    globalSetup: ["test/support/global-setup.ts"],
    setupFiles: ["test/setup/fail-on-console-error.ts"],
    // Browser tests walk a whole flow (fill, refuse, fix, save) in one test: on a loaded 2-core
    // machine the longest take close to 20 s, so 40 s keeps a slow machine from failing them.
    testTimeout: 40_000,
    hookTimeout: 30_000,
    pool: "forks",
    // `npm test` runs two files at a time per database (test/database/run-suite.mjs).
    sequence: { sequencer: SlowFirstSequencer },
  },
});
