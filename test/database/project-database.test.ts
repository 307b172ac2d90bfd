import { testDatabaseProvider, testDatabaseUrl } from "../support/app-env";
import { describe, expect, it } from "vitest";
import prisma from "~/db.server";

/**
 * `npm test` runs one vitest project per database (vitest.config.ts). Each test file must get
 * the database its project is named after, or a "PostgreSQL" run would prove SQLite twice.
 */
describe("the database of a test file", () => {
  it("is the one its project names, down to the server the app's client talks to", async ({
    task,
  }) => {
    const project = task.file.projectName || "sqlite";
    expect(testDatabaseProvider).toBe(project);
    expect(testDatabaseUrl).toMatch(project === "postgresql" ? /^postgresql:\/\// : /^file:/);
    const [row] =
      project === "postgresql"
        ? await prisma.$queryRaw<{ v: string }[]>`SELECT version() AS v`
        : await prisma.$queryRaw<{ v: string }[]>`SELECT 'SQLite ' || sqlite_version() AS v`;
    expect(row?.v).toMatch(project === "postgresql" ? /^PostgreSQL / : /^SQLite /);
  });
});
