/**
 * Money without floating-point arithmetic.
 *
 * An amount is an integer number of minor units (cents) plus its ISO 4217 currency code.
 * Decimal text and numbers from the wire are converted by string manipulation (never `x * 100`),
 * using the currency's exponent (EUR 2, JPY 0, KWD 3, ...). See docs/decisions/0002-money.md.
 */

export interface MoneyMinor {
  /** Integer amount in the currency's minor unit; always a safe integer. */
  amountMinor: number;
  /** ISO 4217 code, upper case. */
  currency: string;
}

/** ISO 4217 exponents that differ from 2. Every other code uses 2. */
const EXPONENTS: Record<string, number> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};

export class MoneyError extends Error {
  override name = "MoneyError";
}

function normaliseCurrency(currency: string): string {
  const c = currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(c))
    throw new MoneyError(`not a currency code: ${JSON.stringify(currency)}`);
  return c;
}

/** Number of decimal places of the currency's minor unit. */
export function currencyExponent(currency: string): number {
  return EXPONENTS[normaliseCurrency(currency)] ?? 2;
}

export type Rounding = "half-up" | "exact";

interface Decimal {
  negative: boolean;
  intPart: string;
  fracPart: string;
}

/** Splits decimal text ("12", "-0.5", "3.50", "1e-7", "1.5E3") into sign, integer and fraction digits. */
function splitDecimal(text: string): Decimal {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!m || ((m[2] ?? "") === "" && (m[3] ?? "") === "")) {
    throw new MoneyError(`not a decimal amount: ${JSON.stringify(text)}`);
  }
  let intPart = m[2] ?? "";
  let fracPart = m[3] ?? "";
  const exp = m[4] === undefined ? 0 : Number(m[4]);
  if (exp > 0) {
    const shift = fracPart.padEnd(exp, "0");
    intPart += shift.slice(0, exp);
    fracPart = shift.slice(exp);
  } else if (exp < 0) {
    const padded = intPart.padStart(-exp, "0");
    fracPart = padded.slice(padded.length + exp) + fracPart;
    intPart = padded.slice(0, padded.length + exp);
  }
  return { negative: m[1] === "-", intPart: intPart.replace(/^0+/, ""), fracPart };
}

function toSafe(big: bigint, what: string): number {
  const n = Number(big);
  if (!Number.isSafeInteger(n)) throw new MoneyError(`amount out of safe integer range: ${what}`);
  return n;
}

/**
 * Decimal text (or a number, via its shortest round-trip text) in MAJOR units to minor units.
 * Digits beyond the currency exponent are rounded half away from zero (`"half-up"`, the default)
 * or rejected (`"exact"`).
 */
export function parseMajor(
  value: string | number,
  currency: string,
  rounding: Rounding = "half-up",
): MoneyMinor {
  const cur = normaliseCurrency(currency);
  if (typeof value === "number" && !Number.isFinite(value)) {
    throw new MoneyError(`not a finite amount: ${value}`);
  }
  const text = typeof value === "number" ? String(value) : value;
  const exp = currencyExponent(cur);
  const d = splitDecimal(text);
  const kept = d.fracPart.slice(0, exp).padEnd(exp, "0");
  const dropped = d.fracPart.slice(exp);
  let minor = BigInt((d.intPart || "0") + kept);
  if (/[1-9]/.test(dropped)) {
    if (rounding === "exact") {
      throw new MoneyError(`${text} has more than ${exp} decimals for ${cur}`);
    }
    if ((dropped[0] ?? "0") >= "5") minor += 1n;
  }
  if (d.negative) minor = -minor;
  const amountMinor = toSafe(minor, text);
  return { amountMinor: amountMinor === 0 ? 0 : amountMinor, currency: cur };
}

/** An integer count of minor units (number or digit string). */
export function fromMinor(value: string | number, currency: string): MoneyMinor {
  const cur = normaliseCurrency(currency);
  const text = typeof value === "number" ? String(value) : value.trim();
  if (!/^[+-]?\d+$/.test(text)) throw new MoneyError(`not an integer minor amount: ${text}`);
  return { amountMinor: toSafe(BigInt(text), text), currency: cur };
}

/**
 * The offering list's `pricingDto` rule: an integer value (number, or text without a decimal
 * point) is already in minor units; a value with a fractional part is in major units.
 */
export function parsePricingAmount(value: string | number, currency: string): MoneyMinor {
  const isInteger =
    typeof value === "number" ? Number.isInteger(value) : /^[+-]?\d+$/.test(value.trim());
  return isInteger ? fromMinor(value, currency) : parseMajor(value, currency);
}

/**
 * Minor units as decimal text in major units: `{1234, EUR}` -> "12.34", `{1200, JPY}` -> "1200".
 * `minFractionDigits` pads (the legacy XML writes two decimals: `{1200, JPY}` -> "1200.00").
 */
export function formatMajor(money: MoneyMinor, minFractionDigits = 0): string {
  const exp = currencyExponent(money.currency);
  const negative = money.amountMinor < 0;
  const digits = String(Math.abs(money.amountMinor)).padStart(exp + 1, "0");
  const intPart = digits.slice(0, digits.length - exp);
  let frac = digits.slice(digits.length - exp);
  if (frac.length < minFractionDigits) frac = frac.padEnd(minFractionDigits, "0");
  return `${negative ? "-" : ""}${intPart}${frac ? `.${frac}` : ""}`;
}

function sameCurrency(a: MoneyMinor, b: MoneyMinor): void {
  if (a.currency !== b.currency) {
    throw new MoneyError(`currency mismatch: ${a.currency} vs ${b.currency}`);
  }
}

export function addMoney(a: MoneyMinor, b: MoneyMinor): MoneyMinor {
  sameCurrency(a, b);
  return {
    amountMinor: toSafe(BigInt(a.amountMinor) + BigInt(b.amountMinor), "sum"),
    currency: a.currency,
  };
}

export function subtractMoney(a: MoneyMinor, b: MoneyMinor): MoneyMinor {
  sameCurrency(a, b);
  return {
    amountMinor: toSafe(BigInt(a.amountMinor) - BigInt(b.amountMinor), "difference"),
    currency: a.currency,
  };
}

/** Multiplies by an integer factor (a quantity). */
export function multiplyMoney(a: MoneyMinor, factor: number): MoneyMinor {
  if (!Number.isSafeInteger(factor)) throw new MoneyError(`factor must be an integer: ${factor}`);
  return {
    amountMinor: toSafe(BigInt(a.amountMinor) * BigInt(factor), "product"),
    currency: a.currency,
  };
}

export function sumMoney(items: readonly MoneyMinor[], currency: string): MoneyMinor {
  return items.reduce((acc, m) => addMoney(acc, m), {
    amountMinor: 0,
    currency: normaliseCurrency(currency),
  });
}

export function moneyEquals(a: MoneyMinor, b: MoneyMinor): boolean {
  return a.currency === b.currency && a.amountMinor === b.amountMinor;
}
