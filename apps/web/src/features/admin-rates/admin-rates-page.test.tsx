import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { activate, loadLanguage } from "../../i18n/i18n.tsx";
import { seededRates } from "../../testing/rates-fixtures.ts";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { AdminRatesPage } from "./admin-rates-page.tsx";

afterEach(() => {
  activate("en", "UTC");
});

describe("the admin's rates table", () => {
  test("finds a pair by its currencies and saves a new rate and fee for it", async () => {
    const requests = fakeApi({
      "GET /api/v1/rates": () => ({ body: seededRates() }),
      "PUT /api/v1/admin/rates/EUR/USD": (request) => ({
        body: { from: "EUR", to: "USD", ...(request.body as object), updatedAt: "2026-02-01T00:00:00.000Z" },
      }),
    });
    const { user } = renderWithApp(<AdminRatesPage />);
    expect(await screen.findAllByTestId("rate-pair")).toHaveLength(72);

    await user.type(screen.getByLabelText("Search pairs"), "eur usd");

    const rows = screen.getAllByTestId("rate-pair");
    expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual(["USD → EUR", "EUR → USD"]);
    const save = screen.getByRole("button", { name: "Save EUR to USD" });
    expect(save).toBeDisabled();
    await user.clear(screen.getByLabelText("Rate EUR to USD"));
    await user.type(screen.getByLabelText("Rate EUR to USD"), "1.0x");
    expect(screen.getByText("Enter a rate above 0 with at most 18 decimals")).toBeVisible();
    expect(save).toBeDisabled();
    await user.clear(screen.getByLabelText("Rate EUR to USD"));
    await user.type(screen.getByLabelText("Rate EUR to USD"), "1.0925");
    await user.clear(screen.getByLabelText("Fee in basis points EUR to USD"));
    await user.type(screen.getByLabelText("Fee in basis points EUR to USD"), "35");
    expect(screen.getByText("0.35 %")).toBeVisible();
    await user.click(save);

    expect(await screen.findByText("Rate updated")).toBeVisible();
    expect(requests.find((request) => request.method === "PUT")?.body).toEqual({ rate: "1.0925", feeBasisPoints: 35 });
  });

  test("says 'Failed to load rates' and shows a failed table with Retry, not 'No pairs found'", async () => {
    let isDown = true;
    fakeApi({
      "GET /api/v1/rates": () =>
        isDown
          ? { status: 503, body: { error: { code: "unavailable", message: "Try again later" } } }
          : { body: seededRates() },
    });
    const { user } = renderWithApp(<AdminRatesPage />);

    // The toast's text (Sonner's own animation decides when jsdom counts it as visible).
    expect(await screen.findByText("Failed to load rates")).toBeInTheDocument();
    const failure = screen.getByTestId("load-failed");
    expect(failure).toHaveTextContent("This list could not be loaded right now.");
    expect(screen.queryByText("No pairs found")).toBeNull();

    isDown = false;
    await user.click(within(failure).getByRole("button", { name: "Retry" }));
    expect(await screen.findAllByTestId("rate-pair")).toHaveLength(72);
    expect(screen.queryByTestId("load-failed")).toBeNull();
  });

  test("reads in German: headers, a pair's labels, its fee as a German percentage and its update time", async () => {
    await loadLanguage("de");
    activate("de", "UTC");
    fakeApi({ "GET /api/v1/rates": () => ({ body: seededRates() }) });
    const { user } = renderWithApp(<AdminRatesPage />);
    expect(await screen.findAllByTestId("rate-pair")).toHaveLength(72);

    expect(screen.getByRole("heading", { name: "Wechselkurse" })).toBeVisible();
    expect(screen.getByRole("columnheader", { name: "Gebühr (Basispunkte)" })).toBeVisible();
    await user.type(screen.getByLabelText("Paare suchen"), "eur usd");
    const fee = screen.getByLabelText("Gebühr in Basispunkten EUR zu USD");
    await user.clear(fee);
    await user.type(fee, "35");
    expect(screen.getByText("0,35 %")).toBeVisible();
    expect(screen.getByRole("button", { name: "EUR zu USD speichern" })).toHaveTextContent("Speichern");
    const rows = screen.getAllByTestId("rate-pair");
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(within(row).getByText("01.01.2026, 00:00")).toBeVisible();
    }
  });
});
