import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { computeFee } from "./fees.ts";

describe("computeFee", () => {
  test.each([
    // [amountMinor, basis points, expected fee in minor units]
    [99n, 50, 1n], // USD 0.99 at 0.5 % is 0.00495: charged 0.01, never 0.00
    [1n, 50, 1n], // USD 0.01 at 0.5 %: the smallest fee, one cent
    [1n, 1, 1n], // one basis point of one minor unit still costs one minor unit
    [100n, 50, 1n], // USD 1.00 at 0.5 % is exactly 0.005 USD: 0.01
    [2_000n, 50, 10n], // USD 20.00 at 0.5 % is exactly 0.10: not rounded
    [500n, 50, 3n], // USD 5.00 at 0.5 % is 0.025: 0.03
    [123_456n, 50, 618n], // USD 1,234.56 at 0.5 % is 6.1728: 6.18 (half up would say 6.17)
    [1_000_000n, 100, 10_000n], // 1 % of 10,000.00 is exactly 100.00
    [20_001n, 100, 201n], // 1 % of 200.01 is 2.0001: 2.01
    [1_000_000_000_000_000_000n, 100, 10_000_000_000_000_000n], // 1 ETH at 1 %: exactly 0.01 ETH
    [99n, 0, 0n], // a zero rate (Ferry-user transfers) costs nothing
    [10_000n, 10_000, 10_000n], // a 100 % rate is the amount itself
  ] as const)("charges %s minor units at %s bp a fee of %s minor units", (amountMinor, bps, expected) => {
    expect(computeFee(amountMinor, bps)).toBe(expected);
  });

  test("is the smallest whole number of minor units not below the exact fee", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 30n }), fc.integer({ min: 0, max: 10_000 }), (amountMinor, bps) => {
        const fee = computeFee(amountMinor, bps);
        const exactTimes10k = amountMinor * BigInt(bps);
        // fee >= exact fee, and fee - 1 < exact fee.
        expect(fee * 10_000n >= exactTimes10k).toBe(true);
        expect((fee - 1n) * 10_000n < exactTimes10k).toBe(true);
        if (bps > 0) {
          expect(fee >= 1n).toBe(true);
        }
      }),
    );
  });

  test.each([[-1], [10_001], [0.5], [Number.NaN]])("refuses a rate of %s basis points", (bps) => {
    expect(() => computeFee(100n, bps)).toThrow(RangeError);
  });

  test.each([[0n], [-100n]])("refuses an amount of %s minor units", (amountMinor) => {
    expect(() => computeFee(amountMinor, 50)).toThrow(RangeError);
  });
});
