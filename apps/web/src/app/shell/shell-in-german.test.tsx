import type { Profile } from "@ferry/core/contracts/profile";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { activate, loadLanguage } from "../../i18n/i18n.tsx";
import { fakeApi, renderWithApp } from "../../testing/render.tsx";
import { Header } from "./header.tsx";
import { SidebarNav } from "./sidebar.tsx";

const ADMIN: Profile = {
  userId: "0b9c2f3e-5a61-4d2b-9f0e-3c4d5e6f7a8b",
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  phone: "",
  address: "",
  city: "",
  country: "DE",
  postalCode: "",
  emailVerified: false,
  kycStatus: "pending",
  status: "active",
  accountType: "personal",
  role: "admin",
  createdAt: "2026-01-05T09:00:00.000Z",
};

describe("the signed-in shell in German", () => {
  beforeEach(async () => {
    await loadLanguage("de");
    activate("de", "UTC");
    fakeApi({
      "GET /api/v1/notifications": () => ({ body: { items: [], nextCursor: null, unreadCount: 3 } }),
      "GET /api/v1/admin/help-requests/open-count": () => ({ body: { count: 2 } }),
    });
  });
  afterEach(() => activate("en", "UTC"));

  test("names the sidebar's sections, the admin group and Logout in German", async () => {
    renderWithApp(<SidebarNav isAdmin isExpanded onLogout={() => {}} />);

    const main = screen.getByRole("navigation", { name: "Hauptnavigation" });
    const links = within(main).getAllByRole("link");
    expect(links.slice(0, 4).map((link) => link.textContent)).toEqual([
      "Startseite",
      "Guthaben",
      "Investition",
      "Verbinden",
    ]);
    expect(within(main).getByRole("link", { name: /Benachrichtigungen/ })).toHaveAttribute("href", "/notifications");
    expect(screen.getByRole("heading", { name: "Admin" })).toBeVisible();
    expect(await screen.findByText("3 ungelesen")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Abmelden" })).toBeVisible();
  });

  test("says in German that the e-mail is not verified and how many notifications are unread", async () => {
    renderWithApp(<Header profile={ADMIN} onToggleSidebar={() => {}} />);

    expect(screen.getByRole("button", { name: "Seitenleiste ein-/ausblenden" })).toBeVisible();
    expect(screen.getAllByText("E-Mail nicht bestätigt")[0]).toBeInTheDocument();
    // An administrator's chip says so (issue 30), not "Privatkonto".
    expect(screen.getByRole("link", { name: /Admin/ })).toHaveTextContent("Admin");
    expect(screen.queryByText("Privatkonto")).toBeNull();
    expect(await screen.findByRole("link", { name: "Benachrichtigungen (3 ungelesen)" })).toBeVisible();
  });
});
