import type { Recipient } from "@ferry/core/contracts/recipients";
import type { NewRecipientRequest } from "@ferry/core/validation/recipient";
import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { SAVED_BANK_RECIPIENT } from "../../../testing/fixtures.ts";
import { fakeApi, renderWithApp } from "../../../testing/render.tsx";
import { useRecipients } from "./get-recipients.ts";
import { useUpdateRecipient } from "./update-recipient.ts";

const SAVED: Recipient = SAVED_BANK_RECIPIENT;

/** The edit the harness sends: a new name, everything else as saved. */
const EDIT: NewRecipientRequest = {
  type: "bank",
  name: "Erika Musterfrau",
  email: "erika@example.com",
  bankName: "Deutsche Bank",
  country: "DE",
  accountNumber: "DE89370400440532013000",
  swiftCode: "DEUTDEFF",
  currency: "EUR",
};

/** Lists the bank recipients and edits the first with EDIT. */
function EditHarness() {
  const recipients = useRecipients("bank");
  const update = useUpdateRecipient();
  return (
    <>
      <ul>
        {(recipients.data?.items ?? []).map((recipient) => (
          <li key={recipient.id}>{recipient.name}</li>
        ))}
      </ul>
      <button type="button" onClick={() => update.mutate({ id: SAVED.id, request: EDIT })}>
        Edit
      </button>
    </>
  );
}

describe("useUpdateRecipient", () => {
  test("PUTs the whole recipient to its own URL and refreshes the list of its type", async () => {
    let saved = SAVED;
    const seen = fakeApi({
      "GET /api/v1/recipients": () => ({ status: 200, body: { items: [saved], nextCursor: null } }),
      [`PUT /api/v1/recipients/${SAVED.id}`]: (request) => {
        saved = { ...SAVED, name: (request.body as { name: string }).name };
        return { status: 200, body: saved };
      },
    });
    const { user } = renderWithApp(<EditHarness />);
    expect(await screen.findByText("Erika Mustermann")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Edit" }));

    expect(await screen.findByText("Erika Musterfrau")).toBeVisible();
    expect(seen.find((request) => request.method === "PUT")).toMatchObject({
      path: `/api/v1/recipients/${SAVED.id}`,
      body: EDIT,
    });
  });
});
