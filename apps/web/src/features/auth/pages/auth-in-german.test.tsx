import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { activate, loadLanguage } from "../../../i18n/i18n.tsx";
import { fakeApi, renderWithApp } from "../../../testing/render.tsx";
import { LoginPage } from "./login-page.tsx";
import { SignupPage } from "./signup-page.tsx";

beforeEach(async () => {
  // The "Remember me" checkbox (Radix) measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  await loadLanguage("de");
  activate("de", "UTC");
});
afterEach(() => activate("en", "UTC"));

describe("signing in and up in German", () => {
  test("shows the sign-in page and core's validation messages in German", async () => {
    const { user } = renderWithApp(<LoginPage />);

    expect(screen.getByRole("heading", { name: "Willkommen zurück" })).toBeVisible();
    expect(screen.getByLabelText("Angemeldet bleiben")).toBeChecked();
    await user.type(screen.getByLabelText("E-Mail"), "not-an-address");
    await user.click(screen.getByRole("button", { name: "Anmelden" }));

    expect(await screen.findByText("Bitte geben Sie eine gültige E-Mail-Adresse ein")).toBeVisible();
    expect(screen.getByText("Passwort ist erforderlich")).toBeVisible();
    expect(screen.getByRole("link", { name: "Registrieren" })).toHaveAttribute("href", "/signup");
  });

  test("says why the sign-up failed in a German toast, with the server's message translated", async () => {
    fakeApi({
      "POST /api/v1/auth/sign-up": () => ({
        status: 400,
        body: { error: { code: "validation_failed", message: "Please fill in all required fields" } },
      }),
    });
    const { user } = renderWithApp(<SignupPage />);

    expect(screen.getByText("Mindestens 8 Zeichen")).toBeInTheDocument();
    await user.type(screen.getByLabelText("E-Mail"), "ada@example.com");
    await user.type(screen.getByLabelText("Passwort", { exact: true }), "Ferry#Test2026");
    await user.click(screen.getByRole("button", { name: "Konto erstellen" }));

    const toast = await screen.findByText("Registrierung fehlgeschlagen");
    const item = toast.closest("li") ?? toast;
    expect(within(item as HTMLElement).getByText("Bitte füllen Sie alle Pflichtfelder aus")).toBeInTheDocument();
  });
});
