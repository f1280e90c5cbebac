import type { Investment, InvestmentOverview } from "@ferry/core/contracts/investments";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { NEW_INVESTMENT_FIGURES } from "../../testing/investment-fixtures.ts";
import { type FakeResponse, fakeApi, renderWithApp, type SeenRequest } from "../../testing/render.tsx";
import { InvestmentPage } from "./investment-page.tsx";

const EMPTY: InvestmentOverview = {
  investment: null,
  dailyRate: "0.02",
  annualRoiPercent: "730",
  projections: { days30: "0.00", days365: "0.00" },
  transactions: [],
};

const INVESTMENT: Investment = {
  id: "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b",
  ...NEW_INVESTMENT_FIGURES,
  nextPayout: { amount: "20.00", at: "2026-03-03T00:00:00.000Z", isAfterToday: true },
};

const FIRST_INVESTMENT: InvestmentOverview = {
  ...EMPTY,
  investment: INVESTMENT,
  projections: { days30: "600.00", days365: "7300.00" },
  transactions: [
    {
      id: "7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
      type: "deposit",
      amount: "1000.00",
      balanceAfter: "1000.00",
      createdAt: "2026-03-01T10:00:00.000Z",
    },
  ],
};

const BALANCES = {
  balances: [{ currency: "USD", balance: "5000.00", reserved: "0.00", available: "5000.00" }],
};

function refusal(status: number, code: string, message: string): FakeResponse {
  return { status, body: { error: { code, message } } };
}

function cardValue(title: string): string {
  const card = screen.getByRole("group", { name: title });
  return within(card).getByTestId("card-value").textContent ?? "";
}

