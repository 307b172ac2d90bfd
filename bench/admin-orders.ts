/**
 * The print orders bench:admin measures the pages with: how many (BENCH_ADMIN_ROWS), when
 * they were made, the rows the deep page and the order page point at, and writing them, in
 * the database the app uses (the SQLite file of ./env, or BENCH_DATABASE_URL's PostgreSQL
 * database that bench/web-process.ts made).
 */
import { benchDbFile } from "./env";
import { createClient } from "@libsql/client";
import pg from "pg";
import { DEMO_SHOP_DOMAIN as SHOP } from "../sandbox/shopify";

export const ROWS = Number(process.env.BENCH_ADMIN_ROWS ?? 100_000);
// The orders end now, one a minute, so the Profit page's default periods hold them.
const BASE_TIME = Math.floor(Date.now() / 60_000) * 60_000 - ROWS * 60_000;

export const DEEP = Math.floor(ROWS / 2);
/** The orders list's cursor DEEP rows in: the deep page starts there. */
export const deepCursor = Buffer.from(
  `${BASE_TIME + DEEP * 60000}:po${String(DEEP).padStart(7, "0")}`,
).toString("base64url");
/** One of the seeded print orders, for the order page. */
export const ORDER_ID = `po${String(DEEP).padStart(7, "0")}`;

/**
 * 100k print orders for the shop, with SQLite's own SQL, as test/admin/orders-scale.test.ts
 * does, except that dates are written as the app's Prisma client writes them (ISO text,
 * "2026-01-01T00:01:00.000+00:00"): integer dates sort before every text parameter in
 * SQLite, so a cursor (createdAt < ?) would match all rows and a deep page would be page 1.
 */
const EPOCH = "1970-01-01T00:00:00.000+00:00";
/** Order i's creation time as the app writes it: one order a minute from BASE_TIME. */
const isoOf = (i: string) =>
  `strftime('%Y-%m-%dT%H:%M:%S', (${BASE_TIME} + ${i} * 60000) / 1000, 'unixepoch') || '.000+00:00'`;

export async function seed() {
  if (postgresqlUrl()) return seedPostgresql();
  const db = createClient({ url: `file:${benchDbFile}` });
  await db.batch(
    [
      // One Shopify order per print order, as orders/paid makes them.
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})
       INSERT INTO ShopOrder (id, shop, shopifyOrderId, name, currency, lineItems, createdAt, updatedAt)
       SELECT printf('so%07d', i), '${SHOP}', CAST(i AS TEXT), '#' || (1000 + i), 'EUR',
              '[{"id":"' || i || '","title":"Print","quantity":1,"price":"29.95"}]',
              ${isoOf("i")}, '${EPOCH}'
       FROM n`,
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})
       INSERT INTO PrintOrder (id, shop, shopOrderId, shopifyOrderId, shopifyOrderName, orderReference, status, currency, wholesaleTotalMinor, wholesaleShippingMinor, wholesaleTaxMinor, trackingPushed, nextAttemptAt, createdAt, updatedAt)
       SELECT printf('po%07d', i), '${SHOP}', printf('so%07d', i), CAST(i AS TEXT), '#' || (1000 + i), 'PC-' || i,
              CASE i % 10 WHEN 0 THEN 'needs_attention' WHEN 1 THEN 'held' WHEN 2 THEN 'paid' ELSE 'fulfilled' END,
              'EUR', 1500 + i % 700, 495, 160, '[]', '${EPOCH}',
              ${isoOf("i")}, '${EPOCH}'
       FROM n`,
      // One printed line per order, with what the shopper paid (the Profit page sums these).
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})
       INSERT INTO PrintOrderItem (id, shop, printOrderRowId, itemReference, shopifyLineItemId, variantId, offeringId, quantity, title, revenueMinor, revenueCurrency)
       SELECT printf('pi%07d', i), '${SHOP}', printf('po%07d', i), '1', CAST(i AS TEXT),
              CASE i % 3 WHEN 0 THEN 'gid://shopify/ProductVariant/20001' WHEN 1 THEN 'gid://shopify/ProductVariant/20008' ELSE 'gid://shopify/ProductVariant/20006' END,
              CASE i % 3 WHEN 0 THEN 228478 WHEN 1 THEN 228570 ELSE 228550 END,
              1 + i % 3,
              CASE i % 3 WHEN 0 THEN 'Hardcover Photo Book' WHEN 1 THEN 'Dotted Notebook A5' ELSE 'Framed Print 30 x 40' END,
              (1 + i % 3) * 2995, 'EUR'
       FROM n`,
      // Two timeline entries per order, as a paid order has.
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})
       INSERT INTO OrderEvent (shop, shopOrderId, printOrderId, actor, type, message, at)
       SELECT '${SHOP}', printf('so%07d', i), printf('po%07d', i), 'worker',
              CASE k.k WHEN 1 THEN 'created' ELSE 'paid' END,
              CASE k.k WHEN 1 THEN 'Print order created.' ELSE 'Print order paid.' END,
              ${isoOf("i")}
       FROM n, (SELECT 1 AS k UNION ALL SELECT 2) AS k`,
    ],
    "write",
  );
  const count = await db.execute({
    sql: "SELECT count(*) AS n FROM PrintOrder WHERE shop = ?",
    args: [SHOP],
  });
  db.close();
  return Number(count.rows[0]!.n);
}

