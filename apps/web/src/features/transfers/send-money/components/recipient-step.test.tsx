import type { Recipient } from "@ferry/core/contracts/recipients";
import { screen } from "@testing-library/react";
import { describe, expect, test, vi } from "vitest";
import { fakeApi, renderWithApp } from "../../../../testing/render.tsx";
import { RecipientStep } from "./recipient-step.tsx";

function bankRecipient(overrides: Partial<Recipient>): Recipient {
  return {
    id: "0f8e7d6c-5b4a-4392-8172-6a5b4c3d2e1f",
    type: "bank",
    name: "Erika Mustermann",
    email: "erika@example.com",
    currency: "EUR",
    bankName: "Deutsche Bank",
    country: "Germany",
    accountNumber: "DE89370400440532013000",
    swiftCode: "DEUTDEFF",
    accountHolderName: null,
    cryptoAddress: null,
    cryptoNetwork: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    needsReview: false,
    reviewReason: null,
    ...overrides,
  };
}

describe("saved recipients under older rules", () => {
  test("are shown marked 'Check these details' and cannot be chosen, while valid ones can", async () => {
    const stale = bankRecipient({
      id: "1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d",
      name: "Old Account",
      accountNumber: "DE8O370400440532013000",
      needsReview: true,
      reviewReason: "Account number: This looks like a mistyped IBAN",
    });
    fakeApi({
      "GET /api/v1/recipients": () => ({ status: 200, body: { items: [stale, bankRecipient({})], nextCursor: null } }),
    });
    const onChoose = vi.fn();
    const { user } = renderWithApp(
      <RecipientStep type="bank" onChoose={onChoose} onAddNew={() => {}} onBack={() => {}} />,
    );

    const staleButton = await screen.findByRole("button", { name: /Old Account/ });
    expect(staleButton).toBeDisabled();
    expect(staleButton).toHaveAccessibleDescription(
      "Check these details Account number: This looks like a mistyped IBAN. Add the recipient again with corrected details to send to them.",
    );
    const validButton = screen.getByRole("button", { name: /Erika Mustermann/ });
    expect(validButton).toBeEnabled();
    await user.click(validButton);
    expect(onChoose).toHaveBeenCalledTimes(1);
    expect(onChoose.mock.calls[0]?.[0]).toMatchObject({ name: "Erika Mustermann" });
  });
});
