/**
 * Where each test file's database comes from.
 *
 * Each database is a vitest project (vitest.config.ts, selectedTestDatabases below).
 * SQLite (the default): global setup migrates one file with the real CLI, each
 * test file copies it. PostgreSQL (`TEST_DATABASE=postgresql`, or a
 * `TEST_DATABASE_URL` naming a server): global setup creates a database for the
 * run and migrates it once as a template; each test file gets its own database
 * created `TEMPLATE` from it (a file copy inside the server); teardown drops
 * them all.
 */
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** Where global setup leaves a database migrated by `prisma migrate deploy`. */
export function templateDbPath(): string {
  const dir = path.join(root, "prisma", "migrations");
  const hash = createHash("sha256");
  for (const name of readdirSync(dir).sort()) {
    hash.update(name);
    try {
      hash.update(readFileSync(path.join(dir, name, "migration.sql")));
    } catch {
      // migration_lock.toml and other plain files
    }
  }
  return path.join(os.tmpdir(), `print-connect-template-${hash.digest("hex").slice(0, 12)}.sqlite`);
}

// PostgreSQL -----------------------------------------------------------------------------------

export const DEFAULT_TEST_POSTGRES_URL = "postgresql://postgres@127.0.0.1:5432/postgres";
/** Every database a test run creates starts with this, then `<unix seconds>_<random>`. */
export const TEST_DATABASE_PREFIX = "print_connect_test_";

export type TestDatabaseProvider = "sqlite" | "postgresql";

/** What global setup hands each test file (vitest `provide`/`inject`). */
export interface TestDatabaseRun {
  provider: TestDatabaseProvider;
  /** PostgreSQL: the migrated template and the name every database of this run starts with. */
  postgres?: { serverUrl: string; template: string; runPrefix: string };
}

declare module "vitest" {
  interface ProvidedContext {
    testDatabase: TestDatabaseRun;
  }
}

/**
 * The databases the suite runs on, each a vitest project of that name (vitest.config.ts):
 * `TEST_DATABASE=sqlite`, `postgresql` or `sqlite,postgresql` (what `npm test` sets); without
 * it, PostgreSQL when `TEST_DATABASE_URL` names a server, else SQLite. The server is
 * `TEST_DATABASE_URL`, or a local one.
 */
export function selectedTestDatabases(env: Record<string, string | undefined> = process.env): {
  providers: TestDatabaseProvider[];
  serverUrl: string;
} {
  const url = env.TEST_DATABASE_URL?.trim();
  const wanted = (env.TEST_DATABASE ?? "")
    .split(",")
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean)
    .map((w) => (w === "postgres" ? "postgresql" : w));
  for (const w of wanted) {
    if (w !== "sqlite" && w !== "postgresql") {
      throw new Error(
        `TEST_DATABASE must be sqlite, postgresql or both (comma-separated), not "${w}"`,
      );
    }
  }
  const providers: TestDatabaseProvider[] =
    wanted.length > 0
      ? (["sqlite", "postgresql"] as const).filter((p) => wanted.includes(p))
      : url
        ? ["postgresql"]
        : ["sqlite"];
  return { providers, serverUrl: url || DEFAULT_TEST_POSTGRES_URL };
}

/** The URL of another database on the same server. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export function newRunPrefix(now = new Date()): string {
  return `${TEST_DATABASE_PREFIX}${Math.floor(now.getTime() / 1000)}_${randomBytes(4).toString("hex")}`;
}

/** A database name is safe to put in double quotes without escaping. */
export function assertDatabaseName(name: string): string {
  if (!/^[a-z0-9_]{1,63}$/.test(name)) throw new Error(`Unexpected database name: ${name}`);
  return name;
}

/**
 * Runs SQL statements on the server's maintenance database, synchronously (in a
 * child Node process): a test file must have its database before any app module
 * reads DATABASE_URL, and module imports cannot wait on a promise reliably.
 * Retries while the template is briefly in use (PostgreSQL refuses to copy a
 * database that has other sessions).
 */
export function runAdminSqlSync(serverUrl: string, statements: string[]): void {
  const script = `
    const pg = require("pg");
    const [url, json] = process.argv.slice(1);
    (async () => {
      for (let attempt = 0; ; attempt++) {
        const client = new pg.Client({ connectionString: url });
        try {
          await client.connect();
          for (const sql of JSON.parse(json)) await client.query(sql);
          await client.end();
          return;
        } catch (error) {
          await client.end().catch(() => {});
          if (attempt < 50 && /being accessed by other users/.test(String(error.message))) {
            await new Promise((r) => setTimeout(r, 100));
            continue;
          }
          console.error(String(error.message));
          process.exit(1);
        }
      }
    })();
  `;
  execFileSync(process.execPath, ["-e", script, serverUrl, JSON.stringify(statements)], {
    cwd: root,
    stdio: ["ignore", "ignore", "pipe"],
  });
}
