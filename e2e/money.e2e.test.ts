import { readFile } from "node:fs/promises";
import type { CurrencyCode } from "@ferry/core/currencies";
import { parseAmount } from "@ferry/core/money";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  DESKTOP,
  PHONE,
  readCodeFromMailbox,
  saveScreenshot,
  signIn,
  signUpAndSignIn,
  uniqueEmail,
  useBrowser,
  withPage,
} from "./support.ts";

const browserOf = useBrowser();

const TRANSFER_CODE_SUBJECT = "Your Ferry transfer code";
/** A published example IBAN and BIC (Deutsche Bank), valid by checksum. */
const IBAN = "DE89370400440532013000";
const IBAN_WITH_TYPO = "DE89370400440532013001";
const BIC = "DEUTDEFF";

/** Minor units of an amount as the page shows it ("EUR 1,250.50", "+25.00", "Fee: EUR 0.50"). */
function minorOfText(text: string | null, currency: CurrencyCode): bigint {
  const digits = (text ?? "").replace(/^.*?(\d)/, "$1").replace(/[,\s]/g, "");
  const parsed = parseAmount(digits, currency);
  if (!parsed.ok) {
    throw new Error(`"${text}" is not a ${currency} amount`);
  }
  return parsed.amountMinor;
}

/** The available balance on the /balance card of `currency`, read as a person would. */
async function availableOnBalancePage(page: Page, currency: CurrencyCode): Promise<bigint> {
  await page.goto("/balance");
  const card = page.getByTestId(`balance-card-${currency}`);
  await card.waitFor();
  return minorOfText(await card.getByTestId("balance-available").textContent(), currency);
}

/** Asks for the transfer code, waits until it has been e-mailed, and types it. */
async function enterEmailedCode(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole("button", { name: "Send code" }).click();
  await page.getByText("Verification code sent to your email").first().waitFor();
  const code = await readCodeFromMailbox(DEMO_CUSTOMER.email, TRANSFER_CODE_SUBJECT);
  const confirm = dialog.getByRole("button", { name: "Confirm" });
  await dialog.getByLabel("Verification code").fill(code.slice(0, 3));
  await dialog.getByText("Please enter a valid 6-digit code").waitFor();
  expect(await confirm.isDisabled()).toBe(true);
  await dialog.getByLabel("Verification code").fill(code);
  expect(await confirm.isEnabled()).toBe(true);
}

