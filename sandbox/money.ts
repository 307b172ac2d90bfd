// Money is kept in integer minor units (cents) everywhere; conversions and
// percentages round half-up with BigInt so no float ever touches an amount.

export interface Currency {
  code: string;
  name: string;
  /** Units of this currency per 1 EUR, in ten-thousandths (4 decimals, like the legacy `rate`). */
  rate4: number;
}

export const BASE_CURRENCY = "EUR";

export const CURRENCIES: readonly Currency[] = [
  { code: "EUR", name: "Euro", rate4: 10_000 },
  { code: "USD", name: "US dollar", rate4: 10_850 },
  { code: "GBP", name: "Pound sterling", rate4: 8_550 },
  { code: "CAD", name: "Canadian dollar", rate4: 14_700 },
  { code: "AUD", name: "Australian dollar", rate4: 16_500 },
  { code: "NZD", name: "New Zealand dollar", rate4: 17_900 },
  { code: "CHF", name: "Swiss franc", rate4: 9_600 },
  { code: "SEK", name: "Swedish krona", rate4: 112_000 },
  { code: "NOK", name: "Norwegian krone", rate4: 115_000 },
  { code: "DKK", name: "Danish krone", rate4: 74_600 },
  { code: "PLN", name: "Polish zloty", rate4: 43_200 },
];

const byCode = new Map(CURRENCIES.map((c) => [c.code, c]));

export function findCurrency(code: string | undefined | null): Currency | undefined {
  return code ? byCode.get(code.toUpperCase()) : undefined;
}

/** Round-half-up integer division (away from zero for negatives). */
export function divRound(n: bigint, d: bigint): bigint {
  if (n < 0n) return -divRound(-n, d);
  return (2n * n + d) / (2n * d);
}

/** Converts an amount in EUR minor units to the currency's minor units. */
export function convertFromEur(eurMinor: number, currency: Currency): number {
  if (currency.rate4 === 10_000) return eurMinor;
  return Number(divRound(BigInt(eurMinor) * BigInt(currency.rate4), 10_000n));
}

/** `minor * bp / 10000`, rounded half-up (bp = basis points, 2100 = 21%). */
export function percentOf(minor: number, bp: number): number {
  return Number(divRound(BigInt(minor) * BigInt(bp), 10_000n));
}

/** 1234 -> "12.34" */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  const cents = abs % 100;
  return `${sign}${(abs - cents) / 100}.${cents < 10 ? "0" : ""}${cents}`;
}

/** JSON quotes carry decimal numbers: parse the exact decimal text instead of dividing floats. */
export function minorToNumber(minor: number): number {
  return Number(formatMinor(minor));
}

/** "12.3" / "12.34" / "12" -> 1234 minor units; undefined when not a money string. */
export function parseMoney(text: string | number): number | undefined {
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(String(text).trim());
  if (!m) return undefined;
  const whole = Number(m[2]);
  const frac = Number((m[3] ?? "0").padEnd(2, "0"));
  const v = whole * 100 + frac;
  return m[1] ? -v : v;
}

/** 10850 -> "1.0850" */
export function formatRate(rate4: number): string {
  const frac = rate4 % 10_000;
  return `${(rate4 - frac) / 10_000}.${String(frac).padStart(4, "0")}`;
}

/** 2100 -> "21.00" */
export function formatBp(bp: number): string {
  return formatMinor(bp);
}

/** 550 -> 5.5 */
export function bpToNumber(bp: number): number {
  return minorToNumber(bp);
}
