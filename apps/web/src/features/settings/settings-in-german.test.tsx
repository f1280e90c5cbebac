import { DEFAULT_SETTINGS, type Settings } from "@ferry/core/contracts/settings";
import { useQuery } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { activate, I18nProvider, loadLanguage } from "../../i18n/i18n.tsx";
import { meQueryKey } from "../../lib/queries/session.ts";
import { fakeApi, renderWithApp, type SeenRequest } from "../../testing/render.tsx";
import { SettingsPage } from "./settings-page.tsx";

const SESSIONS = [
  {
    id: "session-here",
    device: "Chrome on Linux",
    ipAddress: "203.0.113.7",
    createdAt: "2026-11-20T09:00:00.000Z",
    lastActiveAt: "2026-11-26T09:00:00.000Z",
    isCurrent: true,
  },
  {
    id: "session-phone",
    device: "Safari on iOS",
    browser: "Safari",
    system: "iOS",
    ipAddress: null,
    createdAt: "2026-11-20T09:00:00.000Z",
    lastActiveAt: "2026-11-26T09:00:00.000Z",
    isCurrent: false,
  },
];

/** Serves /api/v1/settings; `current()` is what the session's copy (`me`) would say now. */
function serve() {
  let settings: Settings = DEFAULT_SETTINGS;
  const saveSection = (section: keyof Settings) => (request: SeenRequest) => {
    settings = { ...settings, [section]: request.body };
    return { body: settings };
  };
  fakeApi({
    "GET /api/v1/settings": () => ({ body: settings }),
    "PUT /api/v1/settings/preferences": saveSection("preferences"),
    "GET /api/v1/sessions": () => ({ body: { items: SESSIONS } }),
    "GET /api/v1/auth/authenticator": () => ({ body: { isEnrolled: false } }),
    "GET /api/v1/passkeys": () => ({
      body: {
        items: [{ id: "passkey-1", name: "Work laptop", createdAt: "2026-03-01T10:00:00.000Z", lastUsedAt: null }],
      },
    }),
  });
  return () => settings;
}

/** The app's provider fed by the `me` query, as apps/web/src/app/providers.tsx does. */
function ReadingOf({ current, children }: { current: () => Settings; children: ReactNode }) {
  const { data } = useQuery({ queryKey: meQueryKey, queryFn: async () => ({ preferences: current().preferences }) });
  return <I18nProvider chosen={{ language: data?.preferences.language }}>{children}</I18nProvider>;
}

beforeEach(() => {
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  activate("en", "UTC");
  vi.unstubAllGlobals();
});

describe("/settings in German", () => {
  test("names the cards, their fields and options in German, languages in their own", async () => {
    await loadLanguage("de");
    activate("de", "UTC");
    serve();
    renderWithApp(<SettingsPage />);

    expect(await screen.findByRole("region", { name: "Benachrichtigungseinstellungen" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Einstellungen" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "Sicherheitseinstellungen" })).toBeTruthy();
    const timeout = screen.getByRole("combobox", { name: "Sitzungs-Timeout" });
    expect(within(timeout).getByRole("option", { name: "15 Minuten" })).toBeTruthy();
    expect(within(timeout).getByRole("option", { name: "Nie" })).toBeTruthy();
    const zones = within(screen.getByRole("combobox", { name: "Zeitzone" })).getAllByRole("option");
    expect(zones.map((option) => option.textContent)).toContain("Tokio (JST)");
    const languages = within(screen.getByRole("combobox", { name: "Sprache" })).getAllByRole("option");
    expect(languages.map((option) => option.textContent)).toEqual([
      "English",
      "Español",
      "Français",
      "Deutsch",
      "中文",
    ]);
    expect(
      within(screen.getByRole("combobox", { name: "Design" })).getByRole("option", { name: "Dunkel" }),
    ).toBeTruthy();
    expect(screen.getAllByRole("button", { name: "Speichern" })).toHaveLength(3);
    expect(await screen.findByText("Dieses Gerät")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Authenticator-App einrichten" })).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Work laptop umbenennen" })).toBeTruthy();
    expect(screen.getByText("Hinzugefügt am 01.03.2026, 10:00 · Nie verwendet")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Abmelden: Safari unter iOS, Unbekannte Adresse" })).toBeTruthy();
    expect(screen.getByText(/Unbekannte Adresse · Zuletzt aktiv .* · Angemeldet am 20\.11\.2026/)).toBeTruthy();
  });

  test("saving German on the App Preferences card switches the page to German at once", async () => {
    const current = serve();
    const { user } = renderWithApp(
      <ReadingOf current={current}>
        <SettingsPage />
      </ReadingOf>,
    );

    await user.selectOptions(await screen.findByRole("combobox", { name: "Language" }), "de");
    const card = screen.getByRole("region", { name: "App Preferences" });
    await user.click(within(card).getByRole("button", { name: "Save" }));

    expect(await screen.findByRole("region", { name: "App-Einstellungen" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Einstellungen" })).toBeTruthy();
    expect((screen.getByRole("combobox", { name: "Sprache" }) as HTMLSelectElement).value).toBe("de");
  });

  test("says 'Settings Updated' in the language just saved, not the one left", async () => {
    const current = serve();
    const { user } = renderWithApp(
      <ReadingOf current={current}>
        <SettingsPage />
      </ReadingOf>,
    );

    await user.selectOptions(await screen.findByRole("combobox", { name: "Language" }), "de");
    const card = screen.getByRole("region", { name: "App Preferences" });
    await user.click(within(card).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Einstellungen aktualisiert")).toBeTruthy();
    expect(screen.queryByText("Settings Updated")).toBeNull();
  });
});

describe("/settings in Chinese", () => {
  test("offers a session that never times out in words apart from the past 'Never'", async () => {
    await loadLanguage("zh");
    activate("zh", "UTC");
    serve();
    renderWithApp(<SettingsPage />);

    const timeout = await screen.findByRole("combobox", { name: "会话超时" });
    expect(within(timeout).getByRole("option", { name: "永不" })).toBeTruthy();
    expect(within(timeout).queryByRole("option", { name: "从未" })).toBeNull();
  });
});
