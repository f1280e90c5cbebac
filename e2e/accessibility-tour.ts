import { WEB_ROUTES, type WebRouteAccess } from "@ferry/core/web-routes";
import type { NodeResult, Result } from "axe-core";
import type { Browser, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { DECLARED_AXE_VERSION, runAxe } from "./axe.ts";
import {
  baseUrl,
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  devMailTo,
  PHONE,
  readCodeFromMailbox,
  saveScreenshot,
  signIn,
  TEST_PASSWORD,
  trackRequests,
  uniqueEmail,
  waitForApp,
  waitUntilSettled,
  withPage,
} from "./support.ts";

type Role = "visitor" | "customer" | "admin";

/** Who a route is checked as, by its access: everyone it lets in, and everyone it sends elsewhere. */
const ROLES_OF_ACCESS: Record<WebRouteAccess, readonly Role[]> = {
  public: ["visitor"],
  "signed-out-only": ["visitor", "customer"],
  "signed-in": ["visitor", "customer", "admin"],
  admin: ["visitor", "customer", "admin"],
};

/** Where `role` lands when it opens a route with `access` (the guards of app/guards.tsx). */
function landingPathOf(path: string, access: WebRouteAccess, role: Role): string {
  if (role === "visitor" && (access === "signed-in" || access === "admin")) {
    return "/login";
  }
  if (role !== "visitor" && access === "signed-out-only") {
    return "/dashboard";
  }
  if (role === "customer" && access === "admin") {
    return "/dashboard";
  }
  return path;
}

/** One violation, readably: where, the rule, the element, and (for contrast) both colours and the ratios. */
function describeViolation(where: string, violation: Result, node: NodeResult): string {
  const summary = (node.failureSummary ?? "").replace(/\s+/g, " ").trim();
  return `${where}: ${violation.id} (${violation.impact}) ${violation.help}\n    at ${node.target.join(" ")}\n    ${summary}`;
}

/**
 * The themes every scan runs in (decision 046): light, and dark as a system that prefers it (no cookie),
 * the way a visitor or a person who kept "system" gets it. One walk scans each state in both, rather
 * than one walk per theme: the navigation, sign-ups and dialogs are then done once.
 */
const THEMES = ["light", "dark"] as const;

/** Shows `theme` as the system's preference and waits until the page has followed it and settled. */
async function showTheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains("dark")), {
      message: `the page follows the system's ${theme} theme`,
    })
    .toBe(theme === "dark");
  // The colours change with a transition, and axe measures contrast at its end: the tour ends the
  // theme's transitions at once (their end state is what a person sees a moment later) rather than
  // waiting out some 170 of them (18 s of a run).
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation instanceof CSSTransition) {
        animation.finish();
      }
    }
  });
  await waitUntilSettled(page);
}

/** The rules of WCAG_TAGS whose findings depend on colours: text contrast, and links told apart by colour. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * Which elements the page renders, as one string (tag names in document order): what a theme must not
 * change. Toasts are left out: they leave on a timer of their own, whatever the theme.
 */
function shownElementsOf(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...document.body.querySelectorAll("*")]
      .filter(
        (element) =>
          element.closest("[data-sonner-toaster]") === null && element.checkVisibility({ visibilityProperty: true }),
      )
      .map((element) => element.tagName)
      .join(" "),
  );
}

/** What axe found, and what was checked, across the whole run. */
class AxeReport {
  readonly problems: string[] = [];
  /** "path as role" for every route of the table checked. */
  readonly routesChecked = new Set<string>();
  readonly dialogsChecked: string[] = [];
  scans = 0;
  private readonly scannedLandings = new Set<string>();

