// Test files that never open a database: the PostgreSQL pass of `npm test`
// leaves them out (test/database/run-suite.mjs), because they run the same
// code with the same result whatever TEST_DATABASE says. The SQLite pass runs
// them. Why and how: docs/decisions/0010-test-run.md.
//
// A file belongs here only if nothing it imports, directly or through other
// modules (static or dynamic imports), is test/support/app-env.ts or
// app/db.server.ts, and it starts no app process. test/database/postgresql-pass.test.ts
// checks the first part on every run: a file listed here that starts to reach
// the database fails that test until it is taken off this list.
// Every other test file runs on both databases, new ones included.

/** Folders whose test files are all database-free (globs, relative to the project). */
export const DATABASE_FREE_FOLDERS = [
  // the pure steps of the fulfilment pipeline, without a database
  "test/fulfilment/unit/**",
  // the print-service client and its rules, against the sandbox over HTTP
  "test/print/**",
  // the print-service sandbox itself
  "test/sandbox/**",
  // the Shopify stand-in itself
  "test/shopify-fake/**",
  // the app's documents, the stand-in, the cart rule and the theme, by Shopify's schemas and tools
  "test/shopify-schemas/**",
];

/** Single database-free test files in folders that also hold database tests. */
export const DATABASE_FREE_FILES = [
  "app/services/periodic-job.test.ts",
  // Home's setup check: the judgement of the facts (pure)
  "app/services/setup-check/judge.test.ts",
  "app/services/shopify-admin/client.test.ts",
  // The regular check's reader of Shopify's orders, over a stand-in GraphQL port
  "test/regular-check/read-orders.test.ts",
  "test/admin/cache.test.ts",
  // how Import past orders judges an order and its period (pure)
  "test/admin/import-orders-judge.test.ts",
  "test/admin/mapping-rules.test.ts",
  // ISBN reading and conversion (pure)
  "test/book-kit/isbn.test.ts",
  // the SQLite file connection, on files of its own beside @libsql/client's
  "test/database/sqlite-file-connection.test.ts",
  // the cover template through the PDF pool and the check, the sandbox over HTTP
  "test/book-kit/cover-template.test.ts",
  // the runner's behaviour without a server; it starts vitest on no test file
  "test/database/run-suite.test.ts",
  // the check of this list
  "test/database/postgresql-pass.test.ts",
  "test/foundation/app-config.test.ts",
  "test/foundation/crypto.test.ts",
  // the README's length and the links of the README and docs/
  "test/foundation/docs.test.ts",
  "test/foundation/env.test.ts",
  // the import-cycle check of `npm run lint`, on projects of its own
  "test/foundation/import-cycles.test.ts",
  "test/foundation/lossless-json.test.ts",
  "test/foundation/money-input.test.ts",
  // the Prisma CLI runner of the scripts (validates the schema, opens no database)
  "test/foundation/prisma-cli.test.ts",
  // the inline worker's thread: start, nudge, restart, stop, on a stand-in for the build
  "test/foundation/worker-thread.test.ts",
  // the PDF worker pool, from the sources
  "test/pdf-work/pool.test.ts",
  "test/preflight/check.test.ts",
  "test/preflight/download.test.ts",
  "test/preflight/sandbox-files.test.ts",
  "test/preflight/shared-checks.test.ts",
  "test/product-creation/form.test.ts",
  "test/product-creation/pricing.test.ts",
  "test/rates/print-quote.test.ts",
  "test/rates/units.test.ts",
  // the regular check's window (pure)
  "test/regular-check/window.test.ts",
  "test/storefront/cart-minimum.test.ts",
  "test/storefront/theme-extension.test.ts",
  "test/address-links/form.test.ts",
];

/** Everything the PostgreSQL pass leaves out, as vitest `--exclude` globs. */
export const DATABASE_FREE_TESTS = [...DATABASE_FREE_FOLDERS, ...DATABASE_FREE_FILES];

/** The vitest project these files run in, beside the SQLite pass (vitest.config.ts). */
export const DATABASE_FREE_PROJECT = "database-free";

/** The same files as that project's `include` globs: test files only (the folders also hold helpers). */
export const DATABASE_FREE_TEST_FILES = [
  ...DATABASE_FREE_FOLDERS.map((folder) => `${folder}/*.test.ts`),
  ...DATABASE_FREE_FILES,
];
