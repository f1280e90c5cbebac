import { THEME_COOKIE, THEME_SCRIPT } from "@ferry/core/theme";
import { afterEach, describe, expect, test, vi } from "vitest";
import { chooseTheme, rememberedTheme } from "./theme.ts";

/** A system preference the test can change, with the listeners the page registered on it. */
function stubSystemPreference(prefersDark: boolean) {
  const listeners: Array<() => void> = [];
  const media = {
    matches: prefersDark,
    media: "(prefers-color-scheme: dark)",
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    removeEventListener: () => {},
  };
  vi.stubGlobal("matchMedia", () => media);
  return {
    change(isDark: boolean) {
      media.matches = isDark;
      for (const listener of listeners) {
        listener();
      }
    },
  };
}

function setCookie(value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the test writes the cookie the page's script reads.
  document.cookie = `${THEME_COOKIE}=${value}; path=/`;
}

/** Runs the script every page carries in <head>, as the browser does before the first paint. */
function runThemeScript() {
  new Function(THEME_SCRIPT)();
}

function isDark(): boolean {
  return document.documentElement.classList.contains("dark");
}

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test forgets the cookie it wrote.
  document.cookie = `${THEME_COOKIE}=; path=/; max-age=0`;
  document.documentElement.classList.remove("dark");
  vi.unstubAllGlobals();
});

describe("the theme script in <head>", () => {
  test("follows the system when there is no cookie, also when the system changes", () => {
    const system = stubSystemPreference(true);
    runThemeScript();
    expect(isDark()).toBe(true);
    system.change(false);
    expect(isDark()).toBe(false);
  });

  test("a light or dark cookie wins over the system, and system follows it", () => {
    const system = stubSystemPreference(true);
    setCookie("light");
    runThemeScript();
    expect(isDark()).toBe(false);
    setCookie("dark");
    system.change(false);
    expect(isDark()).toBe(true);
    setCookie("system");
    system.change(false);
    expect(isDark()).toBe(false);
  });
});

describe("chooseTheme", () => {
  test("keeps the choice in the cookie and applies it at once", () => {
    stubSystemPreference(false);
    chooseTheme("dark");
    expect(rememberedTheme()).toBe("dark");
    expect(isDark()).toBe(true);
    chooseTheme("light");
    expect(rememberedTheme()).toBe("light");
    expect(isDark()).toBe(false);
  });

  test("system applies what the system prefers", () => {
    stubSystemPreference(true);
    chooseTheme("system");
    expect(rememberedTheme()).toBe("system");
    expect(isDark()).toBe(true);
  });

  test("reads system when the cookie is missing or unknown", () => {
    expect(rememberedTheme()).toBe("system");
    setCookie("sepia");
    expect(rememberedTheme()).toBe("system");
  });
});