  /**
   * Runs axe on the whole page as it is now, in each theme, and records each violation readably. The
   * theme the page shows goes first, so the page changes theme once per scan, not twice. The first
   * theme gets every rule; the second only the rules that read colours (COLOUR_RULES), once the
   * page is seen to show the very same elements in it: a theme changes colours and nothing else, so
   * every other rule would find the same again, and the colour rules are about half of a scan's work.
   */
  async scan(page: Page, where: string): Promise<void> {
    const isDark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
    let shownInFirst: string | undefined;
    for (const theme of isDark ? [...THEMES].reverse() : THEMES) {
      await showTheme(page, theme);
      const shown = await shownElementsOf(page);
      if (shownInFirst !== undefined) {
        expect(shown, `${where}: the same elements shown in the ${theme} theme as in the other`).toBe(shownInFirst);
      }
      const results = await runAxe(page, shownInFirst === undefined ? {} : { rules: COLOUR_RULES });
      shownInFirst = shown;
      expect(results.testEngine.version, "the axe-core that ran").toBe(DECLARED_AXE_VERSION);
      this.scans += 1;
      for (const violation of results.violations) {
        for (const node of violation.nodes) {
          this.problems.push(describeViolation(`${where} (${theme})`, violation, node));
        }
      }
    }
  }

  /** Opens `path` as `role`, checks it lands where the guards send `role`, and scans the page it shows. */
  async checkRoute(page: Page, path: string, access: WebRouteAccess, role: Role): Promise<void> {
    await navigateInApp(page, path);
    const landing = landingPathOf(path, access, role);
    await expect.poll(() => new URL(page.url()).pathname, { message: `${path} as ${role}` }).toBe(landing);
    this.routesChecked.add(`${path} as ${role}`);
    // A redirect shows a page already scanned for this role: it needs no second scan.
    const key = `${landing} as ${role}`;
    if (this.scannedLandings.has(key)) {
      return;
    }
    this.scannedLandings.add(key);
    await waitUntilSettled(page);
    await this.scan(page, key);
  }

  /** Scans the page with a dialog (or one step of it) open. */
  async checkDialog(page: Page, name: string): Promise<void> {
    await page.getByRole("dialog").first().waitFor();
    await waitUntilSettled(page);
    this.dialogsChecked.push(name);
    await this.scan(page, `dialog "${name}"`);
  }

  /** Checks each route of the table that `role` should see through `checkRoute`. */
  async checkRoutesAs(page: Page, role: Role): Promise<void> {
    await page.goto("/");
    await waitForApp(page);
    for (const route of WEB_ROUTES) {
      if (ROLES_OF_ACCESS[route.access].includes(role)) {
        await this.checkRoute(page, route.path, route.access, role);
      }
    }
  }

  /** The routes of the table some role has not been checked as: a new page without a check. */
  unchecked(): string[] {
    return WEB_ROUTES.flatMap((route) =>
      ROLES_OF_ACCESS[route.access]
        .map((role) => `${route.path} as ${role}`)
        .filter((key) => !this.routesChecked.has(key)),
    );
  }
}

/**
 * Opens `path` the way the app's own links do (the router's history), not by reloading the page:
 * the same route renders, and 70-odd pages are checked in seconds rather than a minute.
 */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, "", target);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

/** A short name of the focused element and whether it sits inside `container`. */
async function focusedIn(container: Locator): Promise<{ inside: boolean; name: string }> {
  return container.evaluate((element) => {
    const active = document.activeElement;
    const name = active
      ? `${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ""}[${(active.getAttribute("aria-label") ?? active.textContent ?? "").trim().slice(0, 30)}]`
      : "none";
    return { inside: active !== null && element.contains(active), name };
  });
}

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/**
 * Waits for `target` to have focus; otherwise records a failure naming the element that has it, and
 * the test goes on, so one run reports every keyboard problem.
 */
async function expectFocusOn(page: Page, target: Locator, what: string): Promise<void> {
  for (let attempt = 0; attempt < 20 && !(await isFocused(target)); attempt += 1) {
    await page.waitForTimeout(100);
  }
  const focused = (await isFocused(target)) ? "it" : (await focusedIn(page.locator("body"))).name;
  expect.soft(focused, `${what}: focus is on ${focused}, not on ${target}`).toBe("it");
}

/**
 * Opens a dialog from `trigger` with the keyboard and checks it behaves as a modal dialog should:
 * focus moves into it, Tab and Shift+Tab cycle inside it, Escape closes it, and focus goes back to
 * `returnTo` (the trigger, unless the dialog was reached through another one).
 */
