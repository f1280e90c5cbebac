import type { Transfer, TransferQuote } from "@ferry/core/contracts/transfers";
import { screen } from "@testing-library/react";
import { describe, expect, test, vi } from "vitest";
import { NO_NATIONAL_FIELDS } from "../../../../testing/fixtures.ts";
import { fakeApi, renderWithApp } from "../../../../testing/render.tsx";
import type { ChosenAmount, ChosenRecipient } from "../send-money-flow.ts";
import { VerificationStep } from "./verification-step.tsx";

const RECIPIENT: ChosenRecipient = {
  target: { method: "bank", recipientId: "6f1c1d2e-8a4b-4c3d-9e8f-0a1b2c3d4e5f" },
  name: "Erika Mustermann",
  email: "erika@example.com",
  detail: "Deutsche Bank · •••• 3000",
  currency: "EUR",
};
const QUOTE_ID = "1b4e28ba-2fa1-41d2-883f-0016d3cca427";

/** EUR 100.00 to Erika (fee EUR 0.50), paid from USD at 0.92 with a 0.5 % exchange fee. */
const QUOTE: TransferQuote = {
  currency: "EUR",
  amount: "100.00",
  fee: "0.50",
  total: "100.50",
  available: "0.00",
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
  exchange: {
    quoteId: QUOTE_ID,
    from: "USD",
    amount: "109.79",
    fee: "0.55",
    feeBasisPoints: 50,
    rate: "0.92",
    available: "1000.00",
    expiresAt: "2026-11-27T12:00:30.000Z",
  },
};

const SENT: Transfer = {
  id: "9b2f0c4e-1d3a-4e5f-8a7b-6c5d4e3f2a1b",
  method: "bank",
  status: "pending",
  currency: "EUR",
  amount: "100.00",
  fee: "0.50",
  total: "100.50",
  recipientName: "Erika Mustermann",
  recipientEmail: "erika@example.com",
  memo: null,
  app: null,
  createdAt: "2026-11-27T12:00:10.000Z",
};

function renderStep(expiresAtMs: number) {
  const requests = fakeApi({
    "GET /api/v1/auth/authenticator": () => ({ body: { isEnrolled: false } }),
    "POST /api/v1/transfers/verification-code": () => ({ body: { expiresAt: "2026-11-27T12:15:00.000Z" } }),
    "POST /api/v1/transfers": () => ({ status: 201, body: SENT }),
  });
  const payment: ChosenAmount = {
    amount: "100.00",
    currency: "EUR",
    payFrom: "USD",
    memo: "",
    quote: QUOTE,
    expiresAtMs,
  };
  const onSent = vi.fn();
  const rendered = renderWithApp(
    <VerificationStep
      recipient={RECIPIENT}
      payment={payment}
      idempotencyKey="send-1b4e28ba-2fa1"
      onSent={onSent}
      onBack={() => {}}
    />,
  );
  return { ...rendered, requests, onSent };
}

describe("the verification step paid from another balance (issue 30)", () => {
  test("sums up both amounts, the rate and both fees, and binds the code and the transfer to the quote", async () => {
    const { user, requests, onSent } = renderStep(Date.now() + 25_000);
    expect(screen.getByTestId("quote-recipient-gets")).toHaveTextContent("EUR 100.00");
    expect(screen.getByTestId("quote-fee")).toHaveTextContent("EUR 0.50");
    expect(screen.getByTestId("quote-rate")).toHaveTextContent("1 USD = 0.92 EUR");
    expect(screen.getByTestId("quote-exchange-fee")).toHaveTextContent("USD 0.55");
    expect(screen.getByTestId("quote-total")).toHaveTextContent("USD 109.79");
    expect(screen.getByText(/Rate locked for \d+ s/)).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Send code" }));
    await screen.findByRole("button", { name: "Resend code" });
    const details = { target: RECIPIENT.target, amount: "100.00", currency: "EUR", quoteId: QUOTE_ID };
    expect(requests.find((request) => request.path === "/api/v1/transfers/verification-code")?.body).toEqual(details);

    await user.type(screen.getByLabelText("Verification code"), "123456");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    await vi.waitFor(() => expect(onSent.mock.calls[0]?.[0]).toEqual(SENT));
    expect(requests.find((request) => request.path === "/api/v1/transfers")?.body).toEqual({
      ...details,
      code: "123456",
    });
  });

  test("once the quote has expired, says so and sends neither a code nor the transfer", async () => {
    const { user } = renderStep(Date.now() - 1);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "This quote expired. Go back to get a fresh quote; the code you were sent works only for the old one.",
    );
    expect(screen.queryByText(/Rate locked/)).toBeNull();
    expect(screen.getByRole("button", { name: "Send code" })).toBeDisabled();
    await user.type(screen.getByLabelText("Verification code"), "123456");
    expect(screen.getByRole("button", { name: "Confirm" })).toBeDisabled();
  });
});
