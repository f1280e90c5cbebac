import type { Investment, InvestmentTransaction } from "@ferry/core/contracts/investments";
import { parseDailyRate } from "@ferry/core/investment-returns";
import { describe, expect, test } from "vitest";
import { estimateNextPayout } from "./next-payout.ts";

const parsed = parseDailyRate("0.02");
if (!parsed.ok) {
  throw new Error(parsed.message);
}
const RATE = parsed.rate;

/** Today, by the server's clock, is 2026-03-02 (UTC): the next payout is at its end. */
const INVESTMENT: Investment = {
  id: "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b",
  amountInvested: "1000.00",
  currentBalance: "1000.00",
  totalReturns: "0.00",
  status: "active",
  lastReturnDate: null,
  createdAt: "2026-03-01T10:00:00.000Z",
  nextPayoutAt: "2026-03-03T00:00:00.000Z",
};

let counter = 0;
function movement(type: InvestmentTransaction["type"], amount: string, createdAt: string): InvestmentTransaction {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    type,
    amount,
    balanceAfter: "0",
    createdAt,
  };
}

describe("the next payout shown on /investment", () => {
  test("money invested today earns from tomorrow: the first return is paid a day after the next midnight", () => {
    const deposit = movement("deposit", "1000.00", "2026-03-02T09:30:00.000Z");
    expect(estimateNextPayout(INVESTMENT, [deposit], RATE)).toEqual({
      amountMinor: 2_000n,
      at: new Date("2026-03-04T00:00:00.000Z"),
      isAfterToday: true,
    });
  });

  test("a withdrawal today lowers today's return to the lowest balance of the day", () => {
    const investment = { ...INVESTMENT, currentBalance: "750.00" };
    const history = [
      movement("withdraw", "250.00", "2026-03-02T12:00:00.000Z"),
      movement("deposit", "1000.00", "2026-03-01T10:00:00.000Z"),
    ];
    expect(estimateNextPayout(investment, history, RATE)).toEqual({
      amountMinor: 1_500n,
      at: new Date("2026-03-03T00:00:00.000Z"),
      isAfterToday: false,
    });
  });

  test("a deposit added today to an invested balance earns nothing today; the balance before it does", () => {
    const investment = { ...INVESTMENT, currentBalance: "1500.00" };
    const history = [
      movement("deposit", "500.00", "2026-03-02T08:00:00.000Z"),
      movement("deposit", "1000.00", "2026-03-01T10:00:00.000Z"),
    ];
    expect(estimateNextPayout(investment, history, RATE)?.amountMinor).toBe(2_000n);
  });

  test("a return paid today counts from the midnight before: the whole balance earns", () => {
    const investment = { ...INVESTMENT, currentBalance: "1020.00" };
    const history = [
      movement("daily_return", "20.00", "2026-03-02T00:05:00.000Z"),
      movement("deposit", "1000.00", "2026-03-01T10:00:00.000Z"),
    ];
    expect(estimateNextPayout(investment, history, RATE)).toEqual({
      amountMinor: 2_040n,
      at: new Date("2026-03-03T00:00:00.000Z"),
      isAfterToday: false,
    });
  });

  test("nothing is paid on a zero balance", () => {
    expect(estimateNextPayout({ ...INVESTMENT, currentBalance: "0.00" }, [], RATE)).toBeNull();
  });
});
