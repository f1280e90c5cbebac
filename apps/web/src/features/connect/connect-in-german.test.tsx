import type { ApiCredential } from "@ferry/core/contracts/connect";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { activate, loadLanguage } from "../../i18n/i18n.tsx";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { ConnectPage } from "./connect-page.tsx";

const PAYOUTS: ApiCredential = {
  id: "7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
  appId: "app_Pa12Yo34",
  name: "Payouts",
  description: "",
  scopes: ["transfers:write"],
  transferLimit: { currency: "USD", amount: "1250.00" },
  secretLast4: "2345",
  createdAt: "2026-11-20T10:00:00.000Z",
  lastUsedAt: null,
};

describe("/connect in German", () => {
  beforeEach(async () => {
    await loadLanguage("de");
    activate("de", "UTC");
  });
  afterEach(() => activate("en", "UTC"));

  test("says the page, an app's details and its actions in German, with German dates and amounts", async () => {
    fakeApi({
      "GET /api/v1/api-credentials": () => ({ body: { items: [PAYOUTS], nextCursor: null } }),
      "GET /api/v1/webhook-endpoints": () => ({ body: { items: [], nextCursor: null } }),
      "GET /api/v1/auth/authenticator": () => ({ body: { isEnrolled: false } }),
    });
    const { user } = renderWithApp(<ConnectPage />);

    const app = await screen.findByRole("article", { name: "Payouts" });
    expect(screen.getByRole("button", { name: "Zugangsdaten erstellen" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "API-Referenz" }).parentElement).toHaveProperty(
      "textContent",
      "In der API-Referenz erfahren Sie, wie Sie Ihren ersten Aufruf machen.",
    );
    expect(within(app).getByRole("list", { name: "Berechtigungen" })).toBeTruthy();
    expect(within(app).getByText("Schlüssel endet auf ····2345")).toBeTruthy();
    expect(within(app).getByText("Zuletzt verwendet")).toBeTruthy();
    expect(within(app).getByText("Nie")).toBeTruthy();
    expect(within(app).getByText(/20\.11\.2026/)).toBeTruthy();
    expect(within(app).getByText(/1\.250,00/)).toBeTruthy();
    expect(within(app).getByRole("button", { name: "Endpunkt hinzufügen" })).toBeTruthy();
    expect(await within(app).findByText("Noch keine Webhook-Endpunkte.")).toBeTruthy();

    await user.click(within(app).getByRole("button", { name: "Payouts trennen" }));
    const dialog = await screen.findByRole("dialog", { name: "App trennen" });
    expect(within(dialog).getByRole("button", { name: "Abbrechen" })).toBeTruthy();
  });
});
