import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./axe.ts";
import { PHONE, saveScreenshot, signUpAndSignIn, uniqueEmail, useBrowser, withPage } from "./support.ts";

/*
 * Issue 27, /settings as a person uses it: a fresh account changes each card, saves it, reloads, and
 * finds what it saved; the page is axe clean at desktop and phone width.
 */

const browserOf = useBrowser();

function cardOf(page: Page, title: string) {
  return page.getByRole("region", { name: title });
}

async function saveCard(page: Page, title: string, section: string): Promise<void> {
  await cardOf(page, title).getByRole("button", { name: "Save" }).click();
  await page.getByText(`Your ${section} settings have been saved successfully.`).first().waitFor();
}

describe("settings", () => {
  it("saves each card on its own and keeps the values across a reload", async () => {
    await withPage(browserOf(), "settings-save", async (page) => {
      await signUpAndSignIn(page, uniqueEmail("settings"));
      await page.goto("/dashboard?tab=settings");
      await page.waitForURL("**/settings");
      await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
      const email = page.getByRole("switch", { name: "Email" });
      await expect.poll(() => email.getAttribute("aria-checked")).toBe("true");
      await saveScreenshot(page, "settings-desktop");
      await expectAccessible(page, "/settings");

      await email.click();
      await page.getByRole("switch", { name: "Marketing" }).click();
      await saveCard(page, "Notification Preferences", "notification");

      await page.getByLabel("Session Timeout").selectOption("60");
      await saveCard(page, "Security Settings", "security");

      // Choosing another language switches the whole app (e2e/languages.e2e.test.ts follows that).
      await page.getByLabel("Display Currency").selectOption("JPY");
      await page.getByLabel("Time Zone").selectOption({ label: "PST" });
      await page.getByLabel("Theme").selectOption("dark");
      await saveCard(page, "App Preferences", "app");

      await page.reload();
      await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
      await expect.poll(() => page.getByRole("switch", { name: "Email" }).getAttribute("aria-checked")).toBe("false");
      expect(await page.getByRole("switch", { name: "Marketing" }).getAttribute("aria-checked")).toBe("true");
      expect(await page.getByRole("switch", { name: "Push" }).getAttribute("aria-checked")).toBe("false");
      expect(await page.getByLabel("Session Timeout").inputValue()).toBe("60");
      expect(await page.getByLabel("Language").inputValue()).toBe("en");
      expect(await page.getByLabel("Display Currency").inputValue()).toBe("JPY");
      expect(await page.getByLabel("Time Zone").inputValue()).toBe("America/Los_Angeles");
      expect(await page.getByLabel("Theme").inputValue()).toBe("dark");
    });
  });

  it("is usable and accessible at phone width", async () => {
    await withPage(
      browserOf(),
      "settings-phone",
      async (page) => {
        await signUpAndSignIn(page, uniqueEmail("settings-phone"));
        await page.goto("/settings");
        await page.getByRole("switch", { name: "Email" }).waitFor();
        await saveScreenshot(page, "settings-phone");
        await expectAccessible(page, "/settings at phone width");
      },
      PHONE,
    );
  });
});
