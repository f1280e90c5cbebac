import type { BalancesResponse } from "@ferry/core/contracts/balances";
import { type ExchangeQuote, QUOTE_EXPIRED_MESSAGE } from "@ferry/core/contracts/exchange";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { ExchangeDialog } from "./exchange-dialog.tsx";

const BALANCES: BalancesResponse = {
  balances: [
    { currency: "USD", balance: "500.00", reserved: "0.00", available: "500.00" },
    { currency: "EUR", balance: "20.00", reserved: "0.00", available: "20.00" },
  ],
};

let quoteCount = 0;

/** A quote as the server gives it: 30 seconds from now, a new id each time. */
function quoteOf(overrides: Partial<ExchangeQuote> = {}): ExchangeQuote {
  quoteCount += 1;
  const createdAt = new Date();
  return {
    id: `00000000-0000-4000-8000-${String(quoteCount).padStart(12, "0")}`,
    from: "USD",
    to: "EUR",
    amount: "100.00",
    fee: "0.25",
    receive: "92.36",
    rate: "0.925925925925925926",
    feeBasisPoints: 25,
    createdAt: createdAt.toISOString(),
    expiresAt: new Date(createdAt.getTime() + 30_000).toISOString(),
    ...overrides,
  };
}

function exchangeOf(quote: ExchangeQuote) {
  const { expiresAt: _expiresAt, ...rest } = quote;
  return { ...rest, status: "completed", executedAt: new Date().toISOString() };
}

afterEach(() => {
  vi.useRealTimers();
});

async function openWithAmount(amount: string) {
  const onOpenChange = vi.fn();
  const rendered = renderWithApp(<ExchangeDialog open onOpenChange={onOpenChange} />);
  const dialog = within(screen.getByRole("dialog", { name: "Exchange" }));
  const from = await dialog.findByLabelText("From");
  expect(from).toHaveDisplayValue("USD");
  expect(dialog.getByLabelText("To")).toHaveDisplayValue("EUR");
  expect(dialog.getByText("Available: USD 500.00")).toBeVisible();
  await rendered.user.type(dialog.getByLabelText("Amount"), amount);
  return { ...rendered, dialog, onOpenChange };
}

