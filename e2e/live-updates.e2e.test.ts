import { describe, expect, it } from "vitest";
import {
  DEMO_CUSTOMER,
  saveScreenshot,
  sendUsdToFerryUser,
  signIn,
  signUpAndSignIn,
  uniqueEmail,
  useBrowser,
  withPage,
} from "./support.ts";

const browserOf = useBrowser();

describe("live updates (issue 32)", () => {
  it("an open page shows a Ferry-user transfer's arrival and its notification without a reload or a poll", async () => {
    const recipient = uniqueEmail("live");
    await withPage(browserOf(), "live-recipient", async (page) => {
      // When the page's event stream delivers something, as the test's clock tells it.
      const heardAt: number[] = [];
      await page.exposeFunction("liveEventHeard", () => heardAt.push(Date.now()));
      await page.addInitScript(() => {
        const Original = window.EventSource;
        window.EventSource = class extends Original {
          constructor(url: string | URL, init?: EventSourceInit) {
            super(url, init);
            const heard = (window as unknown as { liveEventHeard: () => void }).liveEventHeard;
            this.addEventListener("message", () => heard());
          }
        };
      });
      await signUpAndSignIn(page, recipient);
      await page.goto("/balance");
      // The page hears changes as they happen: polling is off while the stream is open.
      await page.locator('[data-live-updates="open"]').waitFor();
      const bell = page.getByRole("banner").getByRole("link", { name: /^Notifications/ });
      const unreadOf = async () => Number(/\((\d+) unread\)/.exec((await bell.textContent()) ?? "")?.[1] ?? 0);
      const unreadBefore = await unreadOf();
      const requests: { url: string; at: number }[] = [];
      page.on("request", (request) => requests.push({ url: request.url(), at: Date.now() }));
      const loads: string[] = [];
      page.on("framenavigated", (frame) => loads.push(frame.url()));

      await withPage(browserOf(), "live-sender", async (senderPage) => {
        await signIn(senderPage, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
        await sendUsdToFerryUser(senderPage, recipient, "2.50");
      });

      // Without a reload: the balance and the bell follow the transfer.
      const card = page.getByTestId("balance-card-USD");
      await card.waitFor();
      await expect.poll(() => card.getByTestId("balance-available").textContent()).toContain("2.50");
      await expect.poll(unreadOf).toBe(unreadBefore + 1);
      await saveScreenshot(page, "live-update-arrival");
      expect(loads).toEqual([]);
      // Not a poll: the page asked for its balances and notifications only once the stream had told it to.
      const refreshed = requests.filter((request) => /\/api\/v1\/(balances|notifications)/.test(request.url));
      expect(heardAt.length).toBeGreaterThan(0);
      expect(refreshed.length).toBeGreaterThan(0);
      expect(refreshed.every((request) => request.at >= (heardAt[0] as number))).toBe(true);
      expect(await page.locator('[data-live-updates="open"]').count()).toBe(1);
    });
  });
});
