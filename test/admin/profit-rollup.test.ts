import "../support/app-env";
import { describe, expect, it, beforeAll } from "vitest";
import prisma from "~/db.server";
import { aggregate, aggregateRaw } from "~/data/profit.server";
import { rollupFits } from "~/data/profit-rollup.server";
import { comparable, marks, rollupRows, seed, type Period } from "./profit-rollup-support";

/**
 * The Profit rollup (decision 30) answers as the sums of the print orders themselves
 * (aggregateRaw, the reference), row for row: several currencies, proofs, cancelled and
 * unpriced print orders, several-line orders sharing their cost, zones half an hour and three
 * quarters off the hour, periods whose ends are not UTC midnights, and a period shorter than a
 * day's width; then again after each kind of write the database triggers must mark.
 */

const SHOP = "rollup-shop.myshopify.com";
const OTHER_SHOP = "rollup-other.myshopify.com";

const at = (iso: string) => new Date(iso);
const PERIODS: Record<string, Period> = {
  // UTC days 26-31 March.
  utc: { start: at("2026-03-26T00:00:00Z"), end: at("2026-04-01T00:00:00Z"), shift: 0 },
  // Asia/Kolkata (UTC+5:30), its days 26-31 March.
  kolkata: { start: at("2026-03-25T18:30:00Z"), end: at("2026-03-31T18:30:00Z"), shift: 1800 },
  // Asia/Kathmandu (UTC+5:45).
  kathmandu: { start: at("2026-03-25T18:15:00Z"), end: at("2026-03-31T18:15:00Z"), shift: 2700 },
  // Europe/Amsterdam across its clock change on 29 March: ends at 23:00 and 22:00 UTC.
  amsterdam: { start: at("2026-03-25T23:00:00Z"), end: at("2026-03-31T22:00:00Z"), shift: 0 },
  // America/St_Johns (UTC-2:30 in summer): one local day, no whole UTC day inside.
  stJohns: { start: at("2026-03-27T02:30:00Z"), end: at("2026-03-28T02:30:00Z"), shift: 1800 },
};

