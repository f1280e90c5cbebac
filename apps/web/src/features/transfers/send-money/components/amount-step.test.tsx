import type { BalancesResponse } from "@ferry/core/contracts/balances";
import type { TransferDetails, TransferQuote, TransferQuoteRequest } from "@ferry/core/contracts/transfers";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, test, vi } from "vitest";
import { balancesQueryKey } from "../../../../lib/queries/balances.ts";
import { NO_NATIONAL_FIELDS } from "../../../../testing/fixtures.ts";
import { fakeApi, renderWithApp } from "../../../../testing/render.tsx";
import type { ChosenRecipient } from "../send-money-flow.ts";
import { AmountStep } from "./amount-step.tsx";

const RECIPIENT: ChosenRecipient = {
  target: { method: "bank", recipientId: "6f1c1d2e-8a4b-4c3d-9e8f-0a1b2c3d4e5f" },
  name: "Erika Mustermann",
  email: "erika@example.com",
  detail: "Deutsche Bank · •••• 3000",
  currency: "EUR",
};

const BALANCES: BalancesResponse = {
  balances: [{ currency: "EUR", balance: "250.00", reserved: "0.00", available: "250.00" }],
};

/** The server's pricing: a 0.5% fee, rounded up to the cent, against the 250.00 EUR available. */
function quoteOf(details: TransferDetails): TransferQuote {
  const amountCents = Math.round(Number(details.amount) * 100);
  const feeCents = Math.ceil(amountCents * 0.005);
  const euros = (cents: number) => (cents / 100).toFixed(2);
  return {
    currency: "EUR",
    amount: euros(amountCents),
    fee: euros(feeCents),
    total: euros(amountCents + feeCents),
    available: "250.00",
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

/** The step for a saved EUR recipient, with 250.00 EUR available and the fake server's quotes. */
function renderAmountStep() {
  const requests = fakeApi({
    "GET /api/v1/balances": () => ({ body: BALANCES }),
    "POST /api/v1/transfers/quote": (request) => ({ body: quoteOf(request.body as TransferDetails) }),
  });
  const onContinue = vi.fn();
  const rendered = renderWithApp(
    <AmountStep recipient={RECIPIENT} initial={null} onContinue={onContinue} onBack={() => {}} />,
    (client) => client.setQueryData(balancesQueryKey, BALANCES),
  );
  return { ...rendered, onContinue, requests };
}

describe("the amount step", () => {
  test("asks for an amount again when the one typed is cleared", async () => {
    const { user } = renderAmountStep();
    const amount = screen.getByLabelText("Amount");
    await user.type(amount, "5");
    await user.clear(amount);
    await user.tab();
    expect(await screen.findByText("Please enter a valid amount")).toBeVisible();
    expect(amount).toHaveAccessibleDescription("Please enter a valid amount");
  });

  test("refuses an amount that is not a number", async () => {
    const { user } = renderAmountStep();
    await user.type(screen.getByLabelText("Amount"), "12abc");
    expect(await screen.findByText("Please enter a valid amount")).toBeVisible();
    expect(screen.getByRole("button", { name: "Continue" })).toBeDisabled();
  });

  test("refuses zero", async () => {
    const { user } = renderAmountStep();
    await user.type(screen.getByLabelText("Amount"), "0.00");
    expect(await screen.findByText("Please enter a valid amount")).toBeVisible();
  });

  test("refuses more decimals than the currency has, naming its scale", async () => {
    const { user, requests } = renderAmountStep();
    await user.type(screen.getByLabelText("Amount"), "100.123");
    expect(await screen.findByText("EUR amounts have at most 2 decimals")).toBeVisible();
    expect(requests.filter((request) => request.path === "/api/v1/transfers/quote")).toEqual([]);
  });

  test("shows the fee and refuses more than is available", async () => {
    const { user } = renderAmountStep();
    await user.type(screen.getByLabelText("Amount"), "300");
    expect(await screen.findByRole("alert")).toHaveTextContent("Insufficient balance");
    expect(screen.getByTestId("quote-total")).toHaveTextContent("EUR 301.50");
    expect(screen.getByRole("button", { name: "Continue" })).toBeDisabled();
  });

  test("continues with the exact amount, the memo and the server's quote", async () => {
    const { user, onContinue, requests } = renderAmountStep();
    await user.type(screen.getByLabelText("Amount"), "100");
    await user.type(screen.getByLabelText("Memo (optional)"), "Invoice 42");
    expect(await screen.findByTestId("quote-total")).toHaveTextContent("EUR 100.50");
    const continueButton = screen.getByRole("button", { name: /Continue/ });
    await waitFor(() => expect(continueButton).toBeEnabled());
    await user.click(continueButton);

    expect(requests.at(-1)).toMatchObject({
      method: "POST",
      path: "/api/v1/transfers/quote",
      body: { target: RECIPIENT.target, amount: "100.00", currency: "EUR" },
    });
    expect(onContinue).toHaveBeenCalledWith({
      amount: "100.00",
      currency: "EUR",
      payFrom: "EUR",
      memo: "Invoice 42",
      quote: quoteOf({ target: RECIPIENT.target, amount: "100.00", currency: "EUR" }),
      expiresAtMs: null,
    });
  });
});

/** A sender holding USD 1,000.00 and ETH beside (or instead of) EUR. */
const MANY_BALANCES: BalancesResponse = {
  balances: [
    { currency: "EUR", balance: "0.00", reserved: "0.00", available: "0.00" },
    { currency: "USD", balance: "1000.00", reserved: "0.00", available: "1000.00" },
    { currency: "ETH", balance: "0.5", reserved: "0.00", available: "0.5" },
  ],
};

/** The server's quote paid from USD at 0.92 with a 0.5 % exchange fee: EUR 100.50 costs USD 109.79 + 0.56. */
function crossQuoteOf(details: TransferQuoteRequest, available = "1000.00"): TransferQuote {
  const base = quoteOf(details);
  return {
    ...base,
    available: "0.00",
    exchange: {
      quoteId: "1b4e28ba-2fa1-41d2-883f-0016d3cca427",
      from: details.payFrom ?? "USD",
      amount: "110.35",
      fee: "0.56",
      feeBasisPoints: 50,
      rate: "0.92",
      available,
      expiresAt: "2026-11-27T12:00:30.000Z",
    },
  };
}

describe("paying from another balance (issue 30)", () => {
  function renderWithoutEuros(usdAvailable = "1000.00") {
    const requests = fakeApi({
      "GET /api/v1/balances": () => ({ body: MANY_BALANCES }),
      "POST /api/v1/transfers/quote": (request) => {
        const body = request.body as TransferQuoteRequest;
        return { body: body.payFrom ? crossQuoteOf(body, usdAvailable) : quoteOf(body) };
      },
    });
    const onContinue = vi.fn();
    const rendered = renderWithApp(
      <AmountStep recipient={RECIPIENT} initial={null} onContinue={onContinue} onBack={() => {}} />,
      (client) => client.setQueryData(balancesQueryKey, MANY_BALANCES),
    );
    return { ...rendered, onContinue, requests };
  }

  test("with no EUR, pays from the first balance held and shows both amounts, the rate and both fees", async () => {
    const { user, onContinue, requests } = renderWithoutEuros();
    const payFrom = screen.getByLabelText("Pay from");
    expect(payFrom).toHaveValue("USD");
    expect(screen.getByRole("option", { name: "EUR balance" })).toBeInTheDocument();
    expect(screen.getByRole("option", { name: "ETH balance" })).toBeInTheDocument();
    expect(screen.getByTestId("send-available")).toHaveTextContent("USD 1,000.00");

    await user.type(screen.getByLabelText("Amount"), "100");
    expect(await screen.findByTestId("quote-total")).toHaveTextContent("USD 110.35");
    expect(screen.getByTestId("quote-recipient-gets")).toHaveTextContent("EUR 100.00");
    expect(screen.getByTestId("quote-fee")).toHaveTextContent("EUR 0.50");
    expect(screen.getByTestId("quote-rate")).toHaveTextContent("1 USD = 0.92 EUR");
    expect(screen.getByTestId("quote-exchange-fee")).toHaveTextContent("USD 0.56");
    expect(screen.getByText(/Rate locked for \d+ s/)).toBeVisible();
    expect(requests.at(-1)).toMatchObject({
      path: "/api/v1/transfers/quote",
      body: { target: RECIPIENT.target, amount: "100.00", currency: "EUR", payFrom: "USD" },
    });

    const continueButton = screen.getByRole("button", { name: /Continue/ });
    await waitFor(() => expect(continueButton).toBeEnabled());
    await user.click(continueButton);
    const chosen = onContinue.mock.calls[0]?.[0];
    expect(chosen).toMatchObject({ amount: "100.00", currency: "EUR", payFrom: "USD" });
    expect(chosen.quote.exchange.quoteId).toBe("1b4e28ba-2fa1-41d2-883f-0016d3cca427");
    expect(chosen.expiresAtMs).toBeGreaterThan(Date.now());
  });

  test("more than the balance paid from holds is refused", async () => {
    const { user } = renderWithoutEuros("110.34");
    await user.type(screen.getByLabelText("Amount"), "100");
    expect(await screen.findByRole("alert")).toHaveTextContent("Insufficient balance");
    expect(screen.getByTestId("quote-total")).toHaveTextContent("USD 110.35");
    expect(screen.getByRole("button", { name: "Continue" })).toBeDisabled();
  });

  test("paid from the recipient's own currency, the quote has no exchange", async () => {
    const { user, requests } = renderWithoutEuros();
    await user.selectOptions(screen.getByLabelText("Pay from"), "EUR");
    expect(screen.getByTestId("send-available")).toHaveTextContent("EUR 0.00");
    await user.type(screen.getByLabelText("Amount"), "100");
    expect(await screen.findByTestId("quote-total")).toHaveTextContent("EUR 100.50");
    expect(screen.queryByTestId("quote-rate")).toBeNull();
    expect(requests.at(-1)?.body).toEqual({ target: RECIPIENT.target, amount: "100.00", currency: "EUR" });
  });

  test("to a Ferry user, the balance paid from follows the currency chosen until another is picked", async () => {
    const held: BalancesResponse = {
      balances: [
        { currency: "EUR", balance: "50.00", reserved: "0.00", available: "50.00" },
        { currency: "USD", balance: "80.00", reserved: "0.00", available: "80.00" },
      ],
    };
    fakeApi({ "GET /api/v1/balances": () => ({ body: held }) });
    const friend: ChosenRecipient = {
      target: { method: "ferry_user", recipientEmail: "friend@example.com" },
      name: "friend@example.com",
      email: "friend@example.com",
      detail: null,
      currency: null,
    };
    const { user } = renderWithApp(
      <AmountStep recipient={friend} initial={null} onContinue={() => {}} onBack={() => {}} />,
      (client) => client.setQueryData(balancesQueryKey, held),
    );
    const payFrom = await screen.findByLabelText("Pay from");
    expect(payFrom).toHaveValue("EUR");
    await user.selectOptions(screen.getByLabelText("Currency"), "USD");
    expect(payFrom).toHaveValue("USD");
    await user.selectOptions(payFrom, "EUR");
    await user.selectOptions(screen.getByLabelText("Currency"), "EUR");
    await user.selectOptions(screen.getByLabelText("Currency"), "USD");
    expect(payFrom).toHaveValue("EUR");
  });

  test("a Ferry user can be paid in a currency the sender does not hold, from one they do", async () => {
    const held: BalancesResponse = {
      balances: [{ currency: "USD", balance: "80.00", reserved: "0.00", available: "80.00" }],
    };
    const requests = fakeApi({
      "GET /api/v1/balances": () => ({ body: held }),
      "POST /api/v1/transfers/quote": (request) => ({ body: crossQuoteOf(request.body as TransferQuoteRequest) }),
    });
    const friend: ChosenRecipient = {
      target: { method: "ferry_user", recipientEmail: "friend@example.com" },
      name: "friend@example.com",
      email: "friend@example.com",
      detail: null,
      currency: null,
    };
    const { user } = renderWithApp(
      <AmountStep recipient={friend} initial={null} onContinue={() => {}} onBack={() => {}} />,
      (client) => client.setQueryData(balancesQueryKey, held),
    );
    const currency = await screen.findByLabelText("Currency");
    expect(currency).toHaveValue("USD");
    await user.selectOptions(currency, "EUR");
    expect(screen.getByLabelText("Pay from")).toHaveValue("USD");
    await user.type(screen.getByLabelText("Amount"), "100");
    expect(await screen.findByTestId("quote-recipient-gets")).toHaveTextContent("EUR 100.00");
    expect(requests.at(-1)?.body).toMatchObject({ currency: "EUR", payFrom: "USD" });
  });
});
