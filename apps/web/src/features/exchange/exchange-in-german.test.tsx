import type { BalancesResponse } from "@ferry/core/contracts/balances";
import type { ExchangeQuote } from "@ferry/core/contracts/exchange";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { activate, loadLanguage } from "../../i18n/i18n.tsx";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { ExchangeDialog } from "./exchange-dialog.tsx";

const BALANCES: BalancesResponse = {
  balances: [{ currency: "USD", balance: "1500.00", reserved: "0.00", available: "1500.00" }],
};

/** The server's quote for 1,250.00 USD: 30 seconds from now, a 0.25% fee. */
function quoteOf(): ExchangeQuote {
  const createdAt = new Date();
  return {
    id: "00000000-0000-4000-8000-000000000001",
    from: "USD",
    to: "EUR",
    amount: "1250.00",
    fee: "3.13",
    receive: "1154.51",
    rate: "0.925925925925925926",
    feeBasisPoints: 25,
    createdAt: createdAt.toISOString(),
    expiresAt: new Date(createdAt.getTime() + 30_000).toISOString(),
  };
}

describe("the Exchange dialog in German", () => {
  beforeEach(async () => {
    await loadLanguage("de");
    activate("de", "UTC");
  });
  afterEach(() => activate("en", "UTC"));

  test("shows its labels, the available balance and the quote's figures in German", async () => {
    fakeApi({
      "GET /api/v1/balances": () => ({ body: BALANCES }),
      "POST /api/v1/exchange/quotes": () => ({ status: 201, body: quoteOf() }),
    });
    const { user } = renderWithApp(<ExchangeDialog open onOpenChange={() => {}} />);
    const dialog = within(screen.getByRole("dialog", { name: "Umtausch" }));
    expect(await dialog.findByLabelText("Von")).toHaveDisplayValue("USD");
    expect(dialog.getByLabelText("An")).toHaveDisplayValue("EUR");
    expect(dialog.getByText("Verfügbar: 1.500,00 USD")).toBeVisible();

    await user.type(dialog.getByLabelText("Betrag"), "1250");
    await user.click(dialog.getByRole("button", { name: "Angebot holen" }));

    const figures = within(await dialog.findByRole("region", { name: "Angebot" }));
    expect(figures.getByText("1 USD = 0,92592593 EUR")).toBeVisible();
    expect(figures.getByText("Sie zahlen")).toBeVisible();
    expect(figures.getByText("1.250,00 USD")).toBeVisible();
    expect(figures.getByText("Gebühr (0,25 %)")).toBeVisible();
    expect(figures.getByTestId("exchange-receive")).toHaveTextContent("1.154,51 EUR");
    expect(figures.getByText(/Kurs für (29|30) s gesichert/)).toBeVisible();
    expect(dialog.getByRole("button", { name: "Umtausch bestätigen" })).toBeVisible();
    expect(dialog.getByRole("button", { name: "Abbrechen" })).toBeVisible();
  });
});
