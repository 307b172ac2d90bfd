/**
 * Import first in every benchmark: a migrated SQLite database of its own (in
 * the OS temp dir, so on disk as in production), test keys, no inline worker,
 * quiet logs. BENCH_DB_DIR=/dev/shm puts the database on tmpfs instead.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const BENCH_API_KEY = "bench-api-key";
export const BENCH_API_SECRET = "bench-api-secret";
export const BENCH_APP_URL = "https://print-connect.bench";

const root = path.resolve(import.meta.dirname, "..");
export const benchDir = mkdtempSync(
  path.join(process.env.BENCH_DB_DIR ?? os.tmpdir(), "print-connect-bench-"),
);
export const benchDbFile = path.join(benchDir, "app.sqlite");
execFileSync(path.join(root, "node_modules", ".bin", "prisma"), ["migrate", "deploy"], {
  cwd: root,
  env: { ...process.env, DATABASE_URL: `file:${benchDbFile}` },
  stdio: ["ignore", "ignore", "inherit"],
});

Object.assign(process.env, {
  NODE_ENV: "production",
  SHOPIFY_API_KEY: BENCH_API_KEY,
  SHOPIFY_API_SECRET: BENCH_API_SECRET,
  SHOPIFY_APP_URL: BENCH_APP_URL,
  DATABASE_URL: `file:${benchDbFile}`,
  ENCRYPTION_KEY: "1e".repeat(32),
  WORKER: "off",
  // The print sandbox the benchmarks store as the shop's URL listens on loopback.
  PRINT_ALLOWED_PRIVATE_HOSTS: "127.0.0.1",
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "silent",
});
