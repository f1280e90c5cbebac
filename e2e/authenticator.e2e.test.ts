import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { base32Decode, totp } from "../tests/integration/totp.ts";
import { expectAccessible } from "./axe.ts";
import {
  baseUrl,
  DEMO_ADMIN,
  mailsTo,
  saveScreenshot,
  signIn,
  signUpAndSignIn,
  TEST_PASSWORD,
  uniqueEmail,
  useBrowser,
  withPage,
} from "./support.ts";

/*
 * Issue 27, the authenticator app as a person uses it: a fresh customer sets it up from /settings,
 * typing a code this test computes from the key shown on screen (RFC 6238, not the server's code),
 * signs out, signs in with the app's code (no e-mailed code), and confirms a transfer with another.
 */

const browserOf = useBrowser();

/**
 * Codes from the app, each for a later 30-second step than the one before (the server accepts a step
 * once): the previous step first (within the window, unless its end is near), then one step on, waiting
 * when it is too early.
 */
function authenticatorApp(secret: string) {
  const key = base32Decode(secret);
  let lastStep = Math.floor(Date.now() / 30_000) - 2;
  return async function nextCode(): Promise<string> {
    const seconds = Date.now() / 1000;
    const current = Math.floor(seconds / 30);
    // The previous step's code is refused once the server's clock reaches the next step: too close to
    // that, the current step's code is given instead, so typing it in never outruns the window.
    const earliest = (current + 1) * 30 - seconds < 8 ? current : current - 1;
    const step = Math.max(lastStep + 1, earliest);
    while (step > Math.floor(Date.now() / 30_000) + 1) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    lastStep = step;
    return totp(key, step * 30);
  };
}

/** Funds a fresh customer as Ferry does: a reported bank deposit, approved by an admin. */
async function fundWithBankDeposit(page: Page, email: string): Promise<void> {
  await page.goto("/balance");
  await page.getByRole("button", { name: "Add Cash" }).click();
  await page.getByRole("button", { name: /Connect Bank/ }).click();
  const bank = page.getByRole("dialog", { name: "Deposit from your bank" });
  await bank.getByLabel("Currency").selectOption("USD");
  await bank.getByLabel("Amount sent").fill("50.00");
  await bank.getByRole("button", { name: "Report deposit" }).click();
  await bank.getByText("is waiting for review").waitFor();
  await withPage(browserOf(), "authenticator-admin-approves", async (admin) => {
    await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await admin.goto("/admin/deposits");
    const review = admin.getByRole("button", { name: `Review deposit of USD 50.00 from ${email}` });
    await review.click();
    await admin.getByRole("dialog", { name: "Review Deposit" }).getByRole("button", { name: "Approve" }).click();
    await review.waitFor({ state: "detached" });
  });
}

