import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { activate, loadLanguage } from "../../i18n/i18n.tsx";
import { SAVED_BANK_PAYMENT_METHOD } from "../../testing/fixtures.ts";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { PaymentMethodsPage } from "./payment-methods-page.tsx";

describe("payment methods in German", () => {
  beforeEach(async () => {
    await loadLanguage("de");
    activate("de", "UTC");
  });
  afterEach(() => activate("en", "UTC"));

  test("the page, a saved bank account and its actions speak German", async () => {
    fakeApi({
      "GET /api/v1/payment-methods": () => ({
        status: 200,
        body: { items: [SAVED_BANK_PAYMENT_METHOD], nextCursor: null },
      }),
    });
    renderWithApp(<PaymentMethodsPage />);
    expect(screen.getByRole("heading", { name: "Zahlungsmethoden" })).toBeVisible();
    expect(
      screen.getByText("Ihre Auszahlungsadressen: die Bankkonten und Wallets, auf die Sie auszahlen."),
    ).toBeVisible();
    expect(await screen.findByText("Bankkonto")).toBeVisible();
    expect(screen.getByText("Inhaber")).toBeVisible();
    expect(screen.getByRole("button", { name: "My Deutsche Bank bearbeiten" })).toBeVisible();
    expect(screen.getByRole("button", { name: "My Deutsche Bank löschen" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Adresse hinzufügen" })).toBeVisible();
  });

  test("the add-address dialog speaks German", async () => {
    fakeApi({ "GET /api/v1/payment-methods": () => ({ status: 200, body: { items: [], nextCursor: null } }) });
    const { user } = renderWithApp(<PaymentMethodsPage />);
    await user.click(await screen.findByRole("button", { name: "Erste Adresse hinzufügen" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Auszahlungsadresse hinzufügen" }));
    expect(dialog.getByLabelText("Name des Kontoinhabers")).toBeVisible();
    expect(dialog.getByLabelText("Name")).toHaveAttribute("placeholder", "z. B. Mein Girokonto");
    expect(dialog.getByRole("button", { name: "Abbrechen" })).toBeVisible();
  });
});
