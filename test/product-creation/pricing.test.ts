import { describe, expect, it } from "vitest";
import { currencyExponent } from "~/services/print/money";
import {
  DEFAULT_PRICING_RULE,
  parsePricingRule,
  priceFor,
  pricingRuleFromJson,
  pricingRuleToJson,
  roundPriceUp,
  targetMarginBps,
  type PricingRule,
  type Rounding,
} from "~/services/pricing/price-rule";
import { marginBps } from "~/services/pricing/margin";

const EUR = currencyExponent("EUR");
const USD = currencyExponent("USD");
const JPY = currencyExponent("JPY");
const KWD = currencyExponent("KWD");

const markup = (percent: number, rounding: Rounding = "none"): PricingRule => ({
  mode: "markup",
  percent,
  rounding,
});
const margin = (percent: number, rounding: Rounding = "none"): PricingRule => ({
  mode: "margin",
  percent,
  rounding,
});

describe("rounding up", () => {
  it.each([
    // [minor, rounding, decimals, expected]
    [2412, "99", EUR, 2499],
    [2499, "99", EUR, 2499], // already on an ending: kept
    [2500, "99", EUR, 2599], // one cent over: next .99
    [2400, "99", EUR, 2499],
    [12, "99", USD, 99],
    [0, "99", USD, 99],
    [2412, "95", USD, 2495],
    [2496, "95", USD, 2595],
    [2495, "95", USD, 2495],
    [2401, "whole", EUR, 2500],
    [2400, "whole", EUR, 2400],
    [2401, "none", EUR, 2401],
    // Zero decimals: the endings apply to the last two digits of the whole amount.
    [1234, "99", JPY, 1299],
    [1299, "99", JPY, 1299],
    [1300, "99", JPY, 1399],
    [50, "99", JPY, 99],
    [1234, "95", JPY, 1295],
    [1296, "95", JPY, 1395],
    [1234, "whole", JPY, 1234],
    [1234, "none", JPY, 1234],
    // Three decimals: endings of the major unit (x.990).
    [12_345, "99", KWD, 12_990],
    [12_991, "99", KWD, 13_990],
    [12_345, "95", KWD, 12_950],
    [12_345, "whole", KWD, 13_000],
  ] as const)("%i minor, %s, %i decimals -> %i", (minor, rounding, decimals, expected) => {
    expect(roundPriceUp(minor, rounding, decimals)).toBe(expected);
  });
});

describe("price from the rule", () => {
  it("applies a markup to the cost and a margin to the price", () => {
    // 20.00 cost: markup 30 % -> 26.00; margin 30 % -> 20 / 0.7 = 28.571… -> 28.58 (up).
    expect(priceFor(2000, markup(30), EUR)).toBe(2600);
    expect(priceFor(2000, margin(30), EUR)).toBe(2858);
    // The same cost with .99: 26.99 and 28.99.
    expect(priceFor(2000, markup(30, "99"), EUR)).toBe(2699);
    expect(priceFor(2000, margin(30, "99"), EUR)).toBe(2899);
    // Markup 50 % is the same price as margin 33.33… %; margin 50 % doubles the cost.
    expect(priceFor(2000, markup(50), USD)).toBe(3000);
    expect(priceFor(2000, margin(50), USD)).toBe(4000);
    expect(priceFor(1999, markup(12.5, "whole"), USD)).toBe(2300); // 22.48875 -> 23.00
  });

  it("prices yen in whole yen with the two-digit endings", () => {
    // ¥3,210 cost, margin 30 % -> 4585.71… -> ¥4,586 -> ending in 99: ¥4,599.
    expect(priceFor(3210, margin(30), JPY)).toBe(4586);
    expect(priceFor(3210, margin(30, "99"), JPY)).toBe(4599);
    expect(priceFor(3210, margin(30, "95"), JPY)).toBe(4595);
    expect(priceFor(3210, markup(10, "whole"), JPY)).toBe(3531);
  });

  it("never falls under cost, nor under the rule's target margin", () => {
    expect(priceFor(1234, markup(0), EUR)).toBe(1234);
    expect(priceFor(1234, margin(0), EUR)).toBe(1234);
    for (const rule of [
      markup(30),
      markup(33.33, "95"),
      margin(30, "99"),
      margin(89.99),
      markup(7, "whole"),
      DEFAULT_PRICING_RULE,
    ]) {
      for (const cost of [1, 7, 99, 100, 1001, 2857, 12_345, 999_999]) {
        for (const decimals of [EUR, JPY, KWD]) {
          const price = priceFor(cost, rule, decimals);
          expect(price).toBeGreaterThanOrEqual(cost);
          expect(marginBps(price, cost)).toBeGreaterThanOrEqual(targetMarginBps(rule));
        }
      }
    }
  });

  it("stays exact on large amounts (no floating point)", () => {
    // 90 % margin multiplies by 10: 900,719,925,474.09 stays a safe integer.
    expect(priceFor(9_007_199_254_740, margin(90), EUR)).toBe(90_071_992_547_400);
    // 3 / 0.7 with a cost whose float product would round wrongly.
    expect(priceFor(4_503_599_627_370, margin(30), EUR)).toBe(6_433_713_753_386);
    expect(() => priceFor(Number.MAX_SAFE_INTEGER, markup(1000), EUR)).toThrow(RangeError);
  });

  it("refuses rules outside the limits and costs that are not minor units", () => {
    expect(() => priceFor(100, margin(90.01), EUR)).toThrow(RangeError);
    expect(() => priceFor(100, margin(100), EUR)).toThrow(RangeError);
    expect(() => priceFor(100, markup(1000.01), EUR)).toThrow(RangeError);
    expect(() => priceFor(100, markup(-1), EUR)).toThrow(RangeError);
    expect(() => priceFor(10.5, markup(10), EUR)).toThrow(RangeError);
    expect(() => priceFor(-1, markup(10), EUR)).toThrow(RangeError);
    expect(priceFor(100, markup(1000), EUR)).toBe(1100);
    expect(priceFor(100, margin(90), EUR)).toBe(1000);
  });
});

