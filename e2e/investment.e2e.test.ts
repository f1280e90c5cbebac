import type { DevClock } from "@ferry/core/contracts/dev-clock";
import { parseAmount } from "@ferry/core/money";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./axe.ts";
import {
  baseUrl,
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  DESKTOP,
  PHONE,
  saveScreenshot,
  signIn,
  useBrowser,
  withPage,
} from "./support.ts";

const browserOf = useBrowser();

/** Cents of a US dollar amount as the page shows it ("$1,020.00", "+$20.00", "Balance after $1,020.00"). */
function centsOf(text: string | null): bigint {
  const digits = (text ?? "").replace(/^.*?(\d)/, "$1").replace(/[,\s]/g, "");
  const parsed = parseAmount(digits, "USD");
  if (!parsed.ok) {
    throw new Error(`"${text}" is not a USD amount`);
  }
  return parsed.amountMinor;
}

/** The figure on one of the four summary cards of /investment. */
async function cardCents(page: Page, title: string): Promise<bigint> {
  return centsOf(await page.getByRole("group", { name: title }).getByTestId("card-value").textContent());
}

async function usdAvailable(page: Page): Promise<bigint> {
  await page.goto("/balance");
  const card = page.getByTestId("balance-card-USD");
  await card.waitFor();
  return centsOf(await card.getByTestId("balance-available").textContent());
}

/**
 * Moves the server's business clock forward and runs the daily returns (`POST /dev/clock`). It is
 * asked from this machine, as the development mailbox is read: the browser contexts carry a
 * forwarded-for address, which the clock refuses.
 */
