import type { TransactionItem } from "@ferry/core/contracts/transfers";
import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { fakeApi, renderWithApp } from "../../../testing/render.tsx";
import { RecentTransactions } from "./recent-transactions.tsx";

const SENT: TransactionItem = {
  id: "t-recent-eth",
  type: "sent",
  method: "crypto",
  status: "pending",
  currency: "ETH",
  amount: "0.001234",
  fee: "0.00001234",
  direction: "out",
  counterparty: "0x12ab…89cd",
  memo: null,
  app: null,
  createdAt: "2026-11-20T10:00:00.000Z",
};

describe("recent transactions", () => {
  test("show each amount exactly, with its fee (issue 30)", async () => {
    fakeApi({ "GET /api/v1/transactions": () => ({ body: { items: [SENT], nextCursor: null } }) });
    renderWithApp(<RecentTransactions />);
    expect(await screen.findByText("-ETH 0.001234")).toBeVisible();
    expect(screen.getByTestId("recent-transaction-fee")).toHaveTextContent("Fee: ETH 0.00001234");
  });
});
