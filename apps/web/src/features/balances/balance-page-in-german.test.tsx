import type { TransactionItem } from "@ferry/core/contracts/transfers";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { activate, loadLanguage } from "../../i18n/i18n.tsx";
import { meQueryKey } from "../../lib/queries/session.ts";
import { profileWithRole } from "../../testing/help-fixtures.ts";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { BalancePage } from "./balance-page.tsx";

const RECEIVED: TransactionItem = {
  id: "7d2e4a10-3b5c-4d6e-8f70-1a2b3c4d5e6f",
  type: "received",
  method: "ferry_user",
  status: "completed",
  currency: "EUR",
  amount: "1250.50",
  fee: "0.00",
  direction: "in",
  counterparty: "erika@example.com",
  memo: null,
  app: null,
  createdAt: "2026-03-12T23:30:00.000Z",
};

function NoDialog() {
  return null;
}

describe("/balance in German", () => {
  beforeEach(async () => {
    await loadLanguage("de");
    activate("de", "Europe/Berlin");
  });
  afterEach(() => activate("en", "UTC"));

  test("shows the actions, amounts, reserved money and recent transactions in German", async () => {
    fakeApi({
      "GET /api/v1/balances": () => ({
        body: { balances: [{ currency: "EUR", balance: "1300.50", reserved: "50.00", available: "1250.50" }] },
      }),
      "GET /api/v1/transactions": () => ({ body: { items: [RECEIVED], nextCursor: null } }),
    });
    renderWithApp(
      <BalancePage sendMoneyDialog={NoDialog} cashoutDialog={NoDialog} exchangeDialog={NoDialog} />,
      (client) => client.setQueryData(meQueryKey, profileWithRole("user")),
    );

    expect(screen.getByRole("heading", { name: "Ihr Guthaben" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Geld einzahlen" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Geld senden" })).toBeVisible();
    const card = await screen.findByTestId("balance-card-EUR");
    expect(within(card).getByText("Verfügbar")).toBeInTheDocument();
    expect(within(card).getByTestId("balance-available")).toHaveTextContent("1.250,50");
    expect(within(card).getByTestId("balance-reserved")).toHaveTextContent(
      "50,00 EUR für ausstehende Überweisungen reserviert",
    );
    expect(screen.getByText("Letzte Transaktionen")).toBeVisible();
    expect(await screen.findByText("Von erika@example.com")).toBeVisible();
    // 23:30 UTC on March 12 is already March 13 in Berlin.
    expect(screen.getByText("13.03.2026")).toBeVisible();
  });
});
