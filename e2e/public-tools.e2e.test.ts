import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./axe.ts";
import {
  DEMO_CUSTOMER,
  devMailTo,
  PHONE,
  saveScreenshot,
  signIn,
  uniqueEmail,
  useBrowser,
  waitForApp,
  withPage,
} from "./support.ts";

/*
 * Issue 14, the public site's working parts: the header's menus (by keyboard) and the drawer at 390 px,
 * the four calculators of /tools on the server's own fees and rates, and the /support contact form as a
 * visitor (an e-mail to support) and as the signed-in demo customer (a help request in /help).
 */

const browserOf = useBrowser();

/** The address visitors' messages go to in this setup: SUPPORT_EMAIL unset, so MAIL_FROM's address. */
const SUPPORT_ADDRESS = "no-reply@ferry.example";

async function mailToSupport(subject: string) {
  return (await devMailTo(SUPPORT_ADDRESS)).find((message) => message.subject === `Contact form: ${subject}`);
}

/** Opens a public page as a person does from the landing page: the header's menu, then the entry. */
async function openFromMenu(page: Page, menu: string, entry: string): Promise<void> {
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: menu }).click();
  await page.getByRole("menuitem", { name: new RegExp(entry) }).click();
}

/** The four calculators of /tools, by region name, with a short name for their screenshots. */
const CALCULATORS = [
  ["Mortgage calculator", "mortgage"],
  ["Transfer fee calculator", "fees"],
  ["Currency converter", "converter"],
  ["Investment return calculator", "investment"],
] as const;

/** The spec's header menus (§2 Shared header), in order. */
const MENUS = {
  "Money transfers": [
    "Send money",
    "Large transfers",
    "Compare rates",
    "Popular transfer reasons",
    "Business payments",
  ],
  "Why Ferry": ["Fast transfers", "Low fees", "Support", "Security"],
  "I'm looking to...": [
    "Buy property abroad",
    "Invest overseas",
    "Pay a mortgage abroad",
    "Receive an inheritance",
    "Support family",
  ],
};

async function menuLabels(page: Page): Promise<string[]> {
  const items = page.getByRole("menu").getByRole("menuitem");
  const labels: string[] = [];
  for (const item of await items.all()) {
    labels.push(((await item.locator("span span").first().textContent()) ?? "").trim());
  }
  return labels;
}

async function fillContactForm(page: Page, fields: { subject: string; visitor?: { email: string } }): Promise<void> {
  if (fields.visitor) {
    await page.getByLabel("First name *").fill("Grace");
    await page.getByLabel("Last name *").fill("Hopper");
    await page.getByLabel("Email *").fill(fields.visitor.email);
  }
  await page.getByLabel("Subject *").fill(fields.subject);
  await page.getByLabel("Message *").fill("How long does a bank transfer to Germany take to arrive?");
}