/** Every period, with and without products: the rollup's answer is the reference's. */
async function expectSameAsRaw() {
  for (const [name, period] of Object.entries(PERIODS)) {
    for (const withProducts of [true, false]) {
      const rollup = comparable(await aggregate(SHOP, period, withProducts));
      const raw = comparable(await aggregateRaw(SHOP, period, withProducts));
      expect({ name, withProducts, ...rollup }).toEqual({ name, withProducts, ...raw });
    }
  }
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  const book = (revenueMinor: number | null, title = "Photo book") => ({
    variant: "501",
    title,
    quantity: 1,
    revenueMinor,
  });
  ids.before = await seed(SHOP, {
    at: "2026-03-25T20:00:00Z",
    costMinor: 500,
    lines: [book(1200)],
  });
  ids.midnight = await seed(SHOP, {
    at: "2026-03-26T00:00:00Z",
    costMinor: 300,
    lines: [book(900)],
  });
  ids.usd = await seed(SHOP, {
    at: "2026-03-26T18:29:59.999Z",
    currency: "USD",
    costMinor: 1085,
    lines: [book(1500)],
  });
  ids.proof = await seed(SHOP, {
    at: "2026-03-26T18:30:00Z",
    kind: "proof",
    costMinor: 1170,
    lines: [{ variant: "601", title: "Poster", quantity: 2, revenueMinor: null }],
  });
  ids.unpriced = await seed(SHOP, {
    at: "2026-03-26T18:44:59Z",
    costMinor: null,
    lines: [book(800)],
  });
  // Shared by revenue: 1500 and 500.
  ids.shared = await seed(SHOP, {
    at: "2026-03-26T23:59:59.999Z",
    costMinor: 2000,
    lines: [
      { variant: "601", title: "Poster", quantity: 2, revenueMinor: 3000 },
      { variant: "602", title: "Card", quantity: 1, revenueMinor: 1000 },
    ],
  });
  ids.cancelled = await seed(SHOP, {
    at: "2026-03-27T05:15:00Z",
    status: "cancelled",
    costMinor: 400,
    lines: [book(900)],
  });
  // Nothing paid: shared by copies, 2:1.
  ids.free = await seed(SHOP, {
    at: "2026-03-27T05:30:00Z",
    costMinor: 1000,
    lines: [
      { variant: "701", title: "Mug", quantity: 2, revenueMinor: 0 },
      { variant: "702", title: "Cup", quantity: 1, revenueMinor: 0 },
    ],
  });
  // Each share rounded down: 333 and 666.
  ids.rounded = await seed(SHOP, {
    at: "2026-03-27T12:07:00Z",
    costMinor: 1000,
    lines: [
      { variant: "701", title: "Mug", quantity: 1, revenueMinor: 100 },
      { variant: "702", title: "Cup", quantity: 1, revenueMinor: 200 },
    ],
  });
  // Paid in pounds, another title for the same variant (the larger one is shown).
  ids.pounds = await seed(SHOP, {
    at: "2026-03-27T12:10:00Z",
    costMinor: 700,
    lines: [{ ...book(1100, "Photo book, second edition"), revenueCurrency: "GBP" }],
  });
  ids.usdProof = await seed(SHOP, {
    at: "2026-03-27T21:45:00Z",
    kind: "proof",
    currency: "USD",
    costMinor: 1085,
    lines: [book(null)],
  });
  ids.unpricedProof = await seed(SHOP, {
    at: "2026-03-27T22:00:00Z",
    kind: "proof",
    status: "pending",
    costMinor: null,
    lines: [book(null)],
  });
  ids.noRevenue = await seed(SHOP, {
    at: "2026-03-28T00:00:00Z",
    costMinor: 250,
    lines: [{ ...book(null), revenueCurrency: null }],
  });
  ids.three = await seed(SHOP, {
    at: "2026-03-28T13:15:00Z",
    costMinor: 900,
    lines: [
      book(500),
      { variant: "601", title: "Poster", quantity: 1, revenueMinor: 250 },
      { variant: "602", title: "Card", quantity: 2, revenueMinor: 0 },
    ],
  });
  ids.later = await seed(SHOP, { at: "2026-03-29T10:00:00Z", costMinor: 700, lines: [book(1000)] });
  ids.lateUsd = await seed(SHOP, {
    at: "2026-03-30T23:45:00Z",
    currency: "USD",
    costMinor: 2000,
    lines: [book(1800), { variant: "602", title: "Card", quantity: 3, revenueMinor: 600 }],
  });
  ids.last = await seed(SHOP, { at: "2026-03-31T18:00:00Z", costMinor: 300, lines: [book(900)] });
  ids.after = await seed(SHOP, { at: "2026-04-01T00:30:00Z", costMinor: 400, lines: [book(999)] });
  await seed(OTHER_SHOP, { at: "2026-03-27T12:00:00Z", costMinor: 5, lines: [book(99_999)] });
});

