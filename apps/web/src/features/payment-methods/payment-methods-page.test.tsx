import type { PaymentMethod } from "@ferry/core/contracts/payment-methods";
import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { PaymentMethodsPage } from "./payment-methods-page.tsx";

const VALID: PaymentMethod = {
  id: "3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a9f",
  name: "My Deutsche Bank",
  addressType: "bank",
  currency: "EUR",
  bankName: "Deutsche Bank",
  accountNumber: "DE89370400440532013000",
  swiftCode: "DEUTDEFF",
  country: "Germany",
  accountHolderName: "Erika Mustermann",
  cryptoAddress: null,
  cryptoNetwork: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  needsReview: false,
  reviewReason: null,
};

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
