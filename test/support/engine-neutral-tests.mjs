// Test files that open a database but whose outcome cannot depend on which
// one: the PostgreSQL pass of `npm test` leaves them out
// (test/database/run-suite.mjs); the SQLite pass runs them. Why, and what
// each costs: docs/decisions/0010-test-run.md ("Update: ten minutes").
//
// A file belongs here only if its database work is done by app modules whose
// own tests run on both passes, and it exercises no SQL of its own, no
// concurrency between workers of its own and no migration.
// test/database/postgresql-pass.test.ts checks the first part on every run:
// every app module such a file reaches is reached by a file that stays on
// PostgreSQL. What they prove is the admin pages in a browser, sandbox mode's
// wiring (stand-ins, dev routes, links), the demo's report and the PDF threads,
// the same on both engines. Never here: anything under test/database,
// test/soak, test/scale, test/fulfilment, test/admin, the data layer, the
// worker, migrations (test/foundation/start-database.test.ts).

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
  // `npm run demo`'s report against the built app: the worker's leases, claims and steps it
  // drives are proven on PostgreSQL by test/fulfilment, test/scale and the soak
  "test/sandbox-mode/demo.test.ts",
  // the request thread stays free while PDF threads work: the door, rates and Create product
  // it probes are proven on PostgreSQL by test/admin, test/rates and test/fulfilment
  "test/pdf-work/responsive-server.test.ts",
];

/** Everything of this list, as vitest `--exclude` globs. */
export const ENGINE_NEUTRAL_TESTS = [...ENGINE_NEUTRAL_FOLDERS, ...ENGINE_NEUTRAL_FILES];
