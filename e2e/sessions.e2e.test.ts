import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./axe.ts";
import {
  baseUrl,
  saveScreenshot,
  signIn,
  signUpAndSignIn,
  TEST_PASSWORD,
  uniqueEmail,
  useBrowser,
  withPage,
} from "./support.ts";

/*
 * Issue 27, sessions as a person meets them (decision 038): the idle warning and sign-out with the
 * browser's clock moved on (the server's idle check runs on real time, which the integration tests
 * move instead), tabs that leave together, Change Password on /profile, and a session signed out from
 * another device's list.
 */

const browserOf = useBrowser();
const WARNING = "You will be signed out soon";
const NEW_PASSWORD = "Lighthouse#2027";

function sessionsRegion(page: Page) {
  return page.getByRole("region", { name: "Active sessions" });
}

async function setTimeoutTo15Minutes(page: Page): Promise<void> {
  await page.goto("/settings");
  await page.getByLabel("Session Timeout").selectOption("15");
  await page.getByRole("region", { name: "Security Settings" }).getByRole("button", { name: "Save" }).click();
  await page.getByText("Your security settings have been saved successfully.").first().waitFor();
}

/** A second device: its own context (cookies) and client address, signed in through /login. */
async function signInElsewhere(browser: Browser, email: string, password: string, ip: string) {
  const context = await browser.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { "x-forwarded-for": ip } });
  const page = await context.newPage();
  await signIn(page, email, password);
  return { context, page };
}

describe("sessions", () => {
  it("warns before the idle timeout, stays signed in on request, and signs out at the end", async () => {
    await withPage(browserOf(), "sessions-idle", async (page) => {
      // The browser's clock is Playwright's from the first page on, so it can be moved on below.
      await page.clock.install();
      await signUpAndSignIn(page, uniqueEmail("idle"));
      await setTimeoutTo15Minutes(page);
      await sessionsRegion(page).getByText("This device").waitFor();
      await saveScreenshot(sessionsRegion(page), "sessions-list");
      await expectAccessible(page, "/settings with the active sessions");

      await page.clock.fastForward("13:50");
      // One more turn of the page's event loop, for React to show a warning if one had fallen due.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
      expect(await page.getByRole("dialog", { name: WARNING }).count()).toBe(0);
      await page.clock.fastForward("00:20");
      const warning = page.getByRole("dialog", { name: WARNING });
      await warning.waitFor();
      await saveScreenshot(page, "sessions-idle-warning", { fullPage: false });
      await expectAccessible(page, "the idle warning");

      const me = page.waitForResponse((response) => response.url().endsWith("/api/v1/me"));
      await warning.getByRole("button", { name: "Stay signed in" }).click();
      expect((await me).status()).toBe(200);
      await warning.waitFor({ state: "hidden" });
      await page.clock.fastForward("10:00");
      expect(new URL(page.url()).pathname).toBe("/settings");
      expect(await page.getByRole("dialog", { name: WARNING }).count()).toBe(0);

      await page.clock.fastForward("05:01");
      await page.waitForURL("**/login");
      await page.getByText("You were inactive for longer than your session timeout.").waitFor();
      const after = await page.evaluate(async () => (await fetch("/api/v1/me")).status);
      expect(after).toBe(401);
    });
  });

  it("signs every tab of the browser out when one of them signs out", async () => {
    await withPage(browserOf(), "sessions-tabs", async (page) => {
      await signUpAndSignIn(page, uniqueEmail("tabs"));
      const otherTab = await page.context().newPage();
      await otherTab.goto("/settings");
      await sessionsRegion(otherTab).getByText("This device").waitFor();

      // Told by the first tab, not by a refused request of its own (its polling would learn it later).
      const refused: string[] = [];
      otherTab.on("response", (response) => {
        if (response.status() === 401) {
          refused.push(response.url());
        }
      });
      await page.getByRole("button", { name: "Logout" }).click();
      await page.waitForURL("**/login");
      await otherTab.waitForURL("**/login");
      expect(refused).toEqual([]);
    });
  });

  it("changes the password on /profile, and signs out another device from the list", async () => {
    const browser = browserOf();
    await withPage(browser, "sessions-password", async (page) => {
      const email = uniqueEmail("password");
      await signUpAndSignIn(page, email);
      await page.goto("/profile");
      await page.getByRole("button", { name: "Change Password" }).click();
      const dialog = page.getByRole("dialog", { name: "Change Password" });
      await dialog.getByLabel("Current password").fill("Wrong#Pass2026");
      await dialog.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
      await dialog.getByLabel("Confirm new password").fill(NEW_PASSWORD);
      await dialog.getByRole("button", { name: "Change Password" }).click();
      await dialog.getByText("Your current password is not correct").waitFor();
      await saveScreenshot(page, "change-password-dialog", { fullPage: false });
      await expectAccessible(page, "the Change Password dialog");

      await dialog.getByLabel("Current password").fill(TEST_PASSWORD);
      await dialog.getByRole("button", { name: "Change Password" }).click();
      await page.getByText("Password changed", { exact: true }).waitFor();
      await dialog.waitFor({ state: "hidden" });

      const otherIp = "10.250.0.27";
      const other = await signInElsewhere(browser, email, NEW_PASSWORD, otherIp);
      try {
        await page.goto("/settings");
        const region = sessionsRegion(page);
        await expect.poll(() => region.getByRole("listitem").count()).toBe(2);
        await saveScreenshot(region, "sessions-list-two-devices");
        await expectAccessible(page, "/settings with two sessions");
        const otherDevice = new RegExp(`^Sign out: .*, ${otherIp.replaceAll(".", "\\.")}$`);
        await region.getByRole("button", { name: otherDevice }).click();
        await page.getByText("Session signed out", { exact: true }).waitFor();
        await expect.poll(() => region.getByRole("listitem").count()).toBe(1);

        // The other device's very next request is refused, and the app sends it to /login.
        await other.page.getByRole("link", { name: "Profile" }).first().click();
        await other.page.waitForURL("**/login");
      } finally {
        await other.context.close();
      }
    });
  });
});
