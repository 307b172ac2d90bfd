/**
 * Whether the database DATABASE_URL names has every migration this version of
 * the app ships with, checked once when a server or worker process starts.
 *
 * Without it, a database that was never set up (or is behind the code) gives a
 * server that listens and fails every request and every worker round with
 * Prisma's "no such table". Shopify mode refuses to start with one line naming
 * `npm run setup`; sandbox mode, a local try-out, applies the migrations itself
 * (what `npm run setup` would do) and goes on.
 *
 * The check reads `_prisma_migrations` (one small query) and compares it with
 * the migration folders of the provider: prisma/migrations for SQLite,
 * prisma/postgresql/migrations for PostgreSQL.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { PrismaClient } from "@prisma/client";
import { schemaOfDatabaseUrl } from "../services/sql-table";
import { databaseProvider, describeDatabase, sqliteFilePath } from "../db.server";

const SETUP_ADVICE = "run `npm run setup` (it applies the migrations), then start again";

/** Stops the process with its message alone: no stack, the message says what to do. */
export class DatabaseNotReadyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DatabaseNotReadyError";
  }
}

/** The checkout the app runs from: the first folder up from here with prisma/schema.prisma. */
export function projectRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "prisma", "schema.prisma"))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

/** The migrations this code expects, by folder name; undefined when the folder is not deployed. */
export function shippedMigrations(databaseUrl: string, root = projectRoot()): string[] | undefined {
  const dir =
    databaseProvider(databaseUrl) === "postgresql"
      ? path.join(root, "prisma", "postgresql", "migrations")
      : path.join(root, "prisma", "migrations");
  if (!existsSync(dir)) return undefined;
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort();
}

interface AppliedMigrations {
  /** False when `_prisma_migrations` does not exist: the database was never migrated. */
  migrated: boolean;
  applied: Set<string>;
  /** Started but neither finished nor rolled back: Prisma refuses to go on from here. */
  failed: string[];
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function appliedMigrations(
  db: PrismaClient,
  databaseUrl: string,
): Promise<AppliedMigrations> {
  let table: string;
  if (databaseProvider(databaseUrl) === "postgresql") {
    // The app's client qualifies its tables with ?schema=, not with search_path: so must this.
    const schema = schemaOfDatabaseUrl(databaseUrl);
    table = `${schema ? `${quoteIdentifier(schema)}.` : ""}"_prisma_migrations"`;
    const [row] = await db.$queryRawUnsafe<{ present: boolean }[]>(
      "SELECT to_regclass($1) IS NOT NULL AS present",
      table,
    );
    if (!row?.present) return { migrated: false, applied: new Set(), failed: [] };
  } else {
    table = '"_prisma_migrations"';
    const [row] = await db.$queryRawUnsafe<{ n: number | bigint }[]>(
      "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'",
    );
    if (!Number(row?.n)) return { migrated: false, applied: new Set(), failed: [] };
  }
  const rows = await db.$queryRawUnsafe<
    { migration_name: string; finished: unknown; rolled_back: unknown }[]
  >(
    `SELECT migration_name, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back FROM ${table}`,
  );
  const yes = (v: unknown) => v === true || Number(v) === 1;
  return {
    migrated: true,
    applied: new Set(rows.filter((r) => yes(r.finished)).map((r) => r.migration_name)),
    failed: rows
      .filter((r) => !yes(r.finished) && !yes(r.rolled_back))
      .map((r) => r.migration_name)
      .sort(),
  };
}

/**
 * Why a database could not be read, in one line: the first line of the error that says
 * something (Prisma's messages start with an empty line and a heading), else its code or name.
 */
export function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const lines = text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  // Prisma heads its message with "Invalid `prisma.…()` invocation:"; the cause comes after.
  const line = lines.find((l) => !/^Invalid `[^`]+` invocation:?$/.test(l)) ?? lines[0];
  if (line) return line.slice(0, 300);
  const code = (error as { code?: unknown; errorCode?: unknown } | null)?.code;
  const name = error instanceof Error ? error.name : "";
  return String(code ?? name) || "no reason given";
}

export type DatabaseProblem =
  | { kind: "unreachable"; message: string }
  | { kind: "not_set_up" }
  | { kind: "behind"; pending: string[] }
  | { kind: "failed_migration"; failed: string[] };

/**
 * What keeps the app from using this database, or null when nothing does. A
 * database ahead of the code (migrations this version does not know) is fine:
 * during a rolling deploy the old version runs against the new schema.
 */
export async function databaseProblem(
  db: PrismaClient,
  databaseUrl: string,
  root = projectRoot(),
): Promise<DatabaseProblem | null> {
  // Opening a missing SQLite file would create an empty one: say what it is instead.
  const file = sqliteFilePath(databaseUrl);
  if (file && !existsSync(file)) return { kind: "not_set_up" };
  let state: AppliedMigrations;
  try {
    state = await appliedMigrations(db, databaseUrl);
  } catch (error) {
    return { kind: "unreachable", message: reasonOf(error) };
  }
  if (state.failed.length > 0) return { kind: "failed_migration", failed: state.failed };
  if (!state.migrated || state.applied.size === 0) return { kind: "not_set_up" };
  const pending = (shippedMigrations(databaseUrl, root) ?? []).filter(
    (name) => !state.applied.has(name),
  );
  return pending.length > 0 ? { kind: "behind", pending } : null;
}

/** The one line a process stops with. */
export function describeProblem(problem: DatabaseProblem, databaseUrl: string): string {
  const where = `The database (${describeDatabase(databaseUrl)})`;
  switch (problem.kind) {
    case "unreachable":
      return `${where} cannot be read (${problem.message}): check DATABASE_URL, then ${SETUP_ADVICE}.`;
    case "not_set_up":
      return `${where} has not been set up: ${SETUP_ADVICE}.`;
    case "behind":
      return `${where} is behind this version of the app (${problem.pending.length} migration(s) not applied: ${problem.pending.join(", ")}): ${SETUP_ADVICE}.`;
    case "failed_migration":
      // Also what a migration still running elsewhere looks like, hence the "unless".
      return `${where} has a migration that did not finish (${problem.failed.join(", ")}): unless \`npm run setup\` is running elsewhere, repair it and mark it with \`npx prisma migrate resolve\`, then run \`npm run setup\`.`;
  }
}