describe("the public header", () => {
  it("opens each menu by keyboard, walks it with the arrow keys, closes it with Escape and follows an entry", async () => {
    await withPage(browserOf(), "public-header-menus", async (page) => {
      await page.goto("/");
      // The menus' buttons are disabled until React takes the pre-rendered page over: focus waits for that.
      await waitForApp(page);
      const main = page.getByRole("navigation", { name: "Main" });
      for (const [label, entries] of Object.entries(MENUS)) {
        const trigger = main.getByRole("button", { name: label });
        await trigger.focus();
        await page.keyboard.press("Enter");
        await page.getByRole("menu").waitFor();
        expect(await menuLabels(page)).toEqual(entries);
        const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? "");
        // The menu moves focus to its first entry once it has opened; an arrow pressed before that is lost.
        await expect.poll(focusedText).toContain(entries[0]);
        await page.keyboard.press("ArrowDown");
        await expect.poll(focusedText).toContain(entries[1]);
        await page.keyboard.press("Escape");
        await page.getByRole("menu").waitFor({ state: "detached" });
        expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);
      }
      await main.getByRole("button", { name: "Money transfers" }).focus();
      await page.keyboard.press("Enter");
      await page.getByRole("menu").getByText("Send to 190+ countries").waitFor();
      await expectAccessible(page, "the Money transfers menu");
      await saveScreenshot(page, "public-header-menu-desktop");
      await page.getByRole("menuitem", { name: /Compare rates/ }).click();
      await page.waitForURL("**/rates");
      await main.getByRole("link", { name: "Tools" }).click();
      await page.waitForURL("**/tools");
      await page.getByRole("heading", { level: 1 }).waitFor();
    });
  });

  it("at 390 px the drawer lists the spec's links and closes when one is followed", async () => {
    await withPage(
      browserOf(),
      "public-drawer-phone",
      async (page) => {
        await page.goto("/");
        expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
        await waitForApp(page);
        // By keyboard first: Escape closes the drawer and gives focus back to the button that opened it.
        const opener = page.getByRole("button", { name: "Open menu" });
        await opener.focus();
        await page.keyboard.press("Enter");
        const drawer = page.getByRole("dialog", { name: "Menu" });
        await drawer.waitFor();
        await page.keyboard.press("Escape");
        await drawer.waitFor({ state: "detached" });
        await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);

        await opener.click();
        await drawer.waitFor();
        const links = drawer.getByRole("navigation", { name: "Mobile" }).getByRole("link");
        expect(await links.allTextContents()).toEqual([
          "Send money",
          "Compare rates",
          "Business payments",
          "Support",
          "Security",
          "Tools",
        ]);
        await expectAccessible(page, "the drawer");
        await saveScreenshot(page, "public-drawer-phone", { fullPage: false });
        await links.filter({ hasText: "Tools" }).click();
        await page.waitForURL("**/tools");
        await drawer.waitFor({ state: "detached" });
        await page.getByRole("region", { name: "Mortgage calculator" }).waitFor();
        await page.getByRole("region", { name: "Investment return calculator" }).waitFor();
        await saveScreenshot(page, "tools-phone");
        // Each calculator on its own too: a whole phone-width page is too tall to read in one picture.
        for (const [name, file] of CALCULATORS) {
          await saveScreenshot(page.getByRole("region", { name }), `tools-phone-${file}`);
        }
      },
      PHONE,
    );
  });
});

describe("/tools", () => {
  it("each calculator works on Ferry's own fees and rates", async () => {
    await withPage(browserOf(), "tools-calculators", async (page) => {
      await page.goto("/");
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tools" }).click();
      await page.waitForURL("**/tools");
      // The calculators on the server's figures appear once the fees and rates have arrived.
      await page.getByRole("region", { name: "Transfer fee calculator" }).waitFor();
      await page.getByRole("region", { name: "Currency converter" }).waitFor();
      await expectAccessible(page, "/tools");

      const mortgage = page.getByRole("region", { name: "Mortgage calculator" });
      expect(await mortgage.getByTestId("mortgage-monthly").textContent()).toBe("1,122.61");
      expect(await mortgage.getByTestId("mortgage-total-paid").textContent()).toBe("404,139.60");
      expect(await mortgage.getByTestId("mortgage-total-interest").textContent()).toBe("154,139.60");
      await mortgage.getByLabel("Interest rate (%)").fill("6.5");
      await mortgage.getByLabel("Loan amount").fill("200000");
      await expect.poll(() => mortgage.getByTestId("mortgage-monthly").textContent()).toBe("1,264.14");

      // The server's default schedule: 0.5 % to a bank, 1 % to a wallet, free to a Ferry user.
      const fees = page.getByRole("region", { name: "Transfer fee calculator" });
      await fees.getByLabel("Amount to send").fill("1234.56");
      await expect.poll(() => fees.getByTestId("fee-amount").textContent()).toBe("USD 6.18");
      expect(await fees.getByTestId("fee-total").textContent()).toBe("USD 1,240.74");
      await fees.getByLabel("Send by").selectOption({ label: "Cryptocurrency" });
      // Exact (issue 30): 1 % of 1,234.56 in USDC, whose six decimals keep 12.3456.
      await expect.poll(() => fees.getByTestId("fee-amount").textContent()).toBe("USDC 12.3456");

      // The seeded rate table: USD → EUR at 0.925925925925925926 with a 0.25 % fee.
      const converter = page.getByRole("region", { name: "Currency converter" });
      await expect.poll(() => converter.getByTestId("converter-receive").textContent()).toBe("EUR 92.36");
      await converter.getByLabel("To").selectOption("BTC");
      await expect.poll(() => converter.getByTestId("converter-receive").textContent()).toBe("BTC 0.00153076");

      // INVEST_DAILY_RATE's default, 2 % a day.
      const investment = page.getByRole("region", { name: "Investment return calculator" });
      await expect.poll(() => investment.getByTestId("investment-return").textContent()).toBe("USD 600.00");
      await investment.getByLabel("Period").selectOption({ label: "1 year" });
      await expect.poll(() => investment.getByTestId("investment-return").textContent()).toBe("USD 7,300.00");

      expect(await page.getByText("Coming Soon").count()).toBe(4);
      // A full-page picture from the top, so the sticky header is where a person sees it.
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, "tools-desktop");
    });
  });
});

