import "../support/app-env";
import { describe, expect, it, vi } from "vitest";
import prisma from "~/db.server";
import { aggregate, aggregateRaw } from "~/data/profit.server";
import { OTHER_DAYS_PER_READ, PERIOD_DAYS_PER_TRANSACTION } from "~/data/profit-refresh.server";
import { testDatabaseProvider } from "../support/app-env";
import { comparable, marks, seed, type Line, type Period } from "./profit-rollup-support";

/**
 * How a read refreshes the Profit rollup (decision 30): every marked day of its period, and a
 * bounded number of the shop's other marked days, newest first; and never a wrong rollup left
 * without a mark when reads and writes meet.
 */

const book = (revenueMinor: number): Line[] => [
  { variant: "501", title: "Photo book", quantity: 1, revenueMinor },
];
const at = (iso: string) => new Date(iso);
const utcDays = (from: string, to: string): Period => ({
  start: at(`${from}T00:00:00Z`),
  end: at(`${to}T00:00:00Z`),
  shift: 0,
});

async function expectSameAsRaw(shop: string, period: Period) {
  const raw = comparable(await aggregateRaw(shop, period, true));
  expect(comparable(await aggregate(shop, period, true))).toEqual(raw);
  return raw;
}

describe("refreshing the Profit rollup", () => {
  it("refreshes every marked day of the period, and a bounded number of others per read", async () => {
    const shop = "rollup-backlog.myshopify.com";
    // More old days than a read refreshes outside its period, and than one transaction holds.
    const old = 40;
    expect(old).toBeGreaterThan(OTHER_DAYS_PER_READ);
    expect(old).toBeGreaterThan(PERIOD_DAYS_PER_TRANSACTION);
    const oldIds: string[] = [];
    for (let d = 0; d < old; d++) {
      const day = new Date(Date.UTC(2025, 0, 1 + d, 12)).toISOString();
      oldIds.push(await seed(shop, { at: day, costMinor: 100 + d, lines: book(300) }));
    }
    await seed(shop, { at: "2026-03-27T10:00:00Z", costMinor: 500, lines: book(1200) });
    await seed(shop, { at: "2026-03-28T10:00:00Z", costMinor: 700, lines: book(1000) });
    const oldDays = (await marks(shop)).slice(0, old);
    expect(oldDays[0]).toBe("2025-01-01");
    expect(await marks(shop)).toHaveLength(old + 2);

    const recent = utcDays("2026-03-27", "2026-03-29");
    await expectSameAsRaw(shop, recent);
    // The period's days, and the newest others: the oldest wait for the next read.
    expect(await marks(shop)).toEqual(oldDays.slice(0, old - OTHER_DAYS_PER_READ));
    await aggregate(shop, recent, false);
    expect(await marks(shop)).toEqual([]);

    // Each old order's cost moves: every day of the early period is marked, all refreshed by
    // one read (in several transactions), or its sums would be those before the change.
    for (const id of oldIds)
      await prisma.printOrder.update({
        where: { id },
        data: { wholesaleTotalMinor: { increment: 1 } },
      });
    expect(await marks(shop)).toEqual(oldDays);
    const raw = await expectSameAsRaw(shop, utcDays("2025-01-01", "2025-02-15"));
    expect(raw.days.reduce((sum, r) => sum + r.cost, 0)).toBe(old * 101 + (old * (old - 1)) / 2);
    expect(await marks(shop)).toEqual([]);
  });

  it("leaves the rollup right when reads and writes run at once", async () => {
    const shop = "rollup-busy.myshopify.com";
    const period = utcDays("2026-03-26", "2026-03-31");
    const ids: string[] = [];
    for (let d = 0; d < 5; d++)
      for (const hour of [9, 15])
        ids.push(
          await seed(shop, {
            at: new Date(Date.UTC(2026, 2, 26 + d, hour)).toISOString(),
            costMinor: 100 * (d + 1),
            lines: book(1000),
          }),
        );
    const writes = ids.map((id, i) =>
      i % 3 === 0
        ? prisma.printOrder.update({ where: { id }, data: { status: "cancelled" } })
        : prisma.printOrder.update({ where: { id }, data: { wholesaleTotalMinor: 50 + i } }),
    );
    const reads = [0, 1, 2, 3].map(() => aggregate(shop, period, true));
    await Promise.all([...writes, ...reads]);
    await expectSameAsRaw(shop, period);
    expect(await marks(shop)).toEqual([]);
  });

  // SQLite has one writer at a time: a read's refresh cannot run while a write is open.
  it.runIf(testDatabaseProvider === "postgresql")(
    "waits for a writer that found its day already marked, then reads its change",
    async () => {
      const shop = "rollup-race.myshopify.com";
      const period = utcDays("2026-03-27", "2026-03-28");
      const cancelled = await seed(shop, {
        at: "2026-03-27T10:00:00Z",
        costMinor: 500,
        lines: book(1200),
      });
      const other = await seed(shop, {
        at: "2026-03-27T11:00:00Z",
        costMinor: 700,
        lines: book(1000),
      });
      await aggregate(shop, period, true);
      // Another write marks the day, and no read has taken the mark yet.
      await prisma.printOrder.update({ where: { id: other }, data: { wholesaleTotalMinor: 800 } });
      expect(await marks(shop)).toEqual(["2026-03-27"]);

      // A writer cancels an order of that day and stays open: its trigger found the mark there.
      let commit!: () => void;
      const mayCommit = new Promise<void>((resolve) => (commit = resolve));
      let wrote!: () => void;
      const written = new Promise<void>((resolve) => (wrote = resolve));
      const writer = prisma.$transaction(async (tx) => {
        await tx.printOrder.update({ where: { id: cancelled }, data: { status: "cancelled" } });
        wrote();
        await mayCommit;
      });
      await written;
      let ended = false;
      const read = aggregate(shop, period, true).finally(() => {
        ended = true;
      });
      // The read waits for the shop's lock, which the open writer holds (a read that did not
      // wait would end here, having taken the mark and read the day without the change).
      await vi.waitFor(
        async () => {
          if (ended) return;
          const [row] = await prisma.$queryRaw<{ waiting: bigint | number }[]>`
            SELECT COUNT(*) AS "waiting" FROM pg_locks
            WHERE locktype = 'advisory' AND NOT granted
              AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
          expect(Number(row?.waiting)).toBe(1);
        },
        { timeout: 20_000, interval: 20 },
      );
      commit();
      await writer;
      const raw = comparable(await aggregateRaw(shop, period, true));
      expect(raw.days.map((r) => [r.orders, r.cost])).toEqual([[1, 800]]);
      expect(comparable(await read)).toEqual(raw);
      // And what it left: the same sums on the next read.
      expect(comparable(await aggregate(shop, period, true))).toEqual(raw);
    },
  );
});
