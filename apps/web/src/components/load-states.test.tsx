import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { BalancePage } from "../features/balances/balance-page.tsx";
import { DashboardPage } from "../features/dashboard/dashboard-page.tsx";
import { ExchangeDialog } from "../features/exchange/exchange-dialog.tsx";
import { NotificationsPage } from "../features/notifications/notifications-page.tsx";
import { PaymentMethodsPage } from "../features/payment-methods/payment-methods-page.tsx";
import { TransactionsPage } from "../features/transactions/transactions-page.tsx";
import { CashoutDialog } from "../features/transfers/cashout/cashout-dialog.tsx";
import { AmountStep } from "../features/transfers/send-money/components/amount-step.tsx";
import { meQueryKey } from "../lib/queries/session.ts";
import { profileWithRole } from "../testing/help-fixtures.ts";
import { type FakeResponse, fakeApi, renderWithApp } from "../testing/render.tsx";

/*
 * Issue 30: loading, failed and empty are three different states on every screen that reads money or
 * lists. A failed read says so where the data would be, with Retry, and never shows a zero balance or an
 * empty list it did not read.
 */

const DOWN: FakeResponse = { status: 503, body: { error: { code: "unavailable", message: "Try again later" } } };
const BALANCES = {
  balances: [
    { currency: "USD", balance: "5000.00", reserved: "0.00", available: "5000.00" },
    { currency: "ETH", balance: "0.00124634", reserved: "0", available: "0.00124634" },
  ],
};
const EMPTY_BALANCES = {
  balances: [{ currency: "USD", balance: "0.00", reserved: "0.00", available: "0.00" }],
};
const NO_TRANSACTIONS = { items: [], nextCursor: null };

function NoDialog() {
  return null;
}

/** An API whose routes fail until `heal()` is called, then answer as given. */
function flakyApi(routes: Record<string, () => FakeResponse>) {
  let isDown = true;
  fakeApi(
    Object.fromEntries(Object.entries(routes).map(([route, answer]) => [route, () => (isDown ? DOWN : answer())])),
  );
  return {
    heal() {
      isDown = false;
    },
  };
}

