import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./axe.ts";
import {
  DEMO_ADMIN,
  DESKTOP,
  PHONE,
  saveScreenshot,
  signIn,
  signUpAndSignIn,
  uniqueEmail,
  useBrowser,
  withPage,
} from "./support.ts";

const browserOf = useBrowser();

/** Every help desk step signs two people in and goes back and forth between them. */
const STORY_TIMEOUT_MS = 180_000;

/** A real PNG to attach: a shot of part of the page (the server checks a file by its bytes). */
async function pngOf(page: Page): Promise<Buffer> {
  return page.screenshot({ clip: { x: 0, y: 0, width: 240, height: 160 } });
}

/** A full-page shot from the top: scrolled down, the sticky header would be drawn mid-page. */
async function screenshotFromTop(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

/** The id of the request open on a help page (`?request=<id>`). */
function openRequestIdOf(page: Page): string {
  const id = new URL(page.url()).searchParams.get("request");
  if (!id) {
    throw new Error(`No request is open at ${page.url()}`);
  }
  return id;
}

describe("the help desk", () => {
  it(
    "a customer asks for urgent help, the admin answers, the customer replies, and once the admin closes it the customer can no longer reply",
    async () => {
      const email = uniqueEmail("help");
      await withPage(browserOf(), "help-customer", async (customer) => {
        await signUpAndSignIn(customer, email);
        await customer.goto("/help");
        await customer.getByRole("button", { name: "Create Request" }).waitFor();
        await screenshotFromTop(customer, "help-empty-desktop");

        // Common Issues opens the form with its subject; the customer makes it urgent and attaches a screenshot.
        await customer
          .getByRole("region", { name: "Common Issues" })
          .getByRole("button", { name: "Transaction delays or failures" })
          .click();
        const form = customer.getByRole("dialog", { name: "New Request" });
        expect(await form.getByLabel("Subject").inputValue()).toBe("Transaction delays or failures");
        await form.getByLabel("Priority").selectOption("urgent");
        await form.getByText(/Support aims to reply within 1 hour/).waitFor();
        await form.getByLabel("Message").fill("My EUR transfer to Deutsche Bank has been pending since Monday.");
        const screenshot = await pngOf(customer);
        await form.getByLabel("Attach files").setInputFiles({
          name: "pending-transfer.png",
          mimeType: "image/png",
          buffer: screenshot,
        });
        await form.getByRole("list", { name: "Files to send" }).getByText("pending-transfer.png").waitFor();
        await screenshotFromTop(customer, "help-new-request-dialog");
        await expectAccessible(customer, "the New Request form");
        await form.getByRole("button", { name: "Submit Request" }).click();
        await customer.getByText("Help Request Submitted").first().waitFor();
        await customer.getByRole("heading", { name: "Transaction delays or failures" }).waitFor();
        await customer.getByText(/Support aims to reply within 1 hour/).waitFor();
        const requestId = openRequestIdOf(customer);
        const thumbnail = customer.getByRole("link", { name: /pending-transfer\.png/ });
        await thumbnail.waitFor();
        // The thumbnail really loads: the file is served back to its owner.
        await expect
          .poll(() => thumbnail.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBe(240);
        // Away from the request: an open request page shows support's reply as it comes, and so reads it.
        await customer.goto("/dashboard");

        await withPage(browserOf(), "help-admin", async (admin) => {
          await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
          // The Help Desk item counts open requests; customers' Help item is not there for admins.
          await admin.getByRole("link", { name: /Help Desk.*open/ }).waitFor();
          expect(await admin.getByRole("link", { name: "Help", exact: true }).count()).toBe(0);
          await admin.goto("/admin/help");
          await admin.getByRole("heading", { name: "Help Desk" }).waitFor();
          await admin.getByLabel("Search help requests").fill(email);
          const row = admin.getByTestId("help-desk-row").filter({ hasText: email });
          await row.waitFor();
          await expect.poll(() => admin.getByTestId("help-desk-row").count()).toBe(1);
          // Flagged urgent, with its due time an hour after it was opened.
          expect(await row.getByText("Urgent").count()).toBe(1);
          expect(await row.getByTestId("help-request-due").textContent()).toMatch(/^Due in (\d+ minutes|1 hour) · /);
          await row.click();
          const detail = admin.getByRole("region", { name: "Selected request" });
          await detail.getByRole("heading", { name: "Transaction delays or failures" }).waitFor();
          await detail.getByRole("link", { name: /pending-transfer\.png/ }).waitFor();
          await screenshotFromTop(admin, "admin-help-desktop");
          await expectAccessible(admin, "the help desk with a request open");
          await detail
            .getByLabel("Your reply")
            .fill("  We are checking with the receiving bank and will update you shortly. ");
          await detail.getByRole("button", { name: "Send Reply" }).click();
          await admin.getByText("Response Sent").first().waitFor();
          // A reply to an open request moves it to in progress.
          await expect.poll(() => detail.getByLabel("Status").inputValue()).toBe("in_progress");
          const adminReply = detail.getByRole("article").filter({ hasText: "We are checking with the receiving bank" });
          await adminReply.getByText("Admin", { exact: true }).waitFor();

          // The customer sees the reply: the Help badge, the notification, the 'Support' badge.
          await customer.goto("/notifications");
          await customer.getByRole("button", { name: /Support replied \(unread\)/ }).waitFor();
          await customer.getByRole("link", { name: /Help.*with new replies/ }).waitFor();
          await customer.goto("/help");
          const customerRow = customer.getByTestId("help-request-row").first();
          await customerRow.getByText("New reply").waitFor();
          expect(await customer.getByTestId("help-request-total").textContent()).toBe("1 request");
          await screenshotFromTop(customer, "help-desktop");
          await expectAccessible(customer, "the customer's list of requests");
          await customerRow.click();
          const support = customer.getByRole("article").filter({ hasText: "We are checking with the receiving bank" });
          await support.getByText("Support", { exact: true }).waitFor();
          expect(await support.locator("p").textContent()).toBe(
            "We are checking with the receiving bank and will update you shortly.",
          );
          // Opening it marked the reply read.
          await expect.poll(() => customer.getByRole("link", { name: /Help.*with new replies/ }).count()).toBe(0);
          await customer.getByLabel("Your reply").fill("Thank you! The transfer reference is FRY-2026-0042.");
          await screenshotFromTop(customer, "help-conversation-desktop");
          await expectAccessible(customer, "a conversation");
          await customer.getByRole("button", { name: "Send Reply" }).click();
          await customer.getByText("Response Sent").first().waitFor();
          await customer.getByRole("article").filter({ hasText: "FRY-2026-0042" }).waitFor();

          // The admin sees the customer's reply and closes the request.
          await admin.goto(`/admin/help?request=${requestId}`);
          await detail.getByRole("article").filter({ hasText: "FRY-2026-0042" }).waitFor();
          await detail.getByLabel("Status").selectOption("closed");
          await admin.getByText("Status Updated").first().waitFor();
          await admin.getByText("Request status updated to Closed").first().waitFor();

          // At phone width the panes stack: the list, then the request alone with Back.
          await admin.setViewportSize(PHONE);
          await admin.goto("/admin/help");
          // Closed, it has left the queue (waiting on support, by due time); the status filter finds it.
          await admin.getByLabel("Filter by status").selectOption("closed");
          await admin.getByLabel("Search help requests").fill(email);
          await admin.getByTestId("help-desk-row").filter({ hasText: email }).waitFor();
          expect(await admin.getByRole("region", { name: "Selected request" }).count()).toBe(0);
          await screenshotFromTop(admin, "admin-help-phone");
          await admin.getByTestId("help-desk-row").filter({ hasText: email }).click();
          await detail.getByRole("heading", { name: "Transaction delays or failures" }).waitFor();
          expect(await admin.getByRole("region", { name: "Help requests" }).count()).toBe(0);
          await screenshotFromTop(admin, "admin-help-conversation-phone");
          await expectAccessible(admin, "a closed request on the desk at phone width");
          await detail.getByRole("button", { name: "Back" }).click();
          await admin.getByRole("region", { name: "Help requests" }).waitFor();
          await admin.setViewportSize(DESKTOP);
        });

        // Closed: the customer can no longer reply, and is told so.
        await customer.goto(`/help?request=${requestId}`);
        await customer
          .getByRole("note")
          .getByText(/This request is closed: open a new request to continue/)
          .waitFor();
        expect(await customer.getByLabel("Your reply").count()).toBe(0);
        expect(await customer.getByRole("button", { name: "Send Reply" }).count()).toBe(0);
        await customer.setViewportSize(PHONE);
        await customer.reload();
        await customer.getByRole("note").waitFor();
        await screenshotFromTop(customer, "help-conversation-phone");
        await expectAccessible(customer, "a closed conversation at phone width");
        await customer.getByRole("button", { name: "Back" }).click();
        await customer.getByTestId("help-request-row").first().waitFor();
        await screenshotFromTop(customer, "help-phone");
      });
    },
    STORY_TIMEOUT_MS,
  );
});
