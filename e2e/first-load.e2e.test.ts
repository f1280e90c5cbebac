// Issue 14, fast first load, as a visitor's browser sees it: `/` arrives pre-rendered and shows before
// any script runs, downloads none of the signed-in app's code, hydrates without errors or warnings, and
// the app still works after signing in (its pages and dialogs fetched as they are needed).

import { earlyReadsOf } from "@ferry/core/early-reads";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, DESKTOP, PHONE, signUpAndSignIn, uniqueEmail, useBrowser, withPage } from "./support.ts";

const browserOf = useBrowser();

/** Chunk names of the signed-in app (the shell and dashboard are one chunk, "signed-in"), admin pages, auth pages and heavy dialogs (Vite names chunks after their module). */
const APP_CHUNK =
  /\/assets\/(signed-in|app-shell|dashboard-page|balance-page|investment-page|transactions-page|help-page|profile-page|notifications-page|payment-methods-page|admin-[a-z-]+-page|login-page|signup-page|send-money-dialog|cashout-dialog|exchange-dialog|qr-code-image|zod)-/;

/**
 * Records every script the page requests and every console warning, from before the first request.
 * `scripts()` adds the scripts the document's own resource timing lists, so that a request whose event
 * reached the test late (a busy machine) still counts.
 */
function recordScripts(page: Page): { scripts: () => Promise<string[]>; warnings: string[] } {
  const requested: string[] = [];
  const warnings: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") {
      requested.push(new URL(request.url()).pathname);
    }
  });
  page.on("console", (message) => {
    if (message.type() === "warning" || message.type() === "error") {
      warnings.push(message.text());
    }
  });
  const scripts = async () => {
    const timed = await page.evaluate(() =>
      performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname),
    );
    return [...new Set([...requested, ...timed.filter((pathname) => /\.m?js$/.test(pathname))])];
  };
  return { scripts, warnings };
}

/** Waits for the page's button of that name to be enabled (a pre-rendered form's, once hydrated). */
async function expectEnabled(page: Page, name: string): Promise<void> {
  const button = page.getByRole("button", { name, exact: true });
  await button.waitFor();
  await expect.poll(() => button.isEnabled()).toBe(true);
}

