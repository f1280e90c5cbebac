import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  DEMO_ADMIN,
  PHONE,
  readCodeFromMailbox,
  saveScreenshot,
  signIn,
  signUpAndSignIn,
  TEST_PASSWORD,
  uniqueEmail,
  useBrowser,
  withPage,
} from "./support.ts";

const browserOf = useBrowser();

const PASSWORD = TEST_PASSWORD;

/** The available amount shown on the balance card of `currency`, as text ("" when there is no card). */
async function balanceText(page: Page, currency: string): Promise<string> {
  const card = page.getByTestId(`balance-card-${currency}`);
  return (await card.count()) > 0 ? ((await card.getByTestId("balance-available").textContent()) ?? "") : "";
}

describe("adding cash with a crypto deposit", () => {
  it("a customer reports a deposit to their own address, the admin approves it, and the customer sees the money and a notification", async () => {
    const email = uniqueEmail("depositor");
    await withPage(browserOf(), "crypto-deposit", async (page) => {
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await signUpAndSignIn(page, email);
      await page.goto("/balance");
      await page.getByRole("button", { name: "Add Cash" }).click();
      await page.getByRole("dialog", { name: "Add Cash" }).waitFor();
      await saveScreenshot(page, "add-cash-dialog");
      await page.getByRole("button", { name: /Crypto Deposit/ }).click();
      const dialog = page.getByRole("dialog", { name: "Crypto Deposit" });
      await dialog.waitFor();
      await dialog.getByRole("tab", { name: "USDT (TRC-20)" }).click();
      const address = (await dialog.getByTestId("deposit-address").textContent()) ?? "";
      expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
      await dialog.getByRole("button", { name: "Copy USDT address" }).click();
      await page.getByText("USDT address copied to clipboard!").first().waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
      await dialog.getByLabel("Amount sent").fill("125.50");
      await saveScreenshot(page, "crypto-deposit-dialog");
      await dialog.getByRole("button", { name: "Report deposit" }).click();
      await dialog.getByText("is waiting for review").waitFor();
      await dialog.getByRole("button", { name: "Close" }).first().click();
    });

    await withPage(browserOf(), "admin-approves", async (page) => {
      await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await page.goto("/admin/deposits");
      await page.getByRole("heading", { name: "Deposit Approvals" }).waitFor();
      const review = page.getByRole("button", { name: `Review deposit of USDT 125.500000 from ${email}` });
      await review.waitFor();
      await saveScreenshot(page, "admin-deposits-desktop");
      await review.click();
      const dialog = page.getByRole("dialog", { name: "Review Deposit" });
      await dialog.getByLabel("Internal note — only admins see this").fill("Matched on chain, internal check 7");
      await dialog.getByLabel("Note to the customer").fill("Received on Tron, thank you");
      await saveScreenshot(page, "admin-deposit-review-dialog");
      await dialog.getByRole("button", { name: "Approve" }).click();
      await page.getByText("Deposit approved successfully").first().waitFor();
      await review.waitFor({ state: "detached" });
    });

    await withPage(browserOf(), "customer-sees-deposit", async (page) => {
      await signIn(page, email, PASSWORD);
      await page.goto("/balance");
      await page.getByTestId("balance-card-USDT").waitFor();
      expect(await balanceText(page, "USDT")).toContain("125.50");
      const bell = page.getByRole("link", { name: /Notifications \(1 unread\)/ });
      await bell.waitFor();
      await bell.click();
      await page.waitForURL("**/notifications");
      const item = page.getByRole("button", { name: "Deposit approved (unread)" });
      await item.waitFor();
      await saveScreenshot(page, "notifications-desktop");
      await item.click();
      // Read now: the button's name (its content) no longer says "(unread)" after the title.
      await page.getByRole("button", { name: /^Deposit approved(?! \(unread\))/ }).waitFor();
      // The customer reads the admin's note to them, never the internal one (issue 24).
      await page.getByText("Note: Received on Tron, thank you").waitFor();
      expect(await page.textContent("body")).not.toContain("internal check 7");
      await page.getByRole("link", { name: "Notifications", exact: true }).first().waitFor();
    });
  });
});