describe("the Exchange dialog's quote", () => {
  test("gets a quote, shows the rate, the fee and what arrives, and confirms exactly that quote once", async () => {
    const quote = quoteOf();
    const requests = fakeApi({
      "GET /api/v1/balances": () => ({ body: BALANCES }),
      "POST /api/v1/exchange/quotes": () => ({ status: 201, body: quote }),
      "POST /api/v1/exchange": () => ({ status: 201, body: exchangeOf(quote) }),
    });
    const { user, dialog, onOpenChange } = await openWithAmount("100");

    await user.click(dialog.getByRole("button", { name: "Get quote" }));

    const figures = within(await dialog.findByRole("region", { name: "Quote" }));
    expect(figures.getByText("1 USD = 0.92592593 EUR")).toBeVisible();
    expect(figures.getByText("USD 100.00")).toBeVisible();
    expect(figures.getByText("Fee (0.25 %)")).toBeVisible();
    expect(figures.getByText("USD 0.25")).toBeVisible();
    expect(figures.getByTestId("exchange-receive")).toHaveTextContent("EUR 92.36");
    expect(figures.getByText(/Rate locked for/)).toHaveTextContent(/Rate locked for (29|30) s/);
    await user.click(dialog.getByRole("button", { name: "Confirm exchange" }));

    expect(await screen.findByText("Exchange completed successfully")).toBeVisible();
    expect(screen.getByText("USD 100.00 → EUR 92.36")).toBeVisible();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(requests.find((request) => request.path === "/api/v1/exchange/quotes")?.body).toEqual({
      from: "USD",
      to: "EUR",
      amount: "100",
    });
    const confirms = requests.filter((request) => request.path === "/api/v1/exchange");
    expect(confirms).toHaveLength(1);
    expect(confirms[0].body).toEqual({ quoteId: quote.id });
    expect(confirms[0].headers["idempotency-key"]).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  test("a quote the server says expired is replaced by a fresh one, shown as such, and confirmed only when asked again", async () => {
    const stale = quoteOf();
    const fresh = quoteOf({ receive: "92.10", rate: "0.923333333333333333" });
    const quotes = [stale, fresh];
    const requests = fakeApi({
      "GET /api/v1/balances": () => ({ body: BALANCES }),
      "POST /api/v1/exchange/quotes": () => ({ status: 201, body: quotes.shift() }),
      "POST /api/v1/exchange": (request) =>
        (request.body as { quoteId: string }).quoteId === stale.id
          ? {
              status: 409,
              body: {
                error: { code: "conflict", message: QUOTE_EXPIRED_MESSAGE, fields: { quoteId: QUOTE_EXPIRED_MESSAGE } },
              },
            }
          : { status: 201, body: exchangeOf(fresh) },
    });
    const { user, dialog, onOpenChange } = await openWithAmount("100");
    await user.click(dialog.getByRole("button", { name: "Get quote" }));
    await dialog.findByRole("region", { name: "Quote" });

    await user.click(dialog.getByRole("button", { name: "Confirm exchange" }));

    expect(await dialog.findByRole("status")).toHaveTextContent("This quote expired. Here is a fresh one.");
    expect(dialog.getByTestId("exchange-receive")).toHaveTextContent("EUR 92.10");
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(requests.filter((request) => request.path === "/api/v1/exchange")).toHaveLength(1);
    await user.click(dialog.getByRole("button", { name: "Confirm exchange" }));
    expect(await screen.findByText("Exchange completed successfully")).toBeVisible();
    const confirms = requests.filter((request) => request.path === "/api/v1/exchange");
    expect(confirms.map((request) => (request.body as { quoteId: string }).quoteId)).toEqual([stale.id, fresh.id]);
    expect(confirms[0].headers["idempotency-key"]).not.toBe(confirms[1].headers["idempotency-key"]);
  });

  test("when the 30 seconds run out it says the quote expired and offers a fresh one instead of confirming", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const requests = fakeApi({
      "GET /api/v1/balances": () => ({ body: BALANCES }),
      "POST /api/v1/exchange/quotes": () => ({ status: 201, body: quoteOf() }),
    });
    const { user, dialog } = await openWithAmount("100");
    await user.click(dialog.getByRole("button", { name: "Get quote" }));
    await dialog.findByRole("region", { name: "Quote" });

    await act(async () => {
      vi.advanceTimersByTime(31_000);
    });

    expect(dialog.getByRole("alert")).toHaveTextContent("This quote expired.");
    expect(dialog.queryByRole("button", { name: "Confirm exchange" })).toBeNull();
    await user.click(dialog.getByRole("button", { name: "Get a fresh quote" }));
    expect(await dialog.findByRole("status")).toHaveTextContent("This quote expired. Here is a fresh one.");
    expect(dialog.getByRole("button", { name: "Confirm exchange" })).toBeEnabled();
    expect(requests.filter((request) => request.path === "/api/v1/exchange")).toEqual([]);
  });
});

describe("the Exchange dialog's amount and currencies", () => {
  test("shows the server's refusal of a quote under the amount, and checks the amount's decimals first", async () => {
    fakeApi({
      "GET /api/v1/balances": () => ({ body: BALANCES }),
      "POST /api/v1/exchange/quotes": () => ({
        status: 422,
        body: { error: { code: "insufficient_funds", message: "Insufficient USD balance" } },
      }),
    });
    const { user, dialog } = await openWithAmount("100.005");
    expect(await dialog.findByText("USD amounts have at most 2 decimals")).toBeVisible();
    await user.clear(dialog.getByLabelText("Amount"));
    await user.type(dialog.getByLabelText("Amount"), "900");

    await user.click(dialog.getByRole("button", { name: "Get quote" }));

    expect(await dialog.findByText("Insufficient USD balance")).toBeVisible();
    expect(dialog.queryByRole("region", { name: "Quote" })).toBeNull();
  });

  test("names the limit under the amount and asks for no quote above 1,000,000,000 (issue 24)", async () => {
    const requests = fakeApi({ "GET /api/v1/balances": () => ({ body: BALANCES }) });
    const { user, dialog } = await openWithAmount("9999999999999999999999999999.99");

    await user.click(dialog.getByRole("button", { name: "Get quote" }));

    expect(await dialog.findByText("Amount can be at most 1,000,000,000 USD")).toBeVisible();
    expect(dialog.getByLabelText("Amount")).toHaveAttribute("aria-invalid", "true");
    expect(requests.filter((request) => request.path === "/api/v1/exchange/quotes")).toEqual([]);
  });

  test("never offers the currency it sells as the one it buys", async () => {
    fakeApi({ "GET /api/v1/balances": () => ({ body: BALANCES }) });
    const { user, dialog } = await openWithAmount("1");

    await user.selectOptions(dialog.getByLabelText("From"), "EUR");

    await waitFor(() => expect(dialog.getByLabelText("To")).toHaveDisplayValue("USD"));
    const toOptions = within(dialog.getByLabelText("To"))
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(toOptions).not.toContain("EUR");
    expect(dialog.getByText("Available: EUR 20.00")).toBeVisible();
  });
});

describe("the Exchange dialog's amounts (issue 30)", () => {
  test("shows a crypto quote's amount, fee and what arrives exactly, never rounded to the display decimals", async () => {
    const holdsEth: BalancesResponse = {
      balances: [
        { currency: "USD", balance: "0.00", reserved: "0.00", available: "0.00" },
        { currency: "ETH", balance: "0.00124634", reserved: "0", available: "0.00124634" },
      ],
    };
    // 0.25 % of ETH 0.00001234 is ETH 0.00000003085: eleven decimals, past ETH's six display decimals.
    const quote = quoteOf({
      from: "ETH",
      to: "BTC",
      amount: "0.00001234",
      fee: "0.00000003085",
      receive: "0.00000041",
      rate: "0.033333333333333333",
    });
    const requests = fakeApi({
      "GET /api/v1/balances": () => ({ body: holdsEth }),
      "POST /api/v1/exchange/quotes": () => ({ status: 201, body: quote }),
      "POST /api/v1/exchange": () => ({ status: 201, body: exchangeOf(quote) }),
    });
    const { user } = renderWithApp(<ExchangeDialog open onOpenChange={vi.fn()} />);
    const dialog = within(screen.getByRole("dialog", { name: "Exchange" }));
    expect(await dialog.findByLabelText("From")).toHaveDisplayValue("ETH");
    expect(dialog.getByText("Available: ETH 0.00124634")).toBeVisible();
    await user.selectOptions(dialog.getByLabelText("To"), "BTC");
    await user.type(dialog.getByLabelText("Amount"), "0.00001234");

    await user.click(dialog.getByRole("button", { name: "Get quote" }));

    const figures = within(await dialog.findByRole("region", { name: "Quote" }));
    expect(figures.getByText("ETH 0.00001234")).toBeVisible();
    expect(figures.getByText("ETH 0.00000003085")).toBeVisible();
    expect(figures.getByTestId("exchange-receive")).toHaveTextContent(/^BTC 0\.00000041$/);
    expect(requests.find((request) => request.path === "/api/v1/exchange/quotes")?.body).toEqual({
      from: "ETH",
      to: "BTC",
      amount: "0.00001234",
    });

    await user.click(dialog.getByRole("button", { name: "Confirm exchange" }));
    expect(await screen.findByText("ETH 0.00001234 → BTC 0.00000041")).toBeVisible();
  });
});
