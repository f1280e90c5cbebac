import { THEME_COOKIE } from "@ferry/core/theme";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { activate, loadLanguage } from "../i18n/i18n.tsx";
import { renderWithApp, stubScreenWidth } from "../testing/render.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test forgets the cookie the toggle wrote.
  document.cookie = `${THEME_COOKIE}=; path=/; max-age=0`;
  document.documentElement.classList.remove("dark");
  activate("en", "UTC");
  vi.unstubAllGlobals();
});

describe("ThemeToggle", () => {
  test("choosing dark darkens the page now and keeps the choice in the cookie", async () => {
    stubScreenWidth(true);
    const { user } = renderWithApp(<ThemeToggle />);
    const select = screen.getByRole("combobox", { name: "Theme" });
    expect(select).toHaveValue("system");
    await user.selectOptions(select, "dark");
    expect(document.documentElement).toHaveClass("dark");
    expect(document.cookie).toContain(`${THEME_COOKIE}=dark`);
    await user.selectOptions(select, "light");
    expect(document.documentElement).not.toHaveClass("dark");
    expect(document.cookie).toContain(`${THEME_COOKIE}=light`);
  });

  test("shows the choice the cookie holds", () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the visitor chose dark on an earlier page.
    document.cookie = `${THEME_COOKIE}=dark; path=/`;
    renderWithApp(<ThemeToggle />);
    expect(screen.getByRole("combobox", { name: "Theme" })).toHaveValue("dark");
  });

  test("reads in German", async () => {
    await loadLanguage("de");
    activate("de", "UTC");
    renderWithApp(<ThemeToggle />);
    const select = screen.getByRole("combobox", { name: "Design" });
    const options = within(select)
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(options).toEqual(["Hell", "Dunkel", "System"]);
  });
});
