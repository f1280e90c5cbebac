import { describe, expect, it } from "vitest";
import { AdminInvestmentList, InvestmentAmountRequest, InvestmentOverview } from "./investments.ts";

describe("InvestmentAmountRequest", () => {
  it("accepts a USD amount with up to 2 decimals", () => {
    expect(InvestmentAmountRequest.parse({ amount: " 1000.50 " })).toEqual({ amount: "1000.50" });
  });

  it.each(["0", "0.00", "-5", "1e3", "abc", ""])(
    "refuses %j with the spec's 'Please enter a valid amount'",
    (amount) => {
      const result = InvestmentAmountRequest.safeParse({ amount });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ["amount"], message: "Please enter a valid amount" });
    },
  );

  it("refuses a third decimal of a dollar", () => {
    const result = InvestmentAmountRequest.safeParse({ amount: "1.005" });
    expect(result.error?.issues[0]).toMatchObject({ path: ["amount"], message: "USD amounts have at most 2 decimals" });
  });
});

describe("InvestmentOverview", () => {
  it("reads the answer before the first deposit", () => {
    const overview = InvestmentOverview.parse({
      investment: null,
      dailyRate: "0.02",
      annualRoiPercent: "730",
      projections: { days30: "0.00", days365: "0.00" },
      transactions: [],
    });
    expect(overview.investment).toBeNull();
  });

  it("reads an investment with its transactions", () => {
    const id = "5b0b8a0e-8b3c-4a8e-9a8e-0e3c8b0b8a0e";
    const overview = InvestmentOverview.parse({
      investment: {
        id,
        amountInvested: "1000.00",
        currentBalance: "1020.00",
        totalReturns: "20.00",
        status: "active",
        lastReturnDate: "2025-01-01",
        createdAt: "2025-01-01T10:00:00.000Z",
        nextPayout: { amount: "20.00", at: "2025-01-03T00:00:00.000Z", isAfterToday: false },
      },
      dailyRate: "0.02",
      annualRoiPercent: "730",
      projections: { days30: "612.00", days365: "7446.00" },
      transactions: [
        { id, type: "daily_return", amount: "20.00", balanceAfter: "1020.00", createdAt: "2025-01-02T00:05:00.000Z" },
      ],
    });
    expect(overview.transactions[0]?.type).toBe("daily_return");
  });
});

describe("AdminInvestmentList", () => {
  it("carries the five cards, the reserve and a page", () => {
    const list = AdminInvestmentList.parse({
      summary: {
        totalInvestments: 0,
        activeInvestments: 0,
        amountInvested: "0.00",
        currentBalance: "0.00",
        totalReturns: "0.00",
      },
      reserve: { balance: "1000000.00", dailyReturnsDue: "0.00", daysCovered: null },
      items: [],
      nextCursor: null,
    });
    expect(list.reserve.daysCovered).toBeNull();
  });
});
