/**
 * Closing the app's PostgreSQL client (`$disconnect()`) while work is still
 * arriving. Prisma rolls back every transaction it knows of, then ends the
 * pool, and the pool waits for every connection it lent out. A transaction
 * that was still waiting for its connection when the close began is marked
 * rolled back by Prisma without a connection; when the connection comes and
 * its BEGIN has run, Prisma drops it without giving it back. The session
 * stays "idle in transaction" (last statement BEGIN) and the close waits for
 * it for good. That is how the PostgreSQL soak's shutdown stalled: status
 * callbacks the print sandbox had given up on were still being handled when
 * the test closed the client (see docs/decisions/0010-test-run.md).
 */
import { testDatabaseProvider, testDatabaseUrl } from "../support/app-env";
import type { PrismaClient } from "@prisma/client";
import { afterAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "~/db.server";
import { rawSql } from "../support/raw-sql";

const onPostgresql = testDatabaseProvider === "postgresql";

function urlWith(params: Record<string, string>): string {
  const url = new URL(testDatabaseUrl);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** The other sessions on this test file's database, as PostgreSQL sees them. */
async function sessions(): Promise<{ pid: number; state: string; query: string }[]> {
  const url = new URL(testDatabaseUrl);
  url.search = "";
  return (await rawSql(
    url.toString(),
    `SELECT pid, state, query FROM pg_stat_activity
     WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
  )) as { pid: number; state: string; query: string }[];
}

/** Polls until `probe` holds; fails with what it saw last after `ms`. */
async function until<T>(read: () => Promise<T>, probe: (value: T) => boolean, ms = 5_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (probe(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** How a promise ends within `ms`: "resolved", the message it was rejected with, or "pending". */
function within(promise: Promise<unknown>, ms: number): Promise<string> {
  return Promise.race([
    promise.then(
      () => "resolved",
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    ),
    new Promise<string>((resolve) => setTimeout(() => resolve("pending"), ms).unref()),
  ]);
}

const opened: PrismaClient[] = [];
afterAll(async () => {
  // A client whose close never ended is left to the database's teardown (DROP ... FORCE).
  await Promise.all(opened.map((db) => within(db.$disconnect(), 2_000)));
});

describe.skipIf(!onPostgresql)("closing the PostgreSQL client", () => {
  it("ends while a transaction's BEGIN lands after the close began, and leaves no session in a transaction", async () => {
    // GIVEN a client with one connection, which a transaction holds
    const db = createPrismaClient(urlWith({ connection_limit: "1" }));
    opened.push(db);
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const holding = db
      .$transaction(async (tx) => {
        await tx.$queryRaw`SELECT 1`;
        await held;
      })
      .catch(() => "rolled back");
    await until(sessions, (rows) => rows.some((r) => r.state === "idle in transaction"));
    // AND a second transaction waiting for that connection
    const waiting = db.$transaction((tx) => tx.$queryRaw`SELECT 2`).catch(() => "not run");
    await new Promise((resolve) => setTimeout(resolve, 200));

    // WHEN the client is closed: Prisma rolls the first transaction back, which hands its
    // connection to the second, whose BEGIN then runs while the close goes on
    const closed = await within(db.$disconnect(), 5_000);

    // THEN the close ends
    finish();
    expect(closed, `sessions: ${JSON.stringify(await sessions())}`).toBe("resolved");
    expect(await waiting).toBe("not run");
    expect(await holding).toBe("rolled back");
    // AND no session of the client is left, in a transaction or otherwise
    expect(await until(sessions, (rows) => rows.length === 0)).toEqual([]);
  }, 20_000);

  it("says what it still waits for when a statement does not end in time, and ends it", async () => {
    // GIVEN a client that gives its close half a second, and a statement that takes longer
    const db = createPrismaClient(testDatabaseUrl, { closeTimeoutMs: 500 });
    opened.push(db);
    const sleeping = db.$queryRaw`SELECT pg_sleep(3)`.then(
      () => "finished",
      () => "cut off",
    );
    await until(sessions, (rows) => rows.some((r) => r.query.includes("pg_sleep")));

    // WHEN the client is closed
    const started = Date.now();
    const closed = await within(db.$disconnect(), 2_500);

    // THEN the close ends before the statement would have, naming what it waited for
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(closed).toMatch(/^The PostgreSQL client did not close within 0\.5 s/);
    expect(closed).toMatch(/a statement running for \d+\.\d s: SELECT pg_sleep/);
    expect(closed).toMatch(/backend \d+/);
    // AND the statement's connection was closed rather than waited for
    expect(await sleeping).toBe("cut off");
  }, 20_000);
});
