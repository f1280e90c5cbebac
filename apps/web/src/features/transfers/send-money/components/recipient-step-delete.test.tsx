import type { Recipient } from "@ferry/core/contracts/recipients";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { SAVED_BANK_RECIPIENT } from "../../../../testing/fixtures.ts";
import { fakeApi, renderWithApp } from "../../../../testing/render.tsx";
import { RecipientStep } from "./recipient-step.tsx";

const ERIKA: Recipient = SAVED_BANK_RECIPIENT;

/** Saved under older rules: marked, and the one a person most wants to delete. */
const OLD_ACCOUNT: Recipient = {
  ...ERIKA,
  id: "1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d",
  name: "Old Account",
  accountNumber: "DE8O370400440532013000",
  needsReview: true,
  reviewReason: "Account number: This looks like a mistyped IBAN",
};

function renderStep() {
  return renderWithApp(
    <RecipientStep type="bank" onChoose={() => {}} onAddNew={() => {}} onEdit={() => {}} onBack={() => {}} />,
  );
}

describe("deleting a saved recipient", () => {
  test("asks first, deletes on confirmation, says so, and the list no longer shows it", async () => {
    let saved = [OLD_ACCOUNT, ERIKA];
    const seen = fakeApi({
      "GET /api/v1/recipients": () => ({ status: 200, body: { items: saved, nextCursor: null } }),
      [`DELETE /api/v1/recipients/${OLD_ACCOUNT.id}`]: () => {
        saved = [ERIKA];
        // The real answer is a 204 without a body; the fake API always sends JSON, so an empty 200 stands in.
        return { status: 200, body: null };
      },
    });
    const { user } = renderStep();

    await user.click(await screen.findByRole("button", { name: "Delete recipient Old Account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete recipient" });
    expect(dialog).toHaveTextContent('Delete "Old Account" from your saved recipients?');
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));

    expect(await screen.findByText("Recipient deleted")).toBeVisible();
    await waitFor(() => expect(screen.queryByRole("button", { name: /Old Account/ })).not.toBeInTheDocument());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Delete recipient Erika Mustermann" })).toBeVisible();
    expect(seen.filter((request) => request.method === "DELETE").map((request) => request.path)).toEqual([
      `/api/v1/recipients/${OLD_ACCOUNT.id}`,
    ]);
  });

  test("Cancel deletes nothing", async () => {
    const seen = fakeApi({
      "GET /api/v1/recipients": () => ({ status: 200, body: { items: [ERIKA], nextCursor: null } }),
    });
    const { user } = renderStep();

    await user.click(await screen.findByRole("button", { name: "Delete recipient Erika Mustermann" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(seen.some((request) => request.method === "DELETE")).toBe(false);
    expect(screen.getByRole("button", { name: "Delete recipient Erika Mustermann" })).toBeVisible();
  });

  test("a refused delete says 'Failed to delete recipient' with the server's words, and keeps the recipient", async () => {
    fakeApi({
      "GET /api/v1/recipients": () => ({ status: 200, body: { items: [ERIKA], nextCursor: null } }),
      [`DELETE /api/v1/recipients/${ERIKA.id}`]: () => ({
        status: 404,
        body: { error: { code: "not_found", message: "Recipient not found" } },
      }),
    });
    const { user } = renderStep();

    await user.click(await screen.findByRole("button", { name: "Delete recipient Erika Mustermann" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));

    expect(await screen.findByText("Failed to delete recipient")).toBeVisible();
    expect(screen.getByText("Recipient not found")).toBeVisible();
    expect(screen.getByRole("dialog", { name: "Delete recipient" })).toBeVisible();
  });
});
