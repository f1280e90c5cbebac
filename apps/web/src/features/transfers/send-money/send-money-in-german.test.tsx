import type { BalancesResponse } from "@ferry/core/contracts/balances";
import type { TransferDetails, TransferQuote } from "@ferry/core/contracts/transfers";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { activate, loadLanguage } from "../../../i18n/i18n.tsx";
import { balancesQueryKey } from "../../../lib/queries/balances.ts";
import { NO_NATIONAL_FIELDS } from "../../../testing/fixtures.ts";
import { fakeApi, renderWithApp } from "../../../testing/render.tsx";
import { AmountStep } from "./components/amount-step.tsx";
import { MethodStep } from "./components/method-step.tsx";
import { StepIndicator } from "./components/step-indicator.tsx";
import { VerificationStep } from "./components/verification-step.tsx";
import type { ChosenRecipient } from "./send-money-flow.ts";

const RECIPIENT: ChosenRecipient = {
  target: { method: "bank", recipientId: "6f1c1d2e-8a4b-4c3d-9e8f-0a1b2c3d4e5f" },
  name: "Erika Mustermann",
  email: "erika@example.com",
  detail: "Deutsche Bank · •••• 3000",
  currency: "EUR",
};

const BALANCES: BalancesResponse = {
  balances: [{ currency: "EUR", balance: "2000.00", reserved: "0.00", available: "2000.00" }],
};

/** The server's quote for 1,250.00 EUR: a 0.5% fee of 6.25 EUR. */
function quoteOf(details: TransferDetails): TransferQuote {
  return {
    currency: "EUR",
    amount: details.amount,
    fee: "6.25",
    total: "1256.25",
    available: "2000.00",
    feeBasisPoints: 50,
    recipientName: "Erika Mustermann",
    destination: {
      kind: "bank",
      ...NO_NATIONAL_FIELDS,
      name: "Erika Mustermann",
      accountNumber: "DE89370400440532013000",
      bankName: "Deutsche Bank",
      country: "DE",
      swiftCode: "DEUTDEFF",
    },
  };
}

describe("Send Money in German", () => {
  beforeEach(async () => {
    await loadLanguage("de");
    activate("de", "UTC");
  });
  afterEach(() => activate("en", "UTC"));

  test("the method step and the step indicator speak German", () => {
    renderWithApp(
      <>
        <StepIndicator step="method" />
        <MethodStep selected={null} onChoose={() => {}} onCancel={() => {}} />
      </>,
    );
    expect(screen.getByRole("navigation", { name: "Fortschritt" })).toHaveTextContent("Schritt 1 von 5");
    expect(screen.getByRole("button", { name: /Banküberweisung/ })).toHaveTextContent(
      "Weltweit, niedrigere Gebühren, Fiatwährung",
    );
    expect(screen.getByRole("button", { name: /Sofort und kostenlos an alle mit einem Ferry-Konto/ })).toBeVisible();
    expect(screen.getByRole("button", { name: "Abbrechen" })).toBeVisible();
  });

  test("the amount step shows its labels, the available balance and the quote in German", async () => {
    fakeApi({
      "GET /api/v1/balances": () => ({ body: BALANCES }),
      "POST /api/v1/transfers/quote": (request) => ({ body: quoteOf(request.body as TransferDetails) }),
    });
    const { user } = renderWithApp(
      <AmountStep recipient={RECIPIENT} initial={null} onContinue={() => {}} onBack={() => {}} />,
      (client) => client.setQueryData(balancesQueryKey, BALANCES),
    );

    expect(screen.getByLabelText("Währung")).toBeVisible();
    expect(screen.getByLabelText("Verwendungszweck (optional)")).toHaveAttribute("placeholder", "Wofür ist das?");
    expect(screen.getByTestId("send-available")).toHaveTextContent("2.000,00 EUR");
    expect(screen.getByRole("button", { name: "Zurück" })).toBeVisible();

    await user.type(screen.getByLabelText("Betrag"), "1250");
    expect(await screen.findByTestId("quote-total")).toHaveTextContent("1.256,25 EUR");
    const summary = screen.getByLabelText("Angebot");
    expect(within(summary).getByText("Gebühr (0,5 %)")).toBeVisible();
    expect(within(summary).getByText("Gesamt")).toBeVisible();
    expect(within(summary).getByText("1.250,00 EUR")).toBeVisible();
    expect(screen.getByRole("button", { name: "Weiter" })).toBeVisible();
  });

  test("the verification step sums up the transfer and asks for the code in German", () => {
    fakeApi({ "GET /api/v1/auth/authenticator": () => ({ body: { isEnrolled: false } }) });
    const quote = quoteOf({ target: RECIPIENT.target, amount: "1250.00", currency: "EUR" });
    renderWithApp(
      <VerificationStep
        recipient={RECIPIENT}
        payment={{ amount: "1250.00", currency: "EUR", payFrom: "EUR", memo: "Miete", quote, expiresAtMs: null }}
        idempotencyKey="9b2f0c4e-1d3a-4e5f-8a7b-6c5d4e3f2a1b"
        onSent={() => {}}
        onBack={() => {}}
      />,
    );
    expect(screen.getByText("Bestätigen Sie Ihre Identität")).toBeVisible();
    expect(screen.getByRole("heading", { name: "Prüfen Sie, wohin das Geld geht" })).toBeVisible();
    expect(screen.getByText("Verwendungszweck")).toBeVisible();
    expect(screen.getByTestId("summary-total")).toHaveTextContent("1.256,25 EUR");
    expect(screen.getByRole("button", { name: "Code senden" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Bestätigen" })).toBeDisabled();
  });
});
