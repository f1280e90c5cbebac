import type { SessionItem } from "@ferry/core/contracts/sessions";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { activate, loadLanguage } from "../../../i18n/i18n.tsx";
import { fakeApi, renderWithApp } from "../../../testing/render.tsx";
import { SessionsSection } from "./sessions-section.tsx";

const HERE: SessionItem = {
  id: "session-here",
  device: "Chrome on Linux",
  browser: "Chrome",
  system: "Linux",
  ipAddress: "203.0.113.7",
  createdAt: "2026-11-20T09:00:00.000Z",
  lastActiveAt: "2026-11-26T09:00:00.000Z",
  isCurrent: true,
};
const PHONE: SessionItem = {
  ...HERE,
  id: "session-phone",
  device: "Safari on iOS",
  browser: "Safari",
  system: "iOS",
  ipAddress: "198.51.100.4",
  isCurrent: false,
};
const TABLET: SessionItem = {
  ...PHONE,
  id: "session-tablet",
  device: "Firefox on Android",
  browser: "Firefox",
  system: "Android",
  ipAddress: null,
};
/** A user agent that names no browser or system Ferry knows. */
const UNKNOWN: SessionItem = {
  ...PHONE,
  id: "session-unknown",
  device: "Unknown device",
  browser: null,
  system: null,
};

/** The sessions API with the list kept in memory: DELETE signs one out, revoke-others all but this one. */
function sessionsApi(initial: SessionItem[]) {
  let sessions = [...initial];
  return fakeApi({
    "GET /api/v1/sessions": () => ({ body: { items: sessions } }),
    [`DELETE /api/v1/sessions/${PHONE.id}`]: () => {
      sessions = sessions.filter((session) => session.id !== PHONE.id);
      return { body: null };
    },
    "POST /api/v1/sessions/revoke-others": () => {
      const revoked = sessions.filter((session) => !session.isCurrent).length;
      sessions = sessions.filter((session) => session.isCurrent);
      return { body: { revoked } };
    },
  });
}

function section() {
  return within(screen.getByRole("region", { name: "Active sessions" }));
}

describe("the active sessions part of Security Settings", () => {
  test("lists each session with its device and address, this one marked and not offered to sign out", async () => {
    sessionsApi([HERE, PHONE, TABLET]);
    renderWithApp(<SessionsSection />);

    const rows = await section().findAllByRole("listitem");
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByText("This device")).toBeVisible();
    expect(within(rows[0] as HTMLElement).queryByRole("button")).toBeNull();
    expect(within(rows[1] as HTMLElement).queryByText("This device")).toBeNull();
    expect(within(rows[1] as HTMLElement).getByText(/198\.51\.100\.4 · Last seen/)).toBeVisible();
    expect(within(rows[2] as HTMLElement).getByText(/Unknown address/)).toBeVisible();
    expect(section().getByRole("button", { name: "Sign out everywhere else" })).toBeEnabled();
  });

  test("signs out one other session", async () => {
    const seen = sessionsApi([HERE, PHONE, TABLET]);
    const { user } = renderWithApp(<SessionsSection />);

    await user.click(await section().findByRole("button", { name: "Sign out: Safari on iOS, 198.51.100.4" }));

    expect(await screen.findByText("Session signed out")).toBeVisible();
    expect(seen.filter((request) => request.method === "DELETE").map((request) => request.path)).toEqual([
      `/api/v1/sessions/${PHONE.id}`,
    ]);
    expect(await section().findAllByRole("listitem")).toHaveLength(2);
    expect(section().queryByText("Safari on iOS")).toBeNull();
  });

  test("signs out everywhere else, leaving only this device and no button", async () => {
    sessionsApi([HERE, PHONE, TABLET]);
    const { user } = renderWithApp(<SessionsSection />);

    await user.click(await section().findByRole("button", { name: "Sign out everywhere else" }));

    expect(await screen.findByText("Signed out everywhere else")).toBeVisible();
    expect(screen.getByText("2 other sessions signed out.")).toBeVisible();
    expect(await section().findAllByRole("listitem")).toHaveLength(1);
    expect(section().queryByRole("button", { name: "Sign out everywhere else" })).toBeNull();
  });
});

describe("the active sessions in German", () => {
  afterEach(() => activate("en", "UTC"));

  test("names each device in German, and a device it cannot read as unknown", async () => {
    await loadLanguage("de");
    activate("de", "UTC");
    sessionsApi([HERE, PHONE, UNKNOWN]);
    renderWithApp(<SessionsSection />);

    const rows = await within(screen.getByRole("region", { name: "Aktive Sitzungen" })).findAllByRole("listitem");
    expect(rows.map((row) => row.querySelector("p")?.textContent)).toEqual([
      "Chrome unter LinuxDieses Gerät",
      "Safari unter iOS",
      "Unbekanntes Gerät",
    ]);
  });
});
