import type { PaymentMethod } from "@ferry/core/contracts/payment-methods";
import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { SAVED_BANK_PAYMENT_METHOD } from "../../testing/fixtures.ts";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { PaymentMethodsPage } from "./payment-methods-page.tsx";

const VALID: PaymentMethod = SAVED_BANK_PAYMENT_METHOD;

describe("payment methods saved under older rules", () => {
  test("are marked 'Check these details' with the reason, and can still be edited", async () => {
    const stale: PaymentMethod = {
      ...VALID,
      id: "4d3c2b1a-9f8e-4a1b-8c2d-3e4f5a6b7c8d",
      name: "Old wallet",
      addressType: "crypto",
      currency: "BTC",
      bankName: null,
      accountNumber: null,
      swiftCode: null,
      country: null,
      accountHolderName: null,
      cryptoNetwork: "bitcoin",
      cryptoAddress: "bc1pllllllllllllllllllllllllllllllllllllllllllllallllshsdfvw2y",
      needsReview: true,
      reviewReason: "Wallet address: This address can never be spent",
    };
    fakeApi({
      "GET /api/v1/payment-methods": () => ({ status: 200, body: { items: [stale, VALID], nextCursor: null } }),
    });
    renderWithApp(<PaymentMethodsPage />);

    const note = await screen.findByText(/Wallet address: This address can never be spent/);
    expect(within(note).getByText("Check these details")).toBeVisible();
    expect(screen.getAllByText("Check these details")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Edit Old wallet" })).toBeEnabled();
  });
});