describe("the investment centre", () => {
  test("before the first investment: zero cards, no projection chart, the empty history, and Invest without Withdraw", async () => {
    fakeApi({ "GET /api/v1/investment": () => ({ body: EMPTY }) });
    renderWithApp(<InvestmentPage />);

    expect(await screen.findByText("No investment transactions yet")).toBeVisible();
    expect(screen.getByRole("heading", { name: "Investment Center" })).toBeVisible();
    expect(cardValue("Amount Invested")).toBe("$0.00");
    expect(cardValue("Current Balance")).toBe("$0.00");
    expect(cardValue("Total Returns")).toBe("$0.00");
    expect(cardValue("Next Payout")).toBe("—");
    expect(screen.getByTestId("annual-roi")).toHaveTextContent("730%");
    expect(screen.queryByTestId("projection-chart")).toBeNull();
    expect(screen.getByRole("button", { name: "Invest" })).toBeEnabled();
    expect(screen.queryByRole("button", { name: "Withdraw" })).toBeNull();
  });

  test("the first investment sends the amount with an Idempotency-Key, says 'Investment deposited successfully!' and shows the investment; the wallet and notifications are refreshed", async () => {
    const seen = fakeApi({
      "GET /api/v1/investment": () => ({ body: seen.some(isDeposit) ? FIRST_INVESTMENT : EMPTY }),
      "GET /api/v1/balances": () => ({ body: BALANCES }),
      "POST /api/v1/investment/deposits": () => ({ status: 201, body: FIRST_INVESTMENT }),
    });
    const { user, client } = renderWithApp(<InvestmentPage />, (queryClient) => {
      queryClient.setQueryData(["notifications"], { items: [], unreadCount: 0, nextCursor: null });
    });

    await user.click(await screen.findByRole("button", { name: "Invest" }));
    const dialog = await screen.findByRole("dialog", { name: "Invest" });
    expect(await within(dialog).findByText("Available in your wallet: $5,000.00")).toBeVisible();
    await user.type(within(dialog).getByLabelText("Amount (USD)"), "1000");
    expect(within(dialog).getByTestId("invest-preview")).toHaveTextContent(
      "Your investment becomes $1,000.00, earning about $20.00 a day.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Invest" }));

    expect(await screen.findByText("Investment deposited successfully!")).toBeVisible();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const deposit = seen.find(isDeposit);
    expect(deposit?.body).toEqual({ amount: "1000" });
    expect(deposit?.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{32,36}$/);

    expect(cardValue("Amount Invested")).toBe("$1,000.00");
    expect(cardValue("Current Balance")).toBe("$1,000.00");
    expect(cardValue("Next Payout")).toBe("$20.00");
    expect(screen.getByRole("group", { name: "Next Payout" })).toHaveTextContent(
      "money invested today earns from tomorrow",
    );
    expect(screen.getByTestId("projection-30")).toHaveTextContent("$600.00");
    expect(screen.getByTestId("projection-365")).toHaveTextContent("$7,300.00");
    expect(screen.getByRole("table")).toHaveTextContent("365 days$7,300.00");
    const row = screen.getByTestId("investment-transaction");
    expect(row).toHaveTextContent("Deposit");
    expect(row).toHaveTextContent("+$1,000.00");
    expect(row).toHaveTextContent("Balance after $1,000.00");
    expect(screen.getByRole("button", { name: "Withdraw" })).toBeVisible();
    // The wallet's balance is read again (the dialog was still watching it); notifications are marked stale.
    const balanceReads = seen.filter((request) => request.path === "/api/v1/balances");
    expect(balanceReads.length).toBe(2);
    expect(client.getQueryState(["notifications"])?.isInvalidated).toBe(true);
  });

  test("refuses an amount that is not above zero with 'Please enter a valid amount', without asking the server", async () => {
    const seen = fakeApi({
      "GET /api/v1/investment": () => ({ body: EMPTY }),
      "GET /api/v1/balances": () => ({ body: BALANCES }),
    });
    const { user } = renderWithApp(<InvestmentPage />);

    await user.click(await screen.findByRole("button", { name: "Invest" }));
    const dialog = await screen.findByRole("dialog", { name: "Invest" });
    await user.type(within(dialog).getByLabelText("Amount (USD)"), "0");
    await user.click(within(dialog).getByRole("button", { name: "Invest" }));

    expect(await within(dialog).findByText("Please enter a valid amount")).toBeVisible();
    expect(within(dialog).getByLabelText("Amount (USD)")).toHaveAttribute("aria-invalid", "true");
    expect(seen.filter(isDeposit)).toEqual([]);
  });

  test("shows the server's 'Insufficient USD balance' on the amount and toasts 'Failed to process investment'", async () => {
    fakeApi({
      "GET /api/v1/investment": () => ({ body: EMPTY }),
      "GET /api/v1/balances": () => ({ body: BALANCES }),
      "POST /api/v1/investment/deposits": () => refusal(422, "insufficient_funds", "Insufficient USD balance"),
    });
    const { user } = renderWithApp(<InvestmentPage />);

    await user.click(await screen.findByRole("button", { name: "Invest" }));
    const dialog = await screen.findByRole("dialog", { name: "Invest" });
    await user.type(within(dialog).getByLabelText("Amount (USD)"), "999999");
    await user.click(within(dialog).getByRole("button", { name: "Invest" }));

    expect(await screen.findByText("Failed to process investment")).toBeVisible();
    expect(within(dialog).getByText("Insufficient USD balance")).toBeVisible();
    expect(screen.getByRole("dialog", { name: "Invest" })).toBeVisible();
  });

  test("a retry after no answer reuses the Idempotency-Key; a new amount after a refusal gets a new one", async () => {
    const answers: FakeResponse[] = [
      refusal(503, "unavailable", "Ferry is busy"),
      refusal(422, "insufficient_funds", "Insufficient USD balance"),
      { status: 201, body: FIRST_INVESTMENT },
    ];
    const seen = fakeApi({
      "GET /api/v1/investment": () => ({ body: EMPTY }),
      "GET /api/v1/balances": () => ({ body: BALANCES }),
      "POST /api/v1/investment/deposits": () => answers.shift() ?? refusal(500, "internal", "Unexpected"),
    });
    const { user } = renderWithApp(<InvestmentPage />);

    await user.click(await screen.findByRole("button", { name: "Invest" }));
    const dialog = await screen.findByRole("dialog", { name: "Invest" });
    const amount = within(dialog).getByLabelText("Amount (USD)");
    const submit = within(dialog).getByRole("button", { name: "Invest" });
    await user.type(amount, "1000");
    await user.click(submit);
    await waitFor(() => expect(seen.filter(isDeposit)).toHaveLength(1));
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await within(dialog).findByText("Insufficient USD balance")).toBeVisible();
    await user.clear(amount);
    await user.type(amount, "1000");
    await user.click(submit);
    expect(await screen.findByText("Investment deposited successfully!")).toBeVisible();

    const keys = seen.filter(isDeposit).map((request) => request.headers["idempotency-key"]);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  test("Withdraw is not offered when the investment's balance is 0", async () => {
    const emptied: InvestmentOverview = {
      ...FIRST_INVESTMENT,
      investment: { ...INVESTMENT, amountInvested: "0.00", currentBalance: "0.00", status: "closed" },
      projections: { days30: "0.00", days365: "0.00" },
    };
    fakeApi({ "GET /api/v1/investment": () => ({ body: emptied }) });
    renderWithApp(<InvestmentPage />);

    expect(await screen.findByTestId("investment-transaction")).toBeVisible();
    expect(screen.getByRole("button", { name: "Invest" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Withdraw" })).toBeNull();
  });

  test("a withdrawal says 'Withdrawal completed successfully!'; a refused one shows 'Insufficient investment balance' and 'Failed to process withdrawal'", async () => {
    const withdrawn: InvestmentOverview = {
      ...FIRST_INVESTMENT,
      investment: { ...INVESTMENT, amountInvested: "750.00", currentBalance: "750.00" },
    };
    const answers: FakeResponse[] = [
      refusal(422, "insufficient_funds", "Insufficient investment balance"),
      { status: 201, body: withdrawn },
    ];
    const seen = fakeApi({
      "GET /api/v1/investment": () => ({ body: answers.length === 0 ? withdrawn : FIRST_INVESTMENT }),
      "POST /api/v1/investment/withdrawals": () => answers.shift() ?? refusal(500, "internal", "Unexpected"),
    });
    const { user } = renderWithApp(<InvestmentPage />);

    await user.click(await screen.findByRole("button", { name: "Withdraw" }));
    const dialog = await screen.findByRole("dialog", { name: "Withdraw" });
    expect(within(dialog).getByText("Current balance: $1,000.00")).toBeVisible();
    const amount = within(dialog).getByLabelText("Amount (USD)");
    await user.type(amount, "5000");
    await user.click(within(dialog).getByRole("button", { name: "Withdraw" }));
    expect(await screen.findByText("Failed to process withdrawal")).toBeVisible();
    expect(within(dialog).getByText("Insufficient investment balance")).toBeVisible();

    await user.clear(amount);
    await user.type(amount, "250");
    await user.click(within(dialog).getByRole("button", { name: "Withdraw" }));
    expect(await screen.findByText("Withdrawal completed successfully!")).toBeVisible();
    await waitFor(() => expect(cardValue("Current Balance")).toBe("$750.00"));
    const withdrawals = seen.filter((request) => request.path === "/api/v1/investment/withdrawals");
    expect(withdrawals.map((request) => request.body)).toEqual([{ amount: "5000" }, { amount: "250" }]);
    expect(withdrawals.every((request) => request.headers["idempotency-key"])).toBe(true);
  });
});

describe("the investment centre's loading, failed and empty states (issue 30)", () => {
  test("shows a skeleton while the investment loads, not an empty investment", async () => {
    fakeApi({ "GET /api/v1/investment": () => ({ body: FIRST_INVESTMENT }) });
    renderWithApp(<InvestmentPage />);

    expect(screen.getByRole("status", { name: "Loading" })).toBeVisible();
    expect(screen.queryByRole("group", { name: "Current Balance" })).toBeNull();
    expect(screen.queryByText("No investment transactions yet")).toBeNull();
    expect(screen.queryByText(/\$0\.00/)).toBeNull();

    await waitFor(() => expect(cardValue("Current Balance")).toBe("$1,000.00"));
    expect(screen.queryByRole("status", { name: "Loading" })).toBeNull();
  });

  test("a failed read says so where the investment would be, with no $0.00 and no empty history; Retry reads it again and shows it", async () => {
    let isDown = true;
    const seen = fakeApi({
      "GET /api/v1/investment": () =>
        isDown ? refusal(503, "unavailable", "Try again later") : { body: FIRST_INVESTMENT },
    });
    const { user } = renderWithApp(<InvestmentPage />);

    const failed = await screen.findByTestId("load-failed");
    expect(failed).toHaveTextContent("Your investment could not be loaded right now.");
    // The spec's toast still says why.
    expect(await screen.findByText("Failed to load investment data")).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Current Balance" })).toBeNull();
    expect(screen.queryByText("No investment transactions yet")).toBeNull();
    expect(screen.queryByText(/\$0\.00/)).toBeNull();

    isDown = false;
    await user.click(within(failed).getByRole("button", { name: "Retry" }));

    await waitFor(() => expect(cardValue("Current Balance")).toBe("$1,000.00"));
    expect(screen.queryByTestId("load-failed")).toBeNull();
    expect(screen.getByTestId("investment-transaction")).toHaveTextContent("+$1,000.00");
    expect(seen.filter((request) => request.path === "/api/v1/investment")).toHaveLength(2);
  });

  test("shows the empty investment only once a read found none", async () => {
    let isDown = true;
    fakeApi({
      "GET /api/v1/investment": () => (isDown ? refusal(503, "unavailable", "Try again later") : { body: EMPTY }),
    });
    const { user } = renderWithApp(<InvestmentPage />);

    const failed = await screen.findByTestId("load-failed");
    expect(screen.queryByText("No investment transactions yet")).toBeNull();

    isDown = false;
    await user.click(within(failed).getByRole("button", { name: "Retry" }));

    expect(await screen.findByText("No investment transactions yet")).toBeVisible();
    expect(cardValue("Current Balance")).toBe("$0.00");
    expect(screen.queryByTestId("load-failed")).toBeNull();
  });
});

describe("the investment centre's amounts (issue 30)", () => {
  test("shows every amount to the cent, as the server sent it, never rounded or shortened", async () => {
    // The investment centre works in US dollars only (scale 2): full precision is the cent.
    const overview: InvestmentOverview = {
      ...EMPTY,
      investment: {
        ...INVESTMENT,
        amountInvested: "1234567.89",
        currentBalance: "1234568.04",
        totalReturns: "0.15",
        lastReturnDate: "2026-03-02",
        nextPayout: { amount: "0.03", at: "2026-03-03T00:00:00.000Z", isAfterToday: false },
      },
      projections: { days30: "0.90", days365: "10.95" },
      transactions: [
        {
          id: "8b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
          type: "daily_return",
          amount: "0.01",
          balanceAfter: "1234568.04",
          createdAt: "2026-03-02T00:00:00.000Z",
        },
      ],
    };
    fakeApi({ "GET /api/v1/investment": () => ({ body: overview }) });
    renderWithApp(<InvestmentPage />);

    await waitFor(() => expect(cardValue("Amount Invested")).toBe("$1,234,567.89"));
    expect(cardValue("Current Balance")).toBe("$1,234,568.04");
    expect(cardValue("Total Returns")).toBe("$0.15");
    expect(cardValue("Next Payout")).toBe("$0.03");
    expect(screen.getByTestId("projection-30")).toHaveTextContent("$0.90");
    expect(screen.getByTestId("projection-365")).toHaveTextContent("$10.95");
    const row = screen.getByTestId("investment-transaction");
    expect(row).toHaveTextContent("+$0.01");
    expect(row).toHaveTextContent("Balance after $1,234,568.04");
  });
});

function isDeposit(request: SeenRequest): boolean {
  return request.method === "POST" && request.path === "/api/v1/investment/deposits";
}