describe("a screen whose data could not be read", () => {
  test("the dashboard says its balances could not be loaded, with no $0.00, and Retry reads them", async () => {
    const api = flakyApi({
      "GET /api/v1/balances": () => ({ body: BALANCES }),
      "GET /api/v1/balances/total": () => ({ body: { currency: "USD", total: "5000.00", ratesAsOf: null, rates: [] } }),
    });
    const { user } = renderWithApp(<DashboardPage />, (client) =>
      client.setQueryData(meQueryKey, profileWithRole("user")),
    );

    await waitFor(() => expect(screen.getAllByTestId("load-failed")).toHaveLength(2));
    const failures = screen.getAllByTestId("load-failed");
    expect(failures.map((failure) => failure.textContent)).toEqual([
      expect.stringContaining("The total could not be worked out right now."),
      expect.stringContaining("Your balances could not be loaded right now."),
    ]);
    expect(screen.queryByText(/0\.00/)).toBeNull();
    expect(screen.queryByTestId("first-steps")).toBeNull();

    api.heal();
    const accounts = screen.getByRole("region", { name: "Currency accounts" });
    await user.click(within(accounts).getByRole("button", { name: "Retry" }));
    expect(await screen.findByTestId("balance-USD")).toHaveTextContent("$5,000.00");
    expect(within(accounts).queryByTestId("load-failed")).toBeNull();
  });

  test("/balance shows no zero card for balances nobody read, and Retry reads them", async () => {
    const api = flakyApi({
      "GET /api/v1/balances": () => ({ body: BALANCES }),
      "GET /api/v1/balances/total": () => ({ body: { currency: "USD", total: "5000.00", ratesAsOf: null, rates: [] } }),
      "GET /api/v1/transactions": () => ({ body: NO_TRANSACTIONS }),
    });
    const { user } = renderWithApp(
      <BalancePage sendMoneyDialog={NoDialog} cashoutDialog={NoDialog} exchangeDialog={NoDialog} />,
      (client) => client.setQueryData(meQueryKey, profileWithRole("user")),
    );

    const section = screen.getByRole("region", { name: "Balances" });
    expect(await within(section).findByText("Your balances could not be loaded right now.")).toBeVisible();
    expect(screen.queryByText(/0\.00/)).toBeNull();
    // The recent list failed too: said so, not "No recent transactions".
    expect(await screen.findByText("Your transactions could not be loaded right now.")).toBeVisible();
    expect(screen.queryByText("No recent transactions")).toBeNull();

    api.heal();
    await user.click(within(section).getByRole("button", { name: "Retry" }));
    // Exact: ETH's eight significant decimals, not rounded to six.
    expect(await within(section).findByText("0.00124634")).toBeVisible();
  });

  test("history says it could not be read instead of 'No transactions yet', and Retry reads it", async () => {
    const api = flakyApi({ "GET /api/v1/transactions": () => ({ body: NO_TRANSACTIONS }) });
    const { user } = renderWithApp(<TransactionsPage />);

    expect(await screen.findByText("Your transactions could not be loaded right now.")).toBeVisible();
    expect(screen.queryByText("No transactions yet")).toBeNull();

    api.heal();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    // Now read, and really empty: the empty state.
    expect(await screen.findByText("No transactions yet")).toBeVisible();
  });

  test("notifications say 'Loading' while loading and never 'all caught up' after a failed read", async () => {
    const api = flakyApi({
      "GET /api/v1/notifications": () => ({ body: { items: [], nextCursor: null, unreadCount: 0 } }),
    });
    const { user } = renderWithApp(<NotificationsPage />);

    expect(screen.getByText("Loading your notifications…")).toBeVisible();
    expect(await screen.findByText("Your notifications could not be loaded right now.")).toBeVisible();
    expect(screen.queryByText("You're all caught up.")).toBeNull();
    expect(screen.queryByText("No notifications")).toBeNull();

    api.heal();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("You're all caught up.")).toBeVisible();
    expect(screen.getByText("No notifications")).toBeVisible();
  });

  test("saved payment methods say they could not be read instead of 'No withdrawal addresses'", async () => {
    const api = flakyApi({ "GET /api/v1/payment-methods": () => ({ body: { items: [] } }) });
    const { user } = renderWithApp(<PaymentMethodsPage />);

    expect(await screen.findByText("Your saved payment methods could not be loaded right now.")).toBeVisible();
    expect(screen.queryByText("No withdrawal addresses")).toBeNull();

    api.heal();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("No withdrawal addresses")).toBeVisible();
  });
});

describe("a new person's dashboard", () => {
  test("greets them by name as new and says how to begin while every balance is zero", async () => {
    fakeApi({
      "GET /api/v1/balances": () => ({ body: EMPTY_BALANCES }),
      "GET /api/v1/balances/total": () => ({ body: { currency: "USD", total: "0.00", ratesAsOf: null, rates: [] } }),
    });
    const newcomer = { ...profileWithRole("user"), createdAt: new Date().toISOString() };
    renderWithApp(<DashboardPage />, (client) => client.setQueryData(meQueryKey, newcomer));

    expect(await screen.findByRole("heading", { name: "Add cash to get started" })).toBeVisible();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(/^Welcome, /);
    expect(screen.getByRole("link", { name: "Add Cash" })).toHaveAttribute("href", "/balance?open=add-cash");
  });

  test("says 'Welcome back' to someone who signed up before today, with money in their accounts", async () => {
    fakeApi({
      "GET /api/v1/balances": () => ({ body: BALANCES }),
      "GET /api/v1/balances/total": () => ({ body: { currency: "USD", total: "5000.00", ratesAsOf: null, rates: [] } }),
    });
    renderWithApp(<DashboardPage />, (client) =>
      client.setQueryData(meQueryKey, { ...profileWithRole("user"), createdAt: "2026-01-05T09:00:00.000Z" }),
    );

    expect(await screen.findByTestId("balance-USD")).toHaveTextContent("$5,000.00");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(/^Welcome back, /);
    expect(screen.queryByTestId("first-steps")).toBeNull();
  });
});

