import { z } from "zod";
import { checkPositiveAmountIn } from "../money.ts";
import { singleLineText } from "../validation/text.ts";
import { DecimalAmount } from "./balances.ts";
import { pageOf, pageQuery } from "./pagination.ts";
import { AmountText } from "./transfers.ts";

/**
 * Invest, withdraw or top up the yield reserve: an amount of US dollars (the investment centre works
 * in USD only). The one amount rule applies ('Please enter a valid amount', at most 2 decimals).
 */
export const InvestmentAmountRequest = z.object({ amount: AmountText }).superRefine((value, ctx) => {
  checkPositiveAmountIn(value, "USD", ctx);
});
export type InvestmentAmountRequest = z.infer<typeof InvestmentAmountRequest>;

/** `POST /api/v1/investment/deposits` (schema `InvestmentAmountRequest`): USD from the wallet to the investment. */
export type InvestmentDepositRequest = InvestmentAmountRequest;
/** `POST /api/v1/investment/withdrawals` (schema `InvestmentAmountRequest`): USD from the investment to the wallet. */
export type InvestmentWithdrawalRequest = InvestmentAmountRequest;

export const InvestmentStatus = z.enum(["active", "closed"]);
export type InvestmentStatus = z.infer<typeof InvestmentStatus>;

/** A calendar day in UTC, "2025-01-31". */
export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** What the user and the admin both read of an investment: its figures and state. Amounts are USD decimal strings. */
const INVESTMENT_FIGURES = {
  /** Everything deposited minus everything withdrawn beyond the returns (never below zero). */
  amountInvested: DecimalAmount,
  /** The investment ledger account's balance. */
  currentBalance: DecimalAmount,
  /** All daily returns paid so far. */
  totalReturns: DecimalAmount,
  status: InvestmentStatus,
  /** The last UTC day a return was paid for; null before the first one. */
  lastReturnDate: IsoDate.nullable(),
  createdAt: z.string(),
};

/** The user's investment. */
export const Investment = z.object({
  id: z.uuid(),
  ...INVESTMENT_FIGURES,
  /**
   * The next daily return the server will pay, by its own rule (decision 019: a day pays on the lowest
   * balance held that UTC day, at the midnight ending it): its amount so far and when it is paid. Money
   * first invested today earns from tomorrow, so then it is the next day's, and `isAfterToday` says so.
   * Null on a zero balance. An estimate: a withdrawal before the payout lowers it.
   */
  nextPayout: z.object({ amount: DecimalAmount, at: z.string(), isAfterToday: z.boolean() }).nullable(),
});
export type Investment = z.infer<typeof Investment>;

export const InvestmentTransactionType = z.enum(["deposit", "withdraw", "daily_return"]);
export type InvestmentTransactionType = z.infer<typeof InvestmentTransactionType>;

/** One movement of the investment, with the investment's balance right after it. */
export const InvestmentTransaction = z.object({
  id: z.uuid(),
  type: InvestmentTransactionType,
  amount: DecimalAmount,
  balanceAfter: DecimalAmount,
  createdAt: z.string(),
});
export type InvestmentTransaction = z.infer<typeof InvestmentTransaction>;

/**
 * `GET /api/v1/investment` (and the answer to a deposit or a withdrawal): the investment or null
 * before the first deposit, the configured daily rate, the annual ROI shown (rate × 365 × 100, "730"
 * at 0.02), projections from the current balance (spec §9: balance × rate × days, rounded down to
 * the cent) and the last 10 investment transactions, newest first.
 */
export const InvestmentOverview = z.object({
  investment: Investment.nullable(),
  /** The daily rate as configured, a decimal fraction ("0.02" is 2 % a day). */
  dailyRate: z.string(),
  /** rate × 365 × 100, exact ("730"). */
  annualRoiPercent: z.string(),
  projections: z.object({ days30: DecimalAmount, days365: DecimalAmount }),
  transactions: z.array(InvestmentTransaction).max(10),
});
export type InvestmentOverview = z.infer<typeof InvestmentOverview>;

/** The operator's yield reserve: its balance, today's returns at the current rate, and how many days it covers. */
export const YieldReserve = z.object({
  balance: DecimalAmount,
  /** The sum of today's return of every active investment at the current rate. */
  dailyReturnsDue: DecimalAmount,
  /** Whole days the balance covers at `dailyReturnsDue` a day; null when nothing is due. */
  daysCovered: z.number().int().nullable(),
});
export type YieldReserve = z.infer<typeof YieldReserve>;

/** One row of the admin investment table. */
export const AdminInvestment = z.object({
  id: z.uuid(),
  userId: z.string(),
  userEmail: z.string(),
  userName: z.string(),
  ...INVESTMENT_FIGURES,
});
export type AdminInvestment = z.infer<typeof AdminInvestment>;

/** The spec's five admin cards, over all investments. */
export const AdminInvestmentSummary = z.object({
  totalInvestments: z.number().int(),
  activeInvestments: z.number().int(),
  amountInvested: DecimalAmount,
  currentBalance: DecimalAmount,
  totalReturns: DecimalAmount,
});
export type AdminInvestmentSummary = z.infer<typeof AdminInvestmentSummary>;

/** `GET /api/v1/admin/investments`: newest first, 50 a page, optionally searched by the user's name or e-mail. */
export const AdminInvestmentListQuery = pageQuery({ defaultLimit: 50, maxLimit: 100 }).extend({
  search: singleLineText("Search").max(200).optional(),
});
export type AdminInvestmentListQuery = z.infer<typeof AdminInvestmentListQuery>;

export const AdminInvestmentList = pageOf(AdminInvestment).extend({
  summary: AdminInvestmentSummary,
  reserve: YieldReserve,
});
export type AdminInvestmentList = z.infer<typeof AdminInvestmentList>;

/**
 * `POST /api/v1/admin/yield-reserve/top-ups` (schema `InvestmentAmountRequest`): USD moved from the
 * operator's bank account to the reserve.
 */
export type YieldReserveTopUpRequest = InvestmentAmountRequest;
