import {
  addMoney,
  currencyExponent,
  MoneyError,
  subtractMoney,
  sumMoney,
  type MoneyMinor,
} from "../print/money";

/**
 * Margin and currency conversion, exactly.
 *
 * Margin = Shopify selling price − what the print service charges (print + shipping + VAT).
 *
 * Exchange rates are the print service's: a quote's `quoteDetails.exchangeRate` is decimal text
 * giving how many units of the quote's currency one unit of the service's base currency buys
 * (the sandbox's base is EUR: a USD quote says "1.0850", a EUR quote "1.0000"). So one quote
 * tells the rate of one currency; converting X to Y takes X's rate and Y's rate:
 *
 *   amountY = amountX × rateY / rateX
 *
 * computed on integers (minor units and the rates' decimal digits as BigInt), rounded once to
 * Y's minor unit, half away from zero (the rule of ADR 0002 and of the service's own
 * conversion). When X or Y is the base currency its rate is "1".
 */

/** How many units of `currency` one unit of the print service's base currency buys. */
export interface ExchangeRate {
  currency: string;
  /** Exact decimal text as the service sent it, e.g. "1.0850". */
  rate: string;
}

interface Ratio {
  numerator: bigint;
  denominator: bigint;
}

/** "1.0850" -> 10850/10000. Rejects anything that is not a positive plain decimal. */
export function parseRate(text: string): Ratio {
  const m = /^\s*\+?(\d*)(?:\.(\d*))?\s*$/.exec(text);
  if (!m || ((m[1] ?? "") === "" && (m[2] ?? "") === "")) {
    throw new MoneyError(`not an exchange rate: ${JSON.stringify(text)}`);
  }
  const fraction = m[2] ?? "";
  const numerator = BigInt(`${m[1] ?? ""}${fraction}` || "0");
  if (numerator === 0n) throw new MoneyError(`an exchange rate of zero: ${JSON.stringify(text)}`);
  return { numerator, denominator: 10n ** BigInt(fraction.length) };
}

/** Whether the text is a rate `parseRate` accepts. */
export function isRate(text: string | null | undefined): text is string {
  if (!text) return false;
  try {
    parseRate(text);
    return true;
  } catch {
    return false;
  }
}

/** n / d rounded half away from zero (d > 0). */
function divideRounded(n: bigint, d: bigint): bigint {
  if (n < 0n) return -divideRounded(-n, d);
  return (2n * n + d) / (2n * d);
}

function toSafe(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new MoneyError("converted amount out of safe integer range");
  return n === 0 ? 0 : n;
}

/**
 * Converts an amount from its currency to `to.currency` with both currencies' rates (see the
 * file comment). The same currency is returned unchanged whatever the rates say.
 */
export function convertMoney(amount: MoneyMinor, from: ExchangeRate, to: ExchangeRate): MoneyMinor {
  const fromCurrency = from.currency.toUpperCase();
  const toCurrency = to.currency.toUpperCase();
  if (amount.currency !== fromCurrency) {
    throw new MoneyError(`rate is for ${fromCurrency}, amount is in ${amount.currency}`);
  }
  if (fromCurrency === toCurrency) return { ...amount };
  const rateFrom = parseRate(from.rate);
  const rateTo = parseRate(to.rate);
  const expFrom = BigInt(currencyExponent(fromCurrency));
  const expTo = BigInt(currencyExponent(toCurrency));
  // amountTo/10^eTo = amountFrom/10^eFrom × (nTo/dTo) / (nFrom/dFrom)
  const numerator =
    BigInt(amount.amountMinor) * 10n ** expTo * rateTo.numerator * rateFrom.denominator;
  const denominator = 10n ** expFrom * rateTo.denominator * rateFrom.numerator;
  return { amountMinor: toSafe(divideRounded(numerator, denominator)), currency: toCurrency };
}

/**
 * What one unit of `from` is worth in `to`, as decimal text with `decimals` places (rounded
 * half away from zero), for sentences such as "1 EUR = 1.0850 USD".
 */
export function crossRate(from: ExchangeRate, to: ExchangeRate, decimals = 4): string {
  const a = parseRate(from.rate);
  const b = parseRate(to.rate);
  const scaled = divideRounded(
    b.numerator * a.denominator * 10n ** BigInt(decimals),
    b.denominator * a.numerator,
  );
  const digits = scaled.toString().padStart(decimals + 1, "0");
  return decimals === 0
    ? digits
    : `${digits.slice(0, -decimals)}.${digits.slice(digits.length - decimals)}`;
}

/** "1 EUR = 1.0850 USD (the print service's rate)": how a converted amount was converted. */
export function rateSentence(from: ExchangeRate, to: ExchangeRate): string {
  return `1 ${from.currency.toUpperCase()} = ${crossRate(from, to)} ${to.currency.toUpperCase()}`;
}

