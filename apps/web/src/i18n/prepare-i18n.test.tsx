import { afterEach, describe, expect, it } from "vitest";
import { activate, activeLanguage, prepareI18n, rememberLanguage, t } from "./i18n.tsx";

/*
 * prepareI18n (issue 29, decision 049): a page of the signed-in app loads the app's messages with the
 * site's before its first render, so the shell's route finds them loaded instead of asking for them one
 * round trip later. The module's state is shared with every web test (no module reset: the web tests
 * share one module graph per worker), so this reads it as the app does and restores English after.
 */
describe("prepareI18n", () => {
  afterEach(() => {
    rememberLanguage("en");
    activate("en", "UTC");
  });

  it("opens a signed-in page in the cookie's language, with the app's and the site's messages loaded", async () => {
    // The language cookie a German reader's earlier visit left.
    rememberLanguage("de");
    await prepareI18n(false, true);
    expect(activeLanguage()).toBe("de");
    // A dashboard text (the `app` part) and a sign-in page text (the `site` part), both in German.
    expect(t("Currency accounts")).toBe("Währungskonten");
    expect(t("Sign in")).not.toBe("Sign in");
  });
});
