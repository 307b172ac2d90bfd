import { execFileSync } from "node:child_process";
const file = `/tmp/mb/db-${Date.now()}.sqlite`;
execFileSync("node_modules/.bin/prisma", ["migrate", "deploy"], { env: { ...process.env, DATABASE_URL: `file:${file}` }, stdio: "ignore" });
process.env.DATABASE_URL = `file:${file}`;
const { Prisma } = await import("@prisma/client");
const { createSqlitePrismaClient, SingleConnectionLibSQL } = await import("../../app/db/sqlite-client.server.ts");
let adapter: any;
class Capturing extends SingleConnectionLibSQL { override async connect() { adapter = await super.connect(); return adapter; } }
const { PrismaClient } = await import("@prisma/client");
const db = new PrismaClient({ adapter: new Capturing({ url: `file:${file}` }) });
await db.$executeRawUnsafe(`CREATE TABLE "X" ("id" TEXT PRIMARY KEY, "v" INTEGER, "at" DATETIME)`);
await db.$executeRawUnsafe(`CREATE TABLE "E" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "x" TEXT, "m" TEXT, "at" DATETIME)`);
await db.$executeRawUnsafe(`INSERT INTO "X" VALUES ('a', 0, 0)`);
const N = 3000;
async function viaPrisma(i: number) {
  await db.$transaction(async (tx) => {
    await tx.$executeRaw(Prisma.sql`UPDATE "X" SET "v" = ${i}, "at" = ${new Date()} WHERE "id" = ${"a"}`);
    await tx.$executeRaw(Prisma.sql`UPDATE "X" SET "v" = ${i + 1} WHERE "id" = ${"a"}`);
    await tx.$executeRaw(Prisma.sql`INSERT INTO "E" ("x", "m", "at") VALUES (${"a"}, ${"hello"}, ${new Date()})`);
  });
}
const t = (v: unknown) => ({ scalarType: v instanceof Date ? "datetime" : typeof v === "number" ? "int" : "string", arity: "scalar" });
const q = (s: any) => ({ sql: s.sql, args: s.values, argTypes: s.values.map(t) });
async function viaAdapter(i: number) {
  const tx = await adapter.startTransaction();
  try {
    await tx.executeRaw(q(Prisma.sql`UPDATE "X" SET "v" = ${i}, "at" = ${new Date()} WHERE "id" = ${"a"}`));
    await tx.executeRaw(q(Prisma.sql`UPDATE "X" SET "v" = ${i + 1} WHERE "id" = ${"a"}`));
    await tx.executeRaw(q(Prisma.sql`INSERT INTO "E" ("x", "m", "at") VALUES (${"a"}, ${"hello"}, ${new Date()})`));
    await tx.commit();
  } catch (e) { await tx.rollback(); throw e; }
}
async function viaPrismaBatch(i: number) {
  await db.$transaction([
    db.$executeRaw(Prisma.sql`UPDATE "X" SET "v" = ${i}, "at" = ${new Date()} WHERE "id" = ${"a"}`),
    db.$executeRaw(Prisma.sql`UPDATE "X" SET "v" = ${i + 1} WHERE "id" = ${"a"}`),
    db.$executeRaw(Prisma.sql`INSERT INTO "E" ("x", "m", "at") VALUES (${"a"}, ${"hello"}, ${new Date()})`),
  ]);
}
for (const [name, f] of [["prisma itx", viaPrisma], ["prisma batch", viaPrismaBatch], ["adapter", viaAdapter], ["prisma itx", viaPrisma], ["adapter", viaAdapter]] as const) {
  for (let i = 0; i < 300; i++) await f(i);
  const c = process.cpuUsage(); const w = performance.now();
  for (let i = 0; i < N; i++) await f(i);
  const u = process.cpuUsage(c);
  console.log(name, ((u.user + u.system) / 1000 / N).toFixed(3), "ms CPU per commit", ((performance.now() - w) / N).toFixed(3), "ms wall");
}
console.log(await db.$queryRawUnsafe(`SELECT "at" FROM "E" ORDER BY "id" DESC LIMIT 1`));
