import { describe, expect, it } from "vitest";
import {
  convertMoney,
  crossRate,
  isLoss,
  marginOf,
  parseRate,
  rateSentence,
} from "~/services/pricing/margin";
import { periodFrom, startOfDay } from "~/components/profit/period";

const EUR = { currency: "EUR", rate: "1.0000" };
const USD = { currency: "USD", rate: "1.0850" };
const GBP = { currency: "GBP", rate: "0.8550" };
const JPY = { currency: "JPY", rate: "162.5" };
const KWD = { currency: "KWD", rate: "0.335" };

describe("margin maths", () => {
  it("converts with both currencies' rates, exactly, rounding half away from zero once", () => {
    expect(convertMoney({ amountMinor: 1085, currency: "USD" }, USD, EUR)).toEqual({
      amountMinor: 1000,
      currency: "EUR",
    });
    expect(convertMoney({ amountMinor: 1000, currency: "EUR" }, EUR, USD)).toEqual({
      amountMinor: 1085,
      currency: "USD",
    });
    // 10.00 USD -> GBP: 10 * 0.855 / 1.085 = 7.8801... -> 7.88
    expect(convertMoney({ amountMinor: 1000, currency: "USD" }, USD, GBP).amountMinor).toBe(788);
    // Exponents differ: 12.34 EUR -> JPY 2005.25 -> 2005; -> KWD 4.1339 -> 4.134
    expect(convertMoney({ amountMinor: 1234, currency: "EUR" }, EUR, JPY)).toEqual({
      amountMinor: 2005,
      currency: "JPY",
    });
    expect(convertMoney({ amountMinor: 1234, currency: "EUR" }, EUR, KWD).amountMinor).toBe(4134);
    // Half a cent rounds away from zero, for losses too: 0.02 EUR at 1.25 = 0.025 -> 0.03.
    const half = { currency: "USD", rate: "1.25" };
    expect(convertMoney({ amountMinor: 2, currency: "EUR" }, EUR, half).amountMinor).toBe(3);
    expect(convertMoney({ amountMinor: -2, currency: "EUR" }, EUR, half).amountMinor).toBe(-3);
    // A huge amount stays exact (no float): 9,007,199,254,740.99 EUR -> USD.
    expect(
      convertMoney({ amountMinor: 900_719_925_474_099, currency: "EUR" }, EUR, {
        currency: "USD",
        rate: "0.0001",
      }).amountMinor,
    ).toBe(90_071_992_547);
  });

  it("reads rates as exact decimal text and refuses anything else", () => {
    expect(parseRate("1.0850")).toEqual({ numerator: 10850n, denominator: 10000n });
    expect(parseRate("2")).toEqual({ numerator: 2n, denominator: 1n });
    for (const bad of ["", "0", "0.000", "-1", "1e3", "abc", "1,08"])
      expect(() => parseRate(bad), bad).toThrow();
    expect(crossRate(USD, EUR)).toBe("0.9217");
    expect(rateSentence(EUR, USD)).toBe("1 EUR = 1.0850 USD");
  });

  it("works out a margin in the price's currency, converting the cost or saying which rate is missing", () => {
    const price = { amountMinor: 2990, currency: "EUR" };
    const cost = {
      print: { amountMinor: 1500, currency: "USD" },
      shipping: { amountMinor: 500, currency: "USD" },
      vat: { amountMinor: 170, currency: "USD" },
    };
    const converted = marginOf({ price, cost, rates: [USD, EUR] });
    expect(converted).toEqual({
      status: "ok",
      price,
      cost: { amountMinor: 2000, currency: "EUR" },
      margin: { amountMinor: 990, currency: "EUR" },
      conversion: { from: USD, to: EUR },
    });
    const missing = marginOf({ price, cost, rates: [USD] });
    expect(missing.status).toBe("no_rate");
    if (missing.status === "no_rate")
      expect(missing.reason).toBe(
        "The print cost is in USD and the Shopify price in EUR; the print service gave no exchange rate for EUR, so they cannot be compared.",
      );
    const same = marginOf({ price, cost: { amountMinor: 3000, currency: "EUR" } });
    expect(same).toMatchObject({ status: "ok", margin: { amountMinor: -10, currency: "EUR" } });
    expect(isLoss(same.status === "ok" ? same.margin : null)).toBe(true);
    expect(isLoss({ amountMinor: 0, currency: "EUR" })).toBe(false);
  });
});

