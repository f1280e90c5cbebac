import type { BalanceTotal } from "@ferry/core/contracts/balances";
import type { DisplayCurrency } from "@ferry/core/display-currency";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { activate, loadLanguage } from "../i18n/i18n.tsx";
import { meQueryKey } from "../lib/queries/session.ts";
import { profileWithRole } from "../testing/help-fixtures.ts";
import { fakeApi, renderWithApp } from "../testing/render.tsx";
import { BalanceTotalCard } from "./balance-total.tsx";

/* Issue 29: the total of all balances in the display currency the person saved, at Ferry's rates. */

const RATES_AT = "2026-03-12T14:05:00.000Z";

const TOTALS: Readonly<Record<DisplayCurrency, BalanceTotal>> = {
  USD: { currency: "USD", total: "2008.54", ratesAsOf: RATES_AT, rates: [] },
  EUR: {
    currency: "EUR",
    total: "1859.76",
    ratesAsOf: RATES_AT,
    rates: [
      { from: "USD", to: "EUR", rate: "0.925925925925925926", updatedAt: "2026-03-01T09:00:00.000Z" },
      { from: "BTC", to: "EUR", rate: "60185.185185185185185185", updatedAt: RATES_AT },
    ],
  },
  JPY: {
    currency: "JPY",
    total: "315341",
    ratesAsOf: RATES_AT,
    rates: [
      { from: "USD", to: "JPY", rate: "157", updatedAt: RATES_AT },
      { from: "EUR", to: "USD", rate: "1.08", updatedAt: "2026-03-01T09:00:00.000Z" },
    ],
  },
  BTC: { currency: "BTC", total: "0.03090062", ratesAsOf: null, rates: [] },
};

function showTotal(currency: DisplayCurrency, answer?: { status: number; body: unknown }) {
  const seen = fakeApi({
    "GET /api/v1/balances/total": (request) => answer ?? { body: TOTALS[request.query.currency as DisplayCurrency] },
  });
  const me = profileWithRole("user");
  renderWithApp(<BalanceTotalCard />, (client) =>
    client.setQueryData(meQueryKey, { ...me, preferences: { ...me.preferences, currency } }),
  );
  return seen;
}

describe("the total in the display currency", () => {
  afterEach(() => {
    activate("en", "UTC");
  });

  test("asks for the saved display currency and shows JPY with no decimals, with the rates it used", async () => {
    const seen = showTotal("JPY");

    expect(await screen.findByTestId("balance-total")).toHaveTextContent(/^JPY 315,341$/);
    expect(seen.find((request) => request.path === "/api/v1/balances/total")?.query).toEqual({ currency: "JPY" });
    expect(screen.getByRole("heading", { name: "Total balance in JPY" })).toBeVisible();
    expect(screen.getByText("At Ferry’s rates of Mar 12, 2026, 2:05 PM")).toBeVisible();
    expect(screen.getByText("How we worked this out")).toBeVisible();
    const rates = screen.getByRole("list", { name: "Rates used", hidden: true });
    expect(rates).toHaveTextContent("1 USD = 157 JPY, set Mar 12, 2026, 2:05 PM");
    expect(rates).toHaveTextContent("1 EUR = 1.08 USD, set Mar 1, 2026, 9:00 AM");
  });

  test("shows BTC with 8 decimals, and says no conversion was needed when no rate was used", async () => {
    showTotal("BTC");

    expect(await screen.findByTestId("balance-total")).toHaveTextContent(/^BTC 0.03090062$/);
    expect(screen.getByText("No conversion needed")).toBeVisible();
  });

  test("says so when the total cannot be worked out", async () => {
    showTotal("USD", { status: 503, body: { error: { code: "unavailable", message: "No rate" } } });

    expect(await screen.findByText("The total could not be worked out right now.")).toBeVisible();
    expect(screen.queryByTestId("balance-total")).toBeNull();
  });

  test("reads in German: the heading, the amount, the date and the rates", async () => {
    await loadLanguage("de");
    activate("de", "UTC");
    showTotal("EUR");

    expect(await screen.findByTestId("balance-total")).toHaveTextContent(/^1\.859,76\sEUR$/);
    expect(screen.getByRole("heading", { name: "Gesamtguthaben in EUR" })).toBeVisible();
    expect(screen.getByText("Zu den Ferry-Kursen vom 12.03.2026, 14:05")).toBeVisible();
    expect(screen.getByText("So haben wir das berechnet")).toBeVisible();
    const rates = screen.getByRole("list", { name: "Verwendete Kurse", hidden: true });
    expect(rates).toHaveTextContent("1 USD = 0,92592593 EUR, festgelegt am 01.03.2026, 09:00");
    expect(rates).toHaveTextContent("1 BTC = 60.185,185 EUR, festgelegt am 12.03.2026, 14:05");
  });
});
