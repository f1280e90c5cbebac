import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import germanMessages from "../packages/core/src/i18n/messages/de.json" with { type: "json" };
import chineseMessages from "../packages/core/src/i18n/messages/zh.json" with { type: "json" };
import { mailsTo, saveScreenshot, signUpAndSignIn, uniqueEmail, useBrowser, withPage } from "./support.ts";

/*
 * Issue 29, as a person switches language: a new customer chooses German on /settings and reads the
 * dashboard, Send Money and the next e-mail in German; then Chinese, for the screenshot of the
 * dashboard. The expected texts are read from the message files, so the test checks the wiring, not
 * one translator's wording.
 */

const browserOf = useBrowser();

type Catalog = Readonly<Record<string, string>>;

/** A message file read as a lookup that fails loudly on a text it does not hold. */
function catalog(messages: Catalog): Catalog {
  return new Proxy(messages, {
    get(target, key: string) {
      const text = target[key];
      if (text === undefined) {
        throw new Error(`The message file has no "${key}"`);
      }
      return text;
    },
  });
}

const german = catalog(germanMessages);
const chinese = catalog(chineseMessages);

async function choosePreferredLanguage(page: Page, language: string, messages: Catalog) {
  await page.goto("/settings");
  const card = page.getByRole("region", { name: messages["App Preferences"] });
  await card.getByRole("combobox").first().waitFor();
  await page
    .locator("select")
    .filter({ has: page.locator(`option[value="${language}"]`) })
    .selectOption(language);
  await card.getByRole("button", { name: messages.Save }).click();
}

describe("languages", () => {
  it("a customer switches to German and reads the dashboard, Send Money and an e-mail in German", async () => {
    const email = uniqueEmail("deutsch");
    await withPage(browserOf(), "languages-german", async (page) => {
      await signUpAndSignIn(page, email);
      await choosePreferredLanguage(page, "de", catalog({ "App Preferences": "App Preferences", Save: "Save" }));
      // The app switches at once, and says so in <html lang>.
      await page.getByRole("heading", { name: german.Settings, level: 1 }).waitFor();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("de");

      await page.goto("/dashboard");
      await page.getByRole("heading", { name: german["Currency accounts"] }).waitFor();
      await page.getByRole("link", { name: german["Send Money"] }).first().click();
      const sendMoney = page.getByRole("dialog", { name: german["Send Money"] });
      await sendMoney.waitFor();
      await saveScreenshot(page, "languages-send-money-de");
      await page.keyboard.press("Escape");

      // The next e-mail is German: the verification code, asked for from the banner.
      await page.getByRole("button", { name: german["Verify Email"] }).click();
      const subject = german["Verify your Ferry e-mail address"];
      await expect.poll(async () => (await mailsTo(email, subject)).length).toBeGreaterThan(0);
      await page.keyboard.press("Escape");

      // Reloaded, the page opens in German straight away (the cookie), not English first.
      await page.reload();
      await page.getByRole("heading", { name: german["Currency accounts"] }).waitFor();
      await saveScreenshot(page, "languages-dashboard-de");

      await choosePreferredLanguage(page, "zh", german);
      await page.getByRole("heading", { name: chinese.Settings, level: 1 }).waitFor();
      await page.goto("/dashboard");
      await page.getByRole("heading", { name: chinese["Currency accounts"] }).waitFor();
      await saveScreenshot(page, "languages-dashboard-zh");
    });
  }, 120_000);
});