async function checkDialogKeyboard(
  page: Page,
  open: { trigger: Locator; key?: string },
  dialogName: string,
  returnTo: Locator = open.trigger,
): Promise<Locator> {
  // A dialog closed just before gives focus back to its own trigger a moment after it is gone: focus
  // this trigger until it still has focus a frame later, or the key would open the other dialog.
  await expect
    .poll(
      async () => {
        await open.trigger.focus();
        await page.evaluate(() => new Promise((settled) => requestAnimationFrame(() => setTimeout(settled, 0))));
        return open.trigger.evaluate((element) => element === document.activeElement);
      },
      { message: `focus stays on the trigger of "${dialogName}"` },
    )
    .toBe(true);
  await page.keyboard.press(open.key ?? "Enter");
  const dialog = page.getByRole("dialog", { name: dialogName });
  await dialog.waitFor();
  await expect
    .poll(async () => (await focusedIn(dialog)).inside, { message: `focus moves into "${dialogName}"` })
    .toBe(true);
  const seen: string[] = [];
  for (let presses = 0; presses < 30; presses += 1) {
    await page.keyboard.press(presses % 10 === 9 ? "Shift+Tab" : "Tab");
    const focus = await focusedIn(dialog);
    expect.soft(focus.inside, `"${dialogName}": Tab #${presses + 1} left the dialog for ${focus.name}`).toBe(true);
    seen.push(focus.name);
  }
  // Thirty presses over fewer distinct stops: Tab went round inside the dialog.
  expect.soft(new Set(seen).size, `"${dialogName}" Tab stops: ${[...new Set(seen)].join(", ")}`).toBeLessThan(30);
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  await expectFocusOn(page, returnTo, `focus returns from "${dialogName}" to its opener`);
  return dialog;
}

/** The newest transfer code e-mailed to `email` after `before` codes had arrived. */
async function newTransferCode(email: string, before: number): Promise<string> {
  await expect.poll(() => countMails(email, "transfer code")).toBeGreaterThan(before);
  return readCodeFromMailbox(email, "transfer code");
}

async function countMails(email: string, subjectPart: string): Promise<number> {
  return (await devMailTo(email)).filter((message) => message.subject.includes(subjectPart)).length;
}

