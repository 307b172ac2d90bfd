import { currencyExponent } from "./print/money";

/**
 * Money as a merchant types it, read in the merchant's locale: "12,50" where
 * the locale writes a decimal comma, "12.50" where it writes a point, with or
 * without thousands separators ("1.234,50", "1,234.50", "1 234,50").
 *
 * How a separator is read:
 * - Both "." and "," in the text: the last one is the decimal separator, the
 *   other groups thousands ("1.234,50" and "1,234.50" are both 1234.50 in any
 *   locale; no one writes them the other way round).
 * - One separator, once: it is the decimal separator, except when it is the
 *   locale's thousands separator and exactly three digits follow it. So in
 *   en-US "12,345" is 12345 and "12,5" is 12.50; in de-DE "1.234" is 1234 and
 *   "12.50" is 12.50 (a point with two digits after it cannot be grouping).
 * - One separator, several times: thousands grouping ("1.234.567").
 * Grouped digits must look grouped (3 digits per group; 2 also for the Indian
 * lakh style). Amounts are checked against the currency's decimals (JPY none,
 * EUR 2, KWD 3) and a range; messages say what to enter, in the locale's own
 * number format.
 */

export type MoneyInputResult = { ok: true; amountMinor: number } | { ok: false; message: string };

export interface MoneyInputOptions {
  /** Smallest amount allowed, in minor units (default 0: negative amounts are refused). */
  minMinor?: number;
  /** Largest amount allowed, in minor units (default 1,000,000 in major units). */
  maxMinor?: number;
}

const DEFAULT_MAX_MAJOR = 1_000_000n;

interface Separators {
  decimal: string;
  group: string;
}

const separatorCache = new Map<string, Separators>();

function canonicalLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? "en";
  } catch {
    return "en";
  }
}

/** The locale's decimal and thousands separators, as Intl writes them. */
export function localeSeparators(locale: string): Separators {
  const l = canonicalLocale(locale);
  let found = separatorCache.get(l);
  if (!found) {
    const parts = new Intl.NumberFormat(l, { useGrouping: true }).formatToParts(1234567.5);
    found = {
      decimal: parts.find((p) => p.type === "decimal")?.value ?? ".",
      group: parts.find((p) => p.type === "group")?.value ?? ",",
    };
    separatorCache.set(l, found);
  }
  return found;
}

/** The currency's symbol as the locale writes it ("€", "$", "CHF"), to strip from typed text. */
function currencySymbol(locale: string, currency: string): string | null {
  try {
    return (
      new Intl.NumberFormat(canonicalLocale(locale), { style: "currency", currency })
        .formatToParts(1)
        .find((p) => p.type === "currency")?.value ?? null
    );
  } catch {
    return null;
  }
}

/** Minor units as the locale writes them with grouping ("100.000,00" in de-DE). */
export function formatMinorForLocale(
  amountMinor: number | bigint,
  locale: string,
  currency: string,
  { grouping = true }: { grouping?: boolean } = {},
): string {
  const exp = currencyExponent(currency);
  const digits = String(amountMinor < 0 ? -BigInt(amountMinor) : BigInt(amountMinor)).padStart(
    exp + 1,
    "0",
  );
  const intPart = exp === 0 ? digits : digits.slice(0, -exp);
  const fracPart = exp === 0 ? "" : digits.slice(-exp);
  const { decimal, group } = localeSeparators(locale);
  const grouped = grouping ? intPart.replace(/\B(?=(\d{3})+(?!\d))/g, group) : intPart;
  return `${amountMinor < 0 ? "-" : ""}${grouped}${fracPart ? decimal + fracPart : ""}`;
}

/** A typical amount in the locale's format, for messages ("4.95", "4,95", "500"). */
export function exampleAmount(locale: string, currency: string): string {
  const exp = currencyExponent(currency);
  // 4.95 in the currency's decimals; whole-unit currencies get 500.
  const minor = exp === 0 ? 500n : exp === 1 ? 45n : 495n * 10n ** BigInt(exp - 2);
  return formatMinorForLocale(minor, locale, currency);
}

/** The text as editable input: no grouping, the locale's decimal separator ("1234,50"). */
export function formatMoneyInput(amountMinor: number, locale: string, currency: string): string {
  return formatMinorForLocale(amountMinor, locale, currency, { grouping: false });
}

/**
 * A number typed with digits, "." and "," only, cut at its decimal mark by the rules above: the
 * last of "." and "," when both are there; a lone mark unless it comes more than once, or is the
 * locale's thousands separator (`localeGroup`) with exactly three digits after it. The other
 * mark, where the text has one, groups thousands.
 */
