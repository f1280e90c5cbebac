import type { AdminDeposit, AdminDepositList } from "@ferry/core/contracts/deposits";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { activate, loadLanguage } from "../../i18n/i18n.tsx";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { AdminDepositsPage } from "./admin-deposits-page.tsx";

afterEach(() => {
  activate("en", "UTC");
});

const PENDING: AdminDeposit = {
  id: "3d4e5f60-7182-4c9d-8e0f-1a2b3c4d5e6f",
  depositType: "bank",
  currency: "EUR",
  amount: "900.00",
  network: null,
  transactionHash: null,
  reference: "FERRY-ABC234",
  status: "pending",
  customerNote: null,
  createdAt: "2026-03-01T10:00:00.000Z",
  userId: "user-ada",
  userEmail: "ada@example.com",
  userName: "Ada Lovelace",
};

const PAGE: AdminDepositList = { items: [PENDING], nextCursor: null, pendingCount: 1 };

describe("the admin's deposit review", () => {
  test("says which note only admins see and which the customer is shown, and sends them apart", async () => {
    const requests = fakeApi({
      "GET /api/v1/admin/deposits": () => ({ body: PAGE }),
      [`POST /api/v1/admin/deposits/${PENDING.id}/review`]: (request) => ({
        body: { ...PENDING, status: "rejected", ...(request.body as object) },
      }),
    });
    const { user } = renderWithApp(<AdminDepositsPage />);
    await user.click(await screen.findByRole("button", { name: /Review deposit of EUR 900.00/ }));
    const dialog = screen.getByRole("dialog", { name: "Review Deposit" });

    await user.type(
      within(dialog).getByLabelText("Internal note — only admins see this"),
      "internal: suspected fraud, case 7",
    );
    await user.type(within(dialog).getByLabelText("Note to the customer"), "We found no matching bank credit");
    expect(within(dialog).getByText(/the customer never sees it/)).toBeVisible();
    // The customer's web app shows the note in the notification only: the hint says no more.
    expect(
      within(dialog).getByText("Optional. The customer reads it in the notification of your decision."),
    ).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));

    expect(await screen.findByText("Deposit rejected")).toBeVisible();
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({
      decision: "reject",
      adminNotes: "internal: suspected fraud, case 7",
      customerNote: "We found no matching bank credit",
    });
  });

  test("reads in German: the title, the count, the amount and date in German form, and the review dialog", async () => {
    await loadLanguage("de");
    activate("de", "UTC");
    fakeApi({ "GET /api/v1/admin/deposits": () => ({ body: PAGE }) });
    const { user } = renderWithApp(<AdminDepositsPage />);

    expect(await screen.findByRole("heading", { name: "Einzahlungsfreigaben" })).toBeVisible();
    expect(await screen.findByText("1 ausstehend")).toBeVisible();
    expect(screen.getByText(/^900,00\sEUR$/)).toBeVisible();
    expect(screen.getByText("01.03.2026, 10:00")).toBeVisible();
    await user.click(screen.getByRole("button", { name: /^Einzahlung von 900,00\sEUR von ada@example.com prüfen$/ }));

    const dialog = screen.getByRole("dialog", { name: "Einzahlung prüfen" });
    expect(within(dialog).getByLabelText("Interne Notiz – nur für Admins sichtbar")).toBeVisible();
    expect(within(dialog).getByText("Referenz")).toBeVisible();
    expect(within(dialog).getByRole("button", { name: "Genehmigen" })).toBeVisible();
    expect(within(dialog).getByRole("button", { name: "Ablehnen" })).toBeVisible();
  });
});

describe("the admin's deposits when they cannot be read (issue 30)", () => {
  test("says the list could not be loaded, with no '0 pending' nor 'No Pending Deposits', and Retry reads it", async () => {
    let isDown = true;
    fakeApi({
      "GET /api/v1/admin/deposits": () =>
        isDown ? { status: 503, body: { error: { code: "unavailable", message: "Try again later" } } } : { body: PAGE },
    });
    const { user } = renderWithApp(<AdminDepositsPage />);

    const failure = await screen.findByTestId("load-failed");
    expect(failure).toHaveTextContent("This list could not be loaded right now.");
    // The toast's text (Sonner's own animation decides when jsdom counts it as visible).
    expect(await screen.findByText("Failed to load pending deposits")).toBeInTheDocument();
    expect(screen.queryByText("No Pending Deposits")).toBeNull();
    expect(screen.queryByText("0 pending")).toBeNull();

    isDown = false;
    await user.click(within(failure).getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("1 pending")).toBeVisible();
    expect(screen.getByRole("button", { name: /Review deposit of .* from/ })).toBeVisible();
    expect(screen.queryByTestId("load-failed")).toBeNull();
  });
});
