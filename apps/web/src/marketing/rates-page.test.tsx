import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
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
    expect(rows).toEqual([
      ["USD", "BTC", "0.000015384615", "0.5 %", "Instant"],
      ["USD", "ETH", "0.00028571429", "0.5 %", "Instant"],
      ["USD", "USDC", "1", "0.1 %", "Instant"],
      ["BTC", "USD", "65000", "0.8 %", "Instant"],
      ["ETH", "USD", "3500", "0.8 %", "Instant"],
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
