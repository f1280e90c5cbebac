import { mkdir } from "node:fs/promises";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Locator, type Page, type Request } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";

const SCREENSHOT_DIR = path.join(import.meta.dirname, "screenshots");
const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

function randomClientIp(): string {
  const part = () => Math.floor(Math.random() * 254) + 1;
  return `10.${part()}.${part()}.${part()}`;
}

export function baseUrl(): string {
  return inject("baseUrl");
}

/** Debian's Chromium, driven by Playwright (never a downloaded browser). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_FLAGS, headless: true });
}

interface OpenedPage {
  readonly context: BrowserContext;
  readonly page: Page;
  /** What the page has logged as an error or thrown since this list was last emptied. */
  readonly pageErrors: string[];
}

async function openPage(browser: Browser, viewport: { width: number; height: number }): Promise<OpenedPage> {
  // Each context is its own client address (the server trusts the proxy header in this setup), as
  // separate people would be, so per-address rate limits apply per test rather than to the whole run.
  const context = await browser.newContext({
    viewport,
    baseURL: baseUrl(),
    extraHTTPHeaders: { "x-forwarded-for": randomClientIp() },
  });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on("console", (message) => {
    // Failed HTTP statuses (a 401 before sign-in, a rejected code) are checked through the UI instead.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      pageErrors.push(message.text());
    }
  });
  page.on("pageerror", (error) => pageErrors.push(error.message));
  return { context, page, pageErrors };
}

/** Runs `body` on `opened`, failing on errors the page logs meanwhile; keeps a screenshot when it fails. */
async function runOnPage(opened: OpenedPage, name: string, body: (page: Page) => Promise<void>): Promise<void> {
  opened.pageErrors.length = 0;
  try {
    await body(opened.page);
    expect(opened.pageErrors, "errors logged by the page").toEqual([]);
  } catch (error) {
    await mkdir(path.join(SCREENSHOT_DIR, "failures"), { recursive: true });
    await opened.page
      .screenshot({ path: path.join(SCREENSHOT_DIR, "failures", `${name}.png`), fullPage: true })
      .catch(() => {});
    throw error;
  }
}

/**
 * Runs `body` in a fresh browser context (no cookies shared with other tests). Fails when the page
 * logs an error or throws; takes a screenshot when anything fails.
 */
