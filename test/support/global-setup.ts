import { existsSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { prismaSync } from "../../scripts/prisma-cli.mjs";
import {
  assertDatabaseName,
  databaseUrl,
  newRunPrefix,
  selectedTestDatabases,
  TEST_DATABASE_PREFIX,
  templateDbPath,
  type TestDatabaseRun,
} from "./template-db";

// Migrate one empty SQLite file with the real CLI; every test file copies it.
// `npm test` runs the SQLite and PostgreSQL passes at once and both make it when it is
// missing: each migrates a file of its own, then renames it into place (atomic, and
// either copy will do), so neither can see or delete the other's half-made file.
function sqliteTemplate() {
  const file = templateDbPath();
  if (existsSync(file)) return;
  const partial = `${file}.${process.pid}.partial`;
  rmSync(partial, { force: true });
  try {
    prismaSync(["migrate", "deploy"], {
      env: { ...process.env, DATABASE_URL: `file:${partial}` },
    });
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
}

/** Databases of earlier runs that died without teardown, left for more than 6 hours. */
const STALE_SECONDS = 6 * 3600;

async function dropDatabases(admin: pg.Client, names: string[]) {
  for (const name of names) {
    await admin.query(`DROP DATABASE IF EXISTS "${assertDatabaseName(name)}" WITH (FORCE)`);
  }
}

async function listDatabases(admin: pg.Client, prefix: string): Promise<string[]> {
  const { rows } = await admin.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE starts_with(datname, $1)",
    [prefix],
  );
  return rows.map((r) => r.datname);
}

async function postgresTemplate(serverUrl: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `The PostgreSQL tests need a server, and none answers at ${redact(serverUrl)}: ${(error as Error).message}`,
    );
  }
  const now = Math.floor(Date.now() / 1000);
  const stale = (await listDatabases(admin, TEST_DATABASE_PREFIX)).filter((name) => {
    const started = Number(name.slice(TEST_DATABASE_PREFIX.length).split("_")[0]);
    return Number.isFinite(started) && now - started > STALE_SECONDS;
  });
  await dropDatabases(admin, stale);

  const runPrefix = newRunPrefix();
  const template = `${runPrefix}_template`;
  await admin.query(`CREATE DATABASE "${assertDatabaseName(template)}"`);
  await admin.end();
  prismaSync(
    ["migrate", "deploy", "--config", path.join("prisma", "postgresql", "prisma.config.ts")],
    { env: { ...process.env, DATABASE_URL: databaseUrl(serverUrl, template) } },
  );

  return {
    run: { serverUrl, template, runPrefix },
    async teardown() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await dropDatabases(client, await listDatabases(client, runPrefix));
      await client.end();
    },
  };
}

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = "***";
  return u.toString();
}

/** Runs once per project: the project's name is its database (vitest.config.ts). */
export default async function setup(project: TestProject) {
  // The SQLite template also serves PostgreSQL runs: some tests look at a file on purpose.
  sqliteTemplate();
  if (project.name !== "postgresql") {
    project.provide("testDatabase", { provider: "sqlite" } satisfies TestDatabaseRun);
    return;
  }
  const postgres = await postgresTemplate(selectedTestDatabases().serverUrl);
  project.provide("testDatabase", {
    provider: "postgresql",
    postgres: postgres.run,
  } satisfies TestDatabaseRun);
  return postgres.teardown;
}
