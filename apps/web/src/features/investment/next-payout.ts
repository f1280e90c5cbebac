import type { Investment, InvestmentTransaction } from "@ferry/core/contracts/investments";
import { type DailyRate, dailyReturnMinor } from "@ferry/core/investment-returns";
import { minorOf } from "@ferry/core/money";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The next return as the page estimates it: its amount, when it is paid, and whether it waits a day. */
export interface NextPayout {
  readonly amountMinor: bigint;
  readonly at: Date;
  /** Money moved in today earns from tomorrow: the payout shown is the day after the next midnight's. */
  readonly isAfterToday: boolean;
}

function signedMinorOf(item: InvestmentTransaction): bigint {
  const amountMinor = minorOf(item.amount, "USD");
  return item.type === "withdraw" ? -amountMinor : amountMinor;
}

/**
 * The server pays a day's return on the lowest balance the investment held that UTC day, at the
 * midnight ending it (docs/decisions/019-investment-returns.md): so money invested today earns from
 * tomorrow, and a withdrawal today lowers today's return. This mirrors that rule for display, from
 * today's deposits and withdrawals in the recent history; today is the day ending at the server's
 * `nextPayoutAt` (the server's clock, not the browser's). The payout is an estimate and says so.
 */
export function estimateNextPayout(
  investment: Investment,
  transactions: readonly InvestmentTransaction[],
  rate: DailyRate,
): NextPayout | null {
  const balanceMinor = minorOf(investment.currentBalance, "USD");
  if (balanceMinor <= 0n) {
    return null;
  }
  const payoutAt = new Date(investment.nextPayoutAt);
  const todayStartMs = payoutAt.getTime() - DAY_MS;
  // A return counts at the midnight ending its day, so today's only movements are deposits and withdrawals.
  const movedToday = transactions
    .filter((item) => item.type !== "daily_return" && Date.parse(item.createdAt) > todayStartMs)
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  let runningMinor = balanceMinor - movedToday.reduce((sum, item) => sum + signedMinorOf(item), 0n);
  let lowestMinor = runningMinor;
  for (const item of movedToday) {
    runningMinor += signedMinorOf(item);
    if (runningMinor < lowestMinor) {
      lowestMinor = runningMinor;
    }
  }
  if (lowestMinor > 0n) {
    return { amountMinor: dailyReturnMinor(lowestMinor, rate), at: payoutAt, isAfterToday: false };
  }
  // Nothing was invested all day (a first deposit today): the first return is tomorrow's, on today's balance.
  return {
    amountMinor: dailyReturnMinor(balanceMinor, rate),
    at: new Date(payoutAt.getTime() + DAY_MS),
    isAfterToday: true,
  };
}
