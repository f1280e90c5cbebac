import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./axe.ts";
import {
  baseUrl,
  DEMO_CUSTOMER,
  mailsTo,
  PHONE,
  saveScreenshot,
  sendUsdToFerryUser,
  signIn,
  signUpAndSignIn,
  TEST_PASSWORD,
  uniqueEmail,
  useBrowser,
  withPage,
} from "./support.ts";

const browserOf = useBrowser();

/** A Ferry account for `email`, made through the sign-up endpoint as the sign-up form does. */
async function signUpThroughApi(page: Page, email: string): Promise<void> {
  const response = await page.request.post("/api/v1/auth/sign-up", {
    data: { email, password: TEST_PASSWORD },
    headers: { origin: baseUrl() },
  });
  expect(response.status()).toBe(200);
}

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0";

/** Signs in as `email` from another browser and system (a device the account has not used), then closes it. */
async function signInFromAnotherDevice(browser: Browser, email: string, forwardedFor: string): Promise<void> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    userAgent: FIREFOX_WINDOWS,
    extraHTTPHeaders: { "x-forwarded-for": forwardedFor },
  });
  try {
    await signIn(await context.newPage(), email, TEST_PASSWORD);
  } finally {
    await context.close();
  }
}

/** The development SMS outbox's messages to `phone`. */
async function textsTo(phone: string): Promise<{ to: string; text: string }[]> {
  const response = await fetch(`${baseUrl()}/dev/sms/messages.json`);
  const messages = (await response.json()) as { to: string; text: string }[];
  return messages.filter((message) => message.to === phone);
}

/** Turns on SMS in the Notification Preferences card of /settings. */
async function turnOnSms(page: Page): Promise<void> {
  await page.goto("/settings");
  const card = page.getByRole("region", { name: "Notification Preferences" });
  const sms = card.getByRole("switch", { name: "SMS" });
  await expect.poll(() => sms.getAttribute("aria-checked")).toBe("false");
  await sms.click();
  await card.getByRole("button", { name: "Save" }).click();
  await page.getByText("Your notification settings have been saved successfully.").first().waitFor();
}

