import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { activate, loadLanguage } from "../../i18n/i18n.tsx";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { NotificationsPage } from "./notifications-page.tsx";

function notification(id: string, read: boolean) {
  return {
    id,
    title: "Deposit approved",
    message: "EUR 100.00 was added to your balance.",
    type: "success" as const,
    read,
    createdAt: "2026-03-12T14:05:00.000Z",
  };
}

describe("/notifications in German", () => {
  beforeEach(async () => {
    await loadLanguage("de");
    activate("de", "Asia/Tokyo");
  });
  afterEach(() => activate("en", "UTC"));

  test("counts the unread ones with German plurals and shows each time in the chosen zone", async () => {
    const items = [notification("n-1", false), notification("n-2", false), notification("n-3", true)];
    fakeApi({ "GET /api/v1/notifications": () => ({ body: { items, nextCursor: null, unreadCount: 2 } }) });
    renderWithApp(<NotificationsPage />);

    expect(screen.getByRole("heading", { name: "Benachrichtigungen" })).toBeVisible();
    expect(await screen.findByText("Sie haben 2 ungelesene Benachrichtigungen.")).toBeVisible();
    expect(screen.getByRole("button", { name: "Alle als gelesen markieren" })).toBeEnabled();
    // 14:05 UTC is 23:05 in Tokyo.
    expect(screen.getAllByText("12.03.2026, 23:05")).toHaveLength(3);
  });

  test("says in German that nothing is waiting", async () => {
    fakeApi({ "GET /api/v1/notifications": () => ({ body: { items: [], nextCursor: null, unreadCount: 0 } }) });
    renderWithApp(<NotificationsPage />);

    expect(await screen.findByText("Keine Benachrichtigungen")).toBeVisible();
    expect(screen.getByText("Sie sind auf dem neuesten Stand.")).toBeVisible();
  });
});
