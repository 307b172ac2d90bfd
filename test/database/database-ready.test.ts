/**
 * The start-up check of app/lib/database-ready.server.ts against real
 * databases (this test file's own, SQLite or PostgreSQL): what it finds, and
 * the one line each finding becomes. test/foundation/start-database.test.ts
 * runs it through `npm start`.
 */
import "../support/app-env";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import prisma, { createPrismaClient } from "~/db.server";
import {
  databaseProblem,
  describeProblem,
  ensureDatabaseReady,
  shippedMigrations,
} from "~/lib/database-ready.server";
import { testDatabaseProvider, testDatabaseUrl } from "../support/app-env";

const provider = testDatabaseProvider;

describe("the database start-up check", () => {
  it("finds nothing wrong with a database migrated to this version", async () => {
    expect(await databaseProblem(prisma, testDatabaseUrl)).toBeNull();
    await expect(
      ensureDatabaseReady({ db: prisma, databaseUrl: testDatabaseUrl, applyMigrations: false }),
    ).resolves.toBeUndefined();
  });

  it("knows the migrations this version ships for the database's provider", () => {
    const names = shippedMigrations(testDatabaseUrl)!;
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual([...names].sort());
    expect(names[0]).toMatch(/^\d{14}_init$/);
  });

  it("takes a database ahead of the code (a rolling deploy) as ready", async () => {
    await prisma.$executeRawUnsafe(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
       VALUES ('ahead', 'x', '99991231000000_from_a_newer_version', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 1)`,
    );
    try {
      expect(await databaseProblem(prisma, testDatabaseUrl)).toBeNull();
    } finally {
      await prisma.$executeRawUnsafe(`DELETE FROM "_prisma_migrations" WHERE id = 'ahead'`);
    }
  });

  it("refuses a migration that failed part-way, even in sandbox mode, naming it and npm run setup", async () => {
    await prisma.$executeRawUnsafe(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
       VALUES ('failed', 'x', '99991231000000_half_done', CURRENT_TIMESTAMP, 0)`,
    );
    try {
      const problem = await databaseProblem(prisma, testDatabaseUrl);
      expect(problem).toEqual({ kind: "failed_migration", failed: ["99991231000000_half_done"] });
      const line = describeProblem(problem!, testDatabaseUrl);
      expect(line).toContain("99991231000000_half_done");
      expect(line).toContain("`npm run setup`");
      expect(line).not.toContain("\n");
      await expect(
        ensureDatabaseReady({ db: prisma, databaseUrl: testDatabaseUrl, applyMigrations: true }),
      ).rejects.toMatchObject({ name: "DatabaseNotReadyError", message: line });
    } finally {
      await prisma.$executeRawUnsafe(`DELETE FROM "_prisma_migrations" WHERE id = 'failed'`);
    }
  });

  describe.runIf(provider === "postgresql")("on PostgreSQL with ?schema=", () => {
    const withSchema = (schema: string) => {
      const url = new URL(testDatabaseUrl);
      url.searchParams.set("schema", schema);
      return url.toString();
    };
    const clients: ReturnType<typeof createPrismaClient>[] = [];
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.$disconnect()));
    });

    it("looks in the schema the URL names, as the app's queries do", async () => {
      const inPublic = withSchema("public");
      const elsewhere = withSchema("not_migrated");
      clients.push(createPrismaClient(inPublic), createPrismaClient(elsewhere));
      expect(await databaseProblem(clients[0]!, inPublic)).toBeNull();
      expect(await databaseProblem(clients[1]!, elsewhere)).toEqual({ kind: "not_set_up" });
    });
  });

  it("says a SQLite file that does not exist was never set up, and leaves no file behind", async () => {
    const url = `file:${path.join(os.tmpdir(), `print-connect-missing-${process.pid}`, "app.sqlite")}`;
    const db = createPrismaClient(url);
    try {
      expect(await databaseProblem(db, url)).toEqual({ kind: "not_set_up" });
      expect(existsSync(url.slice("file:".length))).toBe(false);
    } finally {
      await db.$disconnect();
    }
  });

  it.runIf(provider === "postgresql")(
    "says when the database cannot be reached, without its password",
    async () => {
      const url = new URL(testDatabaseUrl);
      url.password = "s3cret-password";
      url.port = "1"; // nothing listens there
      const db = createPrismaClient(url.toString());
      try {
        const problem = await databaseProblem(db, url.toString());
        expect(problem?.kind).toBe("unreachable");
        const line = describeProblem(problem!, url.toString());
        expect(line).toMatch(/cannot be read .*check DATABASE_URL, then run `npm run setup`/);
        expect(line).not.toContain("s3cret-password");
        expect(line).not.toContain("\n");
      } finally {
        await db.$disconnect();
      }
    },
  );
});
