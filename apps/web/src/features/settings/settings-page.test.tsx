import { DEFAULT_SETTINGS, type Settings } from "@ferry/core/contracts/settings";
import { SESSION_EXPIRES_IN_HEADER } from "@ferry/core/session-headers";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { loadLanguage } from "../../i18n/i18n.tsx";
import { idleDeadlineMs } from "../../lib/idle-session.ts";
import { fakeApi, renderWithApp, type SeenRequest } from "../../testing/render.tsx";
import { SettingsPage } from "./settings-page.tsx";

/** Serves GET /api/v1/settings and each PUT, answering the saved section merged into `settings`. */
function serve(initial: Settings = DEFAULT_SETTINGS) {
  let settings = initial;
  const saveSection = (section: keyof Settings) => (request: SeenRequest) => {
    settings = { ...settings, [section]: request.body };
    return { body: settings };
  };
  return fakeApi({
    "GET /api/v1/settings": () => ({ body: settings }),
    "PUT /api/v1/settings/notifications": saveSection("notifications"),
    "PUT /api/v1/settings/security": saveSection("security"),
    "PUT /api/v1/settings/preferences": saveSection("preferences"),
  });
}

function cardOf(title: string): HTMLElement {
  return screen.getByRole("region", { name: title });
}

beforeEach(() => {
  // The switches (Radix) measure themselves; jsdom has no ResizeObserver.
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
  vi.unstubAllGlobals();
});

