import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { activate, loadLanguage } from "../i18n/i18n.tsx";
import { seededRates } from "../testing/rates-fixtures.ts";
import { fakeApi, renderWithApp } from "../testing/render.tsx";
import { RatesPage } from "./rates-page.tsx";

describe("the public rates page", () => {
  test("prices the spec's default 1000 USD to BTC from the rate table, lists the six pairs and compares with a bank", async () => {
    fakeApi({ "GET /api/v1/rates": () => ({ body: seededRates() }) });
    const { user } = renderWithApp(<RatesPage />);

    // 1,000 USD less the 0.5 % fee is 995 USD; at 1 / 65,000 that is 0.01530769 BTC, rounded down.
    expect(await screen.findByTestId("calculator-receive")).toHaveTextContent("BTC 0.01530769");
    expect(screen.getByLabelText("Amount")).toHaveValue("1000");
    expect(screen.getByLabelText("From")).toHaveDisplayValue("USD");
    expect(screen.getByLabelText("To")).toHaveDisplayValue("BTC");
    expect(screen.getByText("Fee (0.5 %)")).toBeVisible();
    const rows = screen.getAllByTestId("rate-row").map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    );
    // Grouped, and at most 8 decimals (issue 30): no "65000", no twelve decimals.
    expect(rows).toEqual([
      ["USD", "BTC", "0.00001538", "0.5 %", "Instant"],
      ["USD", "ETH", "0.00028571", "0.5 %", "Instant"],
      ["USD", "USDC", "1", "0.1 %", "Instant"],
      ["BTC", "USD", "65,000", "0.8 %", "Instant"],
      ["ETH", "USD", "3,500", "0.8 %", "Instant"],
      ["EUR", "USD", "1.08", "0.3 %", "Instant"],
    ]);
    const comparison = within(
      screen.getByRole("heading", { name: "Ferry vs. your bank" }).parentElement as HTMLElement,
    );
    expect(comparison.getByText("USD 5.00")).toBeVisible();
    expect(comparison.getByText("USD 35.00")).toBeVisible();
    expect(comparison.getByText("You save USD 30.00")).toBeVisible();

    await user.selectOptions(screen.getByLabelText("From"), "EUR");
    await user.selectOptions(screen.getByLabelText("To"), "USD");
    // 1,000 EUR less 0.3 % is 997 EUR; at 1.08 that is 1,076.76 USD.
    expect(screen.getByTestId("calculator-receive")).toHaveTextContent("USD 1,076.76");
    await user.selectOptions(screen.getByLabelText("To"), "EUR");
    expect(screen.getByRole("alert")).toHaveTextContent("Choose two different currencies");
  });

  test("says the rates are unavailable when they cannot be loaded", async () => {
    fakeApi({
      "GET /api/v1/rates": () => ({ status: 503, body: { error: { code: "unavailable", message: "Down" } } }),
    });
    renderWithApp(<RatesPage />);

    expect(await screen.findByText("Rates are unavailable right now. Please try again later.")).toBeVisible();
  });
});

describe("the public rates page in German", () => {
  afterEach(() => {
    activate("en", "UTC");
  });

  test("reads in German, with amounts, rates, percentages and the rates' time as German writes them", async () => {
    await loadLanguage("de");
    activate("de", "UTC");
    fakeApi({ "GET /api/v1/rates": () => ({ body: seededRates() }) });
    renderWithApp(<RatesPage />);

    expect(await screen.findByTestId("calculator-receive")).toHaveTextContent("0,01530769 BTC");
    expect(screen.getByRole("heading", { level: 1, name: "Kurse vergleichen" })).toBeVisible();
    expect(screen.getByLabelText("Betrag")).toHaveValue("1000");
    expect(screen.getByText("Gebühr (0,5 %)")).toBeVisible();
    expect(screen.getByText("Sie sparen 30,00 USD")).toBeVisible();
    const firstRow = within(screen.getAllByTestId("rate-row")[0] as HTMLElement).getAllByRole("cell");
    expect(firstRow.map((cell) => cell.textContent)).toEqual(["USD", "BTC", "0,00001538", "0,5 %", "Sofort"]);
    expect(screen.getByText(/^Kurse vom \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/)).toBeVisible();
  });
});
