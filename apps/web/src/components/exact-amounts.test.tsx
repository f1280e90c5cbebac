import type { BalancesResponse } from "@ferry/core/contracts/balances";
import type { PaymentMethod } from "@ferry/core/contracts/payment-methods";
import type { TransferQuote } from "@ferry/core/contracts/transfers";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, test, vi } from "vitest";
import { CashoutDialog } from "../features/transfers/cashout/cashout-dialog.tsx";
import { NO_NATIONAL_FIELDS, SAVED_BANK_PAYMENT_METHOD } from "../testing/fixtures.ts";
import { fakeApi, renderWithApp } from "../testing/render.tsx";

/*
 * Issue 30 (decision 053): every amount shows exactly, at as many decimals as it has up to its
 * currency's scale. ETH's display decimals are 6, so rounding would show 0.00012345 as "0.000123" and a
 * fee of 0.00000061725 as "0.000001" or "0.000000": a dialog would promise one figure and the ledger
 * debit another.
 */

const ETHEREUM_ADDRESS = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

const ETH_WALLET: PaymentMethod = {
  ...SAVED_BANK_PAYMENT_METHOD,
  ...NO_NATIONAL_FIELDS,
  id: "5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b",
  name: "My ETH wallet",
  addressType: "crypto",
  currency: "ETH",
  bankName: null,
  accountNumber: null,
  swiftCode: null,
  country: null,
  accountHolderName: null,
  cryptoNetwork: "ethereum",
  cryptoAddress: ETHEREUM_ADDRESS,
};

const BALANCES: BalancesResponse = {
  balances: [
    { currency: "USD", balance: "0.00", reserved: "0.00", available: "0.00" },
    { currency: "ETH", balance: "0.00124634", reserved: "0", available: "0.00124634" },
  ],
};

/** The server's figures for ETH 0.00012345 at 0.5 %: a fee and total with eleven decimals. */
const QUOTE: TransferQuote = {
  currency: "ETH",
  amount: "0.00012345",
  fee: "0.00000061725",
  total: "0.00012406725",
  available: "0.00124634",
  feeBasisPoints: 50,
  recipientName: ETH_WALLET.name,
  destination: { kind: "crypto", network: "ethereum", address: ETHEREUM_ADDRESS },
};

describe("a cash-out's amounts", () => {
  test("show the balance, amount, fee and total exactly, on the figures and on the confirmation step", async () => {
    fakeApi({
      "GET /api/v1/balances": () => ({ body: BALANCES }),
      "GET /api/v1/payment-methods": () => ({ body: { items: [ETH_WALLET], nextCursor: null } }),
      "POST /api/v1/transfers/quote": () => ({ body: QUOTE }),
    });
    const { user } = renderWithApp(<CashoutDialog open onOpenChange={vi.fn()} />);
    const dialog = within(screen.getByRole("dialog", { name: "Cashout" }));
    expect(await dialog.findByLabelText("Currency")).toHaveDisplayValue("ETH");
    expect(dialog.getByText("Available: ETH 0.00124634")).toBeVisible();

    await user.type(dialog.getByLabelText("Amount"), "0.00012345");

    expect(await dialog.findByText("0.00000061725")).toBeVisible();
    expect(dialog.getByText("0.00012345")).toBeVisible();
    expect(dialog.getByText("ETH 0.00012406725")).toBeVisible();
    const continueButton = dialog.getByRole("button", { name: "Continue" });
    await waitFor(() => expect(continueButton).toBeEnabled());
    await user.click(continueButton);

    expect(
      await dialog.findByText(
        /Cash out ETH 0\.00012345 \(fee 0\.00000061725, total 0\.00012406725\) to My ETH wallet\./,
      ),
    ).toBeVisible();
  });
});
