import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { activate, loadLanguage } from "../../i18n/i18n.tsx";
import { meQueryKey } from "../../lib/queries/session.ts";
import { ANSWERED_HELP_REQUEST, helpListOf, OPEN_HELP_REQUEST, profileWithRole } from "../../testing/help-fixtures.ts";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { HelpPage } from "./help-page.tsx";

describe("/help in German", () => {
  beforeEach(async () => {
    await loadLanguage("de");
    activate("de", "UTC");
  });
  afterEach(() => activate("en", "UTC"));

  test("names the list, its count, the side cards and the common issues in German", async () => {
    const requests = [ANSWERED_HELP_REQUEST, { ...OPEN_HELP_REQUEST, id: "9c4d5e6f-7a8b-4c3d-9e4f-5a6b7c8d9e0f" }];
    fakeApi({
      "GET /api/v1/help-requests": () => ({ body: helpListOf(requests) }),
      "GET /api/v1/help-requests/unread-count": () => ({ body: { count: 0 } }),
    });
    const { user } = renderWithApp(<HelpPage />, (client) => client.setQueryData(meQueryKey, profileWithRole("user")));

    expect(await screen.findByTestId("help-request-total")).toHaveTextContent("2 Anfragen");
    expect(screen.getByRole("heading", { name: "Ihre Anfragen" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Neue Anfrage" })).toBeVisible();
    expect(screen.getAllByText(/^Letzte Aktivität /).length).toBe(2);
    const topics = within(screen.getByRole("complementary", { name: "Hilfethemen" }));
    expect(topics.getByRole("heading", { name: "Antwortzeiten" })).toBeVisible();
    expect(topics.getByRole("heading", { name: "Häufige Probleme" })).toBeVisible();
    expect(topics.getByRole("button", { name: "Sicherheitsbedenken" })).toBeVisible();

    await user.click(topics.getByRole("button", { name: "Sicherheitsbedenken" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Neue Anfrage" }));
    expect((dialog.getByRole("textbox", { name: "Betreff" }) as HTMLInputElement).value).toBe("Sicherheitsbedenken");
    expect(dialog.getByText(/^Der Support antwortet in der Regel innerhalb von /)).toBeVisible();
    expect(dialog.getByRole("button", { name: "Anfrage senden" })).toBeVisible();
  });
});
