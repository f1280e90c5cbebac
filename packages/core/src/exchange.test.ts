import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { CURRENCIES, CURRENCY_CODES, type CurrencyCode } from "./currencies.ts";
import {
  type ExchangeRate,
  formatRate,
  formatRateForDisplay,
  INVALID_RATE_MESSAGE,
  MAX_RATE_DECIMALS,
  MAX_RATE_UNITS,
  parseRate,
  priceExchange,
  priceExchangeFor,
  RATE_TOO_LARGE_MESSAGE,
  rateOf,
  tooLargeToExchangeMessage,
} from "./exchange.ts";
import { computeFee } from "./fees.ts";

/** Minor units of a decimal amount, for readable tests. */
function minor(amount: string, currency: CurrencyCode): bigint {
  const [whole, fraction = ""] = amount.split(".");
  return BigInt(`${whole}${fraction.padEnd(CURRENCIES[currency].scale, "0")}`);
}

describe("parseRate", () => {
  test.each([
    ["1.08", "1.08"],
    ["1.080000000000000000", "1.08"],
    ["65000", "65000"],
    ["0.000015384615384615", "0.000015384615384615"],
    ["00012.50", "12.5"],
    ["1000000000", "1000000000"],
    ["1000000000.000000000000000000", "1000000000"],
    ["999999999.999999999999999999", "999999999.999999999999999999"],
  ])("reads %s exactly, written back as %s", (text, written) => {
    const parsed = parseRate(text);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(formatRate(parsed.rate)).toBe(written);
    }
  });

  test.each(["0", "0.000", "-1", "1e3", "1,08", " 1.08", "1.", ".5", "", "NaN", "0.0000000000000000001"])(
    "refuses %j",
    (text) => {
      expect(parseRate(text)).toEqual({ ok: false, message: INVALID_RATE_MESSAGE });
    },
  );

  test.each([
    "1000000000.000000000000000001",
    "1000000001",
    "99999999999999999999.999999999999999999",
    "100000000000000000000",
  ])("refuses %s: above the highest rate, so no conversion can overflow the database", (text) => {
    expect(parseRate(text)).toEqual({ ok: false, message: "A rate can be at most 1,000,000,000" });
    expect(RATE_TOO_LARGE_MESSAGE).toBe("A rate can be at most 1,000,000,000");
    // A rate stored before the bound still reads, up to the 20 whole digits the column holds.
    if (text.replace(/\..*$/, "").length <= 20) {
      expect(formatRate(rateOf(text))).toBe(text);
    }
  });

  test("rateOf throws on a rate no one could have stored", () => {
    expect(() => rateOf("abc")).toThrow(RangeError);
    expect(() => rateOf("100000000000000000000")).toThrow(RangeError);
  });
});

describe("formatRateForDisplay", () => {
  test.each([
    ["0.000015384615384615", 8, "0.000015384615"],
    ["0.000015384615384615", 4, "0.00001538"],
    ["0.925925925925925926", 6, "0.925926"],
    ["65000", 8, "65000"],
    ["1.08", 8, "1.08"],
    ["1.2345", 2, "1.2"],
  ])("shows %s with %s significant digits as %s", (text, digits, shown) => {
    expect(formatRateForDisplay(rateOf(text), digits)).toBe(shown);
  });

  test.each([
    ["0.000015384615384615", 8, "0.00001538"],
    ["0.000015389615384615", 8, "0.00001539"],
    ["0.000000001", 8, "0"],
    ["65000.123456789", 8, "65000.123"],
    ["1.0845", 8, "1.0845"],
  ])("shows %s with at most %s decimals as %s", (text, maxDecimals, shown) => {
    expect(formatRateForDisplay(rateOf(text), 8, maxDecimals)).toBe(shown);
  });
});