export async function withPage(
  browser: Browser,
  name: string,
  body: (page: Page) => Promise<void>,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<void> {
  const opened = await openPage(browser, viewport);
  try {
    await runOnPage(opened, name, body);
  } finally {
    await opened.context.close();
  }
}

/**
 * One page at `viewport` for every test of the describe block that calls it, for tests that sign nobody
 * in and change nothing a later test reads: a fresh context costs Chromium about 1.5 s of CPU, a page
 * load in a warm one a third of that. Each test opens its own address on it; the returned function runs
 * a test's body as `withPage` does (failing on the page's errors, a screenshot on failure).
 */
export function useSharedPage(
  browserOf: () => Browser,
  viewport: { width: number; height: number } = DESKTOP,
): (name: string, body: (page: Page) => Promise<void>) => Promise<void> {
  let opened: OpenedPage | undefined;
  beforeAll(async () => {
    opened = await openPage(browserOf(), viewport);
    trackRequests(opened.page);
  });
  afterAll(async () => {
    await opened?.context.close();
  });
  return (name, body) => {
    if (!opened) {
      throw new Error("The shared page is not open yet");
    }
    return runOnPage(opened, name, body);
  };
}

const inFlightRequests = new WeakMap<Page, number>();

/**
 * Counts the page's unfinished requests, so a check can wait for its data without `networkidle`'s
 * 500 ms. The live-updates stream (an EventSource) stays open by design and is not counted.
 */
export function trackRequests(page: Page): void {
  inFlightRequests.set(page, 0);
  const change = (request: Request, by: number) => {
    if (request.resourceType() !== "eventsource") {
      inFlightRequests.set(page, (inFlightRequests.get(page) ?? 0) + by);
    }
  };
  page.on("request", (request) => change(request, 1));
  page.on("requestfinished", (request) => change(request, -1));
  page.on("requestfailed", (request) => change(request, -1));
}

/**
 * Waits until the page has its data and has stopped moving: no request in flight, no spinner, no
 * skeleton, no transition running (a toast fading in would be measured half transparent).
 */
export async function waitUntilSettled(page: Page): Promise<void> {
  if (!inFlightRequests.has(page)) {
    throw new Error("Call trackRequests(page) as soon as the page is created");
  }
  await expect.poll(() => inFlightRequests.get(page), { interval: 50 }).toBe(0);
  await page.waitForFunction(
    () =>
      document.querySelector('[role="status"][aria-label="Loading"], .animate-pulse') === null &&
      document.getAnimations().every((animation) => {
        const isEndless = animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY;
        return isEndless || animation.playState !== "running";
      }),
    undefined,
    { polling: 50 },
  );
}

/**
 * Waits until React has taken over the page. A pre-rendered page hydrates in slices after its load
 * event, and its router hears address changes (`navigateInApp`) only from then: React claims the
 * page's elements in document order and commits, subscribing the router, in the task that claims
 * the last one.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const elements = document.querySelectorAll("#root *");
      const last = elements.item(elements.length - 1);
      return last !== null && Object.keys(last).some((key) => key.startsWith("__reactFiber$"));
    },
    undefined,
    { polling: 50 },
  );
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/**
 * Whether this run keeps screenshots for people to look at: `E2E_SCREENSHOTS=1`, which
 * `npm run test:e2e` sets. `npm test` leaves them out: nobody looks at them there, and the 150-odd
 * pictures cost a minute of the run. A failing test's screenshot is always kept (`withPage`).
 */
const isKeepingScreenshots = process.env.E2E_SCREENSHOTS === "1";

/**
 * Saves a screenshot under e2e/screenshots (git-ignored) for people to look at, when this run keeps
 * them: of the whole page (or only the window, `fullPage: false`), or of one element.
 */
export async function saveScreenshot(
  target: Page | Locator,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  if (!isKeepingScreenshots) {
    return;
  }
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await ("goto" in target ? target.screenshot({ path: file, fullPage }) : target.screenshot({ path: file }));
}

/** A full-page shot from the top: scrolled down, the sticky header would be drawn mid-page. */
export async function screenshotFromTop(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

interface DevMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The development outbox's messages to `email`, newest first. Asked of the server by address: the
 * whole outbox is a few MB by the end of a run, and the waits below ask for it every 100 ms.
 */
export async function devMailTo(email: string): Promise<DevMail[]> {
  const response = await fetch(`${baseUrl()}/dev/mail/messages.json?to=${encodeURIComponent(email)}`);
  return (await response.json()) as DevMail[];
}

/** The development outbox's messages to `email` whose subject starts with `subject`. */
export async function mailsTo(email: string, subject: string): Promise<DevMail[]> {
  return (await devMailTo(email)).filter((message) => message.subject.startsWith(subject));
}

/** Reads the newest code e-mailed to `email` whose subject contains `subjectPart`, as a person would. */
export async function readCodeFromMailbox(email: string, subjectPart: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const message = (await devMailTo(email)).find((item) => item.subject.includes(subjectPart));
    const code = message ? /Your code: (\d{6})/.exec(message.text)?.[1] : undefined;
    if (code) {
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No "${subjectPart}" code arrived for ${email}`);
}

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@e2e.example`;
}

export const DEMO_ADMIN = { email: "admin@ferry.example", password: "FerryAdmin#2026" };
export const DEMO_CUSTOMER = { email: "demo@ferry.example", password: "FerryDemo#2026" };

/** The password every e2e test's fresh user signs up with. */
export const TEST_PASSWORD = "Harbour#2026";

/** One Chromium per test file: launched before its tests, closed after. Returns a getter. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) {
      throw new Error("The browser is not launched yet");
    }
    return browser;
  };
}

/** A new customer, as a person makes one: sign up through /signup, then sign in with the e-mailed code. */
export async function signUpAndSignIn(page: Page, email: string, password = TEST_PASSWORD): Promise<void> {
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/login");
  await signIn(page, email, password);
}

/** Signs in through /login: password, then the e-mailed code typed into the dialog. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  const codesBefore = await countCodes(email);
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.getByRole("dialog").getByText("Check your email").waitFor();
  await waitForNewCode(email, codesBefore);
  const code = await readCodeFromMailbox(email, "sign-in code");
  await page.getByLabel("Verification code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL("**/dashboard");
}

async function countCodes(email: string): Promise<number> {
  return (await devMailTo(email)).filter((item) => item.subject.includes("sign-in code")).length;
}

async function waitForNewCode(email: string, before: number): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if ((await countCodes(email)) > before) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No new sign-in code was mailed to ${email}`);
}

/** Sends USD to a Ferry user through the Send Money dialog, with the e-mailed code. */
export async function sendUsdToFerryUser(page: Page, email: string, amount: string): Promise<void> {
  await page.goto("/balance");
  await page.getByTestId("balance-card-USD").waitFor();
  await page.getByRole("button", { name: "Send Money" }).click();
  const dialog: Locator = page.getByRole("dialog", { name: "Send Money" });
  await dialog.getByRole("button", { name: /Ferry user/ }).click();
  await dialog.getByLabel("Recipient's email").fill(email);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await dialog.getByLabel("Currency").selectOption("USD");
  await dialog.getByLabel("Amount", { exact: true }).fill(amount);
  await dialog
    .getByTestId("quote-total")
    .filter({ hasText: `USD ${amount}` })
    .waitFor();
  await dialog.getByRole("button", { name: "Continue" }).click();
  await dialog.getByRole("button", { name: "Send code" }).click();
  await page.getByText("Verification code sent to your email").first().waitFor();
  const code = await readCodeFromMailbox(DEMO_CUSTOMER.email, "Your Ferry transfer code");
  await dialog.getByLabel("Verification code").fill(code);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await page.getByText("Transfer completed successfully").first().waitFor();
  await dialog.getByRole("button", { name: "Done" }).click();
  await dialog.waitFor({ state: "detached" });
}
