import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { seededRates } from "../../testing/rates-fixtures.ts";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { AdminRatesPage } from "./admin-rates-page.tsx";

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
});
