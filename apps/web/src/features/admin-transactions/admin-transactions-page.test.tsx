import type { AdminTransfer, AdminTransferList } from "@ferry/core/contracts/transfers";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { activate, loadLanguage } from "../../i18n/i18n.tsx";
import { fakeApi, renderWithApp, stubScreenWidth } from "../../testing/render.tsx";
import { AdminTransactionsPage } from "./admin-transactions-page.tsx";

const TO_BANK: AdminTransfer = {
  id: "5e6f7081-92a3-4b4c-8d5e-6f708192a3b4",
  method: "bank",
  status: "pending",
  currency: "EUR",
  amount: "1250.50",
  fee: "2.50",
  total: "1253.00",
  recipientName: "Erika Mustermann",
  recipientEmail: "erika@example.com",
  memo: null,
  app: null,
  createdAt: "2026-03-01T14:05:00.000Z",
  senderEmail: "ada@example.com",
  senderName: "Ada Lovelace",
  cryptoAddress: null,
  cryptoNetwork: null,
  recipientBankName: "Sparkasse",
};

const PAGE: AdminTransferList = { items: [TO_BANK], nextCursor: null };

describe("the admin's transactions in German", () => {
  beforeEach(() => stubScreenWidth(true));
  afterEach(() => activate("en", "UTC"));

  test("names the columns, method and statuses in German, with German amounts, dates and times", async () => {
    await loadLanguage("de");
    activate("de", "Europe/Berlin");
    fakeApi({ "GET /api/v1/admin/transactions": () => ({ body: PAGE }) });
    renderWithApp(<AdminTransactionsPage />);

    const [row] = await screen.findAllByTestId("admin-transfer");
    expect(screen.getByRole("heading", { name: "Transaktionsverwaltung" })).toBeVisible();
    expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
      "Datum",
      "Absender",
      "Empfänger",
      "Methode",
      "Betrag",
      "Gebühr",
      "Status",
    ]);
    const cells = within(row).getAllByRole("cell");
    // 14:05 UTC is 15:05 in Berlin in March (CET).
    expect(cells[0]).toHaveTextContent("01.03.2026");
    expect(cells[0]).toHaveTextContent("15:05");
    expect(cells[3]).toHaveTextContent("Bank");
    expect(cells[4]).toHaveTextContent("1.250,50 EUR");
    expect(cells[5]).toHaveTextContent("2,50");
    const status = within(row).getByRole("combobox", { name: "Status der Überweisung an erika@example.com" });
    expect(
      within(status)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Ausstehend", "Verarbeitet", "Gesendet", "Fehlgeschlagen", "Storniert"]);
    expect(status).toHaveValue("pending");
    const filter = screen.getByRole("combobox", { name: "Nach Status filtern" });
    expect(within(filter).getByRole("option", { name: "Alle Status" })).toHaveValue("");
  });
});

describe("an admin's status change (issue 30)", () => {
  beforeEach(() => stubScreenWidth(true));

  test("that moves money asks first, naming the amount and the customer; Cancel changes nothing", async () => {
    const seen = fakeApi({
      "GET /api/v1/admin/transactions": () => ({ body: PAGE }),
      [`PATCH /api/v1/admin/transactions/${TO_BANK.id}/status`]: () => ({
        body: { status: "failed", isChanged: true },
      }),
    });
    const { user } = renderWithApp(<AdminTransactionsPage />);
    const status = await screen.findByRole("combobox", { name: "Status of the transfer to erika@example.com" });

    await user.selectOptions(status, "failed");
    const ask = await screen.findByRole("dialog", { name: "Change this transfer to Failed?" });
    expect(ask).toHaveTextContent("EUR 1,253.00 returns to Ada Lovelace's available balance.");
    await user.click(within(ask).getByRole("button", { name: "Cancel" }));
    expect(seen.filter((request) => request.method === "PATCH")).toEqual([]);

    await user.selectOptions(status, "sent");
    const again = await screen.findByRole("dialog", { name: "Change this transfer to Sent?" });
    expect(again).toHaveTextContent("EUR 1,253.00 leaves Ada Lovelace's balance for good.");
    await user.click(within(again).getByRole("button", { name: "Change status" }));
    await expect
      .poll(() => seen.filter((request) => request.method === "PATCH").map((request) => request.body))
      .toEqual([{ status: "sent" }]);
  });

  test("that moves no money applies at once", async () => {
    const seen = fakeApi({
      "GET /api/v1/admin/transactions": () => ({ body: PAGE }),
      [`PATCH /api/v1/admin/transactions/${TO_BANK.id}/status`]: () => ({
        body: { status: "processed", isChanged: true },
      }),
    });
    const { user } = renderWithApp(<AdminTransactionsPage />);
    const status = await screen.findByRole("combobox", { name: "Status of the transfer to erika@example.com" });

    await user.selectOptions(status, "processed");
    expect(screen.queryByRole("dialog")).toBeNull();
    await expect
      .poll(() => seen.filter((request) => request.method === "PATCH").map((request) => request.body))
      .toEqual([{ status: "processed" }]);
  });
});

describe("the admin's transactions when they cannot be read (issue 30)", () => {
  beforeEach(() => stubScreenWidth(true));

  test("says the list could not be loaded, not 'No transactions found', and Retry reads it", async () => {
    let isDown = true;
    fakeApi({
      "GET /api/v1/admin/transactions": () =>
        isDown ? { status: 503, body: { error: { code: "unavailable", message: "Try again later" } } } : { body: PAGE },
    });
    const { user } = renderWithApp(<AdminTransactionsPage />);

    const failure = await screen.findByTestId("load-failed");
    expect(failure).toHaveTextContent("This list could not be loaded right now.");
    // The toast's text (Sonner's own animation decides when jsdom counts it as visible).
    expect(await screen.findByText("Failed to load transactions")).toBeInTheDocument();
    expect(screen.queryByText("No transactions found")).toBeNull();

    isDown = false;
    await user.click(within(failure).getByRole("button", { name: "Retry" }));
    expect(await screen.findByTestId("admin-transfer")).toHaveTextContent("erika@example.com");
    expect(screen.queryByTestId("load-failed")).toBeNull();
  });
});
