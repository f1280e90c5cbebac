import { describe, expect, test } from "vitest";
import {
  conversionPath,
  type DisplayRate,
  type RateCurrency,
  type RateLookup,
  roundDecimalHalfUp,
  totalInDisplayCurrency,
} from "./display-currency.ts";
import { rateOf } from "./exchange.ts";

/** A lookup over a small table of pairs written as "FROM/TO": "rate". */
function lookupOf(table: Record<string, string>): RateLookup {
  return (from: RateCurrency, to: RateCurrency): DisplayRate | undefined => {
    const text = table[`${from}/${to}`];
    return text === undefined ? undefined : { from, to, rate: rateOf(text) };
  };
}

const RATES = lookupOf({
  "EUR/USD": "1.08",
  "USD/EUR": "0.925925925925925926",
  "BTC/USD": "65000",
  "USD/BTC": "0.000015384615384615",
  "USD/JPY": "155.5",
  "JPY/USD": "0.006430868167202572",
  "EUR/BTC": "0.000016615384615385",
});

describe("roundDecimalHalfUp", () => {
  test.each([
    [12345n, 3, 2, "12.35"],
    [12344n, 3, 2, "12.34"],
    [-12345n, 3, 2, "-12.35"],
    [5n, 1, 0, "1"],
    [4n, 1, 0, "0"],
    [-4n, 1, 0, "0"],
    [7n, 0, 2, "7.00"],
    [1n, 8, 8, "0.00000001"],
    [0n, 0, 8, "0.00000000"],
  ])("%s / 10^%s to %s places is %s", (numerator, exponent, places, expected) => {
    expect(roundDecimalHalfUp(numerator, exponent, places)).toBe(expected);
  });
});

describe("conversionPath", () => {
  test("uses the direct pair when there is one", () => {
    expect(conversionPath("EUR", "BTC", RATES)?.map((step) => `${step.from}/${step.to}`)).toEqual(["EUR/BTC"]);
  });

  test("goes through USD when there is no direct pair", () => {
    expect(conversionPath("EUR", "JPY", RATES)?.map((step) => `${step.from}/${step.to}`)).toEqual([
      "EUR/USD",
      "USD/JPY",
    ]);
  });

  test("needs no rate for the same currency, and finds none for a missing pair", () => {
    expect(conversionPath("USD", "USD", RATES)).toEqual([]);
    expect(conversionPath("GBP", "JPY", RATES)).toBeUndefined();
  });
});

describe("totalInDisplayCurrency", () => {
  const holdings = [
    { currency: "USD" as const, amountMinor: 125_000n },
    { currency: "EUR" as const, amountMinor: 10_050n },
    { currency: "BTC" as const, amountMinor: 1_000_000n },
    { currency: "GBP" as const, amountMinor: 0n },
  ];

  test("sums USD with 2 decimals, converting exactly and rounding once", () => {
    // 1250 + 100.50 × 1.08 (108.54) + 0.01 × 65000 (650) = 2008.54
    expect(totalInDisplayCurrency(holdings, "USD", RATES).total).toBe("2008.54");
  });

  test("shows JPY with no decimals, through USD", () => {
    // 1250 × 155.5 = 194375; 108.54 × 155.5 = 16877.97; 650 × 155.5 = 101075 → 312327.97 → 312328
    const total = totalInDisplayCurrency(holdings, "JPY", RATES);
    expect(total.total).toBe("312328");
    expect(total.ratesUsed.map((rate) => `${rate.from}/${rate.to}`)).toEqual(["USD/JPY", "EUR/USD", "BTC/USD"]);
  });

  test("shows BTC with 8 decimals", () => {
    // 1250 × 0.000015384615384615 = 0.01923076923076875; 100.50 EUR × 0.000016615384615385 =
    // 0.00166984615384619; + 0.01 → 0.03090061538461494 → 0.03090062
    expect(totalInDisplayCurrency(holdings, "BTC", RATES).total).toBe("0.03090062");
  });

  test("rounds a half up", () => {
    const lookup = lookupOf({ "USD/EUR": "0.5" });
    // 0.01 USD × 0.5 = 0.005 EUR → 0.01
    expect(totalInDisplayCurrency([{ currency: "USD", amountMinor: 1n }], "EUR", lookup).total).toBe("0.01");
  });

  test("is zero with no rates used when nothing is held", () => {
    expect(totalInDisplayCurrency([{ currency: "ETH", amountMinor: 0n }], "JPY", RATES)).toEqual({
      currency: "JPY",
      total: "0",
      ratesUsed: [],
    });
  });

  test("refuses to leave out a holding it cannot convert", () => {
    expect(() => totalInDisplayCurrency([{ currency: "GBP", amountMinor: 1n }], "JPY", RATES)).toThrow(
      "No rate from GBP to JPY",
    );
  });
});
