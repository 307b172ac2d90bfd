import { describe, expect, it } from "vitest";
import { formatMoneyInput, parseMoneyInput } from "~/services/money-input";

const RAW = /expected|invalid input|too (big|small)|received|nan/i;

const amount = (text: string, locale: string, currency = "EUR") => {
  const result = parseMoneyInput(text, locale, currency);
  if (!result.ok) throw new Error(`refused "${text}" (${locale}, ${currency}): ${result.message}`);
  return result.amountMinor;
};
const refusal = (
  text: string,
  locale: string,
  currency = "EUR",
  options?: Parameters<typeof parseMoneyInput>[3],
) => {
  const result = parseMoneyInput(text, locale, currency, options);
  if (result.ok)
    throw new Error(`accepted "${text}" (${locale}, ${currency}) as ${result.amountMinor}`);
  expect(result.message).not.toMatch(RAW);
  return result.message;
};

describe("money as the merchant types it", () => {
  it("reads the locale's decimal comma", () => {
    expect(amount("12,50", "de-DE")).toBe(1250);
    expect(amount("1.234,50", "de-DE")).toBe(123450);
    expect(amount("12,5", "fr-FR")).toBe(1250);
    // French groups thousands with a narrow no-break space; a typed space works too.
    expect(amount("1\u202f234,50", "fr-FR")).toBe(123450);
    expect(amount("1 234,50", "fr-FR")).toBe(123450);
  });

  it("reads the decimal point where the locale uses one", () => {
    expect(amount("12.50", "en-US")).toBe(1250);
    expect(amount("1,234.50", "en-US")).toBe(123450);
    expect(amount("0.5", "en")).toBe(50);
    expect(amount(".5", "en")).toBe(50);
    expect(amount("4", "en")).toBe(400);
  });

  it("also takes a point in a decimal-comma locale when it cannot be grouping", () => {
    expect(amount("12.50", "de-DE")).toBe(1250);
    expect(amount("1,234.50", "de-DE")).toBe(123450);
  });

  it("reads a separator followed by three digits as the locale reads it", () => {
    // Decided: "12,345" in en-US is twelve thousand three hundred forty-five, as an
    // American reads it; in de-DE it is 12.345, three decimals, refused for EUR.
    expect(amount("12,345", "en-US")).toBe(1234500);
    expect(amount("1.234", "de-DE")).toBe(123400);
    expect(refusal("12,345", "de-DE")).toBe(
      "EUR amounts have at most 2 decimals: enter an amount like 4,95",
    );
    expect(amount("1.000.000", "de-DE")).toBe(100000000);
    expect(amount("1,000,000", "en-US")).toBe(100000000);
  });

  it("keeps to the currency's decimals", () => {
    expect(amount("1,000", "en-US", "JPY")).toBe(1000);
    expect(amount("1.000", "de-DE", "JPY")).toBe(1000);
    expect(refusal("12.5", "en-US", "JPY")).toBe(
      "JPY amounts have no decimals: enter an amount like 500",
    );
    expect(amount("1.234", "en-US", "KWD")).toBe(1234);
    expect(amount("1,234", "de-DE", "KWD")).toBe(1234);
    expect(refusal("1.2345", "en-US", "KWD")).toMatch(/^KWD amounts have at most 3 decimals/);
    expect(refusal("4.955", "en-US")).toBe(
      "EUR amounts have at most 2 decimals: enter an amount like 4.95",
    );
    // Trailing zeros add no precision.
    expect(amount("4.950", "en-US")).toBe(495);
  });

  it("takes the currency's code or symbol around the amount", () => {
    expect(amount("€ 12,50", "de-DE")).toBe(1250);
    expect(amount("12,50 €", "de-DE")).toBe(1250);
    expect(amount("EUR 12.50", "en-US")).toBe(1250);
    expect(amount("$1,234.50", "en-US", "USD")).toBe(123450);
    expect(amount("CHF 1’234.50", "de-CH", "CHF")).toBe(123450);
  });

  it("refuses negative, huge and malformed amounts with the range or the format", () => {
    expect(refusal("-5", "en-US")).toBe("Enter an amount between 0.00 and 1,000,000.00");
    expect(refusal("−5", "de-DE")).toBe("Enter an amount between 0,00 and 1.000.000,00");
    expect(refusal("99999999999999999999", "en-US")).toBe(
      "Enter an amount between 0.00 and 1,000,000.00",
    );
    expect(refusal("1001", "en-US", "EUR", { maxMinor: 100_000 })).toBe(
      "Enter an amount between 0.00 and 1,000.00",
    );
    expect(refusal("1000000", "en-US", "JPY", { maxMinor: 10_000 })).toBe(
      "Enter an amount between 0 and 10,000",
    );
    for (const text of [
      "",
      "  ",
      "abc",
      "12,50,3",
      "1.2.3,4,5",
      "12..5",
      "1e5",
      "NaN",
      "5.",
      "12,3456.7",
      "Infinity",
      "0x10",
      "+5",
    ]) {
      expect(refusal(text, "en-US")).toBe("Enter an amount like 4.95");
    }
    expect(refusal("zwölf", "de-DE")).toBe("Enter an amount like 4,95");
  });

  it("writes amounts back in the locale's format for editing", () => {
    expect(formatMoneyInput(123450, "de-DE", "EUR")).toBe("1234,50");
    expect(formatMoneyInput(495, "en-US", "EUR")).toBe("4.95");
    expect(formatMoneyInput(1000, "ja-JP", "JPY")).toBe("1000");
    for (const [minor, locale, currency] of [
      [123450, "de-DE", "EUR"],
      [5, "fr-FR", "EUR"],
      [1234, "en-US", "KWD"],
    ] as const) {
      expect(amount(formatMoneyInput(minor, locale, currency), locale, currency)).toBe(minor);
    }
  });
});