describe("priceExchange", () => {
  test.each([
    // [amount, from, to, rate, fee bp, fee, receive]
    // 100 USD to EUR at 1 / 1.08, 0.25 %: fee 0.25 USD; 99.75 / 1.08 = 92.3611… EUR, rounded down.
    ["100.00", "USD", "EUR", "0.925925925925925926", 25, "0.25", "92.36"],
    // 1,000 USD to BTC at 1 / 65,000, 0.5 %: fee 5 USD; 995 / 65,000 = 0.0153076923… BTC.
    ["1000.00", "USD", "BTC", "0.000015384615384615", 50, "5.00", "0.01530769"],
    // 0.1 BTC to USD at 65,000, 0.8 %: fee 0.0008 BTC; 0.0992 × 65,000 = 6,448 USD exactly.
    ["0.1", "BTC", "USD", "65000", 80, "0.0008", "6448.00"],
    // 1 ETH to USDC at 3,500, 0.25 %: fee 0.0025 ETH; 0.9975 × 3,500 = 3,491.25 USDC exactly.
    ["1", "ETH", "USDC", "3500", 25, "0.0025", "3491.25"],
    // 0.99 USD at 0.25 % is 0.002475 USD of fee: charged as one cent, never less than the rate.
    ["0.99", "USD", "EUR", "0.925925925925925926", 25, "0.01", "0.90"],
    // No fee at all: the whole amount is converted.
    ["10.00", "USDT", "USDC", "1", 0, "0", "10.00"],
  ] as const)(
    "sells %s %s for %s at %s with %s bp: fee %s, receive %s",
    (amount, from, to, rate, bps, fee, receive) => {
      const figures = priceExchange({
        amountMinor: minor(amount, from),
        from,
        to,
        rate: rateOf(rate),
        feeBasisPoints: bps,
      });
      expect(figures.feeMinor).toBe(minor(fee, from));
      expect(figures.convertedMinor).toBe(minor(amount, from) - minor(fee, from));
      expect(figures.receiveMinor).toBe(minor(receive, to));
    },
  );

  test("an amount too small to buy one minor unit receives zero (the caller refuses it)", () => {
    // One satoshi is 0.00065 USD at 65,000: not a cent.
    const figures = priceExchange({
      amountMinor: 1n,
      from: "BTC",
      to: "USD",
      rate: rateOf("65000"),
      feeBasisPoints: 0,
    });
    expect(figures.receiveMinor).toBe(0n);
  });

  test("names the bound when a conversion would pay out more than one amount may be", () => {
    expect(tooLargeToExchangeMessage("ETH")).toBe(
      "This amount would buy more than 1,000,000,000 ETH, the most one exchange can pay",
    );
  });

  test("refuses an exchange into the same currency", () => {
    expect(() =>
      priceExchange({ amountMinor: 100n, from: "USD", to: "USD", rate: rateOf("1"), feeBasisPoints: 25 }),
    ).toThrow(RangeError);
  });

  const currencyPair = fc
    .tuple(fc.constantFrom(...CURRENCY_CODES), fc.constantFrom(...CURRENCY_CODES))
    .filter(([from, to]) => from !== to);
  const rate: fc.Arbitrary<ExchangeRate> = fc
    .tuple(fc.bigInt({ min: 1n, max: 10n ** 24n }), fc.integer({ min: 0, max: MAX_RATE_DECIMALS }))
    .map(([units, decimals]) => ({ units, decimals }));

  test("the fee is rounded up and what arrives rounded down: never more than the exact rate gives", () => {
    fc.assert(
      fc.property(
        currencyPair,
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        rate,
        fc.integer({ min: 0, max: 1_000 }),
        ([from, to], amountMinor, exchangeRate, bps) => {
          const figures = priceExchange({ amountMinor, from, to, rate: exchangeRate, feeBasisPoints: bps });
          // The fee is transfers' fee: the least whole number of minor units not below the exact fee.
          expect(figures.feeMinor).toBe(computeFee(amountMinor, bps));
          expect(figures.feeMinor + figures.convertedMinor).toBe(amountMinor);
          expect(figures.convertedMinor >= 0n).toBe(true);
          // Exact value of what arrives, in TO minor units: converted × units × 10^toScale / 10^(decimals + fromScale).
          const exactNumerator = figures.convertedMinor * exchangeRate.units * 10n ** BigInt(CURRENCIES[to].scale);
          const denominator = 10n ** BigInt(exchangeRate.decimals + CURRENCIES[from].scale);
          // receive ≤ exact < receive + 1: rounded down, by less than one minor unit.
          expect(figures.receiveMinor * denominator <= exactNumerator).toBe(true);
          expect((figures.receiveMinor + 1n) * denominator > exactNumerator).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  test("selling more never receives less, and a higher fee never receives more", () => {
    fc.assert(
      fc.property(
        currencyPair,
        fc.bigInt({ min: 1n, max: 10n ** 24n }),
        fc.bigInt({ min: 0n, max: 10n ** 6n }),
        rate,
        fc.integer({ min: 0, max: 999 }),
        ([from, to], amountMinor, extraMinor, exchangeRate, bps) => {
          const base = priceExchange({ amountMinor, from, to, rate: exchangeRate, feeBasisPoints: bps });
          const more = priceExchange({
            amountMinor: amountMinor + extraMinor,
            from,
            to,
            rate: exchangeRate,
            feeBasisPoints: bps,
          });
          const dearer = priceExchange({ amountMinor, from, to, rate: exchangeRate, feeBasisPoints: bps + 1 });
          expect(more.receiveMinor >= base.receiveMinor).toBe(true);
          expect(dearer.receiveMinor <= base.receiveMinor).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  test("priceExchangeFor is the least amount that buys what a transfer needs", () => {
    fc.assert(
      fc.property(
        currencyPair,
        fc.bigInt({ min: 1n, max: 10n ** 24n }),
        rate,
        fc.integer({ min: 0, max: 1_000 }),
        ([from, to], receiveMinor, exchangeRate, bps) => {
          const request = { receiveMinor, from, to, rate: exchangeRate, feeBasisPoints: bps };
          const figures = priceExchangeFor(request);
          const price = (amountMinor: bigint) =>
            priceExchange({ amountMinor, from, to, rate: exchangeRate, feeBasisPoints: bps });
          expect(figures).toEqual({ amountMinor: figures.amountMinor, ...price(figures.amountMinor) });
          expect(figures.receiveMinor >= receiveMinor).toBe(true);
          // One minor unit less would not buy it.
          if (figures.amountMinor > 1n) {
            expect(price(figures.amountMinor - 1n).receiveMinor < receiveMinor).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  test("priceExchangeFor: EUR 101.00 from USD at 0.92 with 0.5 % costs USD 110.35", () => {
    const figures = priceExchangeFor({
      receiveMinor: minor("101.00", "EUR"),
      from: "USD",
      to: "EUR",
      rate: rateOf("0.92"),
      feeBasisPoints: 50,
    });
    // 101.00 / 0.92 = 109.782… → USD 109.79 converted; 109.79 / 0.995 = 110.341… → USD 110.35 with its fee.
    expect(figures.amountMinor).toBe(minor("110.35", "USD"));
    expect(figures.feeMinor).toBe(minor("0.56", "USD"));
    expect(figures.convertedMinor).toBe(minor("109.79", "USD"));
    // 109.79 × 0.92 = 101.0068 → EUR 101.00.
    expect(figures.receiveMinor).toBe(minor("101.00", "EUR"));
  });

  test("a rate written back and read again is the same rate", () => {
    fc.assert(
      fc.property(rate, (exchangeRate) => {
        const written = formatRate(exchangeRate);
        const parsed = parseRate(written);
        if (exchangeRate.units > MAX_RATE_UNITS * 10n ** BigInt(exchangeRate.decimals)) {
          // Above the highest rate (and so within NUMERIC(38,18)'s 20 whole digits): refused, not stored.
          expect(parsed).toEqual({ ok: false, message: RATE_TOO_LARGE_MESSAGE });
          return;
        }
        expect(parsed.ok).toBe(true);
        if (parsed.ok) {
          expect(formatRate(parsed.rate)).toBe(written);
          // Equal as numbers: units / 10^decimals.
          expect(parsed.rate.units * 10n ** BigInt(exchangeRate.decimals)).toBe(
            exchangeRate.units * 10n ** BigInt(parsed.rate.decimals),
          );
        }
      }),
    );
  });
});

describe("the too-large rate's words", () => {
  test("name MAX_RATE_UNITS, grouped as in English", () => {
    expect(RATE_TOO_LARGE_MESSAGE).toBe(`A rate can be at most ${MAX_RATE_UNITS.toLocaleString("en-US")}`);
  });
});