/** Signs up through /signup and signs in, scanning the sign-in code dialog and trying it by keyboard. */
async function signUpAndSignInChecked(page: Page, report: AxeReport, email: string): Promise<void> {
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
  await report.scan(page, "/signup filled in");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
  const signInButton = page.getByRole("button", { name: "Sign In", exact: true });
  await checkDialogKeyboard(page, { trigger: signInButton }, "Check your email");
  await signInButton.click();
  await page.getByRole("dialog", { name: "Check your email" }).waitFor();
  await report.checkDialog(page, "sign-in code");
  const code = await readCodeFromMailbox(email, "sign-in code");
  await page.getByLabel("Verification code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL("**/dashboard");
}

/** Add Cash, then each deposit dialog; the bank deposit is reported, so the customer can be funded. */
async function checkAddCash(page: Page, report: AxeReport): Promise<void> {
  await page.goto("/balance");
  const addCash = page.getByRole("button", { name: "Add Cash" });
  await checkDialogKeyboard(page, { trigger: addCash }, "Add Cash");
  await addCash.click();
  await report.checkDialog(page, "Add Cash");
  await page.getByRole("button", { name: /Crypto Deposit/ }).click();
  const crypto = page.getByRole("dialog", { name: "Crypto Deposit" });
  await crypto.getByTestId("deposit-address").waitFor();
  await report.checkDialog(page, "Crypto Deposit");
  await page.keyboard.press("Escape");
  await crypto.waitFor({ state: "detached" });
  await expectFocusOn(page, addCash, "focus returns from Crypto Deposit to Add Cash");

  // By keyboard through the chooser into the bank deposit.
  await page.keyboard.press("Enter");
  await page.getByRole("dialog", { name: "Add Cash" }).waitFor();
  await page.getByRole("button", { name: /Connect Bank/ }).focus();
  await page.keyboard.press("Enter");
  const bank = page.getByRole("dialog", { name: "Deposit from your bank" });
  await bank.getByText("Your reference", { exact: true }).waitFor();
  await report.checkDialog(page, "Deposit from your bank");
  await bank.getByLabel("Currency").selectOption("EUR");
  await bank.getByLabel("Amount sent").fill("500.00");
  await bank.getByRole("button", { name: "Report deposit" }).click();
  await bank.getByText("is waiting for review").waitFor();
  await report.checkDialog(page, "Deposit from your bank, reported");
  await page.keyboard.press("Escape");
  await bank.waitFor({ state: "detached" });
}

/** The admin's pages, and the review dialog with which the customer's deposit is approved. */
async function checkAsAdmin(page: Page, report: AxeReport, customerEmail: string): Promise<void> {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await report.checkRoutesAs(page, "admin");
  await page.goto("/admin/deposits");
  const review = page.getByRole("button", { name: `Review deposit of EUR 500.00 from ${customerEmail}` });
  await checkDialogKeyboard(page, { trigger: review }, "Review Deposit");
  await review.click();
  const dialog = page.getByRole("dialog", { name: "Review Deposit" });
  await report.checkDialog(page, "Review Deposit");
  await dialog.getByRole("button", { name: "Approve" }).click();
  await review.waitFor({ state: "detached" });
  await checkAdminUsers(page, report, customerEmail);
}

/**
 * A real user's detail view (the route table's `/admin/users/:userId` is toured with its literal
 * parameter, which shows "User not found"), and the Contact User dialog and the delete confirmation.
 */
async function checkAdminUsers(page: Page, report: AxeReport, customerEmail: string): Promise<void> {
  await page.goto("/admin/users");
  await page.getByRole("searchbox", { name: "Search users" }).fill(customerEmail);
  const row = page.getByTestId("admin-user").filter({ hasText: customerEmail });
  const contact = row.getByRole("button", { name: `Contact ${customerEmail}` });
  await checkDialogKeyboard(page, { trigger: contact }, "Contact User");
  await contact.click();
  await report.checkDialog(page, "Contact User");
  await page.keyboard.press("Escape");
  await page.getByRole("dialog", { name: "Contact User" }).waitFor({ state: "detached" });
  const remove = row.getByRole("button", { name: `Delete ${customerEmail}` });
  const confirm = await checkDialogKeyboard(page, { trigger: remove }, "Delete User");
  await remove.click();
  await report.checkDialog(page, "Delete User");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await confirm.waitFor({ state: "detached" });
  await row.getByRole("link").click();
  await page.getByRole("region", { name: "Audit history" }).waitFor();
  await waitUntilSettled(page);
  await report.scan(page, "/admin/users/:userId of a customer as admin");
}

/** The payment-method dialog and the delete confirmation on /withdrawal-addresses. */
async function checkPaymentMethods(page: Page, report: AxeReport): Promise<void> {
  await page.goto("/withdrawal-addresses");
  const addFirst = page.getByRole("button", { name: "Add Your First Address" });
  await checkDialogKeyboard(page, { trigger: addFirst }, "Add Withdrawal Address");
  await addFirst.click();
  const dialog = page.getByRole("dialog", { name: "Add Withdrawal Address" });
  await report.checkDialog(page, "Add Withdrawal Address");
  await dialog.getByLabel("Name", { exact: true }).fill("My Deutsche Bank");
  await dialog.getByLabel("Currency").selectOption("EUR");
  await dialog.getByRole("button", { name: "Add Address" }).click();
  await dialog.locator("[aria-invalid=true]").first().waitFor();
  await report.checkDialog(page, "Add Withdrawal Address, with errors");
  await dialog.getByLabel("Account holder name").fill("Erika Mustermann");
  await dialog.getByLabel("Bank name").fill("Deutsche Bank");
  await dialog.getByLabel("Country").selectOption("DE");
  await dialog.getByLabel("Account number (IBAN)").fill("DE89 3704 0044 0532 0130 00");
  await dialog.getByLabel("SWIFT / BIC").fill("DEUTDEFF");
  await dialog.getByRole("button", { name: "Add Address" }).click();
  await page.getByText("•••• 3000").waitFor();
}

/** The delete confirmation of a payment method, opened and cancelled. */
async function checkDeleteConfirmation(page: Page, report: AxeReport): Promise<void> {
  await page.goto("/withdrawal-addresses");
  const remove = page.getByRole("button", { name: "Delete My Deutsche Bank" });
  const confirm = await checkDialogKeyboard(page, { trigger: remove }, "Delete Address");
  await remove.click();
  await confirm.waitFor();
  await report.checkDialog(page, "Delete Address");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await confirm.waitFor({ state: "detached" });
}

/** The Create credential dialog on /connect: empty, refused, and with the second-factor step of transfers:write. */
async function checkConnect(page: Page, report: AxeReport): Promise<void> {
  await page.goto("/connect");
  const create = page.getByRole("button", { name: "Create credential" });
  await checkDialogKeyboard(page, { trigger: create }, "Create credential");
  await create.click();
  const dialog = page.getByRole("dialog", { name: "Create credential" });
  await report.checkDialog(page, "Create credential");
  await dialog.getByRole("button", { name: "Create credential" }).click();
  await dialog.locator("[aria-invalid=true]").first().waitFor();
  await report.checkDialog(page, "Create credential, with errors");
  await dialog.getByRole("checkbox", { name: /transfers:write/ }).click();
  await dialog.getByLabel("Daily limit", { exact: true }).waitFor();
  await report.checkDialog(page, "Create credential, sending money");
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
}

/** Cashout: the amount, then the code; the withdrawal is requested, so the history has a pending row. */
async function checkCashout(page: Page, report: AxeReport, email: string): Promise<void> {
  await page.goto("/balance");
  await page.getByTestId("balance-card-EUR").waitFor();
  const cashout = page.getByRole("button", { name: "Cashout" });
  await checkDialogKeyboard(page, { trigger: cashout }, "Cashout");
  await cashout.click();
  const dialog = page.getByRole("dialog", { name: "Cashout" });
  await dialog.getByLabel("Currency").selectOption("EUR");
  await dialog.getByLabel("Amount").fill("100");
  await dialog.getByText("Total").waitFor();
  await report.checkDialog(page, "Cashout, amount");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await dialog.getByRole("button", { name: "Send code" }).waitFor();
  await report.checkDialog(page, "Cashout, verification");
  const before = await countMails(email, "transfer code");
  await dialog.getByRole("button", { name: "Send code" }).click();
  await dialog.getByLabel("Verification code").fill(await newTransferCode(email, before));
  await report.checkDialog(page, "Cashout, code entered");
  await dialog.getByRole("button", { name: "Confirm Cashout" }).click();
  await page.getByText("Withdrawal requested").first().waitFor();
  await dialog.waitFor({ state: "detached" });
}

/** Exchange: the form, a refused amount, a quote with its countdown; the quote is confirmed. */
async function checkExchange(page: Page, report: AxeReport): Promise<void> {
  await page.goto("/balance");
  await page.getByTestId("balance-card-EUR").waitFor();
  const exchange = page.getByRole("button", { name: "Exchange" });
  await checkDialogKeyboard(page, { trigger: exchange }, "Exchange");
  await exchange.click();
  const dialog = page.getByRole("dialog", { name: "Exchange" });
  await dialog.getByLabel("From").selectOption("EUR");
  await dialog.getByLabel("To").selectOption("USD");
  await report.checkDialog(page, "Exchange, form");
  await dialog.getByLabel("Amount").fill("9999999");
  await dialog.getByRole("button", { name: "Get quote" }).click();
  await dialog.getByText("Insufficient EUR balance").waitFor();
  await report.checkDialog(page, "Exchange, amount refused");
  await dialog.getByLabel("Amount").fill("50");
  await dialog.getByRole("button", { name: "Get quote" }).click();
  await dialog.getByRole("region", { name: "Quote" }).waitFor();
  await report.checkDialog(page, "Exchange, quote");
  await dialog.getByRole("button", { name: "Confirm exchange" }).click();
  await page.getByText("Exchange completed successfully").first().waitFor();
  await dialog.waitFor({ state: "detached" });
}

/** Send Money at each step, by the bank path (which has every step) up to the e-mailed code. */
async function checkSendMoney(page: Page, report: AxeReport, email: string): Promise<void> {
  await page.goto("/balance");
  const send = page.getByRole("button", { name: "Send Money" });
  await checkDialogKeyboard(page, { trigger: send }, "Send Money");
  await send.click();
  const dialog = page.getByRole("dialog", { name: "Send Money" });
  await dialog.getByText("Step 1 of 5").waitFor();
  await report.checkDialog(page, "Send Money, 1 method");
  await dialog.getByRole("button", { name: /Bank Transfer/ }).click();
  await dialog.getByRole("button", { name: "Add New Recipient" }).waitFor();
  await report.checkDialog(page, "Send Money, 2 recipient");
  await dialog.getByRole("button", { name: "Add New Recipient" }).click();
  await dialog.getByRole("button", { name: "Save and continue" }).click();
  await dialog.locator("[aria-invalid=true]").first().waitFor();
  await report.checkDialog(page, "Send Money, 3 details with errors");
  await dialog.getByLabel("Recipient name").fill("Erika Mustermann");
  await dialog.getByLabel("Recipient email").fill(uniqueEmail("a11y-recipient"));
  await dialog.getByLabel("Bank name").fill("Deutsche Bank");
  await dialog.getByLabel("Country").selectOption("DE");
  await dialog.getByLabel("Account number (IBAN)").fill("DE89370400440532013000");
  await dialog.getByLabel("SWIFT / BIC").fill("DEUTDEFF");
  await dialog.getByLabel("Currency").selectOption("EUR");
  await dialog.getByRole("button", { name: "Save and continue" }).click();
  const amount = dialog.getByLabel("Amount", { exact: true });
  await amount.fill("9999999");
  await dialog.getByText("Insufficient balance").waitFor();
  await report.checkDialog(page, "Send Money, 4 amount refused");
  await amount.fill("10");
  await dialog.getByTestId("quote-total").filter({ hasText: "EUR 10." }).waitFor();
  await report.checkDialog(page, "Send Money, 4 amount");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await dialog.getByTestId("summary-total").waitFor();
  await report.checkDialog(page, "Send Money, 5 verification");
  const before = await countMails(email, "transfer code");
  await dialog.getByRole("button", { name: "Send code" }).click();
  await newTransferCode(email, before);
  await report.checkDialog(page, "Send Money, 5 code sent");
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
}

/**
 * The accessibility tour: every route of core's table as each role it fits, and every dialog,
 * pass axe (WCAG 2.0/2.1 A and AA); each dialog traps focus and gives it back.
 */
export async function runAccessibilityTour(browserOf: () => Browser): Promise<void> {
  const report = new AxeReport();
  const email = uniqueEmail("a11y");
  await withPage(browserOf(), "accessibility", async (page) => {
    trackRequests(page);
    await report.checkRoutesAs(page, "visitor");
    await signUpAndSignInChecked(page, report, email);
    await checkAddCash(page, report);
    await withPage(browserOf(), "accessibility-admin", async (adminPage) => {
      trackRequests(adminPage);
      await checkAsAdmin(adminPage, report, email);
    });

    // A payment method and a pending cashout first, so the customer's pages show content.
    await checkPaymentMethods(page, report);
    await checkCashout(page, report, email);
    await checkExchange(page, report);
    await report.checkRoutesAs(page, "customer");
    await checkDeleteConfirmation(page, report);
    await checkSendMoney(page, report, email);
    await checkConnect(page, report);

    // The e-mail verification dialog from the banner, and the navigation drawer at phone width.
    const verify = page.getByRole("button", { name: "Verify Email" });
    await page.goto("/dashboard");
    await checkDialogKeyboard(page, { trigger: verify }, "Verify your email");
    await verify.click();
    await report.checkDialog(page, "Verify your email");
    await page.keyboard.press("Escape");
    await page.setViewportSize(PHONE);
    // The shell swaps the fixed sidebar for a drawer once React has seen the media query change;
    // until then "Toggle sidebar" still collapses the desktop sidebar instead of opening the drawer.
    await page.getByRole("complementary", { name: "Sidebar" }).waitFor({ state: "detached" });
    const menu = page.getByRole("button", { name: "Toggle sidebar" });
    await checkDialogKeyboard(page, { trigger: menu }, "Navigation");
    await menu.click();
    await report.checkDialog(page, "Navigation");
  });

  const pagesByRole = report.routesChecked.size;
  console.log(
    `Accessibility (light and dark): ${pagesByRole} pages × roles checked (${WEB_ROUTES.length} routes), ` +
      `${report.dialogsChecked.length} dialog states checked, ${report.scans} axe scans, ` +
      `${report.problems.length} violations.`,
  );
  expect(report.unchecked(), "routes of the table without an accessibility check").toEqual([]);
  expect(report.problems.length, `axe violations:\n${report.problems.join("\n")}`).toBe(0);
}

/** Sends money to another Ferry user with the keyboard alone, as the demo customer. */
export async function sendMoneyByKeyboard(browserOf: () => Browser): Promise<void> {
  const friendEmail = uniqueEmail("keyboard-friend");
  const signUp = await fetch(`${baseUrl()}/api/v1/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: friendEmail, password: TEST_PASSWORD }),
  });
  expect(signUp.status).toBe(200);
  await withPage(browserOf(), "keyboard-send-money", async (page) => {
    await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    await page.goto("/balance");
    await page.getByTestId("balance-card-USD").waitFor();
    await sendToFerryUserByKeyboard(page, friendEmail);
    await saveScreenshot(page, "keyboard-send-money-done");
  });
}

/** Presses Tab until `target` has focus (at most `limit` times), as a keyboard user looks for a control. */
async function tabTo(page: Page, target: Locator, limit = 40, key = "Tab"): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await isFocused(target)) {
      return;
    }
    await page.keyboard.press(key);
  }
  expect(await isFocused(target), `${key} never reached ${target}`).toBe(true);
}

async function sendToFerryUserByKeyboard(page: Page, friendEmail: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Send Money" });
  await tabTo(page, page.getByRole("button", { name: "Send Money" }));
  await page.keyboard.press("Enter");
  await dialog.getByText("Step 1 of 5").waitFor();
  await tabTo(page, dialog.getByRole("button", { name: /Ferry user/ }));
  await page.keyboard.press("Space");
  await tabTo(page, dialog.getByLabel("Recipient's email"));
  await page.keyboard.type(friendEmail);
  await page.keyboard.press("Enter");
  await tabTo(page, dialog.getByLabel("Currency"));
  // A native select: the arrow keys pick an option without opening it.
  for (let presses = 0; presses < 10 && (await dialog.getByLabel("Currency").inputValue()) !== "USD"; presses += 1) {
    await page.keyboard.press("ArrowDown");
  }
  expect(await dialog.getByLabel("Currency").inputValue()).toBe("USD");
  await tabTo(page, dialog.getByLabel("Amount", { exact: true }));
  await page.keyboard.type("12.5");
  await dialog.getByTestId("quote-total").filter({ hasText: "USD 12.50" }).waitFor();
  const continueButton = dialog.getByRole("button", { name: "Continue" });
  await expect.poll(() => continueButton.isEnabled()).toBe(true);
  await tabTo(page, continueButton);
  await page.keyboard.press("Enter");
  await dialog.getByTestId("summary-total").waitFor();
  const before = await countMails(DEMO_CUSTOMER.email, "transfer code");
  await tabTo(page, dialog.getByRole("button", { name: "Send code" }));
  await page.keyboard.press("Enter");
  const code = await newTransferCode(DEMO_CUSTOMER.email, before);
  await tabTo(page, dialog.getByLabel("Verification code"));
  await page.keyboard.type(code);
  const confirm = dialog.getByRole("button", { name: "Confirm" });
  await expect.poll(() => confirm.isEnabled()).toBe(true);
  await tabTo(page, confirm);
  await page.keyboard.press("Enter");
  await page.getByText("Transfer completed successfully").first().waitFor();
  // The receipt (issue 30) takes the focus; Done closes it.
  const done = dialog.getByRole("button", { name: "Done" });
  await expectFocusOn(page, dialog.getByRole("button", { name: "Track this transfer" }), "focus moves to the receipt");
  await tabTo(page, done);
  await page.keyboard.press("Enter");
  await dialog.waitFor({ state: "detached" });
  await expectFocusOn(page, page.getByRole("button", { name: "Send Money" }), "focus returns to Send Money");
}
