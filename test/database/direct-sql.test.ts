/**
 * The worker's step commit and the status callbacks' write send their statements straight to
 * the driver adapter (app/db/direct-sql.server.ts): all of them or none, values as Prisma writes
 * them, refusals as Prisma reports a plain statement's, on the client's own connection.
 */
import "../support/app-env";
import { Prisma, type PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "~/db.server";
import { directQuery, directTransaction } from "~/db/direct-sql.server";
import { schemaOfDatabaseUrl, sqlTable } from "~/services/sql-table";
import { isUniqueViolation } from "~/services/unique-violation";
import { testDatabaseUrl } from "../support/app-env";

const table = (name: string) => sqlTable(schemaOfDatabaseUrl(testDatabaseUrl), name);
let db: PrismaClient;
beforeAll(() => {
  db = createPrismaClient(testDatabaseUrl);
});
afterAll(async () => {
  await db.$disconnect();
});

let n = 0;
const shopName = () => `direct-${(n += 1)}.myshopify.com`;
const at = new Date("2026-11-30T12:34:56.789Z");

function installShop(shop: string): Prisma.Sql {
  return Prisma.sql`INSERT INTO ${table("Shop")} ("id", "shop", "callbackId", "installedAt", "updatedAt", "holdHours", "notifyCustomer", "currency", "alertEmail")
    VALUES (${`id-${shop}`}, ${shop}, ${`cb-${shop}`}, ${at}, ${at}, ${3}, ${false}, ${"EUR"}, ${null})`;
}

describe("a transaction sent straight to the driver", () => {
  it("writes every statement, with the values Prisma reads back as it wrote them", async () => {
    const shop = shopName();
    // Before the client's first statement of its own: it connects first.
    const changed = await directTransaction(db, async (tx) => {
      const inserted = await tx.execute(installShop(shop));
      const updated = await tx.execute(
        Prisma.sql`UPDATE ${table("Shop")} SET "routingMode" = ${"hold"} WHERE "shop" = ${shop}`,
      );
      return [inserted, updated];
    });
    expect(changed).toEqual([1, 1]);
    const row = await db.shop.findUniqueOrThrow({ where: { shop } });
    expect(row).toMatchObject({
      installedAt: at,
      holdHours: 3,
      notifyCustomer: false,
      currency: "EUR",
      alertEmail: null,
      routingMode: "hold",
    });
  });

  it("writes nothing when the work throws after a statement went through", async () => {
    const shop = shopName();
    const stop = new Error("the step changed its mind");
    await expect(
      directTransaction(db, async (tx) => {
        await tx.execute(installShop(shop));
        throw stop;
      }),
    ).rejects.toBe(stop);
    expect(await db.shop.count({ where: { shop } })).toBe(0);
  });

  it("reports a unique violation as Prisma does, writes nothing, and leaves the connection usable", async () => {
    const shop = shopName();
    await directTransaction(db, (tx) => tx.execute(installShop(shop)));
    const other = shopName();
    const error = await directTransaction(db, async (tx) => {
      await tx.execute(installShop(other));
      await tx.execute(installShop(shop));
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
    expect(isUniqueViolation(error)).toBe(true);
    expect(await db.shop.count({ where: { shop: other } })).toBe(0);
    // Prisma's own transactions and further direct ones still run on the connection.
    await db.$transaction(async (tx) => {
      await tx.shop.update({ where: { shop }, data: { holdHours: 5 } });
    });
    await directTransaction(db, (tx) =>
      tx.execute(Prisma.sql`UPDATE ${table("Shop")} SET "holdHours" = ${6} WHERE "shop" = ${shop}`),
    );
    expect((await db.shop.findUniqueOrThrow({ where: { shop } })).holdHours).toBe(6);
  });

  it("runs beside Prisma's own transactions, each all or nothing", async () => {
    const shops = Array.from({ length: 12 }, shopName);
    const settled = await Promise.allSettled(
      shops.map((shop, i) =>
        i % 2 === 0
          ? directTransaction(db, async (tx) => {
              await tx.execute(installShop(shop));
              await tx.execute(
                Prisma.sql`UPDATE ${table("Shop")} SET "holdHours" = "holdHours" + 1 WHERE "shop" = ${shop}`,
              );
            })
          : db.$transaction(async (tx) => {
              await tx.shop.create({
                data: { id: `id-${shop}`, shop, callbackId: `cb-${shop}`, holdHours: 3 },
              });
              await tx.shop.update({ where: { shop }, data: { holdHours: { increment: 1 } } });
            }),
      ),
    );
    expect(settled.filter((s) => s.status === "rejected")).toEqual([]);
    const rows = await db.shop.findMany({ where: { shop: { in: shops } } });
    expect(rows.map((r) => r.holdHours)).toEqual(shops.map(() => 4));
  });

  it("connects again after the client was closed", async () => {
    await db.$disconnect();
    const shop = shopName();
    await directTransaction(db, (tx) => tx.execute(installShop(shop)));
    expect(await db.shop.count({ where: { shop } })).toBe(1);
  });

  it("refuses a value that is not plain, before sending anything", async () => {
    const shop = shopName();
    await expect(
      directTransaction(db, async (tx) => {
        await tx.execute(installShop(shop));
        await tx.execute(
          Prisma.sql`UPDATE ${table("Shop")} SET "backupRates" = ${{ not: "plain" }} WHERE "shop" = ${shop}`,
        );
      }),
    ).rejects.toThrow(/object value/);
    expect(await db.shop.count({ where: { shop } })).toBe(0);
  });
});

describe("a statement that returns rows, sent straight to the driver", () => {
  it("answers the rows an INSERT ... RETURNING wrote, by column name, and none for a taken key", async () => {
    const [first, second] = [shopName(), shopName()];
    const insert = (shops: string[]) =>
      Prisma.sql`INSERT INTO ${table("Shop")} ("id", "shop", "callbackId", "updatedAt", "holdHours")
        VALUES ${Prisma.join(shops.map((s) => Prisma.sql`(${`id-${s}`}, ${s}, ${`cb-${s}`}, ${at}, ${2})`))}
        ON CONFLICT DO NOTHING RETURNING "shop", "holdHours"`;
    expect(await directQuery(db, insert([first]))).toEqual([{ shop: first, holdHours: 2 }]);
    // The taken key is left out; the other row goes in.
    expect(await directQuery(db, insert([first, second]))).toEqual([
      { shop: second, holdHours: 2 },
    ]);
    expect(await db.shop.count({ where: { shop: { in: [first, second] } } })).toBe(2);
  });

  it("reports a refusal as Prisma reports a plain statement's", async () => {
    const error = await directQuery(
      db,
      Prisma.sql`INSERT INTO ${table("Shop")} ("id") VALUES (${"only-an-id"}) RETURNING "id"`,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
    expect((error as Prisma.PrismaClientKnownRequestError).code).toBe("P2010");
  });
});
