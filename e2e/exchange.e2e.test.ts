import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN, DEMO_CUSTOMER, PHONE, saveScreenshot, signIn, useBrowser, withPage } from "./support.ts";

const browserOf = useBrowser();

/** The available amount on the balance card of `currency` in hundredths ("2,500.00" → 250000), 0 without a card. */
async function availableCents(page: Page, currency: string): Promise<number> {
  const card = page.getByTestId(`balance-card-${currency}`);
  if ((await card.count()) === 0) {
    return 0;
  }
  const text = (await card.getByTestId("balance-available").textContent()) ?? "";
  return Math.round(Number(text.replaceAll(",", "")) * 100);
}

/** "EUR 92.36" → 9236. */
function centsOf(text: string, currency: string): number {
  return Math.round(Number(text.replace(currency, "").replaceAll(",", "").trim()) * 100);
}

describe("currency exchange", () => {
  it("the demo customer exchanges 100 USD to EUR and both balances change by the quoted amounts", async () => {
    await withPage(browserOf(), "exchange", async (page) => {
      await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      await page.goto("/balance");
      await page.getByTestId("balance-card-USD").waitFor();
      const usdBefore = await availableCents(page, "USD");
      const eurBefore = await availableCents(page, "EUR");

      await page.getByRole("button", { name: "Exchange" }).click();
      const dialog = page.getByRole("dialog", { name: "Exchange" });
      await dialog.getByLabel("From").selectOption("USD");
      await dialog.getByLabel("To").selectOption("EUR");
      await dialog.getByLabel("Amount").fill("100");
      await dialog.getByRole("button", { name: "Get quote" }).click();
      const quote = dialog.getByRole("region", { name: "Quote" });
      await quote.waitFor();
      await dialog.getByText(/Rate locked for \d+ s/).waitFor();
      const receive = centsOf((await dialog.getByTestId("exchange-receive").textContent()) ?? "", "EUR");
      expect(receive).toBeGreaterThan(0);
      await saveScreenshot(page, "exchange-dialog");
      await dialog.getByRole("button", { name: "Confirm exchange" }).click();

      await page.getByText("Exchange completed successfully").first().waitFor();
      await dialog.waitFor({ state: "detached" });
      await expect.poll(() => availableCents(page, "USD")).toBe(usdBefore - 10_000);
      await expect.poll(() => availableCents(page, "EUR")).toBe(eurBefore + receive);

      await page.goto("/transactions");
      const rows = page.getByTestId("transaction-row").filter({ hasText: "Exchange" });
      await rows.first().waitFor();
      expect(await rows.count()).toBeGreaterThanOrEqual(2);
      await rows.filter({ hasText: "USD → EUR" }).first().waitFor();
      await saveScreenshot(page, "transactions-exchange");
    });
  });

  it("shows the Exchange dialog at phone width", async () => {
    await withPage(
      browserOf(),
      "exchange-phone",
      async (page) => {
        await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
        await page.goto("/balance");
        await page.getByTestId("balance-card-USD").waitFor();
        await page.getByRole("button", { name: "Exchange" }).click();
        const dialog = page.getByRole("dialog", { name: "Exchange" });
        await dialog.getByLabel("Amount").fill("250");
        await dialog.getByRole("button", { name: "Get quote" }).click();
        await dialog.getByRole("region", { name: "Quote" }).waitFor();
        await saveScreenshot(page, "exchange-dialog-phone");
      },
      PHONE,
    );
  });

  it("a visitor's /rates calculator prices 1000 USD in BTC from the rate table and lists the six pairs", async () => {
    await withPage(browserOf(), "rates-page", async (page) => {
      await page.goto("/rates");
      await page.getByRole("heading", { name: "Compare rates" }).waitFor();
      // The offline defaults: 995 USD after the 0.5 % fee, at 1 / 65,000.
      await page.getByTestId("calculator-receive").filter({ hasText: "BTC 0.01530769" }).waitFor();
      await page.getByTestId("rate-row").first().waitFor();
      expect(await page.getByTestId("rate-row").count()).toBe(6);
      await page.getByText("You save USD 30.00").waitFor();
      await saveScreenshot(page, "rates-page");
      await page.setViewportSize(PHONE);
      await saveScreenshot(page, "rates-page-phone");
    });
  });

  it("the admin finds a pair on /admin/rates and changes its rate and fee", async () => {
    await withPage(browserOf(), "admin-rates", async (page) => {
      await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await page.getByRole("link", { name: "Rates", exact: true }).click();
      await page.waitForURL("**/admin/rates");
      await page.getByRole("heading", { name: "Exchange Rates" }).waitFor();
      await page.getByTestId("rate-pair").first().waitFor();
      // The nine currencies' 72 pairs, and USD↔JPY for display totals (migration 032).
      expect(await page.getByTestId("rate-pair").count()).toBe(74);
      await saveScreenshot(page, "admin-rates");
      await page.getByLabel("Search pairs").fill("jpy");
      await expect.poll(() => page.getByTestId("rate-pair").count()).toBe(2);
      await page.getByLabel("Rate USD to JPY").waitFor();
      await page.getByLabel("Search pairs").fill("gbp aud");
      await expect.poll(() => page.getByTestId("rate-pair").count()).toBe(2);
      await page.getByLabel("Rate GBP to AUD").fill("1.93");
      await page.getByLabel("Fee in basis points GBP to AUD").fill("30");
      await page.getByRole("button", { name: "Save GBP to AUD" }).click();
      await page.getByText("Rate updated").first().waitFor();
      await expect.poll(() => page.getByLabel("Rate GBP to AUD").inputValue()).toBe("1.93");
      await saveScreenshot(page, "admin-rates-edited");
    });
  });
});
