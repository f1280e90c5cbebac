import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_CUSTOMER, saveScreenshot, signIn, useBrowser, withPage } from "./support.ts";

/*
 * Issue 29: the dashboard's total of all balances in the display currency saved on /settings (EUR with
 * 2 decimals, JPY with none), at Ferry's rates. The demo customer's currency goes back to USD at the end,
 * since other files sign in as the demo customer too.
 */

const browserOf = useBrowser();

async function chooseDisplayCurrency(page: Page, currency: string): Promise<void> {
  await page.goto("/settings");
  await page.getByLabel("Display Currency").selectOption({ label: currency });
  await page.getByRole("region", { name: "App Preferences" }).getByRole("button", { name: "Save" }).click();
  await page.getByText("Your app settings have been saved successfully.").first().waitFor();
}

/** The dashboard's total as shown ("EUR 1,234.56"), once it has loaded. */
async function dashboardTotal(page: Page): Promise<string> {
  await page.goto("/dashboard");
  const total = page.getByTestId("balance-total");
  await total.waitFor();
  return (await total.textContent()) ?? "";
}

describe("display currency", () => {
  it("shows the dashboard's total in EUR with 2 decimals and in JPY with none, saying which rates", async () => {
    await withPage(browserOf(), "display-currency", async (page) => {
      await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      try {
        await chooseDisplayCurrency(page, "EUR");
        expect(await dashboardTotal(page)).toMatch(/^EUR \d{1,3}(,\d{3})*\.\d{2}$/);
        await expect.poll(() => page.getByRole("heading", { name: "Total balance in EUR" }).isVisible()).toBe(true);
        await page.getByText("How we worked this out").click();
        await expect
          .poll(() => page.getByRole("list", { name: "Rates used" }).textContent())
          .toMatch(/1 \w+ = [\d.,]+ /);
        await saveScreenshot(page, "display-currency-dashboard-eur");

        await chooseDisplayCurrency(page, "JPY");
        expect(await dashboardTotal(page)).toMatch(/^JPY \d{1,3}(,\d{3})*$/);
        await expect.poll(() => page.getByText(/^At Ferry’s rates of /).isVisible()).toBe(true);
        await page.getByText("How we worked this out").click();
        await expect
          .poll(() => page.getByRole("list", { name: "Rates used" }).textContent())
          .toContain("1 USD = 157 JPY");
        await saveScreenshot(page, "display-currency-dashboard-jpy");
      } finally {
        await chooseDisplayCurrency(page, "USD");
      }
    });
  });
});