async function advanceDays(days: number): Promise<DevClock> {
  const response = await fetch(`${baseUrl()}/dev/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ advanceDays: days }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as DevClock;
}

describe("the investment centre", () => {
  // One sign-in of the demo customer and one of the admin: demo sign-ins are rate limited per account
  // and shared by every e2e file of the run.
  it("the demo customer invests 1,000 USD, a daily return is paid with its notification, then withdraws; the admin sees the investment", async () => {
    await withPage(browserOf(), "investment", async (page) => {
      await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      const usdBefore = await usdAvailable(page);

      await page.goto("/investment");
      await page.getByRole("heading", { name: "Investment Center" }).waitFor();
      await page.getByText("No investment transactions yet").waitFor();
      expect(await page.getByRole("button", { name: "Withdraw" }).count()).toBe(0);
      await saveScreenshot(page, "investment-empty");

      await page.getByRole("button", { name: "Invest" }).click();
      const invest = page.getByRole("dialog", { name: "Invest" });
      await invest.getByText("Available in your wallet:").waitFor();
      await invest.getByLabel("Amount (USD)").fill("1000");
      await invest.getByText("Your investment becomes $1,000.00, earning about $20.00 a day.").waitFor();
      await saveScreenshot(page, "investment-invest-dialog");
      await expectAccessible(page, "the Invest dialog");
      await invest.getByRole("button", { name: "Invest" }).click();
      await page.getByText("Investment deposited successfully!").first().waitFor();
      await invest.waitFor({ state: "detached" });

      expect(await cardCents(page, "Amount Invested")).toBe(100_000n);
      expect(await cardCents(page, "Current Balance")).toBe(100_000n);
      expect(await cardCents(page, "Total Returns")).toBe(0n);
      expect(await cardCents(page, "Next Payout")).toBe(2_000n);
      expect(await page.getByRole("group", { name: "Next Payout" }).textContent()).toContain(
        "money invested today earns from tomorrow",
      );
      expect(await page.getByTestId("projection-30").textContent()).toBe("$600.00");
      expect(await page.getByTestId("projection-365").textContent()).toBe("$7,300.00");
      expect(await page.getByTestId("annual-roi").textContent()).toBe("730%");
      await page.getByTestId("projection-chart").waitFor();
      const deposit = page.getByTestId("investment-transaction").first();
      expect(await deposit.textContent()).toContain("Deposit");
      expect(await deposit.textContent()).toContain("+$1,000.00");
      await page.getByRole("button", { name: "Withdraw" }).waitFor();
      await saveScreenshot(page, "investment-desktop");
      await expectAccessible(page, "/investment with an investment");
      expect(await usdAvailable(page)).toBe(usdBefore - 100_000n);

      await withPage(browserOf(), "investment-admin", async (adminPage) => {
        await signIn(adminPage, DEMO_ADMIN.email, DEMO_ADMIN.password);
        await adminPage.goto("/admin/investments");
        await adminPage.getByRole("heading", { name: "Investment Management" }).waitFor();
        const searched = adminPage.waitForResponse((response) =>
          response.url().includes(`search=${encodeURIComponent(DEMO_CUSTOMER.email)}`),
        );
        await adminPage.getByLabel("Search investments").fill(DEMO_CUSTOMER.email);
        await searched;
        const row = adminPage.getByTestId("admin-investment").filter({ hasText: DEMO_CUSTOMER.email });
        await row.waitFor();
        expect(await row.textContent()).toContain("Never");

        // The reserve pays the returns: the admin tops it up from the operator's bank account.
        const reserve = adminPage.getByRole("region", { name: "Yield Reserve" });
        const reserveBefore = centsOf(await reserve.getByTestId("reserve-balance").textContent());
        await reserve.getByRole("button", { name: "Top up reserve" }).click();
        const topUp = adminPage.getByRole("dialog", { name: "Top up reserve" });
        await topUp.getByLabel("Amount (USD)").fill("500");
        await saveScreenshot(adminPage, "admin-investments-top-up-dialog");
        await expectAccessible(adminPage, "the Top up reserve dialog");
        await topUp.getByRole("button", { name: "Top up" }).click();
        await adminPage.getByText("Yield reserve topped up").first().waitFor();
        await expect
          .poll(async () => centsOf(await reserve.getByTestId("reserve-balance").textContent()))
          .toBe(reserveBefore + 50_000n);

        // A day passes (the business clock) and the daily-returns job runs: the deposit's own day earns
        // nothing (a day pays on its lowest balance), so the first return is the next whole day's.
        const firstDay = await advanceDays(1);
        expect(firstDay.returns).toMatchObject({ daysPaid: 0, paid: "0.00", daysShort: 0 });
        await page.goto("/investment");
        await page.getByTestId("investment-transaction").first().waitFor();
        expect(await page.getByTestId("investment-transaction").filter({ hasText: "Daily Return" }).count()).toBe(0);
        expect(await cardCents(page, "Next Payout")).toBe(2_000n);
        expect(await page.getByRole("group", { name: "Next Payout" }).textContent()).not.toContain("from tomorrow");
        const secondDay = await advanceDays(1);
        expect(secondDay.returns).toMatchObject({ daysPaid: 1, paid: "20.00", daysShort: 0 });

        await page.goto("/investment");
        const dailyReturn = page.getByTestId("investment-transaction").filter({ hasText: "Daily Return" });
        await dailyReturn.first().waitFor();
        expect(await dailyReturn.count()).toBe(1);
        expect(await dailyReturn.textContent()).toContain("+$20.00");
        expect(await dailyReturn.textContent()).toContain("Balance after $1,020.00");
        expect(await cardCents(page, "Current Balance")).toBe(102_000n);
        expect(await cardCents(page, "Total Returns")).toBe(2_000n);
        await saveScreenshot(page, "investment-daily-return");

        await page.getByRole("link", { name: /Notifications \(\d+ unread\)/ }).click();
        await page.waitForURL("**/notifications");
        await page.getByRole("button", { name: "Daily return (unread)" }).first().waitFor();
        await page
          .getByText(/Your investment earned USD 20\.00/)
          .first()
          .waitFor();

        await page.goto("/investment");
        await page.getByRole("button", { name: "Withdraw" }).click();
        const withdraw = page.getByRole("dialog", { name: "Withdraw" });
        await withdraw.getByText("Current balance: $1,020.00").waitFor();
        await withdraw.getByLabel("Amount (USD)").fill("5000");
        await withdraw.getByRole("button", { name: "Withdraw" }).click();
        await withdraw.getByText("Insufficient investment balance").waitFor();
        await page.getByText("Failed to process withdrawal").first().waitFor();
        await expectAccessible(page, "the Withdraw dialog with the server's refusal");
        await withdraw.getByLabel("Amount (USD)").fill("520");
        await withdraw.getByRole("button", { name: "Withdraw" }).click();
        await page.getByText("Withdrawal completed successfully!").first().waitFor();
        await withdraw.waitFor({ state: "detached" });
        await expect.poll(() => cardCents(page, "Current Balance")).toBe(50_000n);
        const withdrawal = page.getByTestId("investment-transaction").first();
        expect(await withdrawal.textContent()).toContain("Withdrawal");
        expect(await withdrawal.textContent()).toContain("-$520.00");
        expect(await withdrawal.textContent()).toContain("Balance after $500.00");
        await saveScreenshot(page, "investment-after-withdrawal");
        await page.setViewportSize(PHONE);
        await page.getByTestId("projection-chart").waitFor();
        await saveScreenshot(page, "investment-phone");
        await expectAccessible(page, "/investment at phone width");
        await page.getByRole("button", { name: "Invest" }).click();
        await page.getByRole("dialog", { name: "Invest" }).getByLabel("Amount (USD)").fill("250");
        await page.getByTestId("invest-preview").waitFor();
        await saveScreenshot(page, "investment-invest-dialog-phone");
        await page.keyboard.press("Escape");
        await page.getByRole("dialog", { name: "Invest" }).waitFor({ state: "detached" });
        await page.setViewportSize(DESKTOP);
        expect(await usdAvailable(page)).toBe(usdBefore - 100_000n + 52_000n);

        // The admin sees the investment with its return, newest figures and the day it was paid for.
        await adminPage.reload();
        await adminPage.getByLabel("Search investments").fill(DEMO_CUSTOMER.email);
        await row.waitFor();
        await expect.poll(async () => (await row.textContent()) ?? "").toContain("$500.00");
        const rowText = (await row.textContent()) ?? "";
        expect(rowText).toContain("$20.00");
        expect(rowText).not.toContain("Never");
        await adminPage.getByLabel("Search investments").fill("");
        await expect.poll(() => adminPage.getByTestId("admin-investment").count()).toBeGreaterThan(0);
        await saveScreenshot(adminPage, "admin-investments-desktop");
        await expectAccessible(adminPage, "/admin/investments with an investment");
        await adminPage.setViewportSize(PHONE);
        await adminPage.getByTestId("admin-investment").first().waitFor();
        await saveScreenshot(adminPage, "admin-investments-phone");
        await expectAccessible(adminPage, "/admin/investments at phone width");
      });
    });
  }, 180_000);
});