describe("margins in basis points", () => {
  it("gives the rule's target and a price's margin, rounded down", () => {
    expect(targetMarginBps(margin(30))).toBe(3000);
    expect(targetMarginBps(margin(32.5))).toBe(3250);
    expect(targetMarginBps(markup(30))).toBe(2307); // 30/130 = 23.0769 %
    expect(targetMarginBps(markup(100))).toBe(5000);
    expect(targetMarginBps(markup(0))).toBe(0);
    expect(marginBps(2600, 2000)).toBe(2307);
    expect(marginBps(2000, 2000)).toBe(0);
    expect(marginBps(1500, 2000)).toBe(-3334); // -33.33… % rounds down
    expect(marginBps(0, 2000)).toBeNull();
    expect(marginBps(-5, 0)).toBeNull();
  });
});

describe("the pricing form fields", () => {
  it("reads a rule with a decimal point or a decimal comma", () => {
    expect(
      parsePricingRule({ pricingMode: "margin", pricingPercent: "32.5", rounding: "99" }),
    ).toEqual({
      ok: true,
      rule: { mode: "margin", percent: 32.5, rounding: "99" },
    });
    expect(
      parsePricingRule(
        { pricingMode: "markup", pricingPercent: "32,5 %", rounding: "none" },
        "de-DE",
      ),
    ).toEqual({ ok: true, rule: { mode: "markup", percent: 32.5, rounding: "none" } });
    // A comma with one or two digits after it is a decimal comma in English too.
    expect(
      parsePricingRule({ pricingMode: "markup", pricingPercent: "12,75", rounding: "95" }),
    ).toEqual({
      ok: true,
      rule: { mode: "markup", percent: 12.75, rounding: "95" },
    });
    // Thousands grouping in the locale's own way.
    expect(
      parsePricingRule({ pricingMode: "markup", pricingPercent: "1,000", rounding: "whole" }),
    ).toEqual({
      ok: true,
      rule: { mode: "markup", percent: 1000, rounding: "whole" },
    });
    expect(
      parsePricingRule(
        { pricingMode: "markup", pricingPercent: "1.000", rounding: "whole" },
        "de-DE",
      ),
    ).toEqual({ ok: true, rule: { mode: "markup", percent: 1000, rounding: "whole" } });
  });

  it("says what is wrong with each field in plain words", () => {
    expect(
      parsePricingRule({ pricingMode: "margin", pricingPercent: "95", rounding: "99" }),
    ).toEqual({
      ok: false,
      fieldErrors: { pricingPercent: "Margin must be between 0 and 90 %" },
    });
    expect(
      parsePricingRule({ pricingMode: "markup", pricingPercent: "1001", rounding: "99" }),
    ).toEqual({
      ok: false,
      fieldErrors: { pricingPercent: "Markup must be between 0 and 1000 %" },
    });
    expect(
      parsePricingRule({ pricingMode: "margin", pricingPercent: "-5", rounding: "99" }),
    ).toEqual({
      ok: false,
      fieldErrors: { pricingPercent: "Enter the margin as a percentage, like 32.5" },
    });
    expect(
      parsePricingRule({ pricingMode: "margin", pricingPercent: "abc", rounding: "99" }, "de-DE"),
    ).toEqual({
      ok: false,
      fieldErrors: { pricingPercent: "Enter the margin as a percentage, like 32,5" },
    });
    expect(
      parsePricingRule({ pricingMode: "margin", pricingPercent: "30.125", rounding: "99" }),
    ).toEqual({
      ok: false,
      fieldErrors: { pricingPercent: "Use at most 2 decimals, like 32.5" },
    });
    expect(parsePricingRule({ pricingMode: "margin", pricingPercent: "", rounding: "99" })).toEqual(
      {
        ok: false,
        fieldErrors: { pricingPercent: "Enter the margin as a percentage, like 32.5" },
      },
    );
    expect(
      parsePricingRule({ pricingMode: "profit", pricingPercent: "30", rounding: "98" }),
    ).toEqual({
      ok: false,
      fieldErrors: {
        pricingMode: "Choose a markup or a target margin",
        rounding: "Choose how prices are rounded",
      },
    });
    expect(parsePricingRule({})).toMatchObject({ ok: false });
  });

  it("keeps the last rule as JSON and falls back to the default on anything unreadable", () => {
    const rule = markup(45.5, "95");
    expect(pricingRuleFromJson(pricingRuleToJson(rule))).toEqual(rule);
    expect(pricingRuleFromJson(null)).toEqual(DEFAULT_PRICING_RULE);
    expect(pricingRuleFromJson("{")).toEqual(DEFAULT_PRICING_RULE);
    expect(pricingRuleFromJson('{"mode":"margin","percent":99,"rounding":"99"}')).toEqual(
      DEFAULT_PRICING_RULE,
    );
  });
});
