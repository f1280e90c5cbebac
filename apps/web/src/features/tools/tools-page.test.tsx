import { priceTransferCost } from "@ferry/core/calculators";
import type { FeeSchedule } from "@ferry/core/contracts/fees";
import { minorOf } from "@ferry/core/money";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { formatMoney } from "../../i18n/format.ts";
import { activate, loadLanguage } from "../../i18n/i18n.tsx";
import { seededRates } from "../../testing/rates-fixtures.ts";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { ToolsPage } from "./tools-page.tsx";

const SCHEDULE: FeeSchedule = {
  transferFeeBasisPoints: { bank: 50, crypto: 100, ferry_user: 0 },
  investmentDailyRate: "0.02",
};

function renderTools(schedule: FeeSchedule = SCHEDULE) {
  fakeApi({
    "GET /api/v1/fees": () => ({ body: schedule }),
    "GET /api/v1/rates": () => ({ body: seededRates() }),
  });
  return renderWithApp(<ToolsPage />);
}

function calculator(name: string) {
  return within(screen.getByRole("region", { name }));
}

describe("the /tools page", () => {
  test("the mortgage calculator shows the spec's default loan at 1,122.61 a month and recalculates as you type", async () => {
    const { user } = renderTools();
    const mortgage = calculator("Mortgage calculator");

    expect(mortgage.getByLabelText("Loan amount")).toHaveValue("250000");
    expect(mortgage.getByLabelText("Interest rate (%)")).toHaveValue("3.5");
    expect(mortgage.getByLabelText("Term (years)")).toHaveValue("30");
    // 1,122.61 × 360 = 404,139.60 paid; less the loan, 154,139.60 of interest.
    expect(mortgage.getByTestId("mortgage-monthly")).toHaveTextContent("1,122.61");
    expect(mortgage.getByTestId("mortgage-total-paid")).toHaveTextContent("404,139.60");
    expect(mortgage.getByTestId("mortgage-total-interest")).toHaveTextContent("154,139.60");
    const result = mortgage.getByRole("status", { name: "Mortgage calculator result" });
    expect(result).toHaveAttribute("aria-live", "polite");

    await user.clear(mortgage.getByLabelText("Loan amount"));
    await user.type(mortgage.getByLabelText("Loan amount"), "200000");
    await user.clear(mortgage.getByLabelText("Interest rate (%)"));
    await user.type(mortgage.getByLabelText("Interest rate (%)"), "6.5");
    expect(mortgage.getByTestId("mortgage-monthly")).toHaveTextContent("1,264.14");
    expect(mortgage.getByTestId("mortgage-total-paid")).toHaveTextContent("455,090.40");
    expect(mortgage.getByTestId("mortgage-total-interest")).toHaveTextContent("255,090.40");

    await user.clear(mortgage.getByLabelText("Term (years)"));
    await user.type(mortgage.getByLabelText("Term (years)"), "0");
    const term = mortgage.getByLabelText("Term (years)");
    expect(term).toHaveAttribute("aria-invalid", "true");
    expect(term).toHaveAccessibleDescription("Enter a whole number of years from 1 to 50");
    expect(result).toHaveTextContent("Correct the highlighted field to see the payment.");
  });

  test("the fee calculator charges the configured fee of each way of sending, rounded up as fees.ts does", async () => {
    const { user } = renderTools();
    await screen.findByRole("region", { name: "Transfer fee calculator" });
    const fees = calculator("Transfer fee calculator");

    await user.clear(fees.getByLabelText("Amount to send"));
    await user.type(fees.getByLabelText("Amount to send"), "1234.56");
    // 0.5 % of 1,234.56 is 6.1728: charged 6.18, paid on top.
    expect(fees.getByText("Fee (0.5 %)")).toBeVisible();
    expect(fees.getByTestId("fee-amount")).toHaveTextContent("USD 6.18");
    expect(fees.getByTestId("fee-total")).toHaveTextContent("USD 1,240.74");

    await user.selectOptions(fees.getByLabelText("Send by"), "Cryptocurrency");
    // A crypto transfer carries a crypto currency: USDC takes USD's place.
    expect(fees.getByLabelText("Currency")).toHaveDisplayValue("USDC");
    const cost = priceTransferCost(minorOf("1234.56", "USDC"), SCHEDULE.transferFeeBasisPoints.crypto);
    expect(fees.getByText("Fee (1 %)")).toBeVisible();
    expect(fees.getByTestId("fee-amount")).toHaveTextContent(
      formatMoney({ currency: "USDC", amountMinor: cost.feeMinor }),
    );
    // Exact (issue 30): USDC has six decimals, and 1 % of 1,234.56 is 12.3456.
    expect(fees.getByTestId("fee-total")).toHaveTextContent("USDC 1,246.9056");

    await user.selectOptions(fees.getByLabelText("Send by"), "Another Ferry user");
    expect(fees.getByTestId("fee-amount")).toHaveTextContent("USDC 0.00");

    await user.clear(fees.getByLabelText("Amount to send"));
    await user.type(fees.getByLabelText("Amount to send"), "0");
    expect(fees.getByLabelText("Amount to send")).toHaveAccessibleDescription("Please enter a valid amount");
  });

  test("the fee calculator follows the operator's schedule, not a copy of the defaults", async () => {
    const { user } = renderTools({ ...SCHEDULE, transferFeeBasisPoints: { bank: 35, crypto: 150, ferry_user: 10 } });
    await screen.findByRole("region", { name: "Transfer fee calculator" });
    const fees = calculator("Transfer fee calculator");

    // 0.35 % of 1,000.00 is exactly 3.50.
    expect(fees.getByText("Fee (0.35 %)")).toBeVisible();
    expect(fees.getByTestId("fee-amount")).toHaveTextContent("USD 3.50");
    await user.selectOptions(fees.getByLabelText("Send by"), "Another Ferry user");
    expect(fees.getByTestId("fee-amount")).toHaveTextContent("USD 1.00");
  });

  test("the converter prices with the rate table's rate and pair fee, as an exchange would", async () => {
    const { user } = renderTools();
    await screen.findByRole("region", { name: "Currency converter" });
    const converter = calculator("Currency converter");

    // 100 USD less the pair's 0.25 % fee is 99.75 USD; at 0.925925925925925926 that is 92.3611 EUR, rounded down.
    expect(converter.getByTestId("converter-receive")).toHaveTextContent("EUR 92.36");
    expect(converter.getByText("1 USD = 0.92592593 EUR")).toBeVisible();
    await user.selectOptions(converter.getByLabelText("To"), "BTC");
    // 100 USD less 0.5 % is 99.50 USD; at 1 / 65,000 that is 0.00153076 BTC, rounded down.
    expect(converter.getByTestId("converter-receive")).toHaveTextContent("BTC 0.00153076");
    await user.selectOptions(converter.getByLabelText("To"), "USD");
    expect(converter.getByRole("status")).toHaveTextContent("Choose two different currencies");
  });

  test("the investment calculator projects the configured daily rate, simple and rounded down", async () => {
    const { user } = renderTools();
    await screen.findByRole("region", { name: "Investment return calculator" });
    const investment = calculator("Investment return calculator");

    // 1,000.00 USD at 2 % a day: 20.00 a day, 600.00 over 30 days.
    expect(investment.getByText("2 % (730 % a year)")).toBeVisible();
    expect(investment.getByTestId("investment-daily")).toHaveTextContent("USD 20.00");
    expect(investment.getByTestId("investment-return")).toHaveTextContent("USD 600.00");
    expect(investment.getByTestId("investment-balance")).toHaveTextContent("USD 1,600.00");
    await user.selectOptions(investment.getByLabelText("Period"), "1 year");
    expect(investment.getByTestId("investment-return")).toHaveTextContent("USD 7,300.00");
  });

  test("the investment calculator uses another operator's rate exactly", async () => {
    renderTools({ ...SCHEDULE, investmentDailyRate: "0.0015" });
    await screen.findByRole("region", { name: "Investment return calculator" });
    const investment = calculator("Investment return calculator");

    // 0.15 % a day of 1,000.00 is 1.50; over 30 days 45.00.
    expect(investment.getByText("0.15 % (54.75 % a year)")).toBeVisible();
    expect(investment.getByTestId("investment-daily")).toHaveTextContent("USD 1.50");
    expect(investment.getByTestId("investment-return")).toHaveTextContent("USD 45.00");
  });

  test("lists four tools as coming soon, and keeps the mortgage calculator when fees and rates cannot load", async () => {
    fakeApi({
      "GET /api/v1/fees": () => ({ status: 503, body: { error: { code: "unavailable", message: "Down" } } }),
      "GET /api/v1/rates": () => ({ status: 503, body: { error: { code: "unavailable", message: "Down" } } }),
    });
    renderWithApp(<ToolsPage />);

    const soon = within(screen.getByRole("region", { name: "More tools on the way" }));
    expect(soon.getAllByRole("listitem")).toHaveLength(4);
    expect(soon.getAllByText("Coming Soon")).toHaveLength(4);
    expect(
      await screen.findAllByText("Ferry's fees and rates could not be loaded right now. Please try again later."),
    ).toHaveLength(3);
    expect(calculator("Mortgage calculator").getByTestId("mortgage-monthly")).toHaveTextContent("1,122.61");
  });
});

