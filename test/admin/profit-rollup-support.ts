/**
 * What the Profit rollup's tests share: print orders written as the app stores them (each
 * write fires the database's triggers), the marks and rollup rows of a shop, and the sums in a
 * form two answers can be compared in. Imports the app's database lazily, after app-env.
 */
import type { Num, Raw } from "~/data/profit.server";

export interface Period {
  start: Date;
  end: Date;
  shift: number;
}

export interface Line {
  variant: string;
  title: string;
  quantity: number;
  revenueMinor: number | null;
  revenueCurrency?: string | null;
}

let serial = 0;

/** A print order with its shop order and lines; its id. */
export async function seed(
  shop: string,
  o: {
    at: string;
    status?: string;
    kind?: "sale" | "proof";
    currency?: string;
    costMinor: number | null;
    lines: Line[];
  },
): Promise<string> {
  const { default: prisma } = await import("~/db.server");
  serial += 1;
  const at = new Date(o.at);
  const shopOrder = await prisma.shopOrder.create({
    data: {
      shop,
      shopifyOrderId: String(60_000 + serial),
      name: `#${6000 + serial}`,
      currency: "EUR",
      lineItems: "[]",
      createdAt: at,
    },
  });
  const order = await prisma.printOrder.create({
    data: {
      shop,
      shopOrderId: shopOrder.id,
      shopifyOrderId: shopOrder.shopifyOrderId,
      shopifyOrderName: shopOrder.name,
      orderReference: `PC-${60_000 + serial}-1`,
      kind: o.kind ?? "sale",
      status: o.status ?? "paid",
      currency: o.currency ?? "EUR",
      wholesaleTotalMinor: o.costMinor,
      createdAt: at,
      nextAttemptAt: new Date("9999-12-31T00:00:00Z"),
      items: {
        create: o.lines.map((line, i) => ({
          shop,
          itemReference: String(i + 1),
          shopifyLineItemId: String(serial * 10 + i),
          variantId: line.variant,
          offeringId: 228500,
          quantity: line.quantity,
          title: line.title,
          revenueMinor: line.revenueMinor,
          revenueCurrency:
            line.revenueCurrency !== undefined
              ? line.revenueCurrency
              : line.revenueMinor === null
                ? null
                : "EUR",
        })),
      },
    },
  });
  return order.id;
}

/** The shop's marked days, in order. */
export async function marks(shop: string): Promise<string[]> {
  const { default: prisma } = await import("~/db.server");
  const rows = await prisma.$queryRaw<
    { day: string }[]
  >`SELECT "day" FROM "ProfitStale" WHERE "shop" = ${shop} ORDER BY "day"`;
  return rows.map((r) => r.day);
}

/** How many rollup rows the shop has, in its three tables. */
export async function rollupRows(shop: string): Promise<number> {
  const { default: prisma } = await import("~/db.server");
  const [row] = await prisma.$queryRaw<{ n: Num }[]>`SELECT
    (SELECT COUNT(*) FROM "ProfitQuarter" WHERE "shop" = ${shop})
    + (SELECT COUNT(*) FROM "ProfitQuarterRevenue" WHERE "shop" = ${shop})
    + (SELECT COUNT(*) FROM "ProfitDayProduct" WHERE "shop" = ${shop}) AS "n"`;
  return Number(row?.n ?? 0);
}

/** Numbers as numbers (each database and path returns its own kind; null is nothing). */
const num = (v: Num) => (v === null ? 0 : Number(v));

function sorted<T>(rows: T[]): T[] {
  return [...rows].sort((a, b) => {
    const [x, y] = [JSON.stringify(a), JSON.stringify(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/** The sums row for row, in an order and number type of their own. */
export function comparable(raw: Raw) {
  return {
    days: sorted(
      raw.days.map((r) => ({
        bucket: r.bucket,
        currency: r.currency,
        cost: num(r.cost),
        orders: num(r.orders),
      })),
    ),
    proofs: sorted(
      raw.proofs.map((r) => ({
        bucket: r.bucket,
        currency: r.currency,
        cost: num(r.cost),
        orders: num(r.orders),
        copies: num(r.copies),
      })),
    ),
    revenue: sorted(
      raw.revenue.map((r) => ({ bucket: r.bucket, currency: r.currency, revenue: num(r.revenue) })),
    ),
    products: sorted(
      raw.products.map((r) => ({
        variantId: r.variantId,
        title: r.title,
        revenueCurrency: r.revenueCurrency,
        costCurrency: r.costCurrency,
        copies: num(r.copies),
        revenue: num(r.revenue),
        cost: num(r.cost),
      })),
    ),
    unpriced: num(raw.unpriced),
  };
}