describe("the /support contact form", () => {
  it("a visitor's message is e-mailed to the support address", async () => {
    await withPage(browserOf(), "support-form-visitor", async (page) => {
      const subject = `Visitor question ${Date.now().toString(36)}`;
      await page.goto("/");
      await openFromMenu(page, "Why Ferry", "Support");
      await page.waitForURL("**/support");
      const form = page.getByRole("form", { name: "Send us a message" });
      await form.waitFor();
      await saveScreenshot(form, "support-form-desktop");
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByText("First name is required").waitFor();
      await expectAccessible(page, "/support's form with its errors");

      const email = uniqueEmail("visitor");
      await fillContactForm(page, { subject, visitor: { email } });
      await page.getByRole("button", { name: "Send Message" }).click();

      await page.getByRole("heading", { name: "Message sent" }).waitFor();
      await expectAccessible(page, "/support's form, sent");
      await page.getByText(`Thank you, Grace. Our support team will reply to ${email}.`).waitFor();
      await expect.poll(() => mailToSupport(subject)).toMatchObject({ text: expect.stringContaining(email) });
    });
  });

  it("looks right at 390 px", async () => {
    await withPage(
      browserOf(),
      "support-form-phone",
      async (page) => {
        await page.goto("/");
        await page.getByRole("button", { name: "Open menu" }).click();
        await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Support" }).click();
        await page.waitForURL("**/support");
        const form = page.getByRole("form", { name: "Send us a message" });
        await form.waitFor();
        await form.getByRole("button", { name: "Send Message" }).click();
        await page.getByText("Message must be at least 10 characters").waitFor();
        await saveScreenshot(form, "support-form-phone");
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, "pixels wider than the screen").toBeLessThanOrEqual(0);
      },
      PHONE,
    );
  });

  it("the signed-in demo customer's message becomes a help request in /help; the header's menu signs out", async () => {
    await withPage(browserOf(), "support-form-customer", async (page) => {
      const subject = `Customer question ${Date.now().toString(36)}`;
      await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      await page.goto("/");
      await openFromMenu(page, "Why Ferry", "Support");
      await page.getByText(`You are signed in as ${DEMO_CUSTOMER.email}`).waitFor();
      expect(await page.getByLabel("Email *").inputValue()).toBe(DEMO_CUSTOMER.email);
      await fillContactForm(page, { subject });
      await saveScreenshot(page.getByRole("form", { name: "Send us a message" }), "support-form-signed-in");
      await page.getByRole("button", { name: "Send Message" }).click();

      await page.getByRole("heading", { name: "Message sent" }).waitFor();
      await saveScreenshot(page.getByRole("status").filter({ hasText: "Message sent" }), "support-form-sent-signed-in");
      await page.getByRole("link", { name: "View your request" }).click();
      await page.waitForURL(/\/help\?request=/);
      await page.getByRole("heading", { name: subject }).waitFor();
      expect(await mailToSupport(subject)).toBeUndefined();

      // The header of a public page knows who is signed in, and Sign Out really ends the session.
      await page.goto("/");
      const account = page.getByRole("button", { name: /^Account menu: / });
      await account.waitFor();
      expect((await account.textContent())?.trim().slice(0, 2)).toMatch(/^[A-Z]{2}$/);
      await account.click();
      await page.getByRole("menu").waitFor();
      await expectAccessible(page, "the user menu");
      await saveScreenshot(page, "public-user-menu-desktop", { fullPage: false });
      await page.getByRole("menuitem", { name: "Sign Out" }).click();
      await page.waitForURL("**/login");
      await page.goto("/dashboard");
      await page.waitForURL("**/login");
    });
  });
});
