import type { BalancesResponse } from "@ferry/core/contracts/balances";
import type { TransferQuote } from "@ferry/core/contracts/transfers";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { activate, loadLanguage } from "../../../i18n/i18n.tsx";
import { NO_NATIONAL_FIELDS, SAVED_BANK_PAYMENT_METHOD } from "../../../testing/fixtures.ts";
import { fakeApi, renderWithApp } from "../../../testing/render.tsx";
import { CashoutDialog } from "./cashout-dialog.tsx";

const BALANCES: BalancesResponse = {
  balances: [{ currency: "EUR", balance: "1250.00", reserved: "0.00", available: "1250.00" }],
};

const QUOTE: TransferQuote = {
  currency: "EUR",
  amount: "1234.50",
  fee: "6.17",
  total: "1240.67",
  available: "1250.00",
  feeBasisPoints: 50,
  recipientName: SAVED_BANK_PAYMENT_METHOD.name,
  destination: {
    kind: "bank",
    ...NO_NATIONAL_FIELDS,
    name: SAVED_BANK_PAYMENT_METHOD.name,
    accountNumber: "DE89370400440532013000",
    bankName: "Deutsche Bank",
    country: "DE",
    swiftCode: "DEUTDEFF",
  },
};

describe("the Cashout dialog in German", () => {
  beforeEach(async () => {
    await loadLanguage("de");
    activate("de", "UTC");
  });
  afterEach(() => activate("en", "UTC"));

  test("shows its labels, the available balance and its buttons in German", async () => {
    fakeApi({
      "GET /api/v1/balances": () => ({ body: BALANCES }),
      "GET /api/v1/payment-methods": () => ({ body: { items: [SAVED_BANK_PAYMENT_METHOD], nextCursor: null } }),
    });
    renderWithApp(<CashoutDialog open onOpenChange={() => {}} />);
    const dialog = within(screen.getByRole("dialog", { name: "Auszahlen" }));
    expect(await dialog.findByLabelText("Währung")).toBeVisible();
    expect(dialog.getByLabelText("Zahlungsmethode")).toBeVisible();
    expect(await dialog.findByText("Verfügbar: 1.250,00 EUR")).toBeVisible();
    expect(dialog.getByRole("button", { name: "Abbrechen" })).toBeVisible();
    expect(dialog.getByRole("button", { name: "Weiter" })).toBeVisible();
  });

  test("writes the amount, fee and total as German writes numbers", async () => {
    fakeApi({
      "GET /api/v1/balances": () => ({ body: BALANCES }),
      "GET /api/v1/payment-methods": () => ({ body: { items: [SAVED_BANK_PAYMENT_METHOD], nextCursor: null } }),
      "POST /api/v1/transfers/quote": () => ({ body: QUOTE }),
    });
    const { user } = renderWithApp(<CashoutDialog open onOpenChange={() => {}} />);
    const dialog = within(screen.getByRole("dialog", { name: "Auszahlen" }));
    await user.type(await dialog.findByLabelText("Betrag"), "1234.5");

    expect(await dialog.findByText("1.234,50")).toBeVisible();
    expect(dialog.getByText("6,17")).toBeVisible();
    expect(dialog.getByText("1.240,67 EUR")).toBeVisible();
    const continueButton = dialog.getByRole("button", { name: "Weiter" });
    await waitFor(() => expect(continueButton).toBeEnabled());
    await user.click(continueButton);

    expect(
      await dialog.findByText(/^1\.234,50 EUR auszahlen \(Gebühr 6,17, gesamt 1\.240,67\) an My Deutsche Bank\./),
    ).toBeVisible();
  });
});