describe("the profit period", () => {
  const now = new Date("2026-03-30T10:00:00Z");
  const ask = (query: string, timeZone = "UTC") =>
    periodFrom(new URLSearchParams(query), timeZone, now);
  const periodOf = (query: string, timeZone = "UTC") => {
    const answer = ask(query, timeZone);
    if (!answer.ok) throw new Error(`refused: ${answer.refusal.message}`);
    return answer.period;
  };
  const refusalOf = (query: string, timeZone = "UTC") => {
    const answer = ask(query, timeZone);
    if (answer.ok) throw new Error(`accepted: ${answer.period.from} to ${answer.period.to}`);
    return answer.refusal;
  };

  it("ends presets today in the shop's time zone and starts each day at its local midnight", () => {
    const p = periodOf("range=7", "Europe/Amsterdam");
    expect(p.days).toEqual([
      "2026-03-24",
      "2026-03-25",
      "2026-03-26",
      "2026-03-27",
      "2026-03-28",
      "2026-03-29",
      "2026-03-30",
    ]);
    expect(p.start.toISOString()).toBe("2026-03-23T23:00:00.000Z");
    // After the clocks moved forward: midnight is 22:00 UTC.
    expect(p.end.toISOString()).toBe("2026-03-30T22:00:00.000Z");
    // Late on 29 March in UTC is already the 30th in Tokyo.
    const tokyo = periodOf("range=7", "Asia/Tokyo");
    expect(tokyo.to).toBe("2026-03-30");
    expect(startOfDay("Asia/Kolkata", "2026-03-30").toISOString()).toBe("2026-03-29T18:30:00.000Z");
  });

  it("puts custom dates in order, and takes no range at all as the last 30 days", () => {
    const swapped = periodOf("range=custom&from=2026-03-31&to=2026-03-27");
    expect([swapped.from, swapped.to, swapped.days.length]).toEqual([
      "2026-03-27",
      "2026-03-31",
      5,
    ]);
    const plain = ask("", "Mars/Base");
    expect(
      plain.ok && [plain.period.range, plain.period.timeZone, plain.period.days.length],
    ).toEqual(["30", "UTC", 30]);
  });

  it("refuses days outside 2000 up to a year after today, saying which day and the window", () => {
    // 9999-12-31 once stepped into "+010000-01-01", which sorts before it: a loop without end.
    expect(refusalOf("range=custom&from=9999-12-31&to=9999-12-31")).toEqual({
      field: "from",
      message: "The first day must fall between 1 January 2000 and 30 March 2027.",
    });
    expect(refusalOf("range=custom&from=2026-03-01&to=2027-03-31")).toEqual({
      field: "to",
      message: "The last day must fall between 1 January 2000 and 30 March 2027.",
    });
    expect(refusalOf("range=custom&from=1999-12-31&to=2000-01-05").field).toBe("from");
    // The edges themselves are in.
    expect(periodOf("range=custom&from=2000-01-01&to=2000-01-02").days).toHaveLength(2);
    expect(periodOf("range=custom&from=2027-03-29&to=2027-03-30").to).toBe("2027-03-30");
    // A year after 29 February is 28 February.
    const leap = periodFrom(
      new URLSearchParams("range=custom&from=2029-02-28&to=2029-02-28"),
      "UTC",
      new Date("2028-02-29T12:00:00Z"),
    );
    expect(leap.ok).toBe(true);
  });

  it("refuses a period over a year, unreadable days and unknown ranges, never swapping in another", () => {
    expect(refusalOf("range=custom&from=2020-01-01&to=2026-03-30")).toEqual({
      field: "from",
      message:
        "A period can be at most 366 days long; this one has 2,281. Choose a later first day or an earlier last day.",
    });
    expect(refusalOf("range=custom&from=2026-02-30&to=2026-03-01")).toEqual({
      field: "from",
      message: "“2026-02-30” is not a date. Enter the first day as a date, for example 2000-01-31.",
    });
    expect(refusalOf("range=custom&from=2026-03-01&to=x").field).toBe("to");
    expect(refusalOf("range=custom&from=2026-03-01").message).toBe(
      "Enter the last day of the period.",
    );
    expect(refusalOf("range=365")).toEqual({
      field: "range",
      message: "Choose a period from the list.",
    });
    // What was asked comes back for the form, cut short.
    const long = ask(`range=custom&from=${"9".repeat(500)}&to=2026-03-01`);
    expect(long.ok).toBe(false);
    if (!long.ok) {
      expect(long.asked.from).toHaveLength(40);
      expect(long.refusal.message).toContain("…");
    }
  });
});