describe("alerts", () => {
  it("a visitor sees the sample rules and a sign-up prompt, at desktop and phone width", async () => {
    await withPage(browserOf(), "alerts-visitor", async (page) => {
      await page.goto("/alerts");
      await page.getByRole("heading", { name: "Alerts", level: 1 }).waitFor();
      const samples = page.getByTestId("sample-rules");
      await samples.getByRole("heading", { name: "Large transfers" }).waitFor();
      expect(await samples.getByRole("listitem").count()).toBe(4);
      await page.getByRole("region", { name: "Set up your own alerts" }).waitFor();
      await expectAccessible(page, "/alerts as a visitor");
      await saveScreenshot(page, "alerts-visitor");
      await page.setViewportSize(PHONE);
      await saveScreenshot(page, "alerts-visitor-phone");
      await page.getByRole("link", { name: "Create Free Account" }).click();
      await page.waitForURL("**/signup");
    });
  });

  it("the demo customer creates a transaction alert, sends money over the threshold and sees the alert fire", async () => {
    const friendEmail = uniqueEmail("alerts-friend");
    await withPage(browserOf(), "alerts-signed-in", async (page) => {
      await signUpThroughApi(page, friendEmail);
      await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      await page.goto("/alerts");
      await page.getByRole("heading", { name: "Your alert rules" }).waitFor();
      await page
        .getByRole("button", { name: /^(Create your first rule|New alert rule)$/ })
        .first()
        .click();
      const dialog = page.getByRole("dialog", { name: "New alert rule" });
      await dialog.getByLabel("Currency").selectOption("USD");
      await dialog.getByLabel("Amount").fill("150");
      await dialog.getByLabel("Direction").selectOption("outgoing");
      // SMS is off in the demo customer's Notification Preferences: not offered, and the page says where to turn it on.
      expect(await dialog.getByRole("radio", { name: "SMS" }).count()).toBe(0);
      await dialog.getByText(/^SMS: Text messages are off\./).waitFor();
      await dialog.getByRole("link", { name: "Open Settings" }).waitFor();
      await expectAccessible(page, "/alerts, the new rule dialog");
      await saveScreenshot(page, "alerts-dialog");
      await dialog.getByRole("button", { name: "Create rule" }).click();
      await page.getByText("Alert rule created").first().waitFor();
      await dialog.waitFor({ state: "detached" });
      const rule = page.getByTestId("alert-rule").filter({ hasText: "Outgoing transactions of USD 150.00 or more" });
      await rule.getByText("Not fired yet").waitFor();

      await sendUsdToFerryUser(page, friendEmail, "149.99");
      await sendUsdToFerryUser(page, friendEmail, "160.00");

      await page.goto("/notifications");
      const alert = page.getByText(`You sent USD 160.00 to ${friendEmail}.`, { exact: false });
      await alert.first().waitFor();
      expect(await page.getByText(`You sent USD 149.99`, { exact: false }).count()).toBe(0);
      await saveScreenshot(page, "alerts-notification");
      await expect
        .poll(async () => (await mailsTo(DEMO_CUSTOMER.email, "Ferry alert: Transaction alert")).length)
        .toBe(1);

      await page.goto("/alerts");
      await rule.getByText(/^Fired once, last/).waitFor();
      await expectAccessible(page, "/alerts as a customer");
      await saveScreenshot(page, "alerts-signed-in");
      await page.setViewportSize(PHONE);
      await saveScreenshot(page, "alerts-signed-in-phone");
      await rule.getByRole("button", { name: "Edit rule: Outgoing transactions of USD 150.00 or more" }).click();
      await page.getByRole("dialog", { name: "Edit alert rule" }).waitFor();
      await saveScreenshot(page, "alerts-dialog-phone");
      await page.keyboard.press("Escape");

      // Tidy up: later files of the run send money as the demo customer too.
      await rule.getByRole("button", { name: "Delete rule: Outgoing transactions of USD 150.00 or more" }).click();
      await page.getByRole("dialog", { name: "Delete alert rule" }).getByRole("button", { name: "Delete" }).click();
      await page.getByText("Alert rule deleted").first().waitFor();
      await rule.waitFor({ state: "detached" });
    });
  }, 180_000);

  it("a customer with SMS on and a phone number gets a new-device alert by text, and the new-device e-mail", async () => {
    const email = uniqueEmail("alerts-sms");
    const phone = `+44 7700 ${String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0")}`;
    await withPage(browserOf(), "alerts-sms", async (page) => {
      await signUpAndSignIn(page, email);
      await turnOnSms(page);
      await page.goto("/alerts");
      await page.getByRole("button", { name: "Create your first rule" }).click();
      let dialog = page.getByRole("dialog", { name: "New alert rule" });
      await dialog.getByText("SMS: Add a phone number to your profile to get alerts by SMS.").waitFor();
      await dialog.getByRole("link", { name: "Open Profile" }).click();
      await page.waitForURL("**/profile");

      const saved = await page.request.put("/api/v1/me/profile", {
        data: { firstName: "Ada", lastName: "Lovelace", phone, address: "", city: "", country: "", postalCode: "" },
        headers: { origin: baseUrl() },
      });
      expect(saved.status(), await saved.text()).toBe(200);
      await page.goto("/alerts");
      await page.getByRole("button", { name: "Create your first rule" }).click();
      dialog = page.getByRole("dialog", { name: "New alert rule" });
      await dialog.getByRole("radio", { name: "Security" }).check({ force: true });
      await dialog.getByRole("radio", { name: "SMS" }).check({ force: true });
      await expectAccessible(page, "/alerts, the new rule dialog with SMS");
      await saveScreenshot(page, "alerts-dialog-sms");
      await dialog.getByRole("button", { name: "Create rule" }).click();
      await page.getByText("Alert rule created").first().waitFor();
      await page.getByTestId("alert-rule").getByText("By SMS").waitFor();

      await signInFromAnotherDevice(browserOf(), email, "203.0.113.77");
      await expect.poll(async () => (await textsTo(phone)).length).toBe(1);
      const [text] = await textsTo(phone);
      expect(text.text).toContain("Your account was signed in from a new device (Firefox on Windows, 203.0.113.77)");
      const [mail] = await mailsTo(email, "New sign-in to your Ferry account");
      expect(mail.text).toContain("Browser: Firefox on Windows");
      expect(mail.text).toContain("If this wasn't you, reset your password");
    });
  }, 180_000);
});