/** Sets the app up from the Security card; returns the app that now makes the account's codes. */
async function enrol(page: Page) {
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Security Settings" });
  await section.getByRole("button", { name: "Set up authenticator app" }).click();
  const passwordDialog = page.getByRole("dialog", { name: "Set up authenticator app" });
  await passwordDialog.getByLabel("Current password").fill(TEST_PASSWORD);
  await passwordDialog.getByRole("button", { name: "Continue" }).click();

  const dialog = page.getByRole("dialog", { name: "Scan the QR code" });
  await dialog.getByRole("img", { name: "QR code to add Ferry to your authenticator app" }).waitFor();
  const secret = (await dialog.getByTestId("authenticator-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
  await expectAccessible(page, "the authenticator enrolment dialog");
  await saveScreenshot(dialog, "authenticator-enrolment-dialog");
  const nextCode = authenticatorApp(secret);
  await dialog.getByLabel("Code from the app").fill("000000");
  await dialog.getByRole("button", { name: "Verify" }).click();
  await dialog.getByText("Invalid verification code").waitFor();
  await dialog.getByLabel("Code from the app").fill(await nextCode());
  await dialog.getByRole("button", { name: "Verify" }).click();

  const backup = page.getByRole("dialog", { name: "Save your backup codes" });
  await backup.getByRole("list", { name: "Backup codes" }).waitFor();
  // The dialog's content has changed under its title: let its opening animation settle before the shot.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  const backupCodes = await backup.getByRole("listitem").allTextContents();
  expect(backupCodes).toHaveLength(10);
  await saveScreenshot(page, "authenticator-backup-codes", { fullPage: false });
  await backup.getByRole("button", { name: "Done" }).click();
  await section.getByText("10 backup codes left").waitFor();
  await expectAccessible(page, "/settings with an authenticator app");
  await saveScreenshot(page, "settings-authenticator-on");
  return { nextCode, backupCodes };
}

describe("authenticator app", () => {
  it("is set up with a code from the shown key, then replaces the e-mailed code at sign-in and at a transfer", async () => {
    const email = uniqueEmail("totp");
    const friend = uniqueEmail("totp-friend");
    const signUp = await fetch(`${baseUrl()}/api/v1/auth/sign-up`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl() },
      body: JSON.stringify({ email: friend, password: TEST_PASSWORD }),
    });
    expect(signUp.status).toBe(200);

    await withPage(browserOf(), "authenticator", async (page) => {
      await signUpAndSignIn(page, email);
      await fundWithBankDeposit(page, email);
      const { nextCode, backupCodes } = await enrol(page);

      await page.getByRole("button", { name: "Logout" }).click();
      await page.waitForURL("**/login");
      const signInCodes = (await mailsTo(email, "Your Ferry sign-in code")).length;
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      const codeDialog = page.getByRole("dialog", { name: "Enter your authenticator code" });
      await codeDialog.getByText("Enter the 6-digit code from your authenticator app.").waitFor();
      await saveScreenshot(codeDialog, "authenticator-sign-in-dialog");
      await codeDialog.getByLabel("Verification code").fill(await nextCode());
      await codeDialog.getByRole("button", { name: "Verify" }).click();
      await page.waitForURL("**/dashboard");
      expect((await mailsTo(email, "Your Ferry sign-in code")).length).toBe(signInCodes);

      await page.goto("/balance");
      await page.getByTestId("balance-card-USD").waitFor();
      await page.getByRole("button", { name: "Send Money" }).click();
      const dialog = page.getByRole("dialog", { name: "Send Money" });
      await dialog.getByRole("button", { name: /Ferry user/ }).click();
      await dialog.getByLabel("Recipient's email").fill(friend);
      await dialog.getByRole("button", { name: "Continue" }).click();
      // Their only currency, chosen for them.
      expect(await dialog.getByLabel("Currency").inputValue()).toBe("USD");
      await dialog.getByLabel("Amount", { exact: true }).fill("20");
      await dialog.getByTestId("quote-total").filter({ hasText: "USD 20.00" }).waitFor();
      await dialog.getByRole("button", { name: "Continue" }).click();
      await dialog.getByText("Check the details and confirm with the code from your authenticator app.").waitFor();
      await dialog.getByText(/Enter the 6-digit code from your authenticator app/).waitFor();
      expect(await dialog.getByRole("button", { name: "Send code" }).count()).toBe(0);
      await dialog.getByText(friend).first().waitFor();
      await saveScreenshot(dialog, "authenticator-transfer-verification");
      await dialog.getByLabel("Verification code").fill(await nextCode());
      await dialog.getByRole("button", { name: "Confirm" }).click();
      await page.getByText("Transfer completed successfully").first().waitFor();
      expect(await mailsTo(email, "Your Ferry transfer code")).toEqual([]);

      // Removed with a backup code: the account is back to e-mailed codes.
      await page.goto("/settings");
      const section = page.getByRole("region", { name: "Security Settings" });
      await section.getByRole("button", { name: "Remove" }).first().click();
      const remove = page.getByRole("dialog", { name: "Remove authenticator app" });
      await remove.getByLabel("Authenticator or backup code").fill("abc");
      await remove.getByRole("button", { name: "Remove" }).click();
      await remove.getByText("Enter a 6-digit code from your authenticator app or one of your backup codes").waitFor();
      // Off the Remove button just pressed: its hover shade is the design system's, not this dialog's.
      await page.mouse.move(0, 0);
      await expectAccessible(page, "the authenticator removal dialog");
      await remove.getByLabel("Authenticator or backup code").fill(backupCodes[0]);
      await remove.getByRole("button", { name: "Remove" }).click();
      await page.getByText("Authenticator app removed").first().waitFor();
      await section.getByRole("button", { name: "Set up authenticator app" }).waitFor();
      expect(await mailsTo(email, "A sign-in method was removed")).toHaveLength(1);
    });
  });
});
