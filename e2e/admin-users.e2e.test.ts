import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  baseUrl,
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  mailsTo,
  PHONE,
  saveScreenshot,
  signIn,
  trackRequests,
  useBrowser,
  waitUntilSettled,
  withPage,
} from "./support.ts";

const browserOf = useBrowser();

/** The admin and the customer each sign in and act in turn. */
const STORY_TIMEOUT_MS = 180_000;

/** A full-page shot from the top: scrolled down, the sticky header would be drawn mid-page. */
async function screenshotFromTop(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await waitUntilSettled(page);
  await saveScreenshot(page, name);
}

/** The admin searches /admin/users for the demo customer; returns their row. */
async function findDemoCustomer(admin: Page) {
  await admin.goto("/admin/users");
  await admin.getByRole("searchbox", { name: "Search users" }).fill("Dana");
  const row = admin.getByTestId("admin-user").filter({ hasText: DEMO_CUSTOMER.email });
  await row.waitFor();
  await expect.poll(() => admin.getByTestId("admin-user").count()).toBe(1);
  return row;
}

/** Contact User: an e-mail, then a help request, each with its toast. */
async function contactDemoCustomer(admin: Page, subjects: { email: string; help: string }): Promise<void> {
  await admin.getByRole("button", { name: `Contact ${DEMO_CUSTOMER.email}` }).click();
  const dialog = admin.getByRole("dialog", { name: "Contact User" });
  const emailForm = dialog.getByRole("form", { name: "Send Email" });
  await emailForm.getByLabel("Subject").fill(subjects.email);
  await emailForm.getByLabel("Message").fill("Please check the address on your profile.");
  await screenshotFromTop(admin, "admin-users-contact");
  await emailForm.getByRole("button", { name: "Send Email" }).click();
  await admin.getByText("Email sent successfully").waitFor();

  await dialog.getByRole("button", { name: "Create Help Request" }).click();
  const helpForm = dialog.getByRole("form", { name: "Create Help Request" });
  await helpForm.getByLabel("Subject").fill(subjects.help);
  await helpForm.getByLabel("Message").fill("Please upload a proof of address.");
  await helpForm.getByLabel("Priority").selectOption("high");
  await helpForm.getByRole("button", { name: "Create Help Request" }).click();
  await admin.getByText("Help request created successfully").waitFor();
  // It joins the user's five most recent, in the dialog.
  await dialog.getByText(`[ADMIN] ${subjects.help}`).waitFor();
  await admin.keyboard.press("Escape");
}

/**
 * On the demo customer's detail view: Ban signs their open page out on its next request; Unban lifts
 * it. The ban is lifted whatever happens, as the later test files sign in as them.
 */
async function banAndUnban(admin: Page, customer: Page): Promise<void> {
  const userId = new URL(admin.url()).pathname.split("/").at(-1);
  try {
    await admin.getByRole("button", { name: `Ban ${DEMO_CUSTOMER.email}` }).click();
    await admin.getByText("User banned successfully").waitFor();
    await admin.getByText("banned", { exact: true }).waitFor();
    await admin.getByRole("region", { name: "Audit history" }).getByText("user.ban").first().waitFor();
    await customer.getByRole("link", { name: "Transactions" }).first().click();
    await customer.waitForURL("**/login");

    await admin.getByRole("button", { name: `Unban ${DEMO_CUSTOMER.email}` }).click();
    await admin.getByText("User unbanned successfully").waitFor();
    await admin.getByText("active", { exact: true }).waitFor();
  } finally {
    // The page shares the admin's session cookie; an unban of an active user changes nothing.
    await admin.request.post(`/api/v1/admin/users/${userId}/unban`, { headers: { origin: baseUrl() } });
  }
}

describe("the admin's user management", () => {
  it(
    "the admin finds the demo customer, e-mails them, opens a help request they see, bans them (their open page is signed out) and unbans them",
    async () => {
      const stamp = Date.now().toString(36);
      const subjects = { email: `Your address ${stamp}`, help: `Proof of address ${stamp}` };
      await withPage(browserOf(), "admin-users-customer", async (customer) => {
        await signIn(customer, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
        await withPage(browserOf(), "admin-users-admin", async (admin) => {
          trackRequests(admin);
          await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
          const row = await findDemoCustomer(admin);
          await expect.poll(() => row.getByText("Email Verified").count()).toBe(1);
          await screenshotFromTop(admin, "admin-users-desktop");
          await contactDemoCustomer(admin, subjects);
          await expect.poll(async () => (await mailsTo(DEMO_CUSTOMER.email, subjects.email)).length).toBe(1);
          expect((await mailsTo(DEMO_CUSTOMER.email, subjects.email))[0].text).toContain(
            "Please check the address on your profile.",
          );

          // The customer sees the request on /help.
          await customer.goto("/help");
          await customer
            .getByTestId("help-request-row")
            .filter({ hasText: `[ADMIN] ${subjects.help}` })
            .waitFor();

          // The detail view: profile, balances, the new request.
          await row.getByRole("link", { name: "Dana Demo" }).click();
          await admin.getByRole("heading", { level: 1, name: "Dana Demo" }).waitFor();
          await admin.getByRole("region", { name: "Help requests" }).getByText(`[ADMIN] ${subjects.help}`).waitFor();
          // The audit history: the e-mail sent, with its subject.
          const history = admin.getByRole("region", { name: "Audit history" });
          await history
            .getByTestId("audit-entry")
            .filter({ hasText: subjects.email })
            .getByText("user.email")
            .waitFor();
          await screenshotFromTop(admin, "admin-user-detail");

          await banAndUnban(admin, customer);
          // Unbanned, the customer signs in again.
          await withPage(browserOf(), "admin-users-customer-again", (again) =>
            signIn(again, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password),
          );
          await admin.setViewportSize(PHONE);
          await findDemoCustomer(admin);
          await screenshotFromTop(admin, "admin-users-phone");
        });
      });
    },
    STORY_TIMEOUT_MS,
  );
});
