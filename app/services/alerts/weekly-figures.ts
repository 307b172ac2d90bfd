/**
 * The weekly summary's figures for one shop and one week [start, end): print orders shipped
 * (the print service's "shipped" event in the week), time to print (from the Shopify order's
 * payment to that event), and the margin per currency from the Profit page's sums (print orders
 * placed in the week, proofs apart). Bounded: at most SHIPPED_READ_MAX shipments are read.
 */
import { percentile } from "../fulfilment/handoff";
import type { WeeklyStore } from "./ports";

/** The Profit page's sums as data/profit.server.ts `aggregate` returns them (the part read). */
type Num = number | bigint | string | null;
export interface ProfitSums {
  days: { currency: string; cost: Num; orders: Num }[];
  proofs: { currency: string; cost: Num; orders: Num }[];
  revenue: { currency: string | null; revenue: Num }[];
  unpriced: Num;
}

export const SHIPPED_READ_MAX = 5_000;

export interface CurrencyFigures {
  currency: string;
  /** Sales' print orders placed in the week, priced, in this cost currency. */
  printOrders: number;
  revenueMinor: number;
  /** What the print service charges: printing, shipping and VAT. */
  costMinor: number;
  /** Revenue less cost; null when this currency has only one of them (mixed currencies). */
  marginMinor: number | null;
  proofCostMinor: number;
}

export interface WeekFigures {
  shipped: number;
  /** Payment in Shopify to shipped, over the sales shipped whose payment time is known. */
  timeToPrint: { count: number; medianMs: number; slowestMs: number; slowestName: string } | null;
  money: CurrencyFigures[];
  /** Print orders placed in the week without a known print cost yet. */
  unpriced: number;
}

const n = (v: Num) => (v === null ? 0 : Number(v));

/** The Profit page's sums, per currency. */
export function moneyFigures(sums: ProfitSums): CurrencyFigures[] {
  const by = new Map<string, CurrencyFigures & { hasCost: boolean; hasRevenue: boolean }>();
  const of = (currency: string) => {
    let row = by.get(currency);
    if (!row) {
      row = {
        currency,
        printOrders: 0,
        revenueMinor: 0,
        costMinor: 0,
        marginMinor: null,
        proofCostMinor: 0,
        hasCost: false,
        hasRevenue: false,
      };
      by.set(currency, row);
    }
    return row;
  };
  for (const d of sums.days) {
    const row = of(d.currency);
    row.costMinor += n(d.cost);
    row.printOrders += n(d.orders);
    row.hasCost = true;
  }
  for (const r of sums.revenue) {
    if (!r.currency) continue;
    const row = of(r.currency);
    row.revenueMinor += n(r.revenue);
    row.hasRevenue = true;
  }
  for (const p of sums.proofs) of(p.currency).proofCostMinor += n(p.cost);
  return [...by.values()]
    .sort((a, b) => a.currency.localeCompare(b.currency))
    .map(({ hasCost, hasRevenue, ...row }) => ({
      ...row,
      marginMinor: hasCost && hasRevenue ? row.revenueMinor - row.costMinor : null,
    }));
}

export async function weekFigures(
  store: Pick<WeeklyStore, "shipments">,
  profit: (shop: string, start: Date, end: Date) => Promise<ProfitSums>,
  shop: string,
  start: Date,
  end: Date,
): Promise<WeekFigures> {
  const [events, sums] = await Promise.all([
    store.shipments(shop, start, end, SHIPPED_READ_MAX),
    profit(shop, start, end),
  ]);
  // One shipment per print order (its first "shipped" event in the week).
  const seen = new Set<string>();
  const durations: { ms: number; name: string }[] = [];
  for (const e of events) {
    if (seen.has(e.printOrderId!)) continue;
    seen.add(e.printOrderId!);
    const paidAt = e.printOrder?.shopOrder.shopifyPaidAt;
    if (e.printOrder?.kind !== "sale" || !paidAt) continue;
    durations.push({
      ms: Math.max(0, e.at.getTime() - paidAt.getTime()),
      name: e.printOrder.shopifyOrderName,
    });
  }
  const ascending = durations.map((d) => d.ms).sort((a, b) => a - b);
  const slowest = durations.reduce<(typeof durations)[number] | null>(
    (max, d) => (max === null || d.ms > max.ms ? d : max),
    null,
  );
  return {
    shipped: seen.size,
    timeToPrint: slowest
      ? {
          count: ascending.length,
          medianMs: percentile(ascending, 50)!,
          slowestMs: slowest.ms,
          slowestName: slowest.name,
        }
      : null,
    money: moneyFigures(sums),
    unpriced: n(sums.unpriced),
  };
}
