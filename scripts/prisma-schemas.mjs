// prisma/schema.prisma (SQLite) is the one source of truth for the data model.
// Prisma cannot put two providers in one schema, so this writes the PostgreSQL
// copy, prisma/postgresql/schema.prisma, from it: same models, provider
// "postgresql", and a client generated into node_modules/.prisma/client-pg
// (app/db.server.ts loads it when DATABASE_URL is postgresql://).
//
//   node scripts/prisma-schemas.mjs             write prisma/postgresql/schema.prisma
//   node scripts/prisma-schemas.mjs --check     exit 1 if the committed copy differs
//   node scripts/prisma-schemas.mjs --generate  write it, then `prisma generate` both clients
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { prismaSync } from "./prisma-cli.mjs";

const root = path.resolve(import.meta.dirname, "..");
export const SQLITE_SCHEMA = path.join(root, "prisma", "schema.prisma");
export const POSTGRESQL_DIR = path.join(root, "prisma", "postgresql");
export const POSTGRESQL_SCHEMA = path.join(POSTGRESQL_DIR, "schema.prisma");
export const POSTGRESQL_CONFIG = path.join(POSTGRESQL_DIR, "prisma.config.ts");
/** Relative to prisma/postgresql/, where Prisma resolves a generator's output. */
const PG_CLIENT_OUTPUT = "../../node_modules/.prisma/client-pg";
export const PG_CLIENT_DIR = path.join(root, "node_modules", ".prisma", "client-pg");

const HEADER = [
  "// GENERATED from prisma/schema.prisma by scripts/prisma-schemas.mjs. Do not edit:",
  "// change prisma/schema.prisma, run `node scripts/prisma-schemas.mjs`, then add a",
  "// PostgreSQL migration under prisma/postgresql/migrations (see docs/operations.md).",
  "",
].join("\n");

function replaceOnce(text, pattern, replacement, what) {
  const matches = text.match(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`));
  if (!matches || matches.length !== 1) {
    throw new Error(`prisma-schemas: expected exactly one ${what} in prisma/schema.prisma`);
  }
  return text.replace(pattern, replacement);
}

/** The PostgreSQL schema for a given SQLite schema text. Pure. */
export function postgresqlSchemaFrom(sqlite) {
  let text = sqlite.replace(/\r\n/g, "\n");
  if (/generator\s+client\s*\{[^}]*\boutput\s*=/.test(text)) {
    throw new Error("prisma-schemas: prisma/schema.prisma's generator must not set an output");
  }
  text = replaceOnce(
    text,
    /(datasource\s+db\s*\{[^}]*?provider\s*=\s*)"sqlite"/,
    '$1"postgresql"',
    'datasource provider = "sqlite"',
  );
  text = replaceOnce(
    text,
    /(generator\s+client\s*\{[^}]*?provider\s*=\s*"prisma-client-js"[^\n]*\n)/,
    `$1  output     = "${PG_CLIENT_OUTPUT}"\n`,
    'generator client with provider = "prisma-client-js"',
  );
  return HEADER + text;
}

export function expectedPostgresqlSchema() {
  return postgresqlSchemaFrom(readFileSync(SQLITE_SCHEMA, "utf8"));
}

export function writePostgresqlSchema() {
  const expected = expectedPostgresqlSchema();
  mkdirSync(POSTGRESQL_DIR, { recursive: true });
  const current = existsSync(POSTGRESQL_SCHEMA) ? readFileSync(POSTGRESQL_SCHEMA, "utf8") : null;
  if (current !== expected) writeFileSync(POSTGRESQL_SCHEMA, expected);
  return current !== expected;
}

/** `prisma generate` for both clients: @prisma/client (SQLite) and .prisma/client-pg. */
export function generateClients() {
  // Generating connects to nothing, but a DATABASE_URL of the other provider
  // makes the CLI want a query engine binary (which it cannot download
  // offline): give each its own kind of URL.
  const run = (args, databaseUrl) =>
    prismaSync(args, {
      env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    });
  run(["generate"], "file:./data/print-connect.sqlite");
  run(
    ["generate", "--config", path.relative(root, POSTGRESQL_CONFIG)],
    "postgresql://postgres@127.0.0.1:5432/print_connect",
  );
  shareRuntime();
}

/**
 * A client generated to a custom output gets its own copy of Prisma's runtime,
 * and with it its own error classes: `error instanceof
 * Prisma.PrismaClientKnownRequestError` (imported from @prisma/client, as the
 * app does) would be false for the PostgreSQL client's errors. Point the
 * PostgreSQL client at @prisma/client's runtime (the same Prisma version) so
 * both clients share one runtime, as the default client does.
 */
function shareRuntime() {
  for (const name of readdirSync(PG_CLIENT_DIR)) {
    if (!/\.(c|m)?(js|ts)$/.test(name)) continue;
    const file = path.join(PG_CLIENT_DIR, name);
    const text = readFileSync(file, "utf8");
    const shared = text.replace(/(['"])\.\/runtime\//g, "$1@prisma/client/runtime/");
    if (shared !== text) writeFileSync(file, shared);
  }
  rmSync(path.join(PG_CLIENT_DIR, "runtime"), { recursive: true, force: true });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args.includes("--check")) {
    const current = existsSync(POSTGRESQL_SCHEMA) ? readFileSync(POSTGRESQL_SCHEMA, "utf8") : "";
    if (current !== expectedPostgresqlSchema()) {
      console.error(
        "prisma/postgresql/schema.prisma is out of date: run `node scripts/prisma-schemas.mjs`",
      );
      process.exit(1);
    }
  } else {
    if (writePostgresqlSchema())
      console.log("prisma-schemas: wrote prisma/postgresql/schema.prisma");
    if (args.includes("--generate")) generateClients();
  }
}