/** The rates known, by currency; a currency seen twice keeps its first rate. */
export function ratesByCurrency(
  rates: readonly (ExchangeRate | null | undefined)[],
): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of rates) {
    if (!r || !isRate(r.rate)) continue;
    const c = r.currency.toUpperCase();
    if (!out.has(c)) out.set(c, r.rate);
  }
  return out;
}

/** What the print service charges for a sale: product after discount, shipping and VAT. */
export interface PrintCost {
  print: MoneyMinor;
  shipping: MoneyMinor;
  vat: MoneyMinor;
}

export type MarginResult =
  | {
      status: "ok";
      /** The Shopify price (revenue), in its own currency. */
      price: MoneyMinor;
      /** print + shipping + VAT, in the price's currency (converted when it was not). */
      cost: MoneyMinor;
      margin: MoneyMinor;
      /** Set when the cost was converted: the rates used, cost currency first. */
      conversion: { from: ExchangeRate; to: ExchangeRate } | null;
    }
  | {
      status: "no_rate";
      price: MoneyMinor;
      /** print + shipping + VAT in the print currency. */
      cost: MoneyMinor;
      /** In the merchant's words: which rate is missing. */
      reason: string;
    };

/** print + shipping + VAT, in their (common) currency. */
export function totalCost(cost: PrintCost): MoneyMinor {
  return addMoney(addMoney(cost.print, cost.shipping), cost.vat);
}

/**
 * Margin of a sale: `price` minus the print cost (a PrintCost, or its total). A cost in another
 * currency is converted with the rates given (each currency's print-service rate); without the
 * two rates the result says which one is missing instead of guessing.
 */
export function marginOf({
  price,
  cost,
  rates = [],
}: {
  price: MoneyMinor;
  cost: PrintCost | MoneyMinor;
  rates?: readonly (ExchangeRate | null | undefined)[];
}): MarginResult {
  const costTotal = "amountMinor" in cost ? cost : totalCost(cost);
  if (costTotal.currency === price.currency) {
    return {
      status: "ok",
      price,
      cost: costTotal,
      margin: subtractMoney(price, costTotal),
      conversion: null,
    };
  }
  const known = ratesByCurrency(rates);
  const fromRate = known.get(costTotal.currency);
  const toRate = known.get(price.currency);
  if (!fromRate || !toRate) {
    const missing = [!fromRate ? costTotal.currency : null, !toRate ? price.currency : null]
      .filter(Boolean)
      .join(" and ");
    return {
      status: "no_rate",
      price,
      cost: costTotal,
      reason: `The print cost is in ${costTotal.currency} and the Shopify price in ${price.currency}; the print service gave no exchange rate for ${missing}, so they cannot be compared.`,
    };
  }
  const from = { currency: costTotal.currency, rate: fromRate };
  const to = { currency: price.currency, rate: toRate };
  const converted = convertMoney(costTotal, from, to);
  return {
    status: "ok",
    price,
    cost: converted,
    margin: subtractMoney(price, converted),
    conversion: { from, to },
  };
}

/** Sum of several amounts of one currency (re-exported for callers adding margins up). */
export function sumIn(items: readonly MoneyMinor[], currency: string): MoneyMinor {
  return sumMoney(items, currency);
}

/** A margin below zero: the sale loses money. Shown with the "critical" tone and in words. */
export function isLoss(margin: MoneyMinor | null | undefined): boolean {
  return Boolean(margin && margin.amountMinor < 0);
}

const BPS = 10_000n;

/** floor(n / d) for d > 0, also for negative n. */
function divideDown(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n < 0n ? q - 1n : q;
}

/**
 * The margin share: (price - cost) / price in basis points, rounded down; null when price <= 0.
 * The one rule every page's margin percentage comes from.
 */
export function marginBps(priceMinor: number, costMinor: number): number | null {
  if (!Number.isSafeInteger(priceMinor) || !Number.isSafeInteger(costMinor)) {
    throw new RangeError("amounts must be integers of minor units");
  }
  if (priceMinor <= 0) return null;
  return Number(divideDown((BigInt(priceMinor) - BigInt(costMinor)) * BPS, BigInt(priceMinor)));
}

/**
 * Margin as a share of the price (`marginBps` as a fraction), for Intl percent formatting;
 * null when the currencies differ or the price is not above zero.
 */
export function marginShare(margin: MoneyMinor, price: MoneyMinor): number | null {
  if (margin.currency !== price.currency) return null;
  const bps = marginBps(price.amountMinor, price.amountMinor - margin.amountMinor);
  return bps === null ? null : bps / Number(BPS);
}
