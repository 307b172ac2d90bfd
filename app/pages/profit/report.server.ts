import type { Num, Raw } from "../../data/profit.server";
import { dayOf, hourShiftSeconds, type Period } from "../../components/profit/period";
import { convertMoney } from "../../services/pricing/margin";

/**
 * Profit per day and per product over a period.
 *
 * What counts (see CONTRACTS "Margin definition"): print orders of the shop created in the
 * period (the day is the shop's calendar day), not cancelled, whose print cost is known
 * (PrintOrder.wholesaleTotalMinor: what the service charges, product + shipping + VAT).
 * Revenue is what the shoppers paid for the lines those print orders print
 * (PrintOrderItem.revenueMinor, stored at planning). Margin = revenue − print cost. Print orders
 * not priced yet are counted apart, so they never show as pure profit.
 *
 * Proof copies (PrintOrder.kind "proof", ordered by the merchant at cost) are no sale: they are
 * neither revenue nor print cost of a sale, and no product's row counts them. Their cost (the
 * wholesale total) is reported apart as "Proofs" and taken off the margin: profit = margin −
 * proofs, per day and for the period.
 *
 * Amounts are reported in the shop's Shopify currency. Print costs in another currency are
 * converted with the print service's exchange rates (services/pricing/margin.ts); without a
 * rate, those orders are left out and counted apart. The sums come from data/profit.server.ts,
 * per hour; here the hours are put on the shop's calendar days, so daylight-saving changes fall
 * on the right day.
 */

export interface Amounts {
  revenueMinor: number;
  costMinor: number;
  marginMinor: number;
}

export interface DayRow extends Amounts {
  day: string;
  /** Print orders of sales (proofs apart). */
  printOrders: number;
  /** What the day's proof copies cost. */
  proofCostMinor: number;
  /** Margin less the proofs. */
  profitMinor: number;
}

/** The proof copies of the period: how many orders and copies, and what they cost. */
export interface ProofsSummary {
  printOrders: number;
  copies: number;
  costMinor: number;
}

export interface ProductRow extends Amounts {
  variantId: string;
  title: string;
  copies: number;
}

export interface ProfitReport {
  currency: string;
  days: DayRow[];
  products: ProductRow[];
  total: Amounts & { printOrders: number; proofCostMinor: number; profitMinor: number };
  proofs: ProofsSummary;
  /** Print orders in the period without a known print cost yet. */
  unpriced: number;
  /** Print orders left out because their currency had no exchange rate. */
  unconverted: { currency: string; printOrders: number }[];
  /** "1 EUR = 1.0850 USD" per converted currency. */
  conversions: string[];
}

const n = (v: Num): number => (v === null ? 0 : Number(v));

/** A converter of amounts to the report currency; null for a currency without a rate. */
type Converter = (amountMinor: number, currency: string) => number | null;

function converterFrom(currency: string, rates: Map<string, string>): Converter {
  return (amountMinor, from) => {
    if (from === currency) return amountMinor;
    const fromRate = rates.get(from);
    const toRate = rates.get(currency);
    if (!fromRate || !toRate) return null;
    return convertMoney(
      { amountMinor, currency: from },
      { currency: from, rate: fromRate },
      { currency, rate: toRate },
    ).amountMinor;
  };
}

/**
 * The report from the sums, converted to `currency` with `rates` (by currency). Pure apart
 * from the time-zone arithmetic.
 */
