import { THEME_COOKIE } from "@ferry/core/theme";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  baseUrl,
  saveScreenshot,
  screenshotFromTop,
  signUpAndSignIn,
  uniqueEmail,
  useBrowser,
  waitForApp,
  withPage,
} from "./support.ts";

/*
 * Issue 29, themes (decision 046): a saved or chosen theme is the page's from its first paint, with no
 * flash of the other one, on the app's pages and on the pre-rendered public pages alike.
 */

const browserOf = useBrowser();

/** The dark theme's page background (--color-background in apps/web/src/index.css), as computed. */
const DARK_BACKGROUND = "rgb(11, 17, 32)";
/** The light theme's. */
const LIGHT_BACKGROUND = "rgb(247, 248, 252)";

interface FirstPaint {
  /** Whether <html> was dark when <body> was created: <head> has run, nothing is drawn yet. */
  isDarkAtBody: boolean;
  /** Whether it was dark at the first frame, and the body's background then. */
  isDarkAtFirstFrame: boolean;
  background: string;
}

/**
 * Records, on every later page load, the theme as the page is first drawn: when <body> appears, and in
 * the first animation frame (which runs right before the first paint, once the stylesheets are in).
 */
async function recordFirstPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = window as unknown as { __firstPaint?: Partial<FirstPaint> };
    record.__firstPaint = {};
    const observer = new MutationObserver(() => {
      if (!document.body) {
        return;
      }
      observer.disconnect();
      const html = document.documentElement;
      record.__firstPaint = { isDarkAtBody: html.classList.contains("dark") };
      requestAnimationFrame(() => {
        Object.assign(record.__firstPaint ?? {}, {
          isDarkAtFirstFrame: html.classList.contains("dark"),
          background: getComputedStyle(document.body).backgroundColor,
        });
      });
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

async function firstPaintOf(page: Page): Promise<FirstPaint> {
  await page.waitForFunction(() => (window as unknown as { __firstPaint?: FirstPaint }).__firstPaint?.background);
  return page.evaluate(() => (window as unknown as { __firstPaint: FirstPaint }).__firstPaint);
}

describe("themes", () => {
  it("dark chosen on /settings is the page's from its first paint after a reload", async () => {
    await withPage(browserOf(), "themes-settings", async (page) => {
      await signUpAndSignIn(page, uniqueEmail("themes"));
      await page.goto("/settings");
      const card = page.getByRole("region", { name: "App Preferences" });
      await card.getByLabel("Theme").selectOption("dark");
      await card.getByRole("button", { name: "Save" }).click();
      await page.getByText("Your app settings have been saved successfully.").first().waitFor();
      // Applied at once, and kept in the cookie the next load reads before any request.
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
      const cookies = await page.context().cookies();
      expect(cookies.find((cookie) => cookie.name === THEME_COOKIE)?.value).toBe("dark");

      await recordFirstPaint(page);
      await page.reload();
      expect(await firstPaintOf(page)).toEqual({
        isDarkAtBody: true,
        isDarkAtFirstFrame: true,
        background: DARK_BACKGROUND,
      });
      await page.getByRole("switch", { name: "Email" }).waitFor();
      expect(await page.getByLabel("Theme").inputValue()).toBe("dark");
      await page.getByText("Your app settings have been saved successfully.").waitFor({ state: "detached" });
      await saveScreenshot(page, "themes-settings-dark");
    });
  });

  it("a visitor’s dark cookie darkens the pre-rendered landing page from its first paint", async () => {
    await withPage(browserOf(), "themes-landing", async (page) => {
      await page.context().addCookies([{ name: THEME_COOKIE, value: "dark", url: baseUrl() }]);
      await recordFirstPaint(page);
      const response = await page.goto("/");
      // The pre-rendered page, its markup in the HTML: the theme is not left to the app's scripts.
      expect(await response?.text()).toContain('<div id="root"><');
      expect(await firstPaintOf(page)).toEqual({
        isDarkAtBody: true,
        isDarkAtFirstFrame: true,
        background: DARK_BACKGROUND,
      });
      await waitForApp(page);
      expect(await page.getByLabel("Theme").inputValue()).toBe("dark");
      await screenshotFromTop(page, "themes-landing-dark");
    });
  });

  it("a visitor follows the system’s dark until choosing light in the header, which the next page keeps", async () => {
    await withPage(browserOf(), "themes-system", async (page) => {
      await page.emulateMedia({ colorScheme: "dark" });
      await recordFirstPaint(page);
      await page.goto("/");
      expect(await firstPaintOf(page)).toMatchObject({ isDarkAtBody: true, background: DARK_BACKGROUND });
      await waitForApp(page);
      const theme = page.getByLabel("Theme");
      expect(await theme.inputValue()).toBe("system");
      // The system turning light turns the page light, live.
      await page.emulateMedia({ colorScheme: "light" });
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
      await page.emulateMedia({ colorScheme: "dark" });
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);

      await theme.selectOption("light");
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
      await page.goto("/login");
      expect(await firstPaintOf(page)).toEqual({
        isDarkAtBody: false,
        isDarkAtFirstFrame: false,
        background: LIGHT_BACKGROUND,
      });
    });
  });
});
