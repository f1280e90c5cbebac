import { computeFee } from "./fees.ts";
import { type DailyRate, dailyReturnMinor, projectedReturnMinor } from "./investment-returns.ts";
import { parsePositiveAmount } from "./money.ts";

/*
 * The arithmetic of the public tools (/tools): the mortgage calculator (spec §3 and §4), and the fee
 * and investment calculators, which reuse the product's own rules (fees.ts, investment-returns.ts) so
 * that what the page shows is what Ferry charges and pays.
 */

/**
 * What the mortgage calculator accepts. A loan below 1,000 would round its monthly payment to a few
 * cents and make the totals meaningless; above 100 million its cents would no longer be exact in a
 * float. A rate of 0 % is not a mortgage (and its rounded payment would repay less than the loan).
 */
export const MORTGAGE_LIMITS = {
  minLoanMinor: 100_000n,
  maxLoanMinor: 10_000_000_000n,
  maxRatePercent: 30,
  maxRateDecimals: 3,
  minTermYears: 1,
  maxTermYears: 50,
} as const;

export const MORTGAGE_MESSAGES = {
  loanAmount: "Enter a loan amount from 1,000 to 100,000,000",
  interestRate: `Enter a rate above 0 and at most ${MORTGAGE_LIMITS.maxRatePercent} %, with at most ${MORTGAGE_LIMITS.maxRateDecimals} decimals`,
  termYears: `Enter a whole number of years from ${MORTGAGE_LIMITS.minTermYears} to ${MORTGAGE_LIMITS.maxTermYears}`,
} as const;

/** A mortgage's terms: the loan in hundredths (cents) of its currency, the yearly rate in percent, the term. */
export interface MortgageTerms {
  readonly loanAmountMinor: bigint;
  readonly annualRatePercent: number;
  readonly termYears: number;
}

/** What a mortgage costs, in hundredths of the loan's currency. */
export interface MortgagePayments {
  /** Months of the term: term × 12. */
  readonly paymentCount: number;
  /** The level monthly payment of the annuity, rounded half up to the cent. */
  readonly monthlyPaymentMinor: bigint;
  /** Spec §4: monthly payment × term × 12. */
  readonly totalPaidMinor: bigint;
  /** Spec §4: total paid − loan amount. */
  readonly totalInterestMinor: bigint;
}

/** The calculator's three text inputs, as typed. */
export interface MortgageInput {
  readonly loanAmount: string;
  readonly interestRatePercent: string;
  readonly termYears: string;
}

export type MortgageField = keyof MortgageInput;

const RATE_PATTERN = /^\d{1,2}(?:\.\d+)?$/;
const YEARS_PATTERN = /^\d{1,2}$/;

function readRatePercent(text: string): number | null {
  const trimmed = text.trim();
  if (!RATE_PATTERN.test(trimmed)) {
    return null;
  }
  const decimals = trimmed.split(".")[1]?.length ?? 0;
  const rate = Number(trimmed);
  if (decimals > MORTGAGE_LIMITS.maxRateDecimals || rate <= 0 || rate > MORTGAGE_LIMITS.maxRatePercent) {
    return null;
  }
  return rate;
}

function readTermYears(text: string): number | null {
  const trimmed = text.trim();
  const years = Number(trimmed);
  if (!YEARS_PATTERN.test(trimmed) || years < MORTGAGE_LIMITS.minTermYears || years > MORTGAGE_LIMITS.maxTermYears) {
    return null;
  }
  return years;
}

function readLoanMinor(text: string): bigint | null {
  const parsed = parsePositiveAmount(text, "USD");
  if (!parsed.ok || parsed.amountMinor < MORTGAGE_LIMITS.minLoanMinor) {
    return null;
  }
  return parsed.amountMinor > MORTGAGE_LIMITS.maxLoanMinor ? null : parsed.amountMinor;
}

/**
 * Reads the calculator's inputs: a loan of 1,000 to 100,000,000 with at most 2 decimals, a yearly rate
 * above 0 and at most 30 % with at most 3 decimals, a whole term of 1 to 50 years. Each refused input
 * gets its own message, so the form shows it beside that input.
 */