/** `prisma migrate deploy` for this database, exactly as `npm run setup` runs it. */
async function applyMigrations(databaseUrl: string, root: string): Promise<void> {
  const prismaCli = path.join(root, "node_modules", ".bin", "prisma");
  const postgresql = databaseProvider(databaseUrl) === "postgresql";
  try {
    await promisify(execFile)(
      prismaCli,
      [
        "migrate",
        "deploy",
        ...(postgresql ? ["--config", path.join("prisma", "postgresql", "prisma.config.ts")] : []),
      ],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
      },
    );
  } catch (error) {
    const output = String((error as { stderr?: unknown }).stderr ?? "").trim();
    const last = output.split("\n").filter(Boolean).at(-1) ?? (error as Error).message;
    throw new DatabaseNotReadyError(
      `Sandbox mode could not set up the database (${describeDatabase(databaseUrl)}): ${last.slice(0, 300)}. Run \`npm run setup\` to see why.`,
    );
  }
}

export interface EnsureDatabaseReadyOptions {
  db: PrismaClient;
  databaseUrl: string;
  /** Sandbox mode sets the database up itself; Shopify mode refuses to start. */
  applyMigrations: boolean;
  root?: string;
  /** Told when migrations were applied. */
  onMigrated?: (applied: string[]) => void;
  /**
   * How long to wait for a database that cannot be reached (restarting, a failover) before
   * stopping; 0 stops at once. Only "cannot be reached" is waited for: a database that answers
   * and is not set up says so at once.
   */
  waitMs?: number;
  /** Told before each wait: the reason, the try, and how long until the next. */
  onWaiting?: (wait: {
    reason: string;
    attempt: number;
    nextInMs: number;
    waitedMs: number;
  }) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** Waits between tries: 1 s, 2 s, 4 s, 8 s, then every 10 s. */
export function waitBeforeTry(attempt: number): number {
  return Math.min(10_000, 1_000 * 2 ** Math.max(0, attempt - 1));
}

/** The database's problem once it can be reached, or "unreachable" once the wait is over. */
async function problemOnceReachable(
  options: EnsureDatabaseReadyOptions,
  root: string,
): Promise<DatabaseProblem | null> {
  const { db, databaseUrl } = options;
  const waitMs = options.waitMs ?? 0;
  const sleep = options.sleep ?? ((ms) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = options.now ?? Date.now;
  const started = now();
  for (let attempt = 1; ; attempt++) {
    const problem = await databaseProblem(db, databaseUrl, root);
    if (problem?.kind !== "unreachable") return problem;
    const waitedMs = now() - started;
    const nextInMs = Math.min(waitBeforeTry(attempt), waitMs - waitedMs);
    if (nextInMs <= 0) return problem;
    options.onWaiting?.({ reason: problem.message, attempt, nextInMs, waitedMs });
    await sleep(nextInMs);
  }
}

/** Resolves when the database is usable; otherwise sets it up (sandbox) or throws DatabaseNotReadyError. */
export async function ensureDatabaseReady(options: EnsureDatabaseReadyOptions): Promise<void> {
  const { db, databaseUrl } = options;
  const root = options.root ?? projectRoot();
  if (options.applyMigrations) {
    // A fresh checkout has no data/ folder yet, and SQLite cannot create a file in a missing folder.
    const file = sqliteFilePath(databaseUrl);
    if (file) mkdirSync(path.dirname(file), { recursive: true });
  }
  const problem = await problemOnceReachable(options, root);
  if (!problem) return;
  // Only what `prisma migrate deploy` can fix is fixed; the rest is the operator's to look at.
  if (!options.applyMigrations || (problem.kind !== "not_set_up" && problem.kind !== "behind")) {
    throw new DatabaseNotReadyError(describeProblem(problem, databaseUrl));
  }
  await applyMigrations(databaseUrl, root);
  const after = await databaseProblem(db, databaseUrl, root);
  if (after) throw new DatabaseNotReadyError(describeProblem(after, databaseUrl));
  options.onMigrated?.(
    problem.kind === "behind" ? problem.pending : (shippedMigrations(databaseUrl, root) ?? []),
  );
}
