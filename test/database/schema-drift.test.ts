/**
 * prisma/schema.prisma (SQLite) is the source of truth; prisma/postgresql is
 * derived from it. These fail when the two drift: the committed PostgreSQL
 * schema is not what scripts/prisma-schemas.mjs makes of schema.prisma, or the
 * PostgreSQL migrations do not bring an empty database to that schema.
 */
import { testDatabaseProvider, testDatabaseUrl } from "../support/app-env";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import {
  expectedPostgresqlSchema,
  POSTGRESQL_SCHEMA,
  postgresqlSchemaFrom,
} from "../../scripts/prisma-schemas.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const prisma = path.join(root, "node_modules", ".bin", "prisma");
const PG_CONFIG = path.join("prisma", "postgresql", "prisma.config.ts");

/** `prisma migrate diff --from-migrations … --to-schema-datamodel … --exit-code`: 0 same, 2 differs. */
async function migrationsDiffer(schema: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await promisify(execFile)(
      prisma,
      [
        "migrate",
        "diff",
        "--config",
        PG_CONFIG,
        "--from-migrations",
        path.join("prisma", "postgresql", "migrations"),
        "--to-schema-datamodel",
        schema,
        "--exit-code",
      ],
      // The shadow database is created (and dropped) on the server of this test's database.
      { cwd: root, env: { ...process.env, DATABASE_URL: testDatabaseUrl } },
    );
    return { code: 0, output: stdout };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, output: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

describe("the PostgreSQL schema follows prisma/schema.prisma", () => {
  it("is exactly what scripts/prisma-schemas.mjs generates (run it after changing schema.prisma)", () => {
    expect(readFileSync(POSTGRESQL_SCHEMA, "utf8")).toBe(expectedPostgresqlSchema());
  });

  it("differs from the SQLite schema only in provider, client output and a header", () => {
    const sqlite = readFileSync(path.join(root, "prisma", "schema.prisma"), "utf8");
    const generated = postgresqlSchemaFrom(sqlite);
    expect(generated).toContain('provider = "postgresql"');
    expect(generated).toContain('output     = "../../node_modules/.prisma/client-pg"');
    const models = (text: string) => text.slice(text.indexOf("\nmodel "));
    expect(models(generated)).toBe(models(sqlite));
    expect(
      postgresqlSchemaFrom(sqlite.replace("model Shop {", "model Shop {\n  extra Int?")),
    ).not.toBe(generated);
  });

  it.skipIf(testDatabaseProvider !== "postgresql")(
    "PostgreSQL migrations bring an empty database to that schema, and a drift is caught",
    async () => {
      const same = await migrationsDiffer(path.relative(root, POSTGRESQL_SCHEMA));
      expect(same.code, same.output).toBe(0);

      // A model change without a migration must be seen.
      const dir = mkdtempSync(path.join(os.tmpdir(), "print-connect-drift-"));
      const drifted = path.join(dir, "schema.prisma");
      writeFileSync(
        drifted,
        readFileSync(POSTGRESQL_SCHEMA, "utf8").replace(
          "model Shop {",
          "model Shop {\n  driftCheck String?",
        ),
      );
      const changed = await migrationsDiffer(drifted);
      expect(changed.code, changed.output).toBe(2);
      expect(changed.output).toMatch(/driftCheck/);
    },
    60_000,
  );
});