describe("sending money", () => {
  // One sign-in of the demo customer and one of the admin for the whole story: demo sign-ins are
  // rate limited per account and shared by every e2e file of the run.
  it("sends EUR to a new bank recipient with the e-mailed code, an admin fails it and the money returns; then sends USD to a new Ferry user", async () => {
    const bankRecipientEmail = uniqueEmail("bank-recipient");
    await withPage(browserOf(), "send-money", async (page) => {
      await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      const eurBefore = await availableOnBalancePage(page, "EUR");
      await page.getByRole("heading", { name: "Recent Transactions" }).waitFor();
      await saveScreenshot(page, "balance-desktop");

      // Step 1: method.
      await page.getByRole("button", { name: "Send Money" }).click();
      const dialog = page.getByRole("dialog", { name: "Send Money" });
      await dialog.getByText("Step 1 of 5").waitFor();
      await saveScreenshot(page, "send-step-1-method");
      await dialog.getByRole("button", { name: /Bank Transfer/ }).click();

      // Step 2: recipient selection; Back returns to the methods and forward again.
      const addNew = dialog.getByRole("button", { name: "Add New Recipient" });
      await addNew.waitFor();
      await dialog.getByRole("button", { name: "Back" }).click();
      await dialog.getByRole("button", { name: /Bank Transfer/ }).click();
      await addNew.waitFor();
      await saveScreenshot(page, "send-step-2-recipient");
      await addNew.click();

      // Step 3: a new bank recipient, checked with the server's own rules before it is saved.
      await dialog.getByLabel("Recipient name").fill("Erika Mustermann");
      await dialog.getByLabel("Recipient email").fill(bankRecipientEmail);
      await dialog.getByLabel("Bank name").fill("Deutsche Bank");
      await dialog.getByLabel("Country").selectOption("DE");
      await dialog.getByLabel("Account number (IBAN)").fill(IBAN_WITH_TYPO);
      await dialog.getByLabel("SWIFT / BIC").fill(BIC);
      await dialog.getByLabel("Currency").selectOption("EUR");
      await dialog.getByRole("button", { name: "Save and continue" }).click();
      const ibanError = dialog.locator("#recipient-accountNumber-error");
      await ibanError.waitFor();
      expect(await ibanError.textContent()).toContain("IBAN");
      await saveScreenshot(page, "send-step-3-details-error");
      await dialog.getByLabel("Account number (IBAN)").fill(IBAN);
      await saveScreenshot(page, "send-step-3-details");
      await dialog.getByRole("button", { name: "Save and continue" }).click();
      await page.getByText("Recipient saved successfully").first().waitFor();

      // Step 4: amount, with the server's fee and total; more than is available is refused.
      const amount = dialog.getByLabel("Amount", { exact: true });
      const continueButton = dialog.getByRole("button", { name: "Continue" });
      await amount.fill("100.123");
      await dialog.getByText("EUR amounts have at most 2 decimals").waitFor();
      await amount.fill("9999999");
      await dialog.getByText("Insufficient balance").waitFor();
      expect(await continueButton.isDisabled()).toBe(true);
      await amount.fill("100");
      await dialog.getByLabel("Memo (optional)").fill("Invoice 42");
      await dialog.getByTestId("quote-total").filter({ hasText: "EUR 100." }).waitFor();
      const feeMinor = minorOfText(await dialog.getByTestId("quote-fee").textContent(), "EUR");
      const totalMinor = minorOfText(await dialog.getByTestId("quote-total").textContent(), "EUR");
      expect(feeMinor).toBeGreaterThan(0n);
      expect(totalMinor).toBe(10_000n + feeMinor);
      await saveScreenshot(page, "send-step-4-amount");
      await continueButton.click();

      // Step 5: the summary shows the total; the e-mailed code confirms.
      expect(minorOfText(await dialog.getByTestId("summary-total").textContent(), "EUR")).toBe(totalMinor);
      await enterEmailedCode(page, dialog);
      await saveScreenshot(page, "send-step-5-verification");
      await dialog.getByRole("button", { name: "Confirm" }).click();
      await page.getByText("Transaction sent successfully").first().waitFor();
      // Send Money ends on a receipt (issue 30).
      await dialog.getByTestId("send-money-receipt").getByText("Erika Mustermann").waitFor();
      expect(minorOfText(await dialog.getByTestId("receipt-total").textContent(), "EUR")).toBe(totalMinor);
      await saveScreenshot(page, "send-money-receipt");
      await dialog.getByRole("button", { name: "Done" }).click();
      await dialog.waitFor({ state: "detached" });

      // The transfer is pending in the history with its fee, and the amount plus fee is reserved.
      await page.goto("/transactions");
      const sentRow = page.getByTestId("transaction-row").first();
      await sentRow.getByText(`To: ${bankRecipientEmail}`).waitFor();
      const sentText = (await sentRow.textContent()) ?? "";
      expect(sentText).toContain("Sent Money");
      expect(sentText).toContain("pending");
      expect(sentText).toContain("Invoice 42");
      expect(sentText).toContain("-100.00");
      expect(minorOfText(await sentRow.getByTestId("transaction-fee").textContent(), "EUR")).toBe(feeMinor);
      await saveScreenshot(page, "transactions-desktop");

      // Its page (issue 30): the figures, where it goes, the first step, and a way to cancel it.
      await sentRow.getByRole("link", { name: "Transfer details" }).click();
      await page.getByRole("heading", { name: "Transfer to Erika Mustermann" }).waitFor();
      const transferUrl = page.url();
      const timeline = page.getByRole("list", { name: "What happened" });
      await timeline.getByText("Sent, code checked and money reserved").waitFor();
      expect(minorOfText(await page.getByTestId("transfer-total-debited").textContent(), "EUR")).toBe(totalMinor);
      await page.getByText("DE89 3704 0044 0532 0130 00").waitFor();
      await page.getByRole("button", { name: "Cancel transfer" }).waitFor();
      await saveScreenshot(page, "transfer-page-desktop");
      expect(await availableOnBalancePage(page, "EUR")).toBe(eurBefore - totalMinor);
      await page.getByTestId("balance-card-EUR").getByTestId("balance-reserved").waitFor();

      // The admin finds the transfer and sets it to failed: the reserve goes back to the customer.
      await withPage(browserOf(), "admin-fails-transfer", async (adminPage) => {
        await signIn(adminPage, DEMO_ADMIN.email, DEMO_ADMIN.password);
        await adminPage.goto("/admin/transactions");
        await adminPage.getByRole("heading", { name: "Transaction Management" }).waitFor();
        // The search is debounced: wait for its answer before acting on the list.
        const searched = adminPage.waitForResponse((response) =>
          response.url().includes(`search=${encodeURIComponent(bankRecipientEmail)}`),
        );
        await adminPage.getByLabel("Search transactions").fill(bankRecipientEmail);
        await searched;
        const rows = adminPage.getByTestId("admin-transfer");
        await expect.poll(() => rows.count()).toBe(1);
        await rows.first().getByText(bankRecipientEmail).waitFor();
        const status = adminPage.getByLabel(`Status of the transfer to ${bankRecipientEmail}`);
        expect(await status.inputValue()).toBe("pending");
        await saveScreenshot(adminPage, "admin-transactions-desktop");
        await status.selectOption("failed");
        // A change that moves money asks first, naming the amount and the customer (issue 30).
        const ask = adminPage.getByRole("dialog", { name: "Change this transfer to Failed?" });
        await ask.getByText(/returns to Dana Demo's available balance/).waitFor();
        await saveScreenshot(adminPage, "admin-transfer-status-confirm");
        await ask.getByRole("button", { name: "Change status" }).click();
        await adminPage.getByText("Transaction status updated successfully").first().waitFor();
        await expect.poll(() => status.inputValue()).toBe("failed");
        await adminPage.getByLabel("Filter by status").selectOption("pending");
        await expect.poll(() => rows.count()).toBe(0);
        await adminPage.getByLabel("Filter by status").selectOption("");
        await adminPage.setViewportSize(PHONE);
        await rows.first().getByText(bankRecipientEmail).waitFor();
        await saveScreenshot(adminPage, "admin-transactions-phone");
      });
      expect(await availableOnBalancePage(page, "EUR")).toBe(eurBefore);

      // The transfer's page follows it: failed by Ferry, the money back, no cancel any more.
      await page.goto(transferUrl);
      await timeline.getByText("Failed").waitFor();
      await timeline.getByText("Money returned to your balance").waitFor();
      expect(await page.getByRole("button", { name: "Cancel transfer" }).count()).toBe(0);

      // Another transfer to the saved recipient, followed from its toast and cancelled within the window.
      await page.goto("/balance");
      await page.getByRole("button", { name: "Send Money" }).click();
      await dialog.getByRole("button", { name: /Bank Transfer/ }).click();
      await dialog
        .getByRole("list", { name: "Saved recipients" })
        .getByRole("button")
        .filter({ hasText: bankRecipientEmail })
        .click();
      await amount.fill("5");
      await dialog.getByTestId("quote-total").filter({ hasText: "EUR 5." }).waitFor();
      await continueButton.click();
      await enterEmailedCode(page, dialog);
      await dialog.getByRole("button", { name: "Confirm" }).click();
      await dialog.getByRole("button", { name: "Track this transfer" }).click();
      await page.getByRole("heading", { name: "Transfer to Erika Mustermann" }).waitFor();
      await page.getByRole("button", { name: "Cancel transfer" }).click();
      const ask = page.getByRole("dialog", { name: "Cancel this transfer?" });
      await ask.getByRole("button", { name: "Cancel transfer" }).click();
      await page.getByText("Transfer cancelled").first().waitFor();
      await timeline.getByText("Cancelled by you").waitFor();
      await saveScreenshot(page, "transfer-page-cancelled");
      await page.setViewportSize(PHONE);
      await saveScreenshot(page, "transfer-page-phone");
      await page.setViewportSize(DESKTOP);
      expect(await availableOnBalancePage(page, "EUR")).toBe(eurBefore);

      // The notification of the cancel opens the transfer's page.
      await page.goto("/notifications");
      const cancelled = page.getByRole("listitem").filter({ hasText: "Transfer cancelled" }).first();
      await saveScreenshot(page, "notifications-with-transfer-links");
      await cancelled.getByRole("link", { name: "Transfer details" }).click();
      await timeline.getByText("Cancelled by you").waitFor();

      // The history narrows to one recipient's EUR transfers, says what they add up to, and exports them.
      await page.goto("/transactions");
      await page.getByLabel("Search transactions").fill(bankRecipientEmail);
      await page.getByLabel("Filter by currency").selectOption("EUR");
      const rows = page.getByTestId("transaction-row");
      await expect.poll(() => rows.count()).toBe(2);
      await page.getByLabel("Filter by status").selectOption("cancelled");
      await expect.poll(() => rows.count()).toBe(1);
      expect(await page.getByTestId("history-total-EUR").textContent()).toContain("Out: EUR 5.03");
      await saveScreenshot(page, "transactions-filtered");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Export CSV" }).click(),
      ]);
      const csvRows = (await readFile((await download.path()) as string, "utf8")).trim().split("\r\n");
      expect(csvRows).toHaveLength(2);
      expect(csvRows[1]).toContain(bankRecipientEmail);
      expect(csvRows[1]).toContain("cancelled");
      await page.setViewportSize(PHONE);
      await saveScreenshot(page, "transactions-filtered-phone");
      await page.setViewportSize(DESKTOP);

      // Paid from another balance (issue 30): the saved EUR recipient, paid from USD in one step.
      const usdBeforeExchange = await availableOnBalancePage(page, "USD");
      const eurBeforeExchange = await availableOnBalancePage(page, "EUR");
      await page.getByRole("button", { name: "Send Money" }).click();
      await dialog.getByRole("button", { name: /Bank Transfer/ }).click();
      await dialog
        .getByRole("list", { name: "Saved recipients" })
        .getByRole("button")
        .filter({ hasText: bankRecipientEmail })
        .click();
      await dialog.getByLabel("Pay from").selectOption("USD");
      await amount.fill("10");
      await dialog.getByTestId("quote-recipient-gets").filter({ hasText: "EUR 10.00" }).waitFor();
      await dialog.getByTestId("quote-rate").filter({ hasText: "1 USD =" }).waitFor();
      await dialog.getByText(/Rate locked for \d+ s/).waitFor();
      const paidMinor = minorOfText(await dialog.getByTestId("quote-total").textContent(), "USD");
      expect(paidMinor).toBeGreaterThan(1_000n);
      await saveScreenshot(page, "send-paid-from-usd");
      await continueButton.click();
      expect(minorOfText(await dialog.getByTestId("quote-total").textContent(), "USD")).toBe(paidMinor);
      await enterEmailedCode(page, dialog);
      await saveScreenshot(page, "send-paid-from-usd-verification");
      await dialog.getByRole("button", { name: "Confirm" }).click();
      await dialog.getByRole("button", { name: "Track this transfer" }).click();
      await page.getByRole("heading", { name: "Transfer to Erika Mustermann" }).waitFor();
      expect(minorOfText(await page.getByTestId("transfer-paid-from").textContent(), "USD")).toBe(paidMinor);
      await page.getByTestId("transfer-rate").filter({ hasText: "1 USD =" }).waitFor();
      await saveScreenshot(page, "transfer-page-paid-from");
      // USD paid for all of it; the EUR it bought is reserved for the transfer, none left over.
      expect(await availableOnBalancePage(page, "USD")).toBe(usdBeforeExchange - paidMinor);
      expect(await availableOnBalancePage(page, "EUR")).toBe(eurBeforeExchange);

      // A Ferry user receives USD at once, and both sides see it in their history.
      const friendEmail = uniqueEmail("ferry-friend");
      await withPage(browserOf(), "ferry-user-recipient", async (friendPage) => {
        await signUpAndSignIn(friendPage, friendEmail);

        const usdBefore = await availableOnBalancePage(page, "USD");
        await page.getByRole("button", { name: "Send Money" }).click();

        // On the way, a crypto recipient offers only the networks that carry its currency.
        await dialog.getByRole("button", { name: /Cryptocurrency/ }).click();
        await dialog.getByRole("button", { name: "Add New Recipient" }).click();
        await dialog.getByLabel("Currency").selectOption("USDT");
        const networks = await dialog
          .getByLabel("Network")
          .locator("option")
          .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
        expect(networks).toEqual(["ethereum", "polygon", "tron"]);
        await dialog.getByLabel("Recipient name").fill("Cold wallet");
        await dialog.getByLabel("Recipient email").fill(friendEmail);
        await dialog.getByLabel("Wallet address").fill("0x1234");
        await dialog.getByRole("button", { name: "Save and continue" }).click();
        await dialog.locator("#recipient-cryptoAddress-error").waitFor();
        await saveScreenshot(page, "send-step-3-crypto-details");
        await dialog.getByRole("button", { name: "Back" }).click();
        await dialog.getByRole("button", { name: "Back" }).click();

        await dialog.getByRole("button", { name: /Ferry user/ }).click();
        await dialog.getByLabel("Recipient's email").fill(friendEmail);
        await dialog.getByRole("button", { name: "Continue" }).click();
        await dialog.getByLabel("Currency").selectOption("USD");
        await dialog.getByLabel("Amount", { exact: true }).fill("25");
        await dialog.getByTestId("quote-total").filter({ hasText: "USD 25.00" }).waitFor();
        await dialog.getByRole("button", { name: "Continue" }).click();
        await dialog.getByText("Check where the money goes").waitFor();
        await saveScreenshot(page, "send-ferry-user-verification");
        await enterEmailedCode(page, dialog);
        await dialog.getByRole("button", { name: "Confirm" }).click();
        await page.getByText("Transfer completed successfully").first().waitFor();
        await dialog.getByRole("button", { name: "Done" }).click();
        await dialog.waitFor({ state: "detached" });
        expect(await availableOnBalancePage(page, "USD")).toBe(usdBefore - 2_500n);

        await page.goto("/transactions");
        const sent = page.getByTestId("transaction-row").first();
        await sent.getByText(`To: ${friendEmail}`).waitFor();
        expect(await sent.textContent()).toContain("sent");

        await friendPage.goto("/transactions");
        const received = friendPage.getByTestId("transaction-row").first();
        await received.getByText(`From: ${DEMO_CUSTOMER.email}`).waitFor();
        expect(await received.textContent()).toContain("Received");
        expect(await received.getByTestId("transaction-amount").textContent()).toBe("+25.00");
        expect(await availableOnBalancePage(friendPage, "USD")).toBe(2_500n);
      });

      // The same screens at phone width.
      await page.setViewportSize(PHONE);
      await page.goto("/balance");
      await page.getByTestId("balance-card-USD").waitFor();
      await page.getByRole("heading", { name: "Recent Transactions" }).waitFor();
      await saveScreenshot(page, "balance-phone");
      await page.getByRole("button", { name: "Send Money" }).click();
      await dialog.getByText("Step 1 of 5").waitFor();
      await saveScreenshot(page, "send-step-1-method-phone");
      await page.keyboard.press("Escape");
      await page.goto("/transactions");
      await page.getByTestId("transaction-row").first().waitFor();
      await saveScreenshot(page, "transactions-phone");
    });
  }, 240_000);
});