describe("the /tools page in German", () => {
  afterEach(() => {
    activate("en", "UTC");
  });

  test("the calculators read in German, with amounts as German writes them", async () => {
    await loadLanguage("de");
    activate("de", "UTC");
    renderTools();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Planen Sie Ihr Geld, bevor Sie es bewegen");
    const mortgage = calculator("Hypothekenrechner");
    expect(mortgage.getByLabelText("Darlehensbetrag")).toHaveValue("250000");
    expect(mortgage.getByLabelText("Zinssatz (%)")).toHaveValue("3.5");
    expect(mortgage.getByTestId("mortgage-monthly")).toHaveTextContent("1.122,61");
    expect(mortgage.getByRole("status", { name: "Ergebnis: Hypothekenrechner" })).toBeInTheDocument();
    expect(mortgage.getByText("Monatliche Rate")).toBeInTheDocument();
    const fees = within(await screen.findByRole("region", { name: "Überweisungsgebührenrechner" }));
    expect(fees.getByText("Gesamtkosten")).toBeInTheDocument();
    expect(
      within(fees.getByLabelText("Senden per")).getByRole("option", { name: "Banküberweisung" }),
    ).toBeInTheDocument();
    expect(screen.getAllByText("Demnächst")).toHaveLength(4);
    const converter = within(await screen.findByRole("region", { name: "Währungsrechner" }));
    expect(converter.getByText("1 USD = 0,92592593 EUR")).toBeVisible();
  });
});