describe("/settings", () => {
  test("shows the three cards with the saved values, each switch and select labelled", async () => {
    serve({ ...DEFAULT_SETTINGS, security: { sessionTimeout: "120" } });
    renderWithApp(<SettingsPage />);

    expect(await screen.findByRole("switch", { name: "Email" })).toHaveProperty("ariaChecked", "true");
    expect(screen.getByRole("switch", { name: "Push" })).toHaveProperty("ariaChecked", "false");
    expect(screen.getByRole("switch", { name: "SMS" })).toHaveProperty("ariaChecked", "false");
    expect(screen.getByRole("switch", { name: "Marketing" })).toHaveProperty("ariaChecked", "false");
    expect((screen.getByRole("combobox", { name: "Session Timeout" }) as HTMLSelectElement).value).toBe("120");
    // The spec's options: 15, 30, 60, 120 minutes or never.
    const timeouts = within(screen.getByRole("combobox", { name: "Session Timeout" })).getAllByRole("option");
    expect(timeouts.map((option) => option.textContent)).toEqual([
      "15 minutes",
      "30 minutes",
      "60 minutes",
      "120 minutes",
      "Never",
    ]);
    expect((screen.getByRole("combobox", { name: "Time Zone" }) as HTMLSelectElement).value).toBe("UTC");
    const zones = within(screen.getByRole("combobox", { name: "Time Zone" })).getAllByRole("option");
    expect(zones.map((option) => option.textContent)).toEqual(["UTC", "EST", "PST", "GMT", "JST"]);
    expect(screen.getAllByRole("button", { name: "Save" })).toHaveLength(3);
  });

  test("saves only the card whose Save was pressed, with the spec's toast", async () => {
    const seen = serve();
    const { user } = renderWithApp(<SettingsPage />);

    await user.click(await screen.findByRole("switch", { name: "Marketing" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Theme" }), "dark");
    await user.click(within(cardOf("Notification Preferences")).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Settings Updated")).toBeTruthy();
    expect(screen.getByText("Your notification settings have been saved successfully.")).toBeTruthy();
    const writes = seen.filter((request) => request.method === "PUT");
    expect(writes).toEqual([
      expect.objectContaining({
        path: "/api/v1/settings/notifications",
        body: { ...DEFAULT_SETTINGS.notifications, marketingNotifications: true },
      }),
    ]);
  });

  test("saves the app preferences with the time zone as an IANA zone", async () => {
    // French's messages compiled ahead: on a loaded machine their first build outlasts findByText's 1 s.
    await loadLanguage("fr");
    const seen = serve();
    const { user } = renderWithApp(<SettingsPage />);

    await user.selectOptions(await screen.findByRole("combobox", { name: "Time Zone" }), "JST");
    await user.selectOptions(screen.getByRole("combobox", { name: "Language" }), "fr");
    await user.click(within(cardOf("App Preferences")).getByRole("button", { name: "Save" }));

    // The toast speaks the language just saved.
    expect(await screen.findByText("Vos paramètres de l’application ont bien été enregistrés.")).toBeTruthy();
    expect(seen.find((request) => request.method === "PUT")?.body).toEqual({
      language: "fr",
      currency: "USD",
      timeZone: "Asia/Tokyo",
      theme: "system",
    });
  });

  test("keeps Push off and says why when the browser refuses notifications", async () => {
    vi.stubGlobal("Notification", { permission: "default", requestPermission: async () => "denied" });
    serve();
    const { user } = renderWithApp(<SettingsPage />);

    const push = await screen.findByRole("switch", { name: "Push" });
    await user.click(push);

    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      expect.stringContaining("blocks notifications"),
    );
    expect(push).toHaveProperty("ariaChecked", "false");
  });

  test("switches Push on once the browser allows notifications", async () => {
    const requestPermission = vi.fn(async () => "granted");
    vi.stubGlobal("Notification", { permission: "default", requestPermission });
    serve();
    const { user } = renderWithApp(<SettingsPage />);

    const push = await screen.findByRole("switch", { name: "Push" });
    await user.click(push);

    await vi.waitFor(() => expect(push).toHaveProperty("ariaChecked", "true"));
    expect(requestPermission).toHaveBeenCalledOnce();
  });

  test("a new session timeout reads the sessions again, whose answer gives the idle warning its figure", async () => {
    let secondsLeft = "1800";
    const seen = fakeApi({
      "GET /api/v1/settings": () => ({ body: DEFAULT_SETTINGS }),
      "PUT /api/v1/settings/security": (request) => {
        // The save is checked under the old timeout; the next counted request reports the new one.
        const answer = {
          body: { ...DEFAULT_SETTINGS, security: request.body },
          headers: { [SESSION_EXPIRES_IN_HEADER]: secondsLeft },
        };
        secondsLeft = "900";
        return answer;
      },
      "GET /api/v1/sessions": () => ({ body: { items: [] }, headers: { [SESSION_EXPIRES_IN_HEADER]: secondsLeft } }),
    });
    const { user } = renderWithApp(<SettingsPage />);

    await user.selectOptions(await screen.findByRole("combobox", { name: "Session Timeout" }), "15");
    await user.click(within(cardOf("Security Settings")).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Your security settings have been saved successfully.")).toBeTruthy();
    expect(seen.filter((request) => request.path === "/api/v1/sessions")).toHaveLength(2);
    const minutesLeft = ((idleDeadlineMs() ?? 0) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(14);
    expect(minutesLeft).toBeLessThanOrEqual(15);
  });

  test("says the preferences could not be loaded", async () => {
    fakeApi({
      "GET /api/v1/settings": () => ({ status: 503, body: { error: { code: "unavailable", message: "Down" } } }),
    });
    renderWithApp(<SettingsPage />);

    expect(await screen.findAllByText("Failed to load your preferences.")).not.toHaveLength(0);
  });

  test("says a save failed", async () => {
    fakeApi({
      "GET /api/v1/settings": () => ({ body: DEFAULT_SETTINGS }),
      "PUT /api/v1/settings/security": () => ({
        status: 503,
        body: { error: { code: "unavailable", message: "Down" } },
      }),
    });
    const { user } = renderWithApp(<SettingsPage />);

    await user.selectOptions(await screen.findByRole("combobox", { name: "Session Timeout" }), "never");
    await user.click(within(cardOf("Security Settings")).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Failed to save your preferences.")).toBeTruthy();
  });
});
