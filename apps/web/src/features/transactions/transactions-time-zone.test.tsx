import type { TransactionItem, TransactionList } from "@ferry/core/contracts/transfers";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { activate, loadLanguage } from "../../i18n/i18n.tsx";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { TransactionsPage } from "./transactions-page.tsx";

/* Issue 29: a transaction's time reads in the person's language and chosen time zone, as its CSV row does. */

const SENT: TransactionItem = {
  id: "t9a4c1f0e-1b2c-4d5e-8f90-123456789abc",
  type: "sent",
  method: "ferry_user",
  status: "sent",
  currency: "USD",
  amount: "1250.50",
  fee: "0.00",
  direction: "out",
  counterparty: "grace@example.com",
  memo: null,
  app: null,
  createdAt: "2026-11-20T22:30:00.000Z",
};

function showHistory() {
  const page: TransactionList = { items: [SENT], nextCursor: null };
  fakeApi({ "GET /api/v1/transactions": () => ({ body: page }) });
  renderWithApp(<TransactionsPage />);
}

describe("transaction times in the chosen zone", () => {
  afterEach(() => {
    activate("en", "UTC");
  });

  test("a German reader in Tokyo sees the next day's date and the Tokyo time, and a German amount", async () => {
    await loadLanguage("de");
    activate("de", "Asia/Tokyo");
    showHistory();
    const [row] = await screen.findAllByTestId("transaction-row");
    expect(within(row).getByText("21.11.2026, 07:30")).toBeVisible();
    expect(row.querySelector("time")?.getAttribute("datetime")).toBe(SENT.createdAt);
    expect(row).toHaveTextContent("1.250,50");
  });

  test("a German reader sees the page, the row's type, counterparty and fee in German", async () => {
    await loadLanguage("de");
    activate("de", "UTC");
    const page: TransactionList = { items: [{ ...SENT, fee: "2.50" }], nextCursor: null };
    fakeApi({ "GET /api/v1/transactions": () => ({ body: page }) });
    renderWithApp(<TransactionsPage />);
    expect(screen.getByRole("heading", { name: "Transaktionsverlauf" })).toBeVisible();
    expect(screen.getByRole("link", { name: "CSV exportieren" })).toBeVisible();
    const [row] = await screen.findAllByTestId("transaction-row");
    expect(within(row).getByText("Geld gesendet")).toBeVisible();
    expect(row).toHaveTextContent("An: grace@example.com");
    expect(within(row).getByTestId("transaction-fee")).toHaveTextContent("Gebühr: 2,50 USD");
    expect(screen.getByRole("list", { name: "Transaktionen" })).toBeVisible();
  });

  test("the same moment reads in UTC by default, in English", async () => {
    showHistory();
    const [row] = await screen.findAllByTestId("transaction-row");
    expect(within(row).getByText("Nov 20, 2026, 10:30 PM")).toBeVisible();
    expect(row).toHaveTextContent("1,250.50");
  });
});