describe("the Profit rollup", () => {
  it("answers every period whole quarter-hours wide, and no other", () => {
    for (const period of Object.values(PERIODS)) expect(rollupFits(period)).toBe(true);
    const { start, end } = PERIODS.utc!;
    expect(rollupFits({ start, end, shift: 600 })).toBe(false);
    expect(rollupFits({ start: new Date(start.getTime() + 60_000), end, shift: 0 })).toBe(false);
    expect(rollupFits({ start: end, end: start, shift: 0 })).toBe(false);
  });

  it("adds up as the print orders do, and keeps the rows it added up", async () => {
    // The writes marked each of the shops' days; nothing is rolled up before a read.
    expect(await marks(SHOP)).toHaveLength(8);
    expect(await rollupRows(SHOP)).toBe(0);
    const raw = comparable(await aggregateRaw(SHOP, PERIODS.utc!, true));
    // Not trivially equal: every kind of row is there.
    expect(raw.days.length).toBeGreaterThan(5);
    expect(raw.proofs.map((r) => r.currency).sort()).toEqual(["EUR", "USD"]);
    expect(raw.revenue.map((r) => r.currency)).toContain("GBP");
    expect(new Set(raw.products.map((p) => p.variantId))).toEqual(
      new Set(["501", "601", "602", "701", "702"]),
    );
    expect(raw.unpriced).toBe(2);
    await expectSameAsRaw();
    // The period's days are refreshed and their marks taken; other shops' are left.
    expect(await marks(SHOP)).toEqual([]);
    expect(await rollupRows(SHOP)).toBeGreaterThan(0);
    expect(await marks(OTHER_SHOP)).toEqual(["2026-03-27"]);
  });

  it("reads the rollup, and refreshes a day only when it is marked", async () => {
    await aggregate(SHOP, PERIODS.utc!, true);
    // A change behind the triggers' back (no mark) shows: the sums come from the rollup.
    await prisma.$executeRaw`UPDATE "ProfitQuarter" SET "costMinor" = "costMinor" + 1 WHERE "shop" = ${SHOP} AND NOT "isProof"`;
    const skewed = comparable(await aggregate(SHOP, PERIODS.utc!, false));
    const raw = comparable(await aggregateRaw(SHOP, PERIODS.utc!, false));
    expect(skewed.days).not.toEqual(raw.days);
    // Marking the days puts them right.
    await prisma.$executeRaw`INSERT INTO "ProfitStale" ("shop", "day") SELECT DISTINCT "shop", "day" FROM "ProfitDayProduct" WHERE "shop" = ${SHOP}`;
    await expectSameAsRaw();
  });

  it("still answers as the print orders after each kind of change", async () => {
    const changes: [string, () => Promise<unknown>][] = [
      [
        "a print order cancelled",
        () =>
          prisma.printOrder.update({ where: { id: ids.shared }, data: { status: "cancelled" } }),
      ],
      [
        "a cost arriving",
        () =>
          prisma.printOrder.update({
            where: { id: ids.unpriced },
            data: { wholesaleTotalMinor: 650, status: "paid" },
          }),
      ],
      ["a print order deleted", () => prisma.printOrder.delete({ where: { id: ids.rounded } })],
      [
        "a line added (the order's cost shared again)",
        () =>
          prisma.printOrderItem.create({
            data: {
              shop: SHOP,
              printOrderRowId: ids.three!,
              itemReference: "9",
              shopifyLineItemId: "line-added",
              variantId: "702",
              offeringId: 228500,
              quantity: 1,
              title: "Cup",
              revenueMinor: 250,
              revenueCurrency: "EUR",
            },
          }),
      ],
      [
        "createdAt moved to another day",
        () =>
          prisma.printOrder.update({
            where: { id: ids.usd },
            data: { createdAt: new Date("2026-03-29T06:00:00Z") },
          }),
      ],
      [
        "a line's revenue changed",
        () =>
          prisma.printOrderItem.updateMany({
            where: { shop: SHOP, printOrderRowId: ids.pounds },
            data: { revenueMinor: 1300 },
          }),
      ],
      [
        "a cancelled order back in",
        () => prisma.printOrder.update({ where: { id: ids.cancelled }, data: { status: "paid" } }),
      ],
      [
        "a line deleted",
        () =>
          prisma.printOrderItem.deleteMany({
            where: { shop: SHOP, printOrderRowId: ids.lateUsd, variantId: "602" },
          }),
      ],
      [
        "a sale made a proof",
        () => prisma.printOrder.update({ where: { id: ids.later }, data: { kind: "proof" } }),
      ],
    ];
    for (const [what, change] of changes) {
      await aggregate(SHOP, PERIODS.utc!, true);
      await change();
      expect(await marks(SHOP), what).not.toEqual([]);
      await expectSameAsRaw();
    }
  });

  it("marks nothing for a change the sums do not read", async () => {
    await aggregate(SHOP, PERIODS.utc!, true);
    await prisma.printOrder.update({
      where: { id: ids.midnight },
      data: { status: "shipped", trackingCode: "TRACK-1", attempts: 3 },
    });
    await prisma.printOrderItem.updateMany({
      where: { shop: SHOP, printOrderRowId: ids.midnight },
      data: { serviceState: "PRINTED" },
    });
    expect(await marks(SHOP)).toEqual([]);
  });
});
