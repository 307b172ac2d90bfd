import { localeSeparators, splitAtDecimalMark } from "../money-input";

/**
 * The selling price of a print product from its print cost, by the merchant's rule.
 *
 * A rule is a markup (price = cost × (1 + p)) or a target margin (the share of the price
 * kept: price = cost / (1 − m)), then rounded UP to a price ending the merchant chooses.
 * Every step rounds up, so a price from the rule never falls under the rule's target.
 *
 * Arithmetic is on integers: amounts in minor units, the percentage in hundredths of a
 * percent (basis points, so 32.5 % is 3250), products and quotients as BigInt.
 *
 * Endings by the currency's decimals (its ISO 4217 exponent):
 * - 2 decimals (EUR, USD, …): "99" -> next x.99, "95" -> next x.95, "whole" -> next x.00.
 * - 3 or 4 decimals (KWD, CLF): the same endings of the major unit (x.990, x.950).
 * - 0 decimals (JPY, KRW, …): there is no .99, so the endings apply to the last two digits of
 *   the whole amount: "99" -> next amount ending in 99 (¥1,234 -> ¥1,299), "95" -> next
 *   amount ending in 95 (¥1,234 -> ¥1,295); "whole" is the same as "none" (every amount is
 *   whole). The step is 100 units, the same ratio as the one unit of a 2-decimal currency.
 */

export type PricingMode = "markup" | "margin";
export type Rounding = "none" | "99" | "95" | "whole";

export interface PricingRule {
  mode: PricingMode;
  percent: number;
  rounding: Rounding;
}

export const DEFAULT_PRICING_RULE: PricingRule = { mode: "margin", percent: 30, rounding: "99" };

/** Limits: markup 0..1000 %, margin 0..90 % (a margin of 100 % has no price). */
export const PRICING_LIMITS: {
  markup: { min: number; max: number };
  margin: { min: number; max: number };
} = {
  markup: { min: 0, max: 1000 },
  margin: { min: 0, max: 90 },
};

export const PRICING_MODES: readonly PricingMode[] = ["margin", "markup"];
export const ROUNDINGS: readonly Rounding[] = ["99", "95", "whole", "none"];

export function isPricingMode(value: unknown): value is PricingMode {
  return value === "markup" || value === "margin";
}

export function isRounding(value: unknown): value is Rounding {
  return value === "none" || value === "99" || value === "95" || value === "whole";
}

const BPS = 10_000n;

/** A percentage as whole basis points (hundredths of a percent); 12.345 % rounds to 1235. */
function percentToBps(percent: number): bigint {
  if (!Number.isFinite(percent)) throw new RangeError(`not a percentage: ${percent}`);
  return BigInt(Math.round(percent * 100));
}

function checkRule(rule: PricingRule): bigint {
  const bps = percentToBps(rule.percent);
  const limits = PRICING_LIMITS[rule.mode];
  if (!limits) throw new RangeError(`unknown pricing mode: ${String(rule.mode)}`);
  if (bps < BigInt(limits.min * 100) || bps > BigInt(limits.max * 100)) {
    throw new RangeError(`${rule.mode} ${rule.percent} % is outside ${limits.min}..${limits.max}`);
  }
  if (!isRounding(rule.rounding))
    throw new RangeError(`unknown rounding: ${String(rule.rounding)}`);
  return bps;
}

/** ceil(n / d) for n >= 0, d > 0. */
function divideUp(n: bigint, d: bigint): bigint {
  return (n + d - 1n) / d;
}

/** floor(n / d) for d > 0, also for negative n. */
function divideDown(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n < 0n ? q - 1n : q;
}

function toSafe(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError("price out of safe integer range");
  return n;
}

/**
 * The rounding step and ending, in minor units: prices are `k × step + ending`.
 * See the file comment for zero-decimal currencies.
 */
function roundingGrid(rounding: Rounding, currencyDecimals: number): { step: bigint; end: bigint } {
  if (rounding === "none") return { step: 1n, end: 0n };
  if (rounding === "whole") return { step: 10n ** BigInt(currencyDecimals), end: 0n };
  const step = 10n ** BigInt(Math.max(currencyDecimals, 2));
  const hundredth = step / 100n;
  return { step, end: step - (rounding === "99" ? 1n : 5n) * hundredth };
}

/** The smallest price on the rounding's grid at or above `minor`. */
export function roundPriceUp(minor: number, rounding: Rounding, currencyDecimals: number): number {
  checkAmount(minor, "price");
  checkDecimals(currencyDecimals);
  const { step, end } = roundingGrid(rounding, currencyDecimals);
  const raw = BigInt(minor);
  const k = raw <= end ? 0n : divideUp(raw - end, step);
  return toSafe(k * step + end);
}

function checkAmount(minor: number, what: string): void {
  if (!Number.isSafeInteger(minor) || minor < 0) {
    throw new RangeError(`${what} must be a non-negative integer of minor units: ${minor}`);
  }
}

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 4) {
    throw new RangeError(`not a currency's decimals: ${decimals}`);
  }
}

/**
 * Per-copy price in minor units from the per-copy cost, by the rule, rounded UP per
 * `rounding` (99: next x.99 at or above; 95: next x.95; whole: next whole unit; none: next
 * minor unit). Zero-decimal currencies: see the file comment. Never below cost.
 */
export function priceFor(costMinor: number, rule: PricingRule, currencyDecimals: number): number {
  checkAmount(costMinor, "cost");
  checkDecimals(currencyDecimals);
  const bps = checkRule(rule);
  const cost = BigInt(costMinor);
  const exact =
    rule.mode === "markup"
      ? divideUp(cost * (BPS + bps), BPS)
      : // margin <= 90 %, so the divisor is at least 1000.
        divideUp(cost * BPS, BPS - bps);
  return roundPriceUp(toSafe(exact), rule.rounding, currencyDecimals);
}

