import type { BalancesResponse } from "@ferry/core/contracts/balances";
import type { PaymentMethod } from "@ferry/core/contracts/payment-methods";
import type { TransferDetails, TransferQuote } from "@ferry/core/contracts/transfers";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, test, vi } from "vitest";
import { NO_NATIONAL_FIELDS, SAVED_BANK_PAYMENT_METHOD } from "../../../testing/fixtures.ts";
import { fakeApi, renderWithApp } from "../../../testing/render.tsx";
import { CashoutDialog } from "./cashout-dialog.tsx";

const BALANCES: BalancesResponse = {
  balances: [
    { currency: "USD", balance: "0.00", reserved: "0.00", available: "0.00" },
    { currency: "EUR", balance: "300.00", reserved: "0.00", available: "300.00" },
  ],
};

const BANK: PaymentMethod = SAVED_BANK_PAYMENT_METHOD;

function quoteOf(details: TransferDetails): TransferQuote {
  return {
    currency: "EUR",
    amount: "100.00",
    fee: "0.50",
    total: "100.50",
    available: "300.00",
    feeBasisPoints: 50,
    recipientName: details.target.method === "withdrawal" ? BANK.name : "",
    destination: {
      kind: "bank",
      ...NO_NATIONAL_FIELDS,
      name: BANK.name,
      accountNumber: "DE89370400440532013000",
      bankName: "Deutsche Bank",
      country: "DE",
      swiftCode: "DEUTDEFF",
    },
  };
}

describe("cashing out", () => {
  test("works where the browser has no crypto.randomUUID (plain http), with one Idempotency-Key", async () => {
    // Browsers offer randomUUID in secure contexts only; a plain-http deployment must still cash out.
    const secureCrypto = globalThis.crypto;
    vi.stubGlobal("crypto", {
      getRandomValues: (bytes: Uint8Array<ArrayBuffer>) => secureCrypto.getRandomValues(bytes),
    });
    const requests = fakeApi({
      "GET /api/v1/balances": () => ({ body: BALANCES }),
      "GET /api/v1/payment-methods": () => ({ body: { items: [BANK], nextCursor: null } }),
      "POST /api/v1/transfers/quote": (request) => ({ body: quoteOf(request.body as TransferDetails) }),
      "POST /api/v1/transfers/verification-code": () => ({ body: { expiresAt: "2026-01-01T00:15:00.000Z" } }),
      "POST /api/v1/transfers": () => ({ status: 201, body: { id: "a" } }),
    });
    const onOpenChange = vi.fn();
    const { user } = renderWithApp(<CashoutDialog open onOpenChange={onOpenChange} />);
    const dialog = within(screen.getByRole("dialog", { name: "Cashout" }));

    // Only the currency the user holds is offered, with its payment method already chosen.
    const currency = await dialog.findByLabelText("Currency");
    expect(
      within(currency)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["EUR"]);
    expect(dialog.getByLabelText("Payment method")).toHaveDisplayValue("My Deutsche Bank · •••• 3000");
    await user.type(dialog.getByLabelText("Amount"), "100.005");
    expect(await dialog.findByText("EUR amounts have at most 2 decimals")).toBeVisible();
    await user.clear(dialog.getByLabelText("Amount"));
    await user.type(dialog.getByLabelText("Amount"), "100");
    expect(await dialog.findByText("0.50")).toBeVisible();
    const continueButton = dialog.getByRole("button", { name: "Continue" });
    await waitFor(() => expect(continueButton).toBeEnabled());
    await user.click(continueButton);

    // Before a code is asked for, the destination as the server stored it: the IBAN in groups of four.
    const destination = within(await dialog.findByRole("region", { name: "Check where the money goes" }));
    expect(destination.getByText("DE89 3704 0044 0532 0130 00")).toBeVisible();
    expect(destination.getByText("Germany (DE)")).toBeVisible();
    expect(destination.getByText("DEUTDEFF")).toBeVisible();
    await user.click(dialog.getByRole("button", { name: "Send code" }));
    expect(await screen.findByText("Verification code sent to your email")).toBeVisible();
    await user.type(dialog.getByLabelText("Verification code"), "123456");
    await user.click(dialog.getByRole("button", { name: "Confirm Cashout" }));

    expect(await screen.findByText("Withdrawal requested")).toBeVisible();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const sent = requests.filter((request) => request.method === "POST" && request.path === "/api/v1/transfers");
    expect(sent).toHaveLength(1);
    expect(sent[0].headers["idempotency-key"]).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[0].body).toEqual({
      target: { method: "withdrawal", paymentMethodId: BANK.id },
      amount: "100",
      currency: "EUR",
      code: "123456",
    });
  });
});
