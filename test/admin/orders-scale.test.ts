import "../support/app-env";
import { beforeAll, describe, expect, it } from "vitest";
import { createClient } from "@libsql/client";
import { testDatabaseProvider, testDbFile } from "../support/app-env";
import {
  countPrintOrdersByStatus,
  listPrintOrders,
  ordersVersion,
} from "~/data/print-orders.server";

const SHOP = "scale.myshopify.com";
const ROWS = 100_000;
// Dates as the app stores them in SQLite: ISO text, one order a minute.
const ISO_EPOCH = "2026-01-01T00:00:00.000+00:00";
const isoMinute = (i: string) =>
  `strftime('%Y-%m-%dT%H:%M:%S', 1767225600 + ${i} * 60, 'unixepoch') || '.000+00:00'`;

/** 100k print orders for one shop (plus another shop's), written with plain SQL in one go. */
beforeAll(async () => {
  if (testDatabaseProvider !== "sqlite") return;
  const db = createClient({ url: `file:${testDbFile}` });
  await db.batch(
    [
      `INSERT INTO ShopOrder (id, shop, shopifyOrderId, name, currency, lineItems, createdAt, updatedAt)
       VALUES ('so-scale', '${SHOP}', '1', '#1', 'EUR', '[]', '${ISO_EPOCH}', '${ISO_EPOCH}')`,
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})
       INSERT INTO PrintOrder (id, shop, shopOrderId, shopifyOrderId, shopifyOrderName, orderReference, status, currency, trackingPushed, nextAttemptAt, createdAt, updatedAt)
       SELECT printf('po%07d', i), '${SHOP}', 'so-scale', CAST(i AS TEXT), '#' || (1000 + i), 'PC-' || i,
              CASE i % 10 WHEN 0 THEN 'needs_attention' WHEN 1 THEN 'held' WHEN 2 THEN 'paid' ELSE 'fulfilled' END,
              'EUR', '[]', '${ISO_EPOCH}', ${isoMinute("i")}, '${ISO_EPOCH}'
       FROM n`,
    ],
    "write",
  );
  db.close();
}, 60_000);

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - start };
}

// Seeded and checked with SQLite's own SQL (recursive insert, EXPLAIN QUERY PLAN);
// the timings on both databases are measured by `npm run bench:admin`.
describe.skipIf(testDatabaseProvider !== "sqlite")("orders list at 100k rows", () => {
  it("serves the first, a deep and a filtered page quickly by cursor", async () => {
    const first = await timed(() => listPrintOrders({ shop: SHOP, filters: { view: "all" } }));
    expect(first.value.rows[0]?.shopifyOrderName).toBe(`#${1000 + ROWS}`);
    let cursor = first.value.nextCursor;
    for (let i = 0; i < 20; i++) {
      const page = await listPrintOrders({ shop: SHOP, filters: { view: "all" }, after: cursor });
      cursor = page.nextCursor;
    }
    const deep = await timed(() =>
      listPrintOrders({ shop: SHOP, filters: { view: "all" }, after: cursor }),
    );
    expect(deep.value.rows).toHaveLength(25);
    // Page 22 really is page 22: the cursor moved through the rows.
    expect(deep.value.rows[0]?.shopifyOrderName).toBe(`#${1000 + ROWS - 21 * 25}`);
    const attention = await timed(() =>
      listPrintOrders({ shop: SHOP, filters: { view: "attention" } }),
    );
    expect(attention.value.rows.every((r) => r.status === "needs_attention")).toBe(true);
    const byName = await timed(() =>
      listPrintOrders({ shop: SHOP, filters: { view: "all", search: "#51234" } }),
    );
    expect(byName.value.rows.map((r) => r.shopifyOrderName)).toEqual(["#51234"]);
    const waiting = await timed(() =>
      listPrintOrders({ shop: SHOP, filters: { view: "waiting" } }),
    );
    expect(waiting.value.rows.length).toBe(25);

    console.info(
      `100k rows: first ${first.ms.toFixed(1)} ms, page 22 ${deep.ms.toFixed(1)} ms, attention ${attention.ms.toFixed(1)} ms, name ${byName.ms.toFixed(1)} ms, waiting ${waiting.ms.toFixed(1)} ms`,
    );
  });

  it("uses the indexes: no full scan of PrintOrder for a page", async () => {
    const db = createClient({ url: `file:${testDbFile}` });
    const plan = await db.execute({
      sql: `EXPLAIN QUERY PLAN SELECT id FROM PrintOrder WHERE shop = ? AND status = ? AND (createdAt < ? OR (createdAt = ? AND id < ?)) ORDER BY createdAt DESC, id DESC LIMIT 26`,
      args: [
        SHOP,
        "needs_attention",
        "2026-02-04T17:20:00.000+00:00",
        "2026-02-04T17:20:00.000+00:00",
        "po0050000",
      ],
    });
    db.close();
    const detail = plan.rows.map((r) => String(r.detail)).join("\n");
    expect(detail).toMatch(/USING (COVERING )?INDEX/);
    expect(detail).not.toMatch(/SCAN PrintOrder(?! USING)/);
  });

  it("answers the live-update check from one index entry, with 300k timeline entries", async () => {
    const db = createClient({ url: `file:${testDbFile}` });
    // Three entries per print order, and a busier other shop whose entries are newer.
    await db.batch(
      [
        `INSERT INTO ShopOrder (id, shop, shopifyOrderId, name, currency, lineItems, createdAt, updatedAt)
         VALUES ('so-other', 'other.myshopify.com', '1', '#1', 'EUR', '[]', '${ISO_EPOCH}', '${ISO_EPOCH}')`,
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS * 3})
         INSERT INTO OrderEvent (shop, shopOrderId, printOrderId, at, actor, type, message)
         SELECT '${SHOP}', 'so-scale', printf('po%07d', (i + 2) / 3), ${isoMinute("i / 3")}, 'worker', 'planned', 'Planned.'
         FROM n`,
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50000)
         INSERT INTO OrderEvent (shop, shopOrderId, at, actor, type, message)
         SELECT 'other.myshopify.com', 'so-other', ${isoMinute(`${ROWS} + i`)}, 'worker', 'planned', 'Planned.'
         FROM n`,
      ],
      "write",
    );
    const plans = await Promise.all(
      [
        `SELECT id, at FROM OrderEvent WHERE shop = ? ORDER BY at DESC, id DESC LIMIT 1`,
        `SELECT id, at FROM OrderEvent WHERE shop = ? AND printOrderId = ? ORDER BY at DESC, id DESC LIMIT 1`,
      ].map((sql) => db.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: [SHOP, "po0050000"] })),
    );
    db.close();
    for (const plan of plans) {
      const detail = plan.rows.map((r) => String(r.detail)).join("\n");
      expect(detail).toMatch(/SEARCH OrderEvent USING (COVERING )?INDEX/);
      expect(detail).not.toMatch(/TEMP B-TREE/);
    }

    await ordersVersion({ shop: SHOP }); // warm
    const shop = await timed(() => ordersVersion({ shop: SHOP }));
    const order = await timed(() => ordersVersion({ shop: SHOP, printOrderId: "po0050000" }));
    // The newest entry of this shop, not the other shop's newer ones.
    const newest = `${Date.parse("2026-01-01T00:00:00Z") + ROWS * 60_000}.`;
    expect(shop.value.startsWith(newest)).toBe(true);
    expect(order.value).not.toBe(shop.value);
    // The plans above are what keeps it fast; the time is logged, not asserted (a busy machine
    // may pause any query: speed is measured in bench/).
    console.info(
      `300k events: changes check ${shop.ms.toFixed(1)} ms (shop), ${order.ms.toFixed(1)} ms (order)`,
    );
  }, 60_000);

  it("counts by state from the index", async () => {
    const { value, ms } = await timed(() => countPrintOrdersByStatus({ shop: SHOP }));
    expect(value.needs_attention).toBe(ROWS / 10);
    expect(Object.values(value).reduce((a, b) => a + b, 0)).toBe(ROWS);
    console.info(`100k rows: counts by state ${ms.toFixed(1)} ms`);
  });
});
