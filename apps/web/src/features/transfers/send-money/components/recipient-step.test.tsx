import type { Recipient } from "@ferry/core/contracts/recipients";
import { screen } from "@testing-library/react";
import { describe, expect, test, vi } from "vitest";
import { SAVED_BANK_RECIPIENT } from "../../../../testing/fixtures.ts";
import { fakeApi, renderWithApp } from "../../../../testing/render.tsx";
import { RecipientStep } from "./recipient-step.tsx";

function bankRecipient(overrides: Partial<Recipient>): Recipient {
  return { ...SAVED_BANK_RECIPIENT, ...overrides };
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
      <RecipientStep type="bank" onChoose={onChoose} onAddNew={() => {}} onEdit={() => {}} onBack={() => {}} />,
    );

    // The card's name runs on into the e-mail; its "Delete recipient …" button's does not.
    const staleButton = await screen.findByRole("button", { name: /Old Account.*erika@example\.com/ });
    expect(staleButton).toBeDisabled();
    expect(staleButton).toHaveAccessibleDescription(
      "Check these details Account number: This looks like a mistyped IBAN. Edit the details to send to them again.",
    );
    const validButton = screen.getByRole("button", { name: /Erika Mustermann.*erika@example\.com/ });
    expect(validButton).toBeEnabled();
    await user.click(validButton);
    expect(onChoose).toHaveBeenCalledTimes(1);
    expect(onChoose.mock.calls[0]?.[0]).toMatchObject({ name: "Erika Mustermann" });
  });
});
