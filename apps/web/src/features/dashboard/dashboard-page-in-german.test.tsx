import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { activate, loadLanguage } from "../../i18n/i18n.tsx";
import { meQueryKey } from "../../lib/queries/session.ts";
import { profileWithRole } from "../../testing/help-fixtures.ts";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { DashboardPage } from "./dashboard-page.tsx";

describe("/dashboard in German", () => {
  beforeEach(async () => {
    await loadLanguage("de");
    activate("de", "UTC");
  });
  afterEach(() => activate("en", "UTC"));

  test("greets, names the currency accounts and shows German amounts", async () => {
    fakeApi({
      "GET /api/v1/balances": () => ({
        body: { balances: [{ currency: "EUR", balance: "1250.50", reserved: "0.00", available: "1250.50" }] },
      }),
    });
    renderWithApp(<DashboardPage />, (client) => client.setQueryData(meQueryKey, profileWithRole("user")));

    expect(screen.getByRole("heading", { name: "Willkommen zurück, Erika Mustermann" })).toBeVisible();
    expect(screen.getByText("So steht es heute um Ihr Geld.")).toBeVisible();
    expect(screen.getByRole("link", { name: "Zu den Guthaben" })).toHaveAttribute("href", "/balance");
    expect(screen.getByRole("heading", { name: "Währungskonten" })).toBeVisible();
    expect(screen.getByText("Kanadischer Dollar")).toBeVisible();
    expect(await screen.findByText("€1.250,50")).toBeVisible();
    expect(screen.getAllByText("Verfügbares Guthaben")).toHaveLength(4);
  });
});