describe("a notification about a transfer (issue 30)", () => {
  test("links to the transfer's page; one about anything else does not", async () => {
    const base = { message: "EUR 5.03", type: "info" as const, read: false, createdAt: "2026-11-27T09:00:00.000Z" };
    fakeApi({
      "GET /api/v1/notifications": () => ({
        body: {
          items: [
            {
              ...base,
              id: "0b6a1c2e-1f3a-4c5b-8d7e-9f0a1b2c3d4e",
              title: "Transfer failed",
              link: "/transactions/abc",
            },
            { ...base, id: "1c7b2d3f-2a4b-4d6c-9e8f-0a1b2c3d4e5f", title: "Deposit approved", link: null },
          ],
          nextCursor: null,
          unreadCount: 2,
        },
      }),
    });
    renderWithApp(<NotificationsPage />);
    const link = await screen.findByRole("link", { name: "Transfer details" });
    expect(link).toHaveAttribute("href", "/transactions/abc");
    expect(screen.getAllByRole("link", { name: "Transfer details" })).toHaveLength(1);
  });

  test("the exchange dialog says the balances could not be loaded instead of offering none, and Retry reads them", async () => {
    const api = flakyApi({ "GET /api/v1/balances": () => ({ body: BALANCES }) });
    const { user } = renderWithApp(<ExchangeDialog open onOpenChange={() => {}} />);
    const failed = await screen.findByTestId("load-failed");
    expect(failed).toHaveTextContent("Your balances could not be loaded right now.");
    expect(screen.queryByText(/Available/)).toBeNull();
    api.heal();
    await user.click(within(failed).getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Available: USD 5,000.00")).toBeVisible();
  });

  test("the cash-out dialog says which list could not be loaded, and Retry reads it", async () => {
    const api = flakyApi({
      "GET /api/v1/balances": () => ({ body: BALANCES }),
      "GET /api/v1/payment-methods": () => ({ body: { items: [] } }),
    });
    const { user } = renderWithApp(<CashoutDialog open onOpenChange={() => {}} />);
    const failed = await screen.findByTestId("load-failed");
    expect(failed).toHaveTextContent("Your balances could not be loaded right now.");
    api.heal();
    await user.click(within(failed).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.queryByText("Your balances could not be loaded right now.")).toBeNull());
    const methodsFailed = await screen.findByTestId("load-failed");
    expect(methodsFailed).toHaveTextContent("Your saved payment methods could not be loaded right now.");
    await user.click(within(methodsFailed).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.queryByTestId("load-failed")).toBeNull());
  });

  test("Send Money's amount step says the balances could not be loaded instead of 'no money to send'", async () => {
    const api = flakyApi({ "GET /api/v1/balances": () => ({ body: BALANCES }) });
    const friend = {
      target: { method: "ferry_user" as const, recipientEmail: "friend@example.com" },
      name: "friend@example.com",
      email: "friend@example.com",
      detail: null,
      currency: null,
    };
    const { user } = renderWithApp(
      <AmountStep recipient={friend} initial={null} onContinue={() => {}} onBack={() => {}} />,
    );
    const failed = await screen.findByTestId("load-failed");
    expect(failed).toHaveTextContent("Your balances could not be loaded right now.");
    expect(screen.queryByText("You have no money to send yet. Add cash to your account first.")).toBeNull();
    api.heal();
    await user.click(within(failed).getByRole("button", { name: "Retry" }));
    expect(await screen.findByTestId("send-available")).toHaveTextContent("USD 5,000.00");
  });
});
