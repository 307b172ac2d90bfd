import { describe, expect, it } from "vitest";
import {
  MoneyError,
  addMoney,
  currencyExponent,
  formatMajor,
  fromMinor,
  multiplyMoney,
  parseMajor,
  parsePricingAmount,
  subtractMoney,
  sumMoney,
} from "~/services/print";

describe("money", () => {
  it("knows currency exponents", () => {
    expect(currencyExponent("EUR")).toBe(2);
    expect(currencyExponent("jpy")).toBe(0);
    expect(currencyExponent("KWD")).toBe(3);
    expect(() => currencyExponent("EURO")).toThrow(MoneyError);
  });

  it("parses decimal text and numbers exactly, without float multiplication", () => {
    expect(parseMajor("12.34", "EUR")).toEqual({ amountMinor: 1234, currency: "EUR" });
    expect(parseMajor(0.29, "EUR").amountMinor).toBe(29); // 0.29 * 100 = 28.999999999999996
    expect(parseMajor(1.005, "EUR").amountMinor).toBe(101); // half up on the decimal text
    expect(parseMajor("3.5", "EUR").amountMinor).toBe(350);
    expect(parseMajor("7", "EUR").amountMinor).toBe(700);
    expect(parseMajor(".5", "EUR").amountMinor).toBe(50);
    expect(parseMajor("-2.50", "usd")).toEqual({ amountMinor: -250, currency: "USD" });
    expect(parseMajor("1200", "JPY").amountMinor).toBe(1200);
    expect(parseMajor("1.234", "KWD").amountMinor).toBe(1234);
    expect(parseMajor("1.5e3", "EUR").amountMinor).toBe(150000);
    expect(parseMajor(1e-7, "EUR").amountMinor).toBe(0);
    expect(parseMajor("0.125", "EUR").amountMinor).toBe(13);
    expect(parseMajor("-0.125", "EUR").amountMinor).toBe(-13);
    expect(parseMajor("0.001", "EUR").amountMinor).toBe(0);
    expect(parseMajor("12.3400", "EUR", "exact").amountMinor).toBe(1234);
    expect(() => parseMajor("12.345", "EUR", "exact")).toThrow(MoneyError);
    expect(() => parseMajor("abc", "EUR")).toThrow(MoneyError);
    expect(() => parseMajor(Number.NaN, "EUR")).toThrow(MoneyError);
    expect(() => parseMajor("1e30", "EUR")).toThrow(/safe integer/);
  });

  it("applies the pricingDto rule: integers are minor units, fractions major units", () => {
    expect(parsePricingAmount(596, "EUR").amountMinor).toBe(596);
    expect(parsePricingAmount("596", "EUR").amountMinor).toBe(596);
    expect(parsePricingAmount(5.96, "EUR").amountMinor).toBe(596);
    expect(parsePricingAmount("5.96", "EUR").amountMinor).toBe(596);
    expect(parsePricingAmount(1200, "JPY").amountMinor).toBe(1200);
  });

  it("formats minor units back to major text", () => {
    expect(formatMajor({ amountMinor: 1234, currency: "EUR" })).toBe("12.34");
    expect(formatMajor({ amountMinor: 5, currency: "EUR" })).toBe("0.05");
    expect(formatMajor({ amountMinor: -5, currency: "EUR" })).toBe("-0.05");
    expect(formatMajor({ amountMinor: 1200, currency: "JPY" })).toBe("1200");
    expect(formatMajor({ amountMinor: 1200, currency: "JPY" }, 2)).toBe("1200.00");
    expect(formatMajor({ amountMinor: 1234, currency: "KWD" }, 2)).toBe("1.234");
  });

  it("does integer arithmetic with currency checks", () => {
    const a = fromMinor(199, "EUR");
    expect(addMoney(a, fromMinor("1", "EUR")).amountMinor).toBe(200);
    expect(subtractMoney(a, fromMinor(200, "EUR")).amountMinor).toBe(-1);
    expect(multiplyMoney(a, 3).amountMinor).toBe(597);
    expect(sumMoney([a, a, a], "EUR").amountMinor).toBe(597);
    expect(() => addMoney(a, fromMinor(1, "USD"))).toThrow(/currency mismatch/);
    expect(() => multiplyMoney(a, 1.5)).toThrow(MoneyError);
    expect(() => fromMinor("1.5", "EUR")).toThrow(MoneyError);
  });
});