/**
 * The margin share the rule aims at, in basis points of the price (markup p -> p/(100+p)),
 * rounded down, like `marginBps` (pricing/margin.ts): a price from `priceFor` always has
 * `marginBps(price, cost) >= targetMarginBps(rule)`.
 */
export function targetMarginBps(rule: PricingRule): number {
  const bps = checkRule(rule);
  if (rule.mode === "margin") return Number(bps);
  return Number(divideDown(bps * BPS, BPS + bps));
}

/** What the rounding does, for a choice list ("Up to .99", "Up to …99" in JPY). */
export function roundingLabel(rounding: Rounding, currencyDecimals: number): string {
  if (rounding === "none") return "No rounding";
  if (rounding === "whole") {
    return currencyDecimals === 0 ? "No rounding (whole amounts)" : "Up to a whole amount";
  }
  return currencyDecimals === 0 ? `Up to an amount ending in ${rounding}` : `Up to .${rounding}`;
}

/** A rule stored as JSON (Shop.productPricing); anything unreadable gives the default. */
export function pricingRuleFromJson(text: string | null | undefined): PricingRule {
  if (!text) return { ...DEFAULT_PRICING_RULE };
  try {
    const value = JSON.parse(text) as Partial<PricingRule> | null;
    const rule = {
      mode: value?.mode,
      percent: value?.percent,
      rounding: value?.rounding,
    };
    if (isPricingMode(rule.mode) && typeof rule.percent === "number" && isRounding(rule.rounding)) {
      checkRule(rule as PricingRule);
      return rule as PricingRule;
    }
  } catch {
    // fall through to the default
  }
  return { ...DEFAULT_PRICING_RULE };
}

export function pricingRuleToJson(rule: PricingRule): string {
  return JSON.stringify({ mode: rule.mode, percent: rule.percent, rounding: rule.rounding });
}

const MAX_PERCENT_DECIMALS = 2;

/** A percentage as typed: "30", "32,5", "32.5 %", "1,000" (en), "1.000" (de). */
function parsePercent(
  text: string,
  locale: string,
): { ok: true; percent: number } | { ok: false; problem: "format" | "decimals" } {
  let s = text.replace(/[\s\u00a0\u202f\u2009]/g, "").replace(/%$/, "");
  if (!/^\d[\d.,]*$/.test(s) && !/^[.,]\d+$/.test(s)) return { ok: false, problem: "format" };
  const number = splitAtDecimalMark(s, localeSeparators(locale).group);
  const { decimalMark, groupMark, fracText } = number;
  let { intText } = number;
  if (/[.,]/.test(fracText) || (decimalMark !== null && fracText === "")) {
    return { ok: false, problem: "format" };
  }
  // The whole part has a mark exactly when the text has a grouping one.
  if (groupMark) {
    const groups = intText.split(groupMark);
    const [first, ...rest] = groups;
    const looksGrouped =
      first !== undefined && /^\d{1,3}$/.test(first) && rest.every((g) => /^\d{3}$/.test(g));
    if (!looksGrouped || /[.,]/.test(groups.join(""))) return { ok: false, problem: "format" };
    intText = groups.join("");
  }
  s = `${intText || "0"}.${fracText}`;
  if (fracText.replace(/0+$/, "").length > MAX_PERCENT_DECIMALS) {
    return { ok: false, problem: "decimals" };
  }
  return { ok: true, percent: Number(s) };
}

function formatPercentForLocale(value: number, locale: string): string {
  const { decimal } = localeSeparators(locale);
  return String(value).replace(".", decimal);
}

/**
 * Parses form fields pricingMode / pricingPercent / rounding (decimal comma allowed, in the
 * merchant's locale), with plain field errors ("Margin must be between 0 and 90 %").
 */
export function parsePricingRule(
  values: { pricingMode?: string; pricingPercent?: string; rounding?: string },
  locale = "en",
): { ok: true; rule: PricingRule } | { ok: false; fieldErrors: Record<string, string> } {
  const fieldErrors: Record<string, string> = {};
  const mode = values.pricingMode?.trim();
  const rounding = values.rounding?.trim();
  if (!isPricingMode(mode)) fieldErrors.pricingMode = "Choose a markup or a target margin";
  if (!isRounding(rounding)) fieldErrors.rounding = "Choose how prices are rounded";

  const name = mode === "markup" ? "Markup" : "Margin";
  const limits = PRICING_LIMITS[isPricingMode(mode) ? mode : "margin"];
  const example = formatPercentForLocale(
    isPricingMode(mode) && mode === "markup" ? 40 : 32.5,
    locale,
  );
  const typed = values.pricingPercent?.trim() ?? "";
  let percent = Number.NaN;
  if (typed === "") {
    fieldErrors.pricingPercent = `Enter the ${name.toLowerCase()} as a percentage, like ${example}`;
  } else {
    const parsed = parsePercent(typed, locale);
    if (!parsed.ok) {
      fieldErrors.pricingPercent =
        parsed.problem === "decimals"
          ? `Use at most ${MAX_PERCENT_DECIMALS} decimals, like ${example}`
          : `Enter the ${name.toLowerCase()} as a percentage, like ${example}`;
    } else if (parsed.percent < limits.min || parsed.percent > limits.max) {
      fieldErrors.pricingPercent = `${name} must be between ${limits.min} and ${limits.max} %`;
    } else {
      percent = parsed.percent;
    }
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return {
    ok: true,
    rule: { mode: mode as PricingMode, percent, rounding: rounding as Rounding },
  };
}
