import type { BalancesResponse } from "@ferry/core/contracts/balances";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { activate, loadLanguage } from "../../../i18n/i18n.tsx";
import { SAVED_BANK_PAYMENT_METHOD } from "../../../testing/fixtures.ts";
import { fakeApi, renderWithApp } from "../../../testing/render.tsx";
import { CashoutDialog } from "./cashout-dialog.tsx";

const BALANCES: BalancesResponse = {
  balances: [{ currency: "EUR", balance: "1250.00", reserved: "0.00", available: "1250.00" }],
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
});
