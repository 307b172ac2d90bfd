/**
 * The period Import past orders looks at: whole days (UTC, as the Orders page's dates),
 * never further back than Shopify lets the app read orders.
 */

/** Shopify's `read_orders` reaches the last 60 days of orders; older ones need read_all_orders. */
export const SHOPIFY_ORDER_WINDOW_DAYS = 60;
/** What the page looks at when the merchant has not picked a period. */
export const DEFAULT_PERIOD_DAYS = 30;

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface ImportPeriod {
  /** The days as the form shows them (YYYY-MM-DD). */
  from: string;
  to: string;
  /** Orders created at or after this instant ... */
  start: Date;
  /** ... and before this one: the end of the `to` day (no order is placed in the future). */
  end: Date;
}

export type PeriodResult =
  { ok: true; period: ImportPeriod } | { ok: false; from: string; to: string; message: string };

export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function parseDay(text: string): Date | null {
  if (!DAY.test(text)) return null;
  const at = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(at.getTime()) || dayOf(at) !== text ? null : at;
}

/** The earliest day the page may ask for, today counted. */
export function earliestDay(now: Date): string {
  return dayOf(new Date(now.getTime() - SHOPIFY_ORDER_WINDOW_DAYS * DAY_MS));
}

/**
 * The period asked (`from`, `to`), or the last 30 days. A start further back than Shopify's
 * window is moved to its first day rather than refused: the merchant asked for "everything".
 */
export function parsePeriod(
  input: { from?: string | null; to?: string | null },
  now: Date,
): PeriodResult {
  const today = dayOf(now);
  const fromText =
    (input.from ?? "").trim() || dayOf(new Date(now.getTime() - DEFAULT_PERIOD_DAYS * DAY_MS));
  const toText = (input.to ?? "").trim() || today;
  const from = parseDay(fromText);
  const to = parseDay(toText);
  if (!from || !to)
    return {
      ok: false,
      from: fromText,
      to: toText,
      message: "Enter both dates as a day, e.g. 2026-10-01.",
    };
  if (from > to)
    return {
      ok: false,
      from: fromText,
      to: toText,
      message: "The start date is after the end date.",
    };
  if (toText > today)
    return { ok: false, from: fromText, to: toText, message: "The end date is in the future." };
  const windowStart = new Date(now.getTime() - SHOPIFY_ORDER_WINDOW_DAYS * DAY_MS);
  const start = from < windowStart ? windowStart : from;
  const dayAfterTo = new Date(to.getTime() + DAY_MS);
  return {
    ok: true,
    period: {
      from: dayOf(start),
      to: toText,
      start,
      end: dayAfterTo,
    },
  };
}
