// Prepares a checkout to run: a local .env with a fresh encryption key (only
// if there is none), the Prisma clients (SQLite and PostgreSQL), and the
// database DATABASE_URL names migrated to the latest schema: a SQLite file by
// default, or PostgreSQL (postgresql://...) with prisma/postgresql/migrations.
// Safe to run again.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { prismaSync } from "./prisma-cli.mjs";
import { generateClients, POSTGRESQL_CONFIG, writePostgresqlSchema } from "./prisma-schemas.mjs";

const root = path.resolve(import.meta.dirname, "..");
const envFile = path.join(root, ".env");

if (!existsSync(envFile) && !process.env.ENCRYPTION_KEY) {
  writeFileSync(
    envFile,
    [
      "# Created by `npm run setup` for this machine. See .env.example for every setting.",
      `ENCRYPTION_KEY=${randomBytes(32).toString("hex")}`,
      "",
    ].join("\n"),
    { mode: 0o600 },
  );
  console.log("setup: wrote .env with a new ENCRYPTION_KEY");
}
if (existsSync(envFile)) process.loadEnvFile(envFile);

const databaseUrl = process.env.DATABASE_URL ?? "file:./data/print-connect.sqlite";
if (databaseUrl.startsWith("file:")) {
  mkdirSync(path.dirname(path.resolve(root, databaseUrl.slice("file:".length))), {
    recursive: true,
  });
}

// Both Prisma clients (SQLite and PostgreSQL, from the one schema), then the
// migrations of whichever database DATABASE_URL names.
writePostgresqlSchema();
generateClients();
const postgresql = /^postgres(ql)?:\/\//.test(databaseUrl);
prismaSync(
  [
    "migrate",
    "deploy",
    ...(postgresql ? ["--config", path.relative(root, POSTGRESQL_CONFIG)] : []),
  ],
  { env: { ...process.env, DATABASE_URL: databaseUrl } },
);
console.log(
  `setup: ${postgresql ? "PostgreSQL" : "SQLite"} database ready (${databaseUrl.split("?")[0].replace(/\/\/[^@/]*@/, "//")})`,
);
