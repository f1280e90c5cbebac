import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  annualRoiPercent,
  type DailyRate,
  dailyReturnMinor,
  daysCovered,
  parseDailyRate,
  projectedReturnMinor,
} from "./investment-returns.ts";

function rate(text: string): DailyRate {
  const parsed = parseDailyRate(text);
  if (!parsed.ok) {
    throw new Error(parsed.message);
  }
  return parsed.rate;
}

describe("parseDailyRate", () => {
  it("reads 0.02 as exactly 2/100", () => {
    expect(rate("0.02")).toEqual({ text: "0.02", numerator: 2n, denominator: 100n });
  });

  it("keeps trailing zeros exact and prints the rate without them", () => {
    expect(rate("0.0200")).toMatchObject({ text: "0.02", numerator: 200n, denominator: 10_000n });
    expect(rate("1")).toMatchObject({ text: "1", numerator: 1n, denominator: 1n });
  });

  it.each(["0", "0.0", "-0.02", "1.01", "2", "2e-2", "0.02%", " 0.02", ".02", "0.000000001", ""])(
    "refuses %j",
    (text) => {
      expect(parseDailyRate(text).ok).toBe(false);
    },
  );
});

describe("dailyReturnMinor", () => {
  it("pays 2 % of 1,000.00 USD as 20.00", () => {
    expect(dailyReturnMinor(100_000n, rate("0.02"))).toBe(2_000n);
  });

  it("rounds down to the cent: 2 % of 0.49 is 0.0098, paid as 0.00", () => {
    expect(dailyReturnMinor(49n, rate("0.02"))).toBe(0n);
    expect(dailyReturnMinor(50n, rate("0.02"))).toBe(1n);
    // 2 % of 1,234.56 is 24.6912: 24.69 paid.
    expect(dailyReturnMinor(123_456n, rate("0.02"))).toBe(2_469n);
  });

  it("never pays more than balance × rate and never a cent less than its floor", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 1, max: 100_000_000 }), (balance, n) => {
        const r: DailyRate = { text: "", numerator: BigInt(n), denominator: 100_000_000n };
        const paid = dailyReturnMinor(balance, r);
        // paid ≤ balance × rate < paid + 1, in exact integers.
        return paid * r.denominator <= balance * r.numerator && balance * r.numerator < (paid + 1n) * r.denominator;
      }),
    );
  });

  it("refuses a negative balance", () => {
    expect(() => dailyReturnMinor(-1n, rate("0.02"))).toThrow(RangeError);
  });
});

describe("projectedReturnMinor", () => {
  it("computes the spec's 30 and 365 day projections: balance × 0.02 × days", () => {
    expect(projectedReturnMinor(100_000n, rate("0.02"), 30)).toBe(60_000n);
    expect(projectedReturnMinor(100_000n, rate("0.02"), 365)).toBe(730_000n);
  });

  it("rounds the whole projection down once, not each day", () => {
    // 0.49 × 0.02 × 30 = 0.294: 0.29, although each day alone rounds to 0.00.
    expect(projectedReturnMinor(49n, rate("0.02"), 30)).toBe(29n);
  });
});

describe("annualRoiPercent", () => {
  it("shows 730 at 2 % a day, as the spec does", () => {
    expect(annualRoiPercent(rate("0.02"))).toBe("730");
  });

  it("is derived from the rate, exactly", () => {
    expect(annualRoiPercent(rate("0.001"))).toBe("36.5");
    expect(annualRoiPercent(rate("0.00012345"))).toBe("4.505925");
  });
});

describe("daysCovered", () => {
  it("counts whole days of returns the reserve can pay", () => {
    expect(daysCovered(10_000n, 2_000n)).toBe(5);
    expect(daysCovered(9_999n, 2_000n)).toBe(4);
  });

  it("is null when nothing is due", () => {
    expect(daysCovered(10_000n, 0n)).toBeNull();
  });
});