export function readMortgageTerms(
  input: MortgageInput,
): { ok: true; terms: MortgageTerms } | { ok: false; errors: Partial<Record<MortgageField, string>> } {
  const loanAmountMinor = readLoanMinor(input.loanAmount);
  const annualRatePercent = readRatePercent(input.interestRatePercent);
  const termYears = readTermYears(input.termYears);
  if (loanAmountMinor === null || annualRatePercent === null || termYears === null) {
    const errors: Partial<Record<MortgageField, string>> = {};
    if (loanAmountMinor === null) {
      errors.loanAmount = MORTGAGE_MESSAGES.loanAmount;
    }
    if (annualRatePercent === null) {
      errors.interestRatePercent = MORTGAGE_MESSAGES.interestRate;
    }
    if (termYears === null) {
      errors.termYears = MORTGAGE_MESSAGES.termYears;
    }
    return { ok: false, errors };
  }
  return { ok: true, terms: { loanAmountMinor, annualRatePercent, termYears } };
}

/**
 * The standard annuity: monthly = P × r / (1 − (1 + r)^−n), with r the yearly rate / 12 and n the
 * number of months, rounded half up to the cent; then the spec's totals from that rounded payment
 * (total paid = monthly × n, interest = total paid − P), exact in bigint. The annuity itself is a
 * float: a calculator's estimate, not a ledger amount, and exact to the cent within MORTGAGE_LIMITS
 * (250,000 at 3.5 % over 30 years is 1,122.61 a month).
 */
export function calculateMortgage(terms: MortgageTerms): MortgagePayments {
  const { loanAmountMinor, annualRatePercent, termYears } = terms;
  if (loanAmountMinor < MORTGAGE_LIMITS.minLoanMinor || loanAmountMinor > MORTGAGE_LIMITS.maxLoanMinor) {
    throw new RangeError("The loan is outside the calculator's limits");
  }
  if (!(annualRatePercent > 0 && annualRatePercent <= MORTGAGE_LIMITS.maxRatePercent)) {
    throw new RangeError("The interest rate is outside the calculator's limits");
  }
  if (
    !Number.isInteger(termYears) ||
    termYears < MORTGAGE_LIMITS.minTermYears ||
    termYears > MORTGAGE_LIMITS.maxTermYears
  ) {
    throw new RangeError("The term is outside the calculator's limits");
  }
  const paymentCount = termYears * 12;
  const monthlyRate = annualRatePercent / 1200;
  const principal = Number(loanAmountMinor);
  const exactMonthly = (principal * monthlyRate) / (1 - (1 + monthlyRate) ** -paymentCount);
  const monthlyPaymentMinor = BigInt(Math.round(exactMonthly));
  const totalPaidMinor = monthlyPaymentMinor * BigInt(paymentCount);
  return {
    paymentCount,
    monthlyPaymentMinor,
    totalPaidMinor,
    totalInterestMinor: totalPaidMinor - loanAmountMinor,
  };
}

/** What a transfer of an amount costs: Ferry's fee (rounded up, fees.ts) and the total taken from the balance. */
export interface TransferCost {
  readonly feeMinor: bigint;
  /** The amount plus its fee: what leaves the sender's balance. */
  readonly totalMinor: bigint;
}

/**
 * Prices a transfer as the server does (transfers/pricing.ts): the fee is the method's rate in basis
 * points of the amount, rounded up to the minor unit, and is paid on top of the amount.
 */
export function priceTransferCost(amountMinor: bigint, feeBasisPoints: number): TransferCost {
  const feeMinor = computeFee(amountMinor, feeBasisPoints);
  return { feeMinor, totalMinor: amountMinor + feeMinor };
}

/** What the investment centre would pay on an amount over a number of days, in minor units. */
export interface InvestmentProjection {
  /** One day's return, rounded down to the cent (as the daily job pays it). */
  readonly dailyReturnMinor: bigint;
  /** The return over the period: simple, not compounded, rounded down (spec §9 projections). */
  readonly returnMinor: bigint;
  /** The amount invested plus that return. */
  readonly balanceMinor: bigint;
}

/** The spec's projection of an investment of `amountMinor` at `rate` over `days`, by investment-returns.ts. */
export function projectInvestment(amountMinor: bigint, rate: DailyRate, days: number): InvestmentProjection {
  const returnMinor = projectedReturnMinor(amountMinor, rate, days);
  return {
    dailyReturnMinor: dailyReturnMinor(amountMinor, rate),
    returnMinor,
    balanceMinor: amountMinor + returnMinor,
  };
}
