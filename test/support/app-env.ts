/**
 * Import first in any test that loads app modules: it gives the test file its
 * own migrated database and a known Shopify configuration.
 *
 * The database is SQLite (a copy of the migrated template file) unless the run
 * is on PostgreSQL (`npm run test:pg`, TEST_DATABASE=postgresql or
 * TEST_DATABASE_URL): then it is a database of its own, created from the run's
 * migrated template (see ./template-db and ./global-setup).
 */
import { copyFileSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import {
  assertDatabaseName,
  databaseUrl,
  runAdminSqlSync,
  templateDbPath,
  type TestDatabaseProvider,
} from "./template-db";

export const TEST_API_KEY = "test-api-key";
export const TEST_API_SECRET = "test-api-secret";
export const TEST_APP_URL = "https://print-connect.test";
export const TEST_ENCRYPTION_KEY = "0f".repeat(32);

const dir = mkdtempSync(path.join(os.tmpdir(), "print-connect-test-"));
/**
 * A migrated SQLite file of this test file's own. It is the app's database on
 * SQLite runs; on PostgreSQL runs it is still there for tests that look at a
 * SQLite file on purpose, and the app uses `testDatabaseUrl`.
 */
export const testDbFile = path.join(dir, "app.sqlite");
copyFileSync(templateDbPath(), testDbFile);

// Undefined only under a vitest config without test/support/global-setup.ts: SQLite.
const run = inject("testDatabase") ?? { provider: "sqlite" };

/** The database this test file's app modules use. */
export const testDatabaseProvider: TestDatabaseProvider = run.provider;

function ownPostgresDatabase(): string {
  const { serverUrl, template, runPrefix } = run.postgres!;
  const name = assertDatabaseName(`${runPrefix}_${randomBytes(4).toString("hex")}`);
  runAdminSqlSync(serverUrl, [`CREATE DATABASE "${name}" TEMPLATE "${template}"`]);
  // A small pool: several test files, worker processes and their pools share one server.
  return `${databaseUrl(serverUrl, name)}?connection_limit=5`;
}

/** DATABASE_URL of this test file: `file:` (SQLite) or `postgresql://` (its own database). */
export const testDatabaseUrl =
  run.provider === "postgresql" ? ownPostgresDatabase() : `file:${testDbFile}`;

Object.assign(process.env, {
  NODE_ENV: "test",
  SHOPIFY_API_KEY: TEST_API_KEY,
  SHOPIFY_API_SECRET: TEST_API_SECRET,
  SHOPIFY_APP_URL: TEST_APP_URL,
  DATABASE_URL: testDatabaseUrl,
  ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
  // The print sandbox listens on loopback; tests of the address rule itself set their own list.
  PRINT_ALLOWED_PRIVATE_HOSTS: process.env.PRINT_ALLOWED_PRIVATE_HOSTS ?? "127.0.0.1",
});
