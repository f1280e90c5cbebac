import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  calculateMortgage,
  MORTGAGE_LIMITS,
  MORTGAGE_MESSAGES,
  priceTransferCost,
  projectInvestment,
  readMortgageTerms,
} from "./calculators.ts";
import { parseDailyRate } from "./investment-returns.ts";

function terms(loanAmount: string, interestRatePercent: string, termYears: string) {
  const read = readMortgageTerms({ loanAmount, interestRatePercent, termYears });
  if (!read.ok) {
    throw new Error(JSON.stringify(read.errors));
  }
  return read.terms;
}

describe("calculateMortgage", () => {
  test.each([
    // [loan, yearly rate %, years, monthly, total paid, total interest] — published amortisation tables.
    ["250000", "3.5", "30", 112_261n, 40_413_960n, 15_413_960n],
    ["200000", "6.5", "30", 126_414n, 45_509_040n, 25_509_040n],
    ["100000", "5", "15", 79_079n, 14_234_220n, 4_234_220n],
    ["300000", "4", "15", 221_906n, 39_943_080n, 9_943_080n],
    ["500000", "7.25", "20", 395_188n, 94_845_120n, 44_845_120n],
  ] as const)("%s at %s %% over %s years is %s cents a month", (loan, rate, years, monthly, totalPaid, interest) => {
    expect(calculateMortgage(terms(loan, rate, years))).toEqual({
      paymentCount: Number(years) * 12,
      monthlyPaymentMinor: monthly,
      totalPaidMinor: totalPaid,
      totalInterestMinor: interest,
    });
  });

  test("rounds the annuity half up to the cent, as the exact rational formula does", () => {
    // (1 + r)^n in exact integers: r = rateThousandths / 1,200,000 (a yearly rate in thousandths of a percent).
    const scale = 1_200_000n;
    fc.assert(
      fc.property(
        fc.bigInt({ min: MORTGAGE_LIMITS.minLoanMinor, max: MORTGAGE_LIMITS.maxLoanMinor }),
        fc.integer({ min: 1, max: 30_000 }),
        fc.integer({ min: 1, max: 50 }),
        (loanMinor, rateThousandths, years) => {
          const months = BigInt(years * 12);
          const k = BigInt(rateThousandths);
          const grown = (scale + k) ** months;
          const numerator = loanMinor * k * grown;
          const denominator = scale * (grown - scale ** months);
          const whole = numerator / denominator;
          const remainderShare = Number(((numerator % denominator) * 1_000_000n) / denominator) / 1_000_000;
          // Within a millionth of a cent of a half cent a float may fall either way; elsewhere it must agree.
          fc.pre(Math.abs(remainderShare - 0.5) > 1e-6);
          const expected = remainderShare > 0.5 ? whole + 1n : whole;
          const result = calculateMortgage({
            loanAmountMinor: loanMinor,
            annualRatePercent: rateThousandths / 1000,
            termYears: years,
          });
          expect(result.monthlyPaymentMinor).toBe(expected);
          expect(result.totalPaidMinor).toBe(expected * months);
          expect(result.totalInterestMinor).toBe(expected * months - loanMinor);
        },
      ),
    );
  });

  test("refuses terms outside its limits instead of computing nonsense", () => {
    expect(() => calculateMortgage({ loanAmountMinor: 100n, annualRatePercent: 3.5, termYears: 30 })).toThrow(
      RangeError,
    );
    expect(() => calculateMortgage({ loanAmountMinor: 25_000_000n, annualRatePercent: 0, termYears: 30 })).toThrow(
      RangeError,
    );
    expect(() => calculateMortgage({ loanAmountMinor: 25_000_000n, annualRatePercent: 3.5, termYears: 2.5 })).toThrow(
      RangeError,
    );
  });
});

describe("readMortgageTerms", () => {
  test("reads the spec's defaults", () => {
    expect(readMortgageTerms({ loanAmount: "250000", interestRatePercent: "3.5", termYears: "30" })).toEqual({
      ok: true,
      terms: { loanAmountMinor: 25_000_000n, annualRatePercent: 3.5, termYears: 30 },
    });
  });

  test.each([
    ["loanAmount", { loanAmount: "" }],
    ["loanAmount", { loanAmount: "999.99" }],
    ["loanAmount", { loanAmount: "100000000.01" }],
    ["loanAmount", { loanAmount: "1e6" }],
    ["loanAmount", { loanAmount: "250000.001" }],
    ["interestRatePercent", { interestRatePercent: "0" }],
    ["interestRatePercent", { interestRatePercent: "30.5" }],
    ["interestRatePercent", { interestRatePercent: "3.5555" }],
    ["interestRatePercent", { interestRatePercent: "-1" }],
    ["interestRatePercent", { interestRatePercent: "3.5%" }],
    ["termYears", { termYears: "0" }],
    ["termYears", { termYears: "51" }],
    ["termYears", { termYears: "2.5" }],
  ] as const)("refuses %s in %j with its own message", (field, change) => {
    const read = readMortgageTerms({ loanAmount: "250000", interestRatePercent: "3.5", termYears: "30", ...change });
    const messages = {
      loanAmount: MORTGAGE_MESSAGES.loanAmount,
      interestRatePercent: MORTGAGE_MESSAGES.interestRate,
      termYears: MORTGAGE_MESSAGES.termYears,
    };
    expect(read).toEqual({ ok: false, errors: { [field]: messages[field] } });
  });

  test("accepts the limits themselves", () => {
    expect(readMortgageTerms({ loanAmount: "1000", interestRatePercent: "30", termYears: "1" }).ok).toBe(true);
    expect(readMortgageTerms({ loanAmount: "100000000", interestRatePercent: "0.001", termYears: "50" }).ok).toBe(true);
  });
});

describe("priceTransferCost", () => {
  test("charges the method's rate rounded up and adds it to the amount, as the server prices a transfer", () => {
    // USD 1,234.56 by bank at 0.5 % is 6.1728: 6.18, total 1,240.74.
    expect(priceTransferCost(123_456n, 50)).toEqual({ feeMinor: 618n, totalMinor: 124_074n });
    // 0.01 BTC by crypto at 1 %: exactly 0.0001 BTC.
    expect(priceTransferCost(1_000_000n, 100)).toEqual({ feeMinor: 10_000n, totalMinor: 1_010_000n });
    // To a Ferry user: free.
    expect(priceTransferCost(5_000n, 0)).toEqual({ feeMinor: 0n, totalMinor: 5_000n });
  });
});

describe("projectInvestment", () => {
  test("projects the spec's simple daily return, rounded down to the cent", () => {
    const parsed = parseDailyRate("0.02");
    if (!parsed.ok) {
      throw new Error(parsed.message);
    }
    // USD 1,000.00 at 2 % a day: 20.00 a day, 600.00 over 30 days, 7,300.00 over 365.
    expect(projectInvestment(100_000n, parsed.rate, 30)).toEqual({
      dailyReturnMinor: 2_000n,
      returnMinor: 60_000n,
      balanceMinor: 160_000n,
    });
    expect(projectInvestment(100_000n, parsed.rate, 365).returnMinor).toBe(730_000n);
    // USD 0.49 at 2 % is 0.0098 a day: nothing a day, 0.29 over 30 days (0.294, rounded down).
    expect(projectInvestment(49n, parsed.rate, 30)).toEqual({
      dailyReturnMinor: 0n,
      returnMinor: 29n,
      balanceMinor: 78n,
    });
  });
});
