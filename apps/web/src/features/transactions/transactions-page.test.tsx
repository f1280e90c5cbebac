import type { TransactionItem, TransactionList } from "@ferry/core/contracts/transfers";
import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { TransactionsPage } from "./transactions-page.tsx";

const SENT: TransactionItem = {
  id: "t9a4c1f0e-1b2c-4d5e-8f90-123456789abc",
  type: "sent",
  method: "ferry_user",
  status: "sent",
  currency: "USD",
  amount: "25.00",
  fee: "0.00",
  direction: "out",
  counterparty: "grace@example.com",
  memo: null,
  app: null,
  createdAt: "2026-11-20T10:00:00.000Z",
};

describe("transaction history", () => {
  test("names the connected app that made a transfer, and nothing for a person's own", async () => {
    const page: TransactionList = {
      items: [
        { ...SENT, id: "t-by-app", app: { name: "Payroll Sync" }, amount: "40.00" },
        { ...SENT, id: "t-by-person" },
      ],
      nextCursor: null,
    };
    fakeApi({ "GET /api/v1/transactions": () => ({ body: page }) });
    renderWithApp(<TransactionsPage />);
    const rows = await screen.findAllByTestId("transaction-row");
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText("via Payroll Sync")).toBeVisible();
    expect(within(rows[1]).queryByTestId("transaction-app")).toBeNull();
  });

  test("shows every amount and fee exactly, whatever its currency's decimals (issue 30)", async () => {
    const page: TransactionList = {
      items: [
        { ...SENT, id: "t-eth", currency: "ETH", amount: "0.001234", fee: "0.00001234" },
        { ...SENT, id: "t-btc", currency: "BTC", amount: "0.00000001", fee: "0.00000000" },
        { ...SENT, id: "t-usdc", currency: "USDC", amount: "12.345678", fee: "0.123457" },
        { ...SENT, id: "t-deposit", type: "deposit", direction: "in", currency: "ETH", amount: "1.5" },
        { ...SENT, id: "t-usd", amount: "1250.00", fee: "1.25" },
      ],
      nextCursor: null,
    };
    fakeApi({ "GET /api/v1/transactions": () => ({ body: page }) });
    renderWithApp(<TransactionsPage />);
    const rows = await screen.findAllByTestId("transaction-row");
    const amounts = rows.map((row) => within(row).getByTestId("transaction-amount").textContent);
    expect(amounts).toEqual(["-0.001234", "-0.00000001", "-12.345678", "+1.500000", "-1,250.00"]);
    expect(within(rows[0]).getByTestId("transaction-fee")).toHaveTextContent("Fee: ETH 0.00001234");
    expect(within(rows[1]).queryByTestId("transaction-fee")).toBeNull();
    expect(within(rows[2]).getByTestId("transaction-fee")).toHaveTextContent("Fee: USDC 0.123457");
    expect(within(rows[4]).getByTestId("transaction-fee")).toHaveTextContent("Fee: USD 1.25");
  });

  test("narrows by the filters in the address, shows their totals and exports what is filtered (issue 30)", async () => {
    const seen = fakeApi({
      "GET /api/v1/transactions": (request) =>
        request.query.search === "nobody"
          ? { body: { items: [], nextCursor: null, totals: [] } }
          : {
              body: {
                items: [{ ...SENT, currency: "EUR", amount: "2.00" }],
                nextCursor: null,
                totals: [{ currency: "EUR", in: "50.00", out: "2.00" }],
              },
            },
    });
    const { user } = renderWithApp(<TransactionsPage />, undefined, "/transactions?currency=EUR&type=sent");

    expect(await screen.findByTestId("history-total-EUR")).toHaveTextContent("In: EUR 50.00 · Out: EUR 2.00");
    expect(seen[0]?.query).toMatchObject({ currency: "EUR", type: "sent" });
    expect(screen.getByLabelText("Filter by currency")).toHaveValue("EUR");
    expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/api/v1/transactions/export.csv?currency=EUR&type=sent",
    );

    await user.type(screen.getByLabelText("Search transactions"), "nobody");
    expect(await screen.findByText("No transactions match these filters")).toBeVisible();
    expect(seen.at(-1)?.query).toMatchObject({ currency: "EUR", type: "sent", search: "nobody" });

    await user.click(screen.getAllByRole("button", { name: "Clear filters" })[0]);
    await expect.poll(() => seen.at(-1)?.query).toEqual({ limit: "20" });
  });
});