describe("the first load of a public page", () => {
  it("shows the landing page from the pre-rendered HTML before any script runs", async () => {
    const context = await browserOf().newContext({ javaScriptEnabled: false, viewport: PHONE });
    try {
      const page = await context.newPage();
      const response = await page.goto(new URL("/", baseUrl()).href);
      expect(response?.status()).toBe(200);
      await page.getByRole("heading", { level: 1, name: /The bridge between crypto and fiat/ }).waitFor();
      expect(await page.title()).toMatch(/· Ferry$/);
      expect(await page.locator('head meta[name="description"]').count()).toBe(1);
      expect(await page.locator('head link[rel="canonical"]').getAttribute("href")).toBe(`${baseUrl()}/`);
      // Links work without scripts: a visitor can go on to another pre-rendered page.
      await page.goto(new URL("/business", baseUrl()).href);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(await page.title()).toMatch(/^Business payments · Ferry$/);
    } finally {
      await context.close();
    }
  });

  it("shows the sign-in and sign-up forms before any script runs, unable to edit or submit until the page hydrates", async () => {
    const context = await browserOf().newContext({ javaScriptEnabled: false, viewport: PHONE });
    try {
      const page = await context.newPage();
      for (const [path, heading, button, title] of [
        ["/login", "Welcome back", "Sign In", "Sign in · Ferry"],
        ["/signup", "Create your account", "Create Account", "Create your account · Ferry"],
      ] as const) {
        expect((await page.goto(new URL(path, baseUrl()).href))?.status(), path).toBe(200);
        await page.getByRole("heading", { name: heading }).waitFor();
        expect(await page.title(), path).toBe(title);
        // Until the script has taken the form over, nothing typed would reach it: the fields wait for it,
        // and without it the form would be submitted natively, the password in the address.
        expect(await page.getByLabel("Email").isEditable(), path).toBe(false);
        expect(await page.getByLabel("Password", { exact: true }).isEditable(), path).toBe(false);
        expect(await page.getByRole("button", { name: button, exact: true }).isDisabled(), path).toBe(true);
        await page.getByLabel("Password", { exact: true }).press("Enter");
        expect(new URL(page.url()).search, path).toBe("");
      }
      // The same for every pre-rendered form: /support's contact form.
      await page.goto(new URL("/support", baseUrl()).href);
      expect(await page.getByLabel("Email *").isEditable()).toBe(false);
      expect(await page.getByRole("button", { name: "Send Message" }).isDisabled()).toBe(true);
    } finally {
      await context.close();
    }
    await withPage(browserOf(), "first-load-login", async (page) => {
      const { warnings } = recordScripts(page);
      await page.goto("/login", { waitUntil: "networkidle" });
      await expectEnabled(page, "Sign In");
      expect(await page.getByLabel("Email").isEditable()).toBe(true);
      await page.goto("/signup", { waitUntil: "networkidle" });
      await page.getByRole("heading", { name: "Create your account" }).waitFor();
      expect(warnings.filter((text) => /hydrat|did not match|#418|#423|#425/i.test(text))).toEqual([]);
    });
  });

  for (const [label, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    it(`loads \`/\` without the signed-in app's code and hydrates with no errors or warnings (${label})`, async () => {
      await withPage(
        browserOf(),
        `first-load-${label}`,
        async (page) => {
          const { scripts, warnings } = recordScripts(page);
          await page.goto("/", { waitUntil: "networkidle" });
          await page.getByRole("heading", { level: 1, name: /The bridge between crypto and fiat/ }).waitFor();
          // On a busy machine the scripts' request events and timing entries can arrive after the network
          // went idle, hence the poll. (Opening a menu below may prefetch the signed-in app: checked before.)
          await expect.poll(async () => (await scripts()).length).toBeGreaterThan(0);
          expect((await scripts()).filter((script) => APP_CHUNK.test(script))).toEqual([]);
          expect(warnings.filter((text) => /hydrat|did not match|#418|#423|#425/i.test(text))).toEqual([]);
          // Hydrated: the header reacts to the keyboard and the router navigates without a reload.
          if (label === "desktop") {
            const menuButton = page.getByRole("navigation", { name: "Main" }).getByRole("button").first();
            // Disabled until React has taken the page over, so that no press is lost before then.
            await expect.poll(() => menuButton.isEnabled()).toBe(true);
            await menuButton.focus();
            await page.keyboard.press("Enter");
            await page.getByRole("menu").waitFor();
            await page.keyboard.press("Escape");
          } else {
            await page.getByRole("button", { name: /open menu/i }).click();
            await page.getByRole("dialog").waitFor();
            await page.keyboard.press("Escape");
          }
          const navigations: string[] = [];
          page.on("framenavigated", (frame) => navigations.push(frame.url()));
          await page
            .getByRole("link", { name: /sign in/i })
            .first()
            .click();
          await page.getByRole("heading", { name: "Welcome back" }).waitFor();
          expect(new URL(page.url()).pathname).toBe("/login");
          // The landing page's title went with it; the site's stays.
          expect(await page.title()).toMatch(/Ferry/);
          await expect.poll(async () => (await scripts()).some((script) => /\/login-page-/.test(script))).toBe(true);
          // Client-side navigation: the document was not loaded again.
          expect(navigations.filter((url) => !url.endsWith("/login"))).toEqual([]);
        },
        viewport,
      );
    });
  }

  it("hydrates the other pre-rendered pages without errors or duplicated head tags", async () => {
    await withPage(browserOf(), "first-load-marketing", async (page) => {
      const { warnings } = recordScripts(page);
      for (const path of ["/business", "/support", "/rates", "/features/fees", "/tools", "/alerts", "/privacy"]) {
        await page.goto(path, { waitUntil: "networkidle" });
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        // Hydration adopts the pre-rendered head tags instead of adding a second set (the site's own
        // <title> stays after the page's, for the pages that have none).
        expect(await page.locator("head title").count(), path).toBeLessThanOrEqual(2);
        expect(await page.title(), path).not.toBe("");
        expect(await page.locator('head link[rel="canonical"]').count(), path).toBeLessThanOrEqual(1);
        expect(await page.locator('head meta[name="description"]').count(), path).toBe(1);
        // Hydrated: the header's first menu opens from the keyboard.
        const menuButton = page.getByRole("navigation", { name: "Main" }).getByRole("button").first();
        await expect.poll(() => menuButton.isEnabled()).toBe(true);
        await menuButton.press("Enter");
        await page.getByRole("menu").waitFor();
        await page.keyboard.press("Escape");
        await page.getByRole("menu").waitFor({ state: "detached" });
      }
      expect(warnings.filter((text) => /hydrat|did not match|#418|#423|#425/i.test(text))).toEqual([]);
    });
  });

  it("shows a way to load the page again when a page's code cannot be fetched, and loads it then", async () => {
    // Not withPage: the failed fetch is logged on the console, as the browser must.
    const context = await browserOf().newContext({ viewport: DESKTOP, baseURL: baseUrl() });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
          errors.push(message.text());
        }
      });
      await page.goto("/", { waitUntil: "networkidle" });
      // A dropped connection, or a deploy that replaced the chunks of the build this page came from.
      await page.route(/\/assets\/static-page-/, (route) => route.abort());
      await page.getByRole("contentinfo").getByRole("link", { name: "Security" }).click();
      await page.getByRole("heading", { name: "This page could not be shown" }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/security");
      expect(
        errors.every((text) => /Failed to fetch dynamically imported module/.test(text)),
        errors.join("\n"),
      ).toBe(true);

      await page.unroute(/\/assets\/static-page-/);
      await page.getByRole("button", { name: "Reload the page" }).click();
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(await page.getByRole("heading", { name: "This page could not be shown" }).count()).toBe(0);
      expect(await page.title()).toMatch(/^Security/);
    } finally {
      await context.close();
    }
  });

  it("follows an alias to its canonical page", async () => {
    await withPage(browserOf(), "first-load-alias", async (page) => {
      const response = await page.goto("/lowfee");
      expect(response?.request().redirectedFrom()?.url()).toMatch(/\/lowfee$/);
      expect(new URL(page.url()).pathname).toBe("/features/fees");
    });
  });
});

describe("the app after the first load", () => {
  it("reads a signed-in page's session and data once, started by its shell before its scripts (decision 052)", async () => {
    await withPage(browserOf(), "first-load-early-reads", async (page) => {
      await signUpAndSignIn(page, uniqueEmail("early-reads"));
      await page.getByRole("heading", { name: "Currency accounts" }).waitFor();
      const reads: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith("/api/")) {
          reads.push(`${request.method()} ${url.pathname}${url.search}`);
        }
      });
      await page.goto("/dashboard", { waitUntil: "networkidle" });
      await page.getByRole("heading", { name: "Currency accounts" }).waitFor();
      const early = earlyReadsOf("/dashboard");
      expect(early).toContain("/api/v1/me");
      for (const address of early) {
        // Once: the shell's request, which the app used instead of asking again.
        expect(
          reads.filter((read) => read === `GET ${address}`),
          address,
        ).toHaveLength(1);
      }
      // Started by the shell while the document was being parsed: before any module script could run.
      const timings = await page.evaluate(() => {
        const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
        const me = performance
          .getEntriesByType("resource")
          .find((entry) => new URL(entry.name).pathname === "/api/v1/me");
        return { parsed: navigation?.domInteractive ?? 0, meStart: me?.startTime ?? Number.POSITIVE_INFINITY };
      });
      expect(timings.meStart).toBeLessThan(timings.parsed);
    });
  });

  it("signs in from the public site and opens the signed-in pages and their dialogs as they are needed", async () => {
    await withPage(browserOf(), "first-load-app", async (page) => {
      const { scripts } = recordScripts(page);
      await page.goto("/", { waitUntil: "networkidle" });
      await signUpAndSignIn(page, uniqueEmail("first-load"));
      await page.getByRole("heading", { name: "Currency accounts" }).waitFor();
      expect((await scripts()).some((script) => /\/signed-in-/.test(script))).toBe(true);
      // Each page of the app names itself in the browser's tab.
      expect(await page.title()).toBe("Dashboard · Ferry");
      expect((await scripts()).some((script) => /\/send-money-dialog-/.test(script))).toBe(false);

      await page.getByRole("link", { name: "Balances", exact: true }).first().click();
      await page.waitForURL("**/balance");
      await expect.poll(() => page.title()).toBe("Your Balance · Ferry");
      await page.getByRole("button", { name: "Send Money" }).first().click();
      await page.getByRole("dialog").waitFor();
      expect((await scripts()).some((script) => /\/send-money-dialog-/.test(script))).toBe(true);
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });

      // The header's "Send money" link opens the dialog over the dashboard, its code fetched then.
      await page.goto("/dashboard?tab=send&type=large");
      await page.getByRole("dialog").waitFor();
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });

      // Back to the public site: the pre-rendered pages, shown for a visitor first, hydrate and switch to
      // the signed-in header once the session is known.
      for (const path of ["/", "/business", "/alerts"]) {
        await page.goto(path, { waitUntil: "networkidle" });
        await page.getByRole("button", { name: /Account menu/ }).waitFor();
        expect(await page.getByRole("banner").getByRole("link", { name: "Sign In" }).count(), path).toBe(0);
      }
    });
  });
});
