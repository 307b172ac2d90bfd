import { useRouteLoaderData } from "@remix-run/react";
import { currencyExponent } from "../services/print/money";

/**
 * Number, money and date formatting for the shop's locale and time zone.
 * Money is always integer minor units plus a currency; it is turned into exact
 * decimal text (never divided as a float) and formatted with Intl.NumberFormat.
 */

export interface Money {
  amountMinor: number;
  currency: string;
}

export interface FormatContext {
  locale: string;
  timeZone: string;
}

export const DEFAULT_FORMAT: FormatContext = { locale: "en", timeZone: "UTC" };

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

function safeLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? "en";
  } catch {
    return "en";
  }
}

/** Exact major-unit decimal text of a minor amount ("-12.05"). */
export function minorToDecimal(m: Money): string {
  const exp = currencyExponent(m.currency);
  const negative = m.amountMinor < 0;
  const digits = String(Math.abs(Math.trunc(m.amountMinor))).padStart(exp + 1, "0");
  const text = exp === 0 ? digits : `${digits.slice(0, -exp)}.${digits.slice(-exp)}`;
  return negative ? `-${text}` : text;
}

export function formatMoney(m: Money | null | undefined, locale: string): string {
  if (!m) return "—";
  const l = safeLocale(locale);
  const f = cached(`m|${l}|${m.currency}`, () => {
    try {
      return new Intl.NumberFormat(l, { style: "currency", currency: m.currency });
    } catch {
      return new Intl.NumberFormat(l, { minimumFractionDigits: currencyExponent(m.currency) });
    }
  }) as Intl.NumberFormat;
  // Intl.NumberFormat formats decimal strings exactly.
  return f.format(minorToDecimal(m) as unknown as number);
}

export function formatNumber(
  n: number | null | undefined,
  locale: string,
  options?: Intl.NumberFormatOptions,
): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return "—";
  const l = safeLocale(locale);
  return (
    cached(
      `n|${l}|${JSON.stringify(options ?? {})}`,
      () => new Intl.NumberFormat(l, options),
    ) as Intl.NumberFormat
  ).format(n);
}

export function formatDateTime(
  iso: string | null | undefined,
  ctx: FormatContext,
  withTime = true,
): string {
  if (!iso) return "—";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "—";
  const l = safeLocale(ctx.locale);
  const f = cached(`d|${l}|${ctx.timeZone}|${withTime}`, () => {
    const options: Intl.DateTimeFormatOptions = withTime
      ? { dateStyle: "medium", timeStyle: "short", timeZone: ctx.timeZone }
      : { dateStyle: "medium", timeZone: ctx.timeZone };
    try {
      return new Intl.DateTimeFormat(l, options);
    } catch {
      return new Intl.DateTimeFormat(l, { ...options, timeZone: "UTC" });
    }
  }) as Intl.DateTimeFormat;
  return f.format(d);
}

/** The shop's formatting context, from the app layout's loader. */
export function useFormatContext(): FormatContext {
  const data = useRouteLoaderData("routes/app") as { format?: FormatContext } | undefined;
  return data?.format ?? DEFAULT_FORMAT;
}

/** Bound formatters for components. */
export function useFormat() {
  const ctx = useFormatContext();
  return {
    ctx,
    money: (m: Money | null | undefined) => formatMoney(m, ctx.locale),
    number: (n: number | null | undefined, options?: Intl.NumberFormatOptions) =>
      formatNumber(n, ctx.locale, options),
    dateTime: (iso: string | null | undefined) => formatDateTime(iso, ctx),
    date: (iso: string | null | undefined) => formatDateTime(iso, ctx, false),
  };
}
