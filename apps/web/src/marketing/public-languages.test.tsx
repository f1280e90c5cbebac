import { LANGUAGE_COOKIE } from "@ferry/core/i18n/languages";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, test, vi } from "vitest";
import { activate, initialLanguage, loadLanguage } from "../i18n/i18n.tsx";
import { LandingPage } from "./landing-page.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { localPath } from "./local-link.tsx";
import { StaticPage } from "./static-page.tsx";

// Issue 29, decision 047: the public site in the language its path names, links keeping it, and the
// header's switcher opening the same page in another language.

function renderAt(path: string, ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  activate("en", "UTC");
  // biome-ignore lint/suspicious/noDocumentCookie: the test clears the cookie the switcher set.
  document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`;
});

describe("the landing page in German", () => {
  test("reads in German: the header, the hero, the steps, the example figures and the footer", async () => {
    await loadLanguage("de");
    activate("de", "UTC");
    renderAt("/de/", <LandingPage />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Die Brücke zwischen Krypto und Fiatgeld");
    expect(screen.getByRole("heading", { name: "In drei Schritten startklar" })).toBeInTheDocument();
    expect(screen.getByText("Schritt 2")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Bereit, Geld ohne Grenzen zu bewegen?" })).toBeInTheDocument();
    // The illustrative figures in the German way of writing money.
    expect(screen.getByText("24.310,42 USD")).toBeInTheDocument();
    expect(screen.getByText("250,00 EUR nach Lissabon")).toBeInTheDocument();
    const main = screen.getByRole("navigation", { name: "Hauptnavigation" });
    expect(within(main).getByRole("link", { name: "Tools" })).toHaveAttribute("href", "/de/tools");
    const product = screen.getByRole("navigation", { name: "Produkt" });
    expect(within(product).getByRole("link", { name: "Kurse vergleichen" })).toHaveAttribute("href", "/de/rates");
    // The app's pages keep their paths.
    expect(within(product).getByRole("link", { name: "Geld senden" })).toHaveAttribute("href", "/dashboard?tab=send");
    expect(screen.getAllByRole("link", { name: "Anmelden" })[0]).toHaveAttribute("href", "/login");
    for (const logo of screen.getAllByRole("link", { name: "Ferry-Startseite" })) {
      expect(logo).toHaveAttribute("href", "/de/");
    }
  });

  test("an English page's links have no prefix", () => {
    expect(localPath("/rates")).toBe("/rates");
    expect(localPath("/support#contact")).toBe("/support#contact");
  });

  test("a link keeps the language shown: a marketing page gets the prefix, the app's pages and anchors do not", async () => {
    await loadLanguage("fr");
    activate("fr", "UTC");
    expect(localPath("/rates")).toBe("/fr/rates");
    expect(localPath("/")).toBe("/fr/");
    expect(localPath("/support#contact")).toBe("/fr/support#contact");
    expect(localPath("/features/fast?from=home")).toBe("/fr/features/fast?from=home");
    expect(localPath("/signup")).toBe("/signup");
    expect(localPath("/dashboard?tab=send")).toBe("/dashboard?tab=send");
    expect(localPath("/fr/rates")).toBe("/fr/rates");
    expect(localPath("#faq")).toBe("#faq");
  });
});

describe("the language switcher", () => {
  test("lists the five languages by their own names, the shown one chosen", async () => {
    await loadLanguage("zh");
    activate("zh", "UTC");
    renderAt("/zh/rates", <LanguageSwitcher />);
    const select = screen.getByRole("combobox", { name: "语言" });
    expect(select).toHaveValue("zh");
    expect(
      within(select)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["English", "Español", "Français", "Deutsch", "中文"]);
  });

  test("opens the same page in the chosen language and remembers the choice in the cookie", async () => {
    const openPage = vi.fn();
    const user = userEvent.setup();
    renderAt("/use-cases/family?ref=mail#faq", <LanguageSwitcher openPage={openPage} />);
    await user.selectOptions(screen.getByRole("combobox", { name: "Language" }), "de");
    expect(openPage).toHaveBeenCalledWith("/de/use-cases/family?ref=mail#faq");
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=de`);
  });

  test("choosing English from a prefixed page goes to the page without a prefix, and keeps English in the cookie", async () => {
    await loadLanguage("es");
    activate("es", "UTC");
    const openPage = vi.fn();
    const user = userEvent.setup();
    renderAt("/es/", <LanguageSwitcher openPage={openPage} />);
    await user.selectOptions(screen.getByRole("combobox", { name: "Idioma" }), "en");
    expect(openPage).toHaveBeenCalledWith("/");
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=en`);
  });
});

describe("a marketing page in German", () => {
  test("/de/features/fees: its title, description, canonical link, sections and example figures in German", async () => {
    await loadLanguage("de");
    activate("de", "UTC");
    renderAt("/de/features/fees", <StaticPage path="/features/fees" />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Klare Gebühren, vor dem Senden angezeigt");
    expect(screen.getByRole("heading", { name: "Was eine Überweisung kostet" })).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "Bei 1.000 USD" })).toBeInTheDocument();
    expect(screen.getByText("Alles andere")).toBeInTheDocument();
    expect(document.title).toBe("Niedrige Gebühren · Ferry");
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
      new URL("/de/features/fees", window.location.origin).href,
    );
    expect(document.head.querySelector('link[rel="alternate"][hreflang="zh"]')?.getAttribute("href")).toBe(
      new URL("/zh/features/fees", window.location.origin).href,
    );
  });

  test("/de/features/fast: the example transfer's labels and money in German", async () => {
    await loadLanguage("de");
    activate("de", "UTC");
    renderAt("/de/features/fast", <StaticPage path="/features/fast" />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Geld, das ankommt, solange es zählt");
    expect(screen.getByText("Sie senden")).toBeInTheDocument();
    expect(screen.getByText("Gesamt von Ihrem Guthaben")).toBeInTheDocument();
    expect(screen.getByText("Gebühr (0 %)")).toBeInTheDocument();
  });
});

describe("the language a page opens in", () => {
  afterEach(() => {
    window.history.replaceState(null, "", "/");
    document.documentElement.lang = "en";
  });

  test("a page rendered in the browser follows its path's language prefix before the cookie", () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets the cookie a visitor's choice would.
    document.cookie = `${LANGUAGE_COOKIE}=es; path=/`;
    window.history.replaceState(null, "", "/fr/rates");
    expect(initialLanguage(false)).toBe("fr");
    window.history.replaceState(null, "", "/rates");
    expect(initialLanguage(false)).toBe("es");
  });

  test("a pre-rendered page hydrates in the language its <html lang> names", () => {
    window.history.replaceState(null, "", "/login");
    document.documentElement.lang = "zh";
    expect(initialLanguage(true)).toBe("zh");
  });
});
