import type { CDPSession, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./axe.ts";
import {
  mailsTo,
  saveScreenshot,
  signUpAndSignIn,
  TEST_PASSWORD,
  uniqueEmail,
  useBrowser,
  withPage,
} from "./support.ts";

/*
 * Issue 27, passkeys as a person uses them, with Chromium's virtual authenticator (DevTools protocol):
 * add a passkey on /settings (the current password asked again first), sign out, and sign in with it
 * from /login; an authenticator that cannot verify the person (no user verification) does not sign
 * in, and the page says why.
 */

const browserOf = useBrowser();

/** A platform authenticator with resident keys, that verifies its user (`isUserVerified`) or not. */
async function addVirtualAuthenticator(page: Page, isUserVerified: boolean): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

function passkeysSection(page: Page) {
  return page.getByRole("region", { name: "Passkeys" });
}

/**
 * Adds a passkey named `name` through the Security card's dialog: a wrong current password first
 * (refused on the field, no ceremony), then the right one.
 */
async function addPasskey(page: Page, name: string): Promise<void> {
  await page.goto("/settings");
  const section = passkeysSection(page);
  await section.getByText("No passkeys yet.", { exact: false }).waitFor();
  await section.getByRole("button", { name: "Add a passkey" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a passkey" });
  const nameField = dialog.getByLabel("Passkey name");
  // The default name comes from the device.
  expect(await nameField.inputValue()).toMatch(/Chrome on Linux|Chrome/);
  await expectAccessible(page, "the Add a passkey dialog");
  await saveScreenshot(page, "passkeys-add-dialog", { fullPage: false });
  await nameField.fill(name);
  const password = dialog.getByLabel("Current password");
  await password.fill("Wrong#Pass2026");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await dialog.getByText("Incorrect password").waitFor();
  expect(await password.getAttribute("aria-invalid")).toBe("true");
  await expectAccessible(page, "the Add a passkey dialog with a wrong password");
  await saveScreenshot(page, "passkeys-add-wrong-password", { fullPage: false });
  await password.fill(TEST_PASSWORD);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await page.getByText("Passkey added").first().waitFor();
  await dialog.waitFor({ state: "detached" });
  await section.getByText(name, { exact: true }).waitFor();
}

async function signOut(page: Page): Promise<void> {
  await page.goto("/");
  await page.getByRole("button", { name: /^Account menu: / }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await page.waitForURL("**/login");
}

describe("passkeys", () => {
  it("adds a passkey on /settings, signs out, and signs in with it", async () => {
    await withPage(browserOf(), "passkeys-sign-in", async (page) => {
      const email = uniqueEmail("passkey");
      await signUpAndSignIn(page, email);
      const { cdp, id } = await addVirtualAuthenticator(page, true);
      await addPasskey(page, "Work laptop");
      const section = passkeysSection(page);
      await section.getByText("Never used").waitFor();
      await expectAccessible(page, "/settings with a passkey");
      await section.scrollIntoViewIfNeeded();
      await saveScreenshot(section, "passkeys-section");
      expect((await mailsTo(email, "A sign-in method was added")).length).toBe(1);
      const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId: id });
      expect(credentials).toHaveLength(1);
      expect(credentials[0].isResidentCredential).toBe(true);

      await signOut(page);
      await expectAccessible(page, "/login with Sign in with a passkey");
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      await page.waitForURL("**/dashboard");
      await page.getByText("Welcome back!").first().waitFor();

      // Renamed, then removed after confirming: the list says so, and the owner is e-mailed.
      await page.goto("/settings");
      await section.getByText(/· Last used /).waitFor();
      await section.getByRole("button", { name: "Rename Work laptop" }).click();
      const rename = page.getByRole("dialog", { name: "Rename passkey" });
      await rename.getByLabel("Passkey name").fill("Old laptop");
      await rename.getByRole("button", { name: "Save" }).click();
      await section.getByText("Old laptop", { exact: true }).waitFor();
      await section.getByRole("button", { name: "Remove Old laptop" }).click();
      const confirm = page.getByRole("dialog", { name: "Remove this passkey?" });
      await expectAccessible(page, "the remove-passkey confirmation");
      await confirm.getByRole("button", { name: "Delete" }).click();
      await page.getByText("Passkey removed").first().waitFor();
      await section.getByText("No passkeys yet.", { exact: false }).waitFor();
      expect((await mailsTo(email, "A sign-in method was removed")).length).toBe(1);
    });
  });

  it("refuses a passkey that cannot verify the person, and says so", async () => {
    await withPage(browserOf(), "passkeys-no-user-verification", async (page) => {
      await signUpAndSignIn(page, uniqueEmail("passkey-uv"));
      const { cdp, id } = await addVirtualAuthenticator(page, true);
      await addPasskey(page, "Security key");
      await signOut(page);
      // The same authenticator, now unable to verify its user (a PIN or fingerprint that fails).
      await cdp.send("WebAuthn.setUserVerified", { authenticatorId: id, isUserVerified: false });
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      await page.getByText("Login failed").first().waitFor();
      await page.getByText("your passkey could not confirm it's you", { exact: false }).first().waitFor();
      await expectAccessible(page, "/login after a refused passkey");
      await saveScreenshot(page, "passkeys-login-refused", { fullPage: false });
      expect(new URL(page.url()).pathname).toBe("/login");
      await page.goto("/dashboard");
      await page.waitForURL("**/login");
    });
  });
});
