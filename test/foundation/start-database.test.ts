/**
 * `npm start` on a database that was never set up, or that is behind the
 * code's migrations: the real server (server.js) in a process of its own.
 * Shopify mode stops with one line naming `npm run setup`; sandbox mode sets
 * the database up itself and serves.
 */
import "../support/app-env";
import { rawSql } from "../support/raw-sql";
import { copyFileSync, existsSync, mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, inject, it } from "vitest";
import { TEST_API_KEY, TEST_API_SECRET, TEST_ENCRYPTION_KEY } from "../support/app-env";
import {
  assertDatabaseName,
  databaseUrl,
  runAdminSqlSync,
  templateDbPath,
} from "../support/template-db";
import {
  freePort,
  startServerProcess,
  stopServerProcesses,
  waitForOutput,
  waitUntilAnswering,
} from "../support/server-process";

const root = path.resolve(import.meta.dirname, "../..");
const run = inject("testDatabase") ?? { provider: "sqlite" };
const postgres = run.provider === "postgresql" ? run.postgres! : undefined;
const dir = mkdtempSync(path.join(os.tmpdir(), "print-connect-start-"));

const migrationsDir = postgres
  ? path.join(root, "prisma", "postgresql", "migrations")
  : path.join(root, "prisma", "migrations");
const shippedMigrations = readdirSync(migrationsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

function newPostgresDatabase(template?: string): string {
  const name = assertDatabaseName(`${postgres!.runPrefix}_${randomBytes(4).toString("hex")}`);
  runAdminSqlSync(postgres!.serverUrl, [
    `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`,
  ]);
  return databaseUrl(postgres!.serverUrl, name);
}

/** A database nothing was ever done to: a SQLite path in a folder that does not exist yet. */
function neverSetUp(): string {
  if (postgres) return newPostgresDatabase();
  return `file:${path.join(dir, randomBytes(4).toString("hex"), "data", "print-connect.sqlite")}`;
}

/** A migrated database whose newest migration was never applied. */
async function behindByOneMigration(): Promise<{ url: string; missing: string }> {
  let url: string;
  if (postgres) {
    url = newPostgresDatabase(postgres.template);
  } else {
    const file = path.join(dir, `${randomBytes(4).toString("hex")}.sqlite`);
    copyFileSync(templateDbPath(), file);
    url = `file:${file}`;
  }
  const missing = shippedMigrations.at(-1)!;
  await rawSql(url, `DELETE FROM "_prisma_migrations" WHERE migration_name = '${missing}'`);
  return { url, missing };
}

function shopifyModeEnv(databaseUrl: string, port: number): Record<string, string> {
  return {
    NODE_ENV: "production",
    SHOPIFY_API_KEY: TEST_API_KEY,
    SHOPIFY_API_SECRET: TEST_API_SECRET,
    SHOPIFY_APP_URL: `http://127.0.0.1:${port}`,
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
  };
}

const lines = (text: string) => text.split("\n").filter((line) => line.trim() !== "");

// Each test starts the server as a process of its own: seconds, not milliseconds.
const START = { timeout: 120_000 };
afterEach(stopServerProcesses);

describe("npm start in Shopify mode on a database that is not ready", () => {
  it(
    "stops with one line naming `npm run setup` when the database was never set up",
    START,
    async () => {
      const url = neverSetUp();
      const port = await freePort();
      const server = await startServerProcess(shopifyModeEnv(url, port));
      const { code } = await server.exited;

      expect(code).toBe(1);
      expect(lines(server.stderr())).toEqual([
        expect.stringMatching(
          /^Print Connect could not start: The database \((SQLite|PostgreSQL), .+\) has not been set up: run `npm run setup`/,
        ),
      ]);
      expect(server.stdout()).not.toMatch(/listening|no such table|does not exist/);
      // Nothing was created on the way.
      if (postgres) {
        expect(
          await rawSql(
            url,
            "SELECT 1 FROM information_schema.tables WHERE table_schema = 'public'",
          ),
        ).toEqual([]);
      } else {
        expect(existsSync(url.slice("file:".length))).toBe(false);
      }
    },
  );

  it(
    "stops with the same advice, naming the missing migration, when the database is behind",
    START,
    async () => {
      const { url, missing } = await behindByOneMigration();
      const port = await freePort();
      const server = await startServerProcess(shopifyModeEnv(url, port));
      const { code } = await server.exited;

      expect(code).toBe(1);
      expect(lines(server.stderr())).toEqual([
        expect.stringMatching(/is behind this version of the app .*: run `npm run setup`/),
      ]);
      expect(server.stderr()).toContain(missing);
      expect(server.stdout()).not.toContain("listening");
    },
  );
});

describe("npm start in sandbox mode on a database that was never set up", () => {
  it("applies the migrations itself, then serves", START, async () => {
    const url = neverSetUp();
    const port = await freePort();
    const server = await startServerProcess({
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: "127.0.0.1",
      PRINT_SANDBOX_URL: "http://127.0.0.1:0",
      SANDBOX_SHOPIFY_PORT: "0",
      WORKER: "off",
      LOG_LEVEL: "info",
    });
    try {
      // Sandbox mode seeds the demo shop at start, which needs every table.
      await waitForOutput(server, "sandbox mode started");
      // Answered after that line was written, so the start has finished (and SIGTERM is handled).
      const health = await waitUntilAnswering(server, `http://127.0.0.1:${port}/healthz`);
      expect(await health.json()).toMatchObject({ status: "ok", database: "ok" });
      const applied = await rawSql(
        url,
        'SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL ORDER BY migration_name',
      );
      expect(applied.map((r) => r.migration_name)).toEqual(shippedMigrations);
      expect(server.stdout()).toContain("sandbox mode: database set up");
    } finally {
      expect((await server.stop()).code).toBe(0);
    }
    expect(server.stderr()).not.toMatch(/^\s+at /m);
  });
});
