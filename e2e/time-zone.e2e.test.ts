import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_CUSTOMER, saveScreenshot, signIn, useBrowser, withPage } from "./support.ts";

/*
 * Issue 29: the time zone of App Preferences moves every time Ferry shows, and the CSV statement's
 * with it. The demo customer reads /transactions in UTC, chooses JST, and sees the newest
 * transaction's time and its CSV row nine hours later; the zone goes back to UTC at the end, since
 * other files sign in as the demo customer too.
 */

const browserOf = useBrowser();
const JST_OFFSET_MINUTES = 9 * 60;
const DAY_MINUTES = 24 * 60;

/** The newest transaction's time as its row shows it ("Nov 26, 2026, 9:43 PM"), in minutes after midnight. */
async function shownMinutes(page: Page): Promise<number> {
  await page.goto("/transactions");
  const time = page.getByTestId("transaction-row").first().locator("time");
  await time.waitFor();
  const [, hours, minutes, half] = /(\d{1,2}):(\d{2})\s?(AM|PM)/.exec((await time.textContent()) ?? "") ?? [];
  expect(half, "the row shows a time of day").toBeDefined();
  return ((Number(hours) % 12) + (half === "PM" ? 12 : 0)) * 60 + Number(minutes);
}

/** The newest row of the CSV statement the Export CSV link downloads: its time cell. */
async function csvTime(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const [, newest] = (await readFile((await download.path()) as string, "utf8")).split("\r\n");
  return newest.split(",")[0].replaceAll('"', "");
}

/** Minutes after midnight of an ISO time's wall clock ("2026-11-27T06:43:10+09:00" is 403). */
function csvMinutes(iso: string): number {
  return Number(iso.slice(11, 13)) * 60 + Number(iso.slice(14, 16));
}

async function chooseTimeZone(page: Page, label: string): Promise<void> {
  await page.goto("/settings");
  await page.getByLabel("Time Zone").selectOption({ label });
  await page.getByRole("region", { name: "App Preferences" }).getByRole("button", { name: "Save" }).click();
  await page.getByText("Your app settings have been saved successfully.").first().waitFor();
}

describe("time zone", () => {
  it("choosing JST moves a transaction's time on /transactions and in its CSV row by nine hours", async () => {
    await withPage(browserOf(), "time-zone", async (page) => {
      await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      await chooseTimeZone(page, "UTC");
      const utcShown = await shownMinutes(page);
      const utcCsv = await csvTime(page);
      expect(utcCsv).toMatch(/Z$/);
      expect(csvMinutes(utcCsv)).toBe(utcShown);

      try {
        await chooseTimeZone(page, "JST");
        const tokyoShown = await shownMinutes(page);
        await saveScreenshot(page, "transactions-jst");
        const tokyoCsv = await csvTime(page);

        expect((tokyoShown - utcShown + DAY_MINUTES) % DAY_MINUTES).toBe(JST_OFFSET_MINUTES);
        expect(tokyoCsv).toMatch(/\+09:00$/);
        expect(csvMinutes(tokyoCsv)).toBe(tokyoShown);
        expect(Date.parse(tokyoCsv)).toBe(Date.parse(utcCsv));
      } finally {
        await chooseTimeZone(page, "UTC");
      }
    });
  });
});