export function splitAtDecimalMark(
  s: string,
  localeGroup: string,
): {
  decimalMark: "." | "," | null;
  groupMark: "." | "," | null;
  intText: string;
  fracText: string;
} {
  const lastPoint = s.lastIndexOf(".");
  const lastComma = s.lastIndexOf(",");
  let decimalMark: "." | "," | null = null;
  if (lastPoint >= 0 && lastComma >= 0) {
    decimalMark = lastPoint > lastComma ? "." : ",";
  } else if (lastPoint >= 0 || lastComma >= 0) {
    const mark = lastPoint >= 0 ? "." : ",";
    const count = s.split(mark).length - 1;
    const after = s.length - s.lastIndexOf(mark) - 1;
    // One mark with three digits after it is grouping only where the locale groups with it.
    if (!(count > 1 || (mark === localeGroup && after === 3))) decimalMark = mark;
  }
  const groupMark = ([".", ","] as const).find((m) => m !== decimalMark && s.includes(m)) ?? null;
  if (!decimalMark) return { decimalMark, groupMark, intText: s, fracText: "" };
  const at = s.lastIndexOf(decimalMark);
  return { decimalMark, groupMark, intText: s.slice(0, at), fracText: s.slice(at + 1) };
}

const SPACES = /[\s\u00a0\u202f\u2009]/g;
const isSpace = (mark: string) => /^[\s\u00a0\u202f\u2009]$/.test(mark);

export function parseMoneyInput(
  text: string,
  locale: string,
  currency: string,
  options: MoneyInputOptions = {},
): MoneyInputResult {
  const exp = currencyExponent(currency);
  const minMinor = BigInt(options.minMinor ?? 0);
  const maxMinor = BigInt(options.maxMinor ?? DEFAULT_MAX_MAJOR * 10n ** BigInt(exp));
  const range = `Enter an amount between ${formatMinorForLocale(minMinor, locale, currency)} and ${formatMinorForLocale(maxMinor, locale, currency)}`;
  const like = `Enter an amount like ${exampleAmount(locale, currency)}`;
  const { decimal, group } = localeSeparators(locale);

  let s = text.replace(SPACES, "");
  for (const mark of [currency.toUpperCase(), currencySymbol(locale, currency)]) {
    if (!mark) continue;
    if (s.toUpperCase().startsWith(mark.toUpperCase())) s = s.slice(mark.length);
    else if (s.toUpperCase().endsWith(mark.toUpperCase())) s = s.slice(0, -mark.length);
  }
  s = s.replace(SPACES, "");
  if (s === "") return { ok: false, message: like };
  if (/^[-−]/.test(s)) return { ok: false, message: range };
  // Apostrophes group thousands in Switzerland; locales with other marks map onto "." and ",".
  s = s.replace(/['’]/g, "");
  if (decimal !== "." && decimal !== ",") s = s.split(decimal).join(".");
  if (group !== "." && group !== "," && !isSpace(group)) s = s.split(group).join("");
  if (!/^[0-9.,]+$/.test(s)) return { ok: false, message: like };

  const number = splitAtDecimalMark(s, group);
  const { decimalMark, groupMark, fracText } = number;
  let { intText } = number;
  if (decimalMark) {
    if (fracText.includes(".") || fracText.includes(",") || fracText === "")
      return { ok: false, message: like };
    if (intText.includes(decimalMark)) return { ok: false, message: like };
  }
  if (groupMark) {
    const groups = intText.split(groupMark);
    const [first, ...rest] = groups;
    const looksGrouped =
      first !== undefined &&
      /^\d{1,3}$/.test(first) &&
      rest.length > 0 &&
      rest.every((g) => /^\d{2,3}$/.test(g)) &&
      /^\d{3}$/.test(rest[rest.length - 1] ?? "");
    if (!looksGrouped) return { ok: false, message: like };
    intText = groups.join("");
  }
  if (!/^\d*$/.test(intText) || !/^\d*$/.test(fracText) || intText + fracText === "")
    return { ok: false, message: like };

  // Trailing zeros are not extra precision: "4.950" is 4.95 EUR.
  const significant = fracText.replace(/0+$/, "");
  if (significant.length > exp) {
    const decimals =
      exp === 0
        ? `${currency.toUpperCase()} amounts have no decimals`
        : `${currency.toUpperCase()} amounts have at most ${exp} decimal${exp === 1 ? "" : "s"}`;
    return { ok: false, message: `${decimals}: ${like.charAt(0).toLowerCase()}${like.slice(1)}` };
  }
  const minor = BigInt((intText || "0") + significant.padEnd(exp, "0"));
  if (minor < minMinor || minor > maxMinor) return { ok: false, message: range };
  return { ok: true, amountMinor: Number(minor) };
}
