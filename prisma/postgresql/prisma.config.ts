import path from "node:path";
import { defineConfig } from "prisma/config";
import { migrateAdapter } from "./migrate-adapter";

// The Prisma CLI for PostgreSQL (DATABASE_URL=postgresql://...): the schema is
// generated from prisma/schema.prisma by scripts/prisma-schemas.mjs, the
// migrations are this directory's own. Offline: the bundled WASM schema engine
// and the pg driver adapter, no engine binary.
//   npx prisma migrate deploy --config prisma/postgresql/prisma.config.ts
const url = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/print_connect";
process.env.DATABASE_URL = url;

export default defineConfig({
  schema: path.join(import.meta.dirname, "schema.prisma"),
  migrations: { path: path.join(import.meta.dirname, "migrations") },
  engine: "js",
  experimental: { adapter: true },
  adapter: async () => migrateAdapter(url),
});
