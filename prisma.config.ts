import { defineConfig } from "prisma/config";
import { PrismaLibSQL } from "@prisma/adapter-libsql";

// The Prisma CLI runs offline with the bundled WASM schema engine and the
// libSQL driver adapter: no engine binary is downloaded.
const url = process.env.DATABASE_URL ?? "file:./data/print-connect.sqlite";
process.env.DATABASE_URL = url;

export default defineConfig({
  schema: "prisma/schema.prisma",
  engine: "js",
  experimental: { adapter: true },
  adapter: async () => new PrismaLibSQL({ url }),
});
