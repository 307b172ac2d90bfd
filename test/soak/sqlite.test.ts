import "../support/app-env";
import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PrismaClient } from "@prisma/client";
import { afterAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "~/db.server";
import { testDbFile } from "../support/app-env";

// Several processes (web, `npm run worker`) share one SQLite file, and a
// long-running process makes many transactions. These tests hold the app's
// client (app/db/sqlite-client.server.ts) to that.
const sqlite = process.env.DATABASE_URL?.startsWith("file:") ?? false;
const dir = mkdtempSync(path.join(os.tmpdir(), "print-connect-sqlite-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function freshDb(): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.sqlite`);
  copyFileSync(testDbFile, file);
  return file;
}

const openFiles = () => readdirSync("/proc/self/fd").length;

async function transactions(db: PrismaClient, n: number, prefix: string) {
  for (let i = 0; i < n; i++) {
    await db.$transaction(async (tx) => {
      await tx.webhookReceipt.create({
        data: { shop: "s.myshopify.com", webhookId: `${prefix}-${i}`, topic: "t" },
      });
    });
  }
}

/** Another process takes the write lock and holds it for `ms`. */
async function holdWriteLock(file: string, ms: number): Promise<() => Promise<void>> {
  const child = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `import { createClient } from "@libsql/client";
       const c = createClient({ url: "file:${file}" });
       const tx = await c.transaction("write");
       await tx.execute("INSERT INTO WebhookReceipt (shop, webhookId, topic, receivedAt) VALUES ('other', 'lock-' || random(), 't', 0)");
       process.stdout.write("locked\\n");
       setTimeout(async () => { await tx.commit(); process.exit(0); }, ${ms});`,
    ],
    { cwd: path.resolve(import.meta.dirname, "../.."), stdio: ["ignore", "pipe", "inherit"] },
  );
  // Listened for from the start: the holder may be gone before the caller asks.
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (d: Buffer) => d.toString().includes("locked") && resolve());
    child.once("exit", (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
  return () => exited;
}

/** The longest the thread went without running a timer due every 5 ms while `run` ran. */
async function longestStall(run: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    await run();
  } finally {
    clearInterval(tick);
  }
  return Math.max(longest, performance.now() - last);
}

/** Runs `run` while another process holds the file's write lock (for 400 ms). */
async function whileLocked<T>(db: PrismaClient, file: string, run: () => Promise<T>) {
  await db.webhookReceipt.count(); // connected before the other process locks
  const done = await holdWriteLock(file, 400);
  try {
    return await run();
  } finally {
    await done();
  }
}

async function writeWhileLocked(db: PrismaClient, file: string, write = transactions) {
  try {
    const stall = await whileLocked(db, file, () =>
      longestStall(() => write(db, 1, "while-locked")),
    );
    return { outcome: "ok", stall };
  } catch (error) {
    const outcome =
      error instanceof Error ? (error.message.split("\n").filter(Boolean).pop() ?? "") : "";
    return { outcome, stall: 0 };
  }
}

/** Writes outside a transaction, as the doors' one INSERT is sent. */
async function plainWrites(db: PrismaClient, n: number, prefix: string) {
  for (let i = 0; i < n; i++) {
    await db.$executeRawUnsafe(
      `INSERT INTO WebhookReceipt (shop, webhookId, topic, receivedAt) VALUES ('s', '${prefix}-${i}', 't', 0)`,
    );
  }
}

describe.runIf(sqlite && process.platform === "linux")("SQLite shared by processes", () => {
  // @libsql/client 0.8 on its own gives every transaction a connection and
  // never closes it; the app's client runs transactions on its one connection.
  it("the app's client does not open a file per transaction", async () => {
    const db = createPrismaClient(`file:${freshDb()}`);
    await transactions(db, 5, "warm");
    const before = openFiles();
    await transactions(db, 300, "app");
    expect(openFiles() - before).toBeLessThan(10);
    await db.$disconnect();
  });

  // A lock held by another process would fail the statement at once (Prisma: P1008 "Operation
  // has timed out"); the app's client waits for it, in a transaction or not, and the wait (400 ms
  // here) leaves the thread free: SQLite's own busy handler slept on it, and a web process
  // answered nothing while a worker committed.
  it("the app's client waits for another process's write lock, its thread free meanwhile", async () => {
    const file = freshDb();
    const db = createPrismaClient(`file:${file}`);
    for (const write of [transactions, plainWrites]) {
      const { outcome, stall } = await writeWhileLocked(db, file, write);
      expect(outcome).toBe("ok");
      expect(stall).toBeLessThan(150);
    }
    await db.$disconnect();
  });

  // In WAL a reader never waits for the writer; the app's client keeps it so for the reads it
  // sends outside a transaction, a WITH ... SELECT (the Profit report's shape) included.
  it("the app's client reads beside another process's write lock without waiting for it", async () => {
    const file = freshDb();
    const db = createPrismaClient(`file:${file}`);
    const readMs = await whileLocked(db, file, async () => {
      const started = performance.now();
      await db.webhookReceipt.count();
      await db.$queryRawUnsafe(
        `WITH r AS (SELECT shop FROM WebhookReceipt) SELECT count(*) AS n FROM r`,
      );
      return performance.now() - started;
    });
    expect(readMs).toBeLessThan(200);
    await db.$disconnect();
  });
});
