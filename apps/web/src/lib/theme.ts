import { isTheme, THEME_COOKIE, type Theme } from "@ferry/core/theme";
import { useSyncExternalStore } from "react";

/*
 * The theme in the browser (decision 046). The inline script in <head> (core's THEME_SCRIPT) sets
 * `class="dark"` on <html> before the first paint and follows the system's changes; this module writes
 * the choice (the cookie the script reads on the next load) and applies it at once.
 */

const DARK_QUERY = "(prefers-color-scheme: dark)";

/** The theme the cookie holds; `system` without one (visitors follow their system until they choose). */
export function rememberedTheme(): Theme {
  if (typeof document === "undefined") {
    return "system";
  }
  const value = document.cookie
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === THEME_COOKIE)?.[1];
  return isTheme(value) ? value : "system";
}

function prefersDark(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(DARK_QUERY).matches;
}

/**
 * Keeps `theme` for the next page load (a year, as the language) and applies it now: `class="dark"` on
 * <html> when it is dark, or system and the system prefers dark.
 */
export function chooseTheme(theme: Theme): void {
  if (typeof document === "undefined") {
    return;
  }
  if (rememberedTheme() !== theme) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari.
    document.cookie = `${THEME_COOKIE}=${theme}; path=/; max-age=31536000; samesite=lax`;
  }
  const isDark = theme === "dark" || (theme === "system" && prefersDark());
  document.documentElement.classList.toggle("dark", isDark);
}

function subscribeToHtmlClass(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

function isDocumentDark(): boolean {
  return document.documentElement.classList.contains("dark");
}

/**
 * Whether the page shows dark now, for what cannot follow the stylesheet (the toasts' own theme). False
 * on the server, where pre-rendered pages are written before anyone's choice is known.
 */
export function useIsDark(): boolean {
  return useSyncExternalStore(subscribeToHtmlClass, isDocumentDark, () => false);
}
