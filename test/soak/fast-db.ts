/**
 * Import right after "../support/app-env", before any app module:
 *
 * - moves this test file's SQLite database to tmpfs (/dev/shm) when there is
 *   one. The soak tests are about ordering, duplicates and crashes, not about
 *   the disk's fsync latency, which otherwise dominates their run time;
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { testDbFile } from "../support/app-env";

export let soakDbFile = testDbFile;
const sqlite = process.env.DATABASE_URL?.startsWith("file:") ?? false;
if (sqlite && existsSync("/dev/shm") && !process.env.SOAK_DISK_DB) {
  const dir = mkdtempSync(path.join("/dev/shm", "print-connect-soak-"));
  soakDbFile = path.join(dir, "app.sqlite");
  copyFileSync(testDbFile, soakDbFile);
  process.env.DATABASE_URL = `file:${soakDbFile}`;
}

/** Deletes the tmpfs copy (call after the last database use). */
export function removeSoakDb(): void {
  if (soakDbFile !== testDbFile) rmSync(path.dirname(soakDbFile), { recursive: true, force: true });
}
