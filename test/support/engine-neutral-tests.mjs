// Test files that open a database but whose outcome cannot depend on which
// one: the PostgreSQL pass of `npm test` leaves them out
// (test/database/run-suite.mjs); the SQLite pass runs them. Why, and what
// each costs: docs/decisions/0010-test-run.md ("Update: ten minutes").
//
// A file belongs here only if its database work is done by app modules whose
// own tests run on both passes, and it exercises no SQL of its own, no lease,
// no concurrency between workers and no migration. What they prove is the
// admin pages in a browser and sandbox mode's wiring (stand-ins, dev routes,
// links), the same on both engines. Never here: anything under test/database,
// test/soak, test/scale, test/fulfilment, test/admin, the data layer, the
// worker, migrations (test/foundation/start-database.test.ts), and the
// sandbox-mode demo (its worker runs orders through leases on the database).

/** Folders whose test files are all engine-neutral (globs, relative to the project). */
export const ENGINE_NEUTRAL_FOLDERS = [
  // the admin pages in Chromium: every loader and action they reach is proven on
  // both engines by test/admin, test/fulfilment and the data layer's tests
  "test/browser/**",
];

/** Single engine-neutral test files. */
export const ENGINE_NEUTRAL_FILES = [
  // sandbox mode's wiring: stand-ins, dev routes, links and scopes
  "test/sandbox-mode/deep-link.test.ts",
  "test/sandbox-mode/dev-login-target.test.ts",
  "test/sandbox-mode/dev-routes-production.test.ts",
  "test/sandbox-mode/dev-routes-shopify-mode.test.ts",
  "test/sandbox-mode/grant-scopes.test.ts",
  "test/sandbox-mode/join-stand-ins.test.ts",
  "test/sandbox-mode/port-taken.test.ts",
  "test/sandbox-mode/sandbox-mode.test.ts",
];

/** Everything of this list, as vitest `--exclude` globs. */
export const ENGINE_NEUTRAL_TESTS = [...ENGINE_NEUTRAL_FOLDERS, ...ENGINE_NEUTRAL_FILES];
