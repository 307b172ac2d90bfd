/**
 * A PostgreSQL database URL may name the app's schema (`?schema=app`, docs/operations.md).
 * `prisma migrate deploy` through our adapter (prisma/postgresql/migrate-adapter.ts) must then
 * make the schema and its tables there, where the app's client looks for them, and the Profit
 * rollup's triggers must write there too. This test file's database was migrated into `public`
 * by the run's setup; the same migrations are deployed again into a schema of its own.
 */
import { testDatabaseProvider, testDatabaseUrl } from "../support/app-env";
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "~/db.server";

const root = path.resolve(import.meta.dirname, "../..");
const prismaCli = path.join(root, "node_modules", ".bin", "prisma");
const SCHEMA = "app_schema";
const SHOP = "schema.myshopify.com";

const inSchema = (() => {
  if (testDatabaseProvider !== "postgresql") return "";
  const url = new URL(testDatabaseUrl);
  url.searchParams.set("schema", SCHEMA);
  return url.toString();
})();

async function deploy(): Promise<string> {
  const { stdout, stderr } = await promisify(execFile)(
    prismaCli,
    ["migrate", "deploy", "--config", path.join("prisma", "postgresql", "prisma.config.ts")],
    { cwd: root, env: { ...process.env, DATABASE_URL: inSchema } },
  );
  return `${stdout}${stderr}`;
}

/** Plain SQL on this file's database, outside the app. */
async function sql<R extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const url = new URL(testDatabaseUrl);
  url.search = "";
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const tablesIn = async (schema: string) =>
  (
    await sql<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = $1",
      [schema],
    )
  ).map((r) => r.table_name);

describe.skipIf(testDatabaseProvider !== "postgresql")("a database URL with ?schema=", () => {
  afterAll(async () => {
    await sql(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
  });

  it("migrate deploy makes the schema and its tables there, and a second deploy has nothing to do", async () => {
    const publicBefore = (await tablesIn("public")).sort();
    await deploy();
    const tables = await tablesIn(SCHEMA);
    expect(tables).toEqual(expect.arrayContaining(["_prisma_migrations", "PrintOrder", "Shop"]));
    expect(tables.length).toBe(publicBefore.length);
    expect((await tablesIn("public")).sort()).toEqual(publicBefore);
    expect(await deploy()).toMatch(/No pending migrations/);
  }, 120_000);

  it("the app's client and the Profit rollup's triggers work in that schema, not in public", async () => {
    const db = createPrismaClient(inSchema);
    try {
      const shopOrder = await db.shopOrder.create({
        data: { shop: SHOP, shopifyOrderId: "1", name: "#1", currency: "EUR", lineItems: "[]" },
      });
      await db.printOrder.create({
        data: {
          shop: SHOP,
          shopOrderId: shopOrder.id,
          shopifyOrderId: "1",
          shopifyOrderName: "#1",
          orderReference: "PC-1-0",
          status: "paid",
          currency: "EUR",
        },
      });
      expect(await db.printOrder.count({ where: { shop: SHOP } })).toBe(1);
    } finally {
      await db.$disconnect();
    }
    const count = async (table: string) =>
      Number(
        (
          await sql<{ n: string }>(`SELECT COUNT(*) AS n FROM ${table} WHERE "shop" = $1`, [SHOP])
        )[0]!.n,
      );
    expect(await count(`"${SCHEMA}"."PrintOrder"`)).toBe(1);
    expect(await count(`"${SCHEMA}"."ProfitStale"`)).toBe(1);
    expect(await count(`public."PrintOrder"`)).toBe(0);
    expect(await count(`public."ProfitStale"`)).toBe(0);
  });
});
