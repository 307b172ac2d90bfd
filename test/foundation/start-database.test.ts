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
import net from "node:net";
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

/**
 * A TCP relay to the database server on a port of its own: closed (connections refused, as a
 * database that is down or restarting answers) until open() is called.
 */
function relayTo(serverUrl: string, port: number) {
  const target = new URL(serverUrl.replace(/^postgres(ql)?:/, "http:"));
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", close);
    upstream.on("error", close);
  });
  return {
    open: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("npm start while the database cannot be reached", () => {
  it.skipIf(!postgres)(
    "waits for it, saying so in one line a try and on /healthz, then serves",
    START,
    async () => {
      const url = newPostgresDatabase(postgres!.template);
      const relayPort = await freePort();
      const relayed = new URL(url);
      relayed.host = `127.0.0.1:${relayPort}`;
      const relay = relayTo(url, relayPort);
      const port = await freePort();
      const server = await startServerProcess({
        ...shopifyModeEnv(relayed.toString(), port),
        DATABASE_START_WAIT_SECONDS: "120",
        WORKER: "off",
      });
      try {
        await waitForOutput(server, "waiting for the database (try 2)");
        // Still up, and saying why it does not serve yet.
        const waiting = await fetch(`http://127.0.0.1:${port}/healthz`);
        expect(waiting.status).toBe(503);
        expect(await waiting.json()).toMatchObject({
          status: "starting",
          database: "waiting for the database",
          reason: expect.stringMatching(/\S/),
        });
        await relay.open();
        await waitForOutput(server, "listening on");
        const health = await waitUntilAnswering(server, `http://127.0.0.1:${port}/healthz`);
        expect(await health.json()).toMatchObject({ status: "ok", database: "ok" });
        // One line a try, each with the reason: never an empty one.
        const tries = lines(server.stdout()).filter((l) => l.includes("waiting for the database"));
        expect(tries.length).toBeGreaterThanOrEqual(2);
        for (const line of tries) {
          expect(line).not.toMatch(/: ;|\(\)|invocation:;/);
          expect(line).toMatch(/ECONNREFUSED|refused|reach/i);
        }
      } finally {
        expect((await server.stop()).code).toBe(0);
        await relay.close();
      }
      expect(server.stderr()).not.toMatch(/could not start|^\s+at /m);
    },
  );
});