/** The app's PostgreSQL database, when the bench runs on one. */
const postgresqlUrl = () => {
  const url = process.env.DATABASE_URL ?? "";
  return /^postgres(ql)?:\/\//.test(url) ? url : null;
};

/** Order i's creation time on PostgreSQL ("timestamp(3)", UTC as Prisma writes it). */
const pgTimeOf = (i: string) =>
  `to_timestamp((${BASE_TIME} + ${i}::bigint * 60000) / 1000.0) AT TIME ZONE 'UTC'`;
const PG_EPOCH = `'1970-01-01 00:00:00'::timestamp`;

/**
 * The same rows on PostgreSQL, made by the server itself (generate_series, one statement per
 * table, no row crossing the wire), then vacuumed and analysed as autovacuum would soon after
 * such an insert, so the pages are measured with the statistics and visibility map a live
 * database has.
 */
async function seedPostgresql() {
  const db = new pg.Client({ connectionString: postgresqlUrl()! });
  await db.connect();
  try {
    const ids = (prefix: string) => `'${prefix}' || lpad(i::text, 7, '0')`;
    const from = `FROM generate_series(1, ${ROWS}) AS i`;
    await db.query("BEGIN");
    await db.query(
      `INSERT INTO "ShopOrder" ("id", "shop", "shopifyOrderId", "name", "currency", "lineItems", "createdAt", "updatedAt")
       SELECT ${ids("so")}, '${SHOP}', i::text, '#' || (1000 + i), 'EUR',
              '[{"id":"' || i || '","title":"Print","quantity":1,"price":"29.95"}]',
              ${pgTimeOf("i")}, ${PG_EPOCH}
       ${from}`,
    );
    await db.query(
      `INSERT INTO "PrintOrder" ("id", "shop", "shopOrderId", "shopifyOrderId", "shopifyOrderName", "orderReference", "status", "currency", "wholesaleTotalMinor", "wholesaleShippingMinor", "wholesaleTaxMinor", "trackingPushed", "nextAttemptAt", "createdAt", "updatedAt")
       SELECT ${ids("po")}, '${SHOP}', ${ids("so")}, i::text, '#' || (1000 + i), 'PC-' || i,
              CASE i % 10 WHEN 0 THEN 'needs_attention' WHEN 1 THEN 'held' WHEN 2 THEN 'paid' ELSE 'fulfilled' END,
              'EUR', 1500 + i % 700, 495, 160, '[]', ${PG_EPOCH},
              ${pgTimeOf("i")}, ${PG_EPOCH}
       ${from}`,
    );
    await db.query(
      `INSERT INTO "PrintOrderItem" ("id", "shop", "printOrderRowId", "itemReference", "shopifyLineItemId", "variantId", "offeringId", "quantity", "title", "revenueMinor", "revenueCurrency")
       SELECT ${ids("pi")}, '${SHOP}', ${ids("po")}, '1', i::text,
              CASE i % 3 WHEN 0 THEN 'gid://shopify/ProductVariant/20001' WHEN 1 THEN 'gid://shopify/ProductVariant/20008' ELSE 'gid://shopify/ProductVariant/20006' END,
              CASE i % 3 WHEN 0 THEN 228478 WHEN 1 THEN 228570 ELSE 228550 END,
              1 + i % 3,
              CASE i % 3 WHEN 0 THEN 'Hardcover Photo Book' WHEN 1 THEN 'Dotted Notebook A5' ELSE 'Framed Print 30 x 40' END,
              (1 + i % 3) * 2995, 'EUR'
       ${from}`,
    );
    await db.query(
      `INSERT INTO "OrderEvent" ("shop", "shopOrderId", "printOrderId", "actor", "type", "message", "at")
       SELECT '${SHOP}', ${ids("so")}, ${ids("po")}, 'worker',
              CASE k WHEN 1 THEN 'created' ELSE 'paid' END,
              CASE k WHEN 1 THEN 'Print order created.' ELSE 'Print order paid.' END,
              ${pgTimeOf("i")}
       ${from}, (VALUES (1), (2)) AS kinds(k)`,
    );
    await db.query("COMMIT");
    await db.query(`VACUUM ANALYZE "ShopOrder", "PrintOrder", "PrintOrderItem", "OrderEvent"`);
    const count = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM "PrintOrder" WHERE "shop" = $1`,
      [SHOP],
    );
    return Number(count.rows[0]!.n);
  } finally {
    await db.end();
  }
}

/** The demo book's product creation, for its page. */
export async function demoCreationId() {
  if (postgresqlUrl()) {
    const db = new pg.Client({ connectionString: postgresqlUrl()! });
    await db.connect();
    const found = await db
      .query<{
        id: string;
      }>(`SELECT "id" FROM "ProductCreation" WHERE "shop" = $1 ORDER BY "createdAt" LIMIT 1`, [
        SHOP,
      ])
      .finally(() => db.end());
    const id = found.rows[0]?.id;
    if (!id) throw new Error("the demo shop has no created product");
    return id;
  }
  const db = createClient({ url: `file:${benchDbFile}` });
  const found = await db.execute({
    sql: "SELECT id FROM ProductCreation WHERE shop = ? ORDER BY createdAt LIMIT 1",
    args: [SHOP],
  });
  db.close();
  const id = found.rows[0]?.id;
  if (typeof id !== "string") throw new Error("the demo shop has no created product");
  return id;
}
