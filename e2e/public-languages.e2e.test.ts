import { describe, expect, it } from "vitest";
import germanMessages from "../packages/core/src/i18n/messages/de.json" with { type: "json" };
import frenchMessages from "../packages/core/src/i18n/messages/fr.json" with { type: "json" };
import chineseMessages from "../packages/core/src/i18n/messages/zh.json" with { type: "json" };
import {
  DESKTOP,
  saveScreenshot,
  trackRequests,
  useBrowser,
  waitForApp,
  waitUntilSettled,
  withPage,
} from "./support.ts";

/*
 * Issue 29, decision 047, as a visitor meets the public site: `/zh/` is pre-rendered in Chinese with
 * its alternates; the header's switcher opens the same page in German at `/de/`; a browser preferring
 * German is sent from `/` to `/de/`. The expected texts are read from the message files.
 */

const browserOf = useBrowser();

const HERO_ACCENT = "crypto and fiat";
const MAIN_NAVIGATION = "Main";

describe("the public site in five languages", () => {
  it("/zh/ reads in Chinese, with <html lang>, a canonical link and an alternate per language", async () => {
    await withPage(
      browserOf(),
      "public-zh",
      async (page) => {
        trackRequests(page);
        await page.goto("/zh/");
        await waitUntilSettled(page);
        await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("zh");
        await expect.poll(() => page.locator("h1").textContent()).toContain(chineseMessages[HERO_ACCENT]);
        expect(await page.getByRole("navigation", { name: chineseMessages[MAIN_NAVIGATION] }).count()).toBe(1);
        expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(new URL("/zh/", page.url()).href);
        const alternates = await page
          .locator('link[rel="alternate"][hreflang]')
          .evaluateAll((links) => links.map((link) => `${link.getAttribute("hreflang")} ${link.getAttribute("href")}`));
        const origin = new URL(page.url()).origin;
        expect(alternates).toEqual([
          `en ${origin}/`,
          `es ${origin}/es/`,
          `fr ${origin}/fr/`,
          `de ${origin}/de/`,
          `zh ${origin}/zh/`,
          `x-default ${origin}/`,
        ]);
        // A link to another public page keeps Chinese; the app's pages keep their paths.
        expect(
          await page.getByRole("link", { name: chineseMessages["Compare rates"] }).first().getAttribute("href"),
        ).toBe("/zh/rates");
        await saveScreenshot(page, "public-zh-desktop");
      },
      DESKTOP,
    );
  });

  it("the header's switcher opens the same page in German and remembers the choice", async () => {
    await withPage(
      browserOf(),
      "public-switch-to-de",
      async (page) => {
        trackRequests(page);
        await page.goto("/zh/");
        await waitForApp(page);
        await page.getByRole("combobox", { name: chineseMessages.Language }).selectOption("de");
        await page.waitForURL((url) => url.pathname === "/de/");
        await waitUntilSettled(page);
        await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("de");
        await expect.poll(() => page.locator("h1").textContent()).toContain(germanMessages[HERO_ACCENT]);
        expect(await page.getByRole("combobox", { name: germanMessages.Language }).inputValue()).toBe("de");
        await saveScreenshot(page, "public-de-desktop");
        // The cookie now sends / to German too.
        await page.goto("/");
        await page.waitForURL((url) => url.pathname === "/de/");
      },
      DESKTOP,
    );
  });

  it("/fr/features/fees reads in French, its links keeping French", async () => {
    await withPage(
      browserOf(),
      "public-fr-fees",
      async (page) => {
        trackRequests(page);
        await page.goto("/fr/features/fees");
        await waitUntilSettled(page);
        await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("fr");
        await expect.poll(() => page.title()).toBe(`${frenchMessages["Low fees"]} · Ferry`);
        await expect.poll(() => page.locator("h1").textContent()).toContain(frenchMessages["Clear fees,"]);
        const footer = page.getByRole("contentinfo");
        expect(await footer.getByRole("link", { name: frenchMessages.Security }).getAttribute("href")).toBe(
          "/fr/security",
        );
        await saveScreenshot(page, "public-fr-fees-desktop");
      },
      DESKTOP,
    );
  });

  it("/ sends a browser preferring German to /de/", async () => {
    await withPage(browserOf(), "public-accept-language-de", async (page) => {
      await page.setExtraHTTPHeaders({ "accept-language": "de-DE,de;q=0.9,en;q=0.5" });
      const response = await page.goto("/");
      expect(new URL(page.url()).pathname).toBe("/de/");
      expect(response?.status()).toBe(200);
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("de");
    });
  });
});
