/**
 * A transaction that has to wait for a pooled PostgreSQL connection: the pool's
 * wait ends before Prisma's wait for a transaction does, so Prisma never gives up
 * on a transaction whose connection is still coming. (Prisma 6.19 would roll such
 * a transaction back and give its connection back anyway; the connections that
 * did stay "idle in transaction" came from closing the client while transactions
 * were starting: postgresql-close.test.ts.)
 */
import { testDatabaseProvider, testDatabaseUrl } from "../support/app-env";
import { afterAll, describe, expect, it } from "vitest";
import { createPrismaClient, PG_TRANSACTION_OPTIONS } from "~/db.server";

const onPostgresql = testDatabaseProvider === "postgresql";

/** The test database with a pool of one connection. */
function oneConnectionUrl(): string {
  const url = new URL(testDatabaseUrl);
  url.searchParams.set("connection_limit", "1");
  return url.toString();
}

describe.skipIf(!onPostgresql)("PostgreSQL connection pool", () => {
  const db = onPostgresql ? createPrismaClient(oneConnectionUrl()) : null;
  afterAll(async () => {
    await db?.$disconnect();
  });

  it("waits longer for a transaction than the pool waits for a connection", () => {
    expect(PG_TRANSACTION_OPTIONS.maxWait).toBeGreaterThan(10_000);
    expect(PG_TRANSACTION_OPTIONS.timeout).toBeGreaterThan(PG_TRANSACTION_OPTIONS.maxWait);
  });

  it("gives a waiting transaction the connection once it is free, and leaks none", async () => {
    const client = db!;
    // GIVEN the pool's only connection held by a transaction for 2.5 s (longer than
    // Prisma's default 2 s wait for a transaction)
    const holding = client.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1`;
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      return "first";
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // WHEN a second transaction starts meanwhile
    const waiting = client.$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<{ n: number }[]>`SELECT 2 AS n`;
      return row!.n;
    });
    // THEN it runs once the connection is free
    expect(await holding).toBe("first");
    expect(await waiting).toBe(2);
    // AND the connection went back to the pool: a plain query gets it at once
    const started = Date.now();
    const [row] = await client.$queryRaw<{ n: number }[]>`SELECT 3 AS n`;
    expect(row!.n).toBe(3);
    expect(Date.now() - started).toBeLessThan(2_000);
  }, 20_000);
});
