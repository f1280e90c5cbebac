import type { Investment } from "@ferry/core/contracts/investments";

/** An investment's figures the day 1,000 USD went in, before its first return: what the user and the admin read. */
export const NEW_INVESTMENT_FIGURES: Omit<Investment, "id" | "nextPayout"> = {
  amountInvested: "1000.00",
  currentBalance: "1000.00",
  totalReturns: "0.00",
  status: "active",
  lastReturnDate: null,
  createdAt: "2026-03-01T10:00:00.000Z",
};
