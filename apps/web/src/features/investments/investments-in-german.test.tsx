import type { Investment } from "@ferry/core/contracts/investments";
import { parseDailyRate } from "@ferry/core/investment-returns";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { activate, loadLanguage } from "../../i18n/i18n.tsx";
import { NEW_INVESTMENT_FIGURES } from "../../testing/investment-fixtures.ts";
import { renderWithApp } from "../../testing/render.tsx";
import { InvestmentHistory } from "./components/investment-history.tsx";
import { ReturnProjections } from "./components/return-projections.tsx";
import { SummaryCards } from "./components/summary-cards.tsx";

const INVESTMENT: Investment = {
  id: "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b",
  ...NEW_INVESTMENT_FIGURES,
  lastReturnDate: "2026-03-12",
  nextPayout: { amount: "20.00", at: "2026-03-13T00:00:00.000Z", isAfterToday: true },
};

const PARSED_RATE = parseDailyRate("0.0015");
const RATE = PARSED_RATE.ok ? PARSED_RATE.rate : null;

describe("investments in German", () => {
  beforeEach(async () => {
    await loadLanguage("de");
    activate("de", "Europe/Berlin");
  });
  afterEach(() => activate("en", "UTC"));

  test("the summary cards show their titles, amounts and dates in German", () => {
    renderWithApp(<SummaryCards investment={INVESTMENT} />);
    const invested = screen.getByRole("group", { name: "Angelegter Betrag" });
    expect(within(invested).getByTestId("card-value")).toHaveTextContent("1.000,00 USD");
    expect(screen.getByRole("group", { name: "Erträge gesamt" })).toHaveTextContent(
      "Zuletzt ausgezahlt für 12.03.2026",
    );
    expect(screen.getByRole("group", { name: "Nächste Auszahlung" })).toHaveTextContent(
      "Heute investiertes Geld bringt ab morgen Erträge",
    );
  });

  test("the history shows each movement, its time and the balance after it in German", () => {
    renderWithApp(
      <InvestmentHistory
        transactions={[
          {
            id: "7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
            type: "daily_return",
            amount: "1250.50",
            balanceAfter: "2250.50",
            createdAt: "2026-03-01T10:00:00.000Z",
          },
        ]}
      />,
    );
    expect(screen.getByRole("heading", { name: "Letzte Investmenttransaktionen" })).toBeVisible();
    const row = screen.getByTestId("investment-transaction");
    expect(row).toHaveTextContent("Tagesertrag");
    expect(row).toHaveTextContent("01.03.2026, 11:00");
    expect(row).toHaveTextContent("+1.250,50 USD");
    expect(row).toHaveTextContent("Saldo danach: 2.250,50 USD");
  });

  test("the projections show their figures, rate and chart table in German", () => {
    renderWithApp(
      <ReturnProjections
        overview={{
          investment: INVESTMENT,
          dailyRate: "0.0015",
          annualRoiPercent: "54.75",
          projections: { days30: "45.00", days365: "547.50" },
          transactions: [],
        }}
        rate={RATE}
      />,
    );
    expect(screen.getByRole("heading", { name: "Ertragsprognose" })).toBeVisible();
    expect(screen.getByText(/Mit 0,15 % pro Tag auf Ihr aktuelles Guthaben/)).toBeVisible();
    expect(screen.getByTestId("projection-365")).toHaveTextContent("547,50 USD");
    expect(screen.getByTestId("annual-roi")).toHaveTextContent("54,75 %");
    expect(screen.getByRole("table")).toHaveTextContent("365 Tage");
    expect(screen.getByRole("columnheader", { name: "Erwarteter Ertrag" })).toBeInTheDocument();
  });
});
