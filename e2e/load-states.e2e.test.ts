// Issue 30: a read that fails says so where the data would be, with Retry, and never shows a zero
// balance or an empty list it did not read. The browser's requests for balances and the history are
// answered 503 until the test lets them through; Retry then reads them.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, saveScreenshot, signUpAndSignIn, uniqueEmail, useBrowser, withPage } from "./support.ts";

const browserOf = useBrowser();

const UNAVAILABLE = {
  status: 503,
  contentType: "application/json",
  body: JSON.stringify({ error: { code: "unavailable", message: "Ferry is briefly unavailable. Try again." } }),
};

/** Answers 503 to every request whose path starts with `path` until the returned function is called. */
async function failReads(page: Page, path: string): Promise<() => Promise<void>> {
  const pattern = (url: URL) => url.pathname.startsWith(path);
  await page.route(pattern, (route) => route.fulfill(UNAVAILABLE));
  return () => page.unroute(pattern);
}

describe("screens whose data could not be read", () => {
  it("the dashboard and the history say so with Retry, at desktop and phone width, and Retry reads them", async () => {
    await withPage(browserOf(), "load-failures", async (page) => {
      await signUpAndSignIn(page, uniqueEmail("load-failures"));
      await page.getByRole("heading", { name: "Currency accounts" }).waitFor();

      const healBalances = await failReads(page, "/api/v1/balances");
      await page.goto("/dashboard");
      const accounts = page.getByRole("region", { name: "Currency accounts" });
      await accounts.getByText("Your balances could not be loaded right now.").waitFor();
      expect(await accounts.getByTestId("balance-USD").count()).toBe(0);
      await saveScreenshot(page, "load-failed-dashboard-desktop");
      await page.setViewportSize(PHONE);
      await saveScreenshot(page, "load-failed-dashboard-phone");
      await page.setViewportSize(DESKTOP);
      await healBalances();
      await accounts.getByRole("button", { name: "Retry" }).click();
      await accounts.getByTestId("balance-USD").waitFor();

      const healHistory = await failReads(page, "/api/v1/transactions");
      await page.goto("/transactions");
      await page.getByText("Your transactions could not be loaded right now.").waitFor();
      expect(await page.getByText("No transactions yet").count()).toBe(0);
      await saveScreenshot(page, "load-failed-history-desktop");
      await page.setViewportSize(PHONE);
      await saveScreenshot(page, "load-failed-history-phone");
      await healHistory();
      await page.getByRole("button", { name: "Retry" }).click();
      // Read now, and really empty for a new customer.
      await page.getByText("No transactions yet").waitFor();
    });
  });
});
