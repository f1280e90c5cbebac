import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/*
 * prepareI18n (issue 29, decision 049): a page of the signed-in app loads the app's messages with the
 * site's before its first render, so the shell's route finds them loaded instead of asking for them
 * one round trip later. Each test imports a fresh copy of i18n.tsx: which parts are loaded is its state.
 */
describe("prepareI18n", () => {
  beforeEach(async () => {
    vi.resetModules();
    // The language cookie a German reader's earlier visit left.
    (await import("./i18n.tsx")).rememberLanguage("de");
    vi.resetModules();
  });

  afterEach(async () => {
    (await import("./i18n.tsx")).rememberLanguage("en");
    document.documentElement.lang = "en";
  });

  it("loads the app's messages with the site's for a signed-in page", async () => {
    const i18n = await import("./i18n.tsx");
    await i18n.prepareI18n(false, true);
    expect(i18n.activeLanguage()).toBe("de");
    // A dashboard text (the `app` part) and a sign-in page text (the `site` part), both in German.
    expect(i18n.t("Currency accounts")).toBe("Währungskonten");
    expect(i18n.t("Sign in")).not.toBe("Sign in");
  });

  it("loads only the site's messages for a public page", async () => {
    const i18n = await import("./i18n.tsx");
    await i18n.prepareI18n(false);
    expect(i18n.activeLanguage()).toBe("de");
    expect(i18n.t("Sign in")).not.toBe("Sign in");
    expect(i18n.t("Currency accounts")).toBe("Currency accounts");
  });
});
