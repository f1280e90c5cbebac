import { screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, test } from "vitest";
import { queryClient } from "../lib/query-client.ts";
import { knownSession } from "../lib/session-store.ts";
import { profileWithRole } from "../testing/help-fixtures.ts";
import { fakeApi, renderWithApp } from "../testing/render.tsx";
import { MarketingLayout } from "./marketing-layout.tsx";

/** Spec §2 Shared header: each menu's entries, in order, with where they lead. */
const SPEC_MENUS = {
  "Money transfers": [
    ["Send money", "/dashboard?tab=send"],
    ["Large transfers", "/dashboard?tab=send&type=large"],
    ["Compare rates", "/rates"],
    ["Popular transfer reasons", "/reasons"],
    ["Business payments", "/business"],
  ],
  "Why Ferry": [
    ["Fast transfers", "/features/fast"],
    ["Low fees", "/features/fees"],
    ["Support", "/support"],
    ["Security", "/security"],
  ],
  "I'm looking to...": [
    ["Buy property abroad", "/use-cases/property"],
    ["Invest overseas", "/use-cases/invest"],
    ["Pay a mortgage abroad", "/use-cases/mortgage"],
    ["Receive an inheritance", "/use-cases/inheritance"],
    ["Support family", "/use-cases/family"],
  ],
} as const;

const SIGNED_IN_SESSION = { session: { id: "session-1" }, user: { id: "user-1", email: "erika@example.com" } };

function renderPage(options: { isSignedIn: boolean }) {
  const seen = fakeApi({
    "GET /api/auth/get-session": () => ({ body: options.isSignedIn ? SIGNED_IN_SESSION : null }),
    "GET /api/v1/me": () => ({ body: profileWithRole("user") }),
    "POST /api/auth/sign-out": () => ({ body: { success: true } }),
  });
  const rendered = renderWithApp(
    <Routes>
      <Route
        path="/"
        element={
          <MarketingLayout>
            <p>Page body</p>
          </MarketingLayout>
        }
      />
      <Route path="/login" element={<p>Login page</p>} />
      <Route path="/rates" element={<p>Rates page</p>} />
    </Routes>,
  );
  return { ...rendered, seen };
}

function linkTarget(element: HTMLElement): string | null {
  return element.closest("a")?.getAttribute("href") ?? null;
}