describe("cashing out", () => {
  it("a customer adds a bank payment method and cashes out to it with the e-mailed code; the withdrawal is pending", async () => {
    const email = uniqueEmail("cashout");
    await withPage(browserOf(), "cashout", async (page) => {
      await signUpAndSignIn(page, email);
      // Fund the new customer the way Ferry does: a reported bank deposit approved by an admin (through the API).
      await page.goto("/withdrawal-addresses");
      await page.getByText("No withdrawal addresses").waitFor();
      await saveScreenshot(page, "payment-methods-empty");
      await page.getByRole("button", { name: "Add Your First Address" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Withdrawal Address" });
      await dialog.getByLabel("Name", { exact: true }).fill("My Deutsche Bank");
      await dialog.getByLabel("Currency").selectOption("EUR");
      await dialog.getByLabel("Account holder name").fill("Erika Mustermann");
      await dialog.getByLabel("Bank name").fill("Deutsche Bank");
      await dialog.getByLabel("Country").selectOption("DE");
      await dialog.getByLabel("Account number (IBAN)").fill("DE89 3704 0044 0532 0130 01");
      await dialog.getByLabel("SWIFT / BIC").fill("DEUTDEFF");
      await dialog.getByRole("button", { name: "Add Address" }).click();
      await dialog.getByText(/IBAN/).first().waitFor();
      await dialog.getByLabel("Account number (IBAN)").fill("DE89 3704 0044 0532 0130 00");
      await saveScreenshot(page, "payment-method-dialog");
      await dialog.getByRole("button", { name: "Add Address" }).click();
      await page.getByText("Address added successfully").first().waitFor();
      await page.getByText("•••• 3000").waitFor();
      await saveScreenshot(page, "payment-methods-desktop");

      await page.goto("/balance");
      await page.getByRole("button", { name: "Add Cash" }).click();
      await page.getByRole("button", { name: /Connect Bank/ }).click();
      const bank = page.getByRole("dialog", { name: "Deposit from your bank" });
      await bank.getByText("Your reference", { exact: true }).waitFor();
      await saveScreenshot(page, "bank-deposit-dialog");
      await bank.getByLabel("Currency").selectOption("EUR");
      await bank.getByLabel("Amount sent").fill("300.00");
      await bank.getByRole("button", { name: "Report deposit" }).click();
      await bank.getByText("is waiting for review").waitFor();
    });

    await withPage(browserOf(), "admin-approves-bank", async (page) => {
      await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await page.goto("/admin/deposits");
      const review = page.getByRole("button", { name: `Review deposit of EUR 300.00 from ${email}` });
      await review.click();
      await page.getByRole("dialog", { name: "Review Deposit" }).getByRole("button", { name: "Approve" }).click();
      await review.waitFor({ state: "detached" });
    });

    await withPage(browserOf(), "customer-cashes-out", async (page) => {
      await signIn(page, email, PASSWORD);
      await page.goto("/balance");
      await page.getByTestId("balance-card-EUR").waitFor();
      await page.getByRole("button", { name: "Cashout" }).click();
      const dialog = page.getByRole("dialog", { name: "Cashout" });
      await dialog.getByLabel("Currency").selectOption("EUR");
      await dialog.getByLabel("Amount").fill("100");
      await dialog.getByText("Total").waitFor();
      expect(await dialog.getByText("0.50", { exact: true }).count()).toBe(1);
      await saveScreenshot(page, "cashout-dialog");
      await dialog.getByRole("button", { name: "Continue" }).click();
      await dialog.getByRole("button", { name: "Send code" }).click();
      const code = await readCodeFromMailbox(email, "transfer code");
      await dialog.getByLabel("Verification code").fill(code);
      await saveScreenshot(page, "cashout-verify-dialog");
      await dialog.getByRole("button", { name: "Confirm Cashout" }).click();
      await page.getByText("Withdrawal requested").first().waitFor();
      await dialog.waitFor({ state: "detached" });
      await expect.poll(() => balanceText(page, "EUR")).toContain("199.50");
      await page.goto("/transactions");
      const row = page.getByText("Withdraw").first();
      await row.waitFor();
      const withdrawal = page.getByTestId("transaction-row").filter({ hasText: "Withdraw" });
      await withdrawal.getByText("pending", { exact: true }).waitFor();
      expect(await withdrawal.getByText("My Deutsche Bank").isVisible()).toBe(true);
      await saveScreenshot(page, "transactions-withdrawal");
    });
  });

  it("shows the payment methods page at phone width", async () => {
    const email = uniqueEmail("phone-methods");
    await withPage(
      browserOf(),
      "payment-methods-phone",
      async (page) => {
        await signUpAndSignIn(page, email);
        await page.goto("/withdrawal-addresses");
        await page.getByText("No withdrawal addresses").waitFor();
        await saveScreenshot(page, "payment-methods-phone");
        await page.goto("/notifications");
        await page.getByText("No notifications").waitFor();
        await saveScreenshot(page, "notifications-phone");
      },
      PHONE,
    );
  });
});