export function buildReport(
  raw: Raw,
  period: Period,
  currency: string,
  rates: Map<string, string>,
  conversions: string[] = [],
): ProfitReport {
  const convert = converterFrom(currency, rates);
  const shift = hourShiftSeconds(period.timeZone, period.start.getTime());
  const dayOfBucket = new Map<number, string>();
  const dayFor = (b: number) => {
    let day = dayOfBucket.get(b);
    if (day === undefined) {
      day = dayOf(period.timeZone, (b * 3600 - shift) * 1000);
      dayOfBucket.set(b, day);
    }
    return day;
  };
  const byDay = new Map<string, DayRow>(
    period.days.map((day) => [
      day,
      {
        day,
        revenueMinor: 0,
        costMinor: 0,
        marginMinor: 0,
        printOrders: 0,
        proofCostMinor: 0,
        profitMinor: 0,
      },
    ]),
  );
  const unconverted = new Map<string, number>();
  /** An hour's print cost in the report's currency; null counts its orders as unconverted. */
  const convertedCost = (r: { currency: string; cost: Num; orders: Num }) => {
    const cost = convert(n(r.cost), r.currency);
    if (cost === null)
      unconverted.set(r.currency, (unconverted.get(r.currency) ?? 0) + n(r.orders));
    return cost;
  };
  // Costs first: a bucket of a currency without a rate leaves out its revenue too.
  const leftOut = new Set<string>();
  for (const r of raw.days) {
    const row = byDay.get(dayFor(r.bucket));
    if (!row) continue;
    const cost = convertedCost(r);
    if (cost === null) {
      leftOut.add(`${r.bucket}|${r.currency}`);
      continue;
    }
    row.costMinor += cost;
    row.printOrders += n(r.orders);
  }
  const proofs: ProofsSummary = { printOrders: 0, copies: 0, costMinor: 0 };
  for (const r of raw.proofs) {
    const row = byDay.get(dayFor(r.bucket));
    if (!row) continue;
    const cost = convertedCost(r);
    if (cost === null) continue;
    row.proofCostMinor += cost;
    proofs.printOrders += n(r.orders);
    proofs.copies += n(r.copies);
    proofs.costMinor += cost;
  }
  const costCurrencies = new Set(raw.days.map((r) => r.currency));
  for (const r of raw.revenue) {
    const row = byDay.get(dayFor(r.bucket));
    if (!row || !r.currency) continue;
    // Revenue of an hour whose costs could not be converted stays out with them.
    if ([...costCurrencies].some((c) => leftOut.has(`${r.bucket}|${c}`))) continue;
    const revenue = convert(n(r.revenue), r.currency);
    if (revenue === null) {
      unconverted.set(r.currency, unconverted.get(r.currency) ?? 0);
      continue;
    }
    row.revenueMinor += revenue;
  }
  const days = [...byDay.values()].map((d) => ({
    ...d,
    marginMinor: d.revenueMinor - d.costMinor,
    profitMinor: d.revenueMinor - d.costMinor - d.proofCostMinor,
  }));

  const byProduct = new Map<string, ProductRow>();
  for (const r of raw.products) {
    const cost = convert(n(r.cost), r.costCurrency);
    const revenue = r.revenueCurrency ? convert(n(r.revenue), r.revenueCurrency) : 0;
    if (cost === null || revenue === null) continue;
    const row = byProduct.get(r.variantId) ?? {
      variantId: r.variantId,
      title: r.title ?? "",
      copies: 0,
      revenueMinor: 0,
      costMinor: 0,
      marginMinor: 0,
    };
    row.copies += n(r.copies);
    row.revenueMinor += revenue;
    row.costMinor += cost;
    row.marginMinor = row.revenueMinor - row.costMinor;
    byProduct.set(r.variantId, row);
  }
  const products = [...byProduct.values()].sort(
    (a, b) => b.revenueMinor - a.revenueMinor || a.title.localeCompare(b.title),
  );
  const total = days.reduce(
    (sum, d) => ({
      revenueMinor: sum.revenueMinor + d.revenueMinor,
      costMinor: sum.costMinor + d.costMinor,
      marginMinor: sum.marginMinor + d.marginMinor,
      printOrders: sum.printOrders + d.printOrders,
      proofCostMinor: sum.proofCostMinor + d.proofCostMinor,
      profitMinor: sum.profitMinor + d.profitMinor,
    }),
    {
      revenueMinor: 0,
      costMinor: 0,
      marginMinor: 0,
      printOrders: 0,
      proofCostMinor: 0,
      profitMinor: 0,
    },
  );
  return {
    currency,
    days,
    products,
    total,
    proofs,
    unpriced: n(raw.unpriced),
    unconverted: [...unconverted.entries()]
      .filter(([, orders]) => orders > 0)
      .map(([c, printOrders]) => ({ currency: c, printOrders })),
    conversions,
  };
}