describe("the marketing header", () => {
  test("has the spec's three menus and the Tools link, each menu opened, walked and closed by keyboard", async () => {
    const { user } = renderPage({ isSignedIn: false });
    const main = within(screen.getByRole("navigation", { name: "Main" }));
    expect(linkTarget(main.getByRole("link", { name: "Tools" }))).toBe("/tools");

    for (const [label, entries] of Object.entries(SPEC_MENUS)) {
      const trigger = main.getByRole("button", { name: label });
      trigger.focus();
      await user.keyboard("{Enter}");
      const menu = await screen.findByRole("menu");
      const items = within(menu).getAllByRole("menuitem");
      expect(items.map((item) => [item.querySelector("span span")?.textContent, linkTarget(item)])).toEqual(entries);
      // Each entry has its two lines: the label and a description.
      for (const item of items) {
        expect(item.querySelectorAll("span span")).toHaveLength(2);
      }
      // The arrow keys move through the entries; Escape closes the menu and gives focus back.
      await waitFor(() => expect(items[0]).toHaveFocus());
      await user.keyboard("{ArrowDown}");
      expect(items[1]).toHaveFocus();
      await user.keyboard("{Escape}");
      await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
      expect(trigger).toHaveFocus();
    }
  });

  test("follows a menu entry with Enter", async () => {
    const { user } = renderPage({ isSignedIn: false });
    const trigger = screen.getByRole("button", { name: "Money transfers" });
    trigger.focus();
    await user.keyboard("{ArrowDown}");
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByText("Send to 190+ countries")).toBeVisible();
    expect(within(menu).getByText("Send with no limits")).toBeVisible();
    await user.keyboard("{ArrowDown}{ArrowDown}{Enter}");

    expect(await screen.findByText("Rates page")).toBeVisible();
  });

  test("a visitor gets Sign In and Get Started, and no user menu", async () => {
    const { seen } = renderPage({ isSignedIn: false });

    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
    expect(screen.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/signup");
    await waitFor(() => expect(seen.some((request) => request.path === "/api/auth/get-session")).toBe(true));
    // A visitor's page never asks for a profile, which would answer 401.
    expect(seen.some((request) => request.path === "/api/v1/me")).toBe(false);
    expect(screen.queryByRole("button", { name: /Account menu/ })).toBeNull();
  });

  test("a signed-in user gets their initials and a menu whose Sign Out really signs out and goes to /login", async () => {
    const { user, seen } = renderPage({ isSignedIn: true });

    const trigger = await screen.findByRole("button", { name: "Account menu: Erika Mustermann" });
    expect(trigger).toHaveTextContent("EM");
    expect(screen.queryByRole("link", { name: "Sign In" })).toBeNull();
    expect(screen.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
    trigger.focus();
    await user.keyboard("{Enter}");
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByText("erika@example.com")).toBeVisible();
    const items = within(menu).getAllByRole("menuitem");
    expect(items.map((item) => [item.textContent, linkTarget(item)])).toEqual([
      ["Profile", "/profile"],
      ["Settings", "/settings"],
      ["Sign Out", null],
    ]);
    await user.click(within(menu).getByRole("menuitem", { name: "Sign Out" }));

    expect(await screen.findByText("Login page")).toBeVisible();
    expect(seen.filter((request) => request.method === "POST").map((request) => request.path)).toEqual([
      "/api/auth/sign-out",
    ]);
    // Forgotten by the first script's session store and by the app's query client.
    expect(knownSession()).toBeNull();
    expect(queryClient.getQueryData(["me"])).toBeNull();
  });
});

describe("the mobile drawer", () => {
  test("lists the spec's links for a visitor and closes when one is followed", async () => {
    const { user } = renderPage({ isSignedIn: false });

    await user.click(screen.getByRole("button", { name: "Open menu" }));
    const drawer = await screen.findByRole("dialog", { name: "Menu" });
    const links = within(within(drawer).getByRole("navigation", { name: "Mobile" })).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Send money", "/dashboard?tab=send"],
      ["Compare rates", "/rates"],
      ["Business payments", "/business"],
      ["Support", "/support"],
      ["Security", "/security"],
      ["Tools", "/tools"],
    ]);
    expect(within(drawer).getByRole("link", { name: "Sign In" })).toBeVisible();
    await user.click(within(drawer).getByRole("link", { name: "Compare rates" }));

    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Menu" })).toBeNull());
    expect(screen.getByText("Rates page")).toBeVisible();
  });

  test("adds Profile and Sign Out for a signed-in user; Sign Out closes it and signs out", async () => {
    const { user, seen } = renderPage({ isSignedIn: true });
    await screen.findByRole("button", { name: "Account menu: Erika Mustermann" });

    await user.click(screen.getByRole("button", { name: "Open menu" }));
    const drawer = await screen.findByRole("dialog", { name: "Menu" });
    const nav = within(within(drawer).getByRole("navigation", { name: "Mobile" }));
    expect(nav.getAllByRole("link").map((link) => link.textContent)).toEqual([
      "Send money",
      "Compare rates",
      "Business payments",
      "Support",
      "Security",
      "Tools",
      "Profile",
    ]);
    expect(nav.getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/profile");
    await user.click(nav.getByRole("button", { name: "Sign Out" }));

    expect(await screen.findByText("Login page")).toBeVisible();
    expect(screen.queryByRole("dialog", { name: "Menu" })).toBeNull();
    expect(seen.some((request) => request.method === "POST" && request.path === "/api/auth/sign-out")).toBe(true);
  });
});
