import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./axe.ts";
import {
  DEMO_ADMIN,
  DESKTOP,
  PHONE,
  readCodeFromMailbox,
  screenshotFromTop,
  signIn,
  signUpAndSignIn,
  trackRequests,
  uniqueEmail,
  useBrowser,
  waitUntilSettled,
  withPage,
} from "./support.ts";

const browserOf = useBrowser();

/** Two people sign in, upload, review and look again. */
const STORY_TIMEOUT_MS = 180_000;

/** A small PDF, as a scanned utility bill would be (the server checks a file by its bytes). */
const BILL_PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

/** The signed-up customer verifies their e-mail from the banner, as the shell offers. */
async function verifyEmail(page: Page, email: string): Promise<void> {
  const banner = page.getByRole("alert").filter({ hasText: "Please verify your email address" });
  await banner.getByRole("button", { name: "Verify Email" }).click();
  const code = await readCodeFromMailbox(email, "Verify your Ferry e-mail");
  await page.getByLabel("Verification code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await banner.waitFor({ state: "detached" });
}

/** The USD row of the limits table: [currency, your limit, once verified]. */
async function usdLimits(page: Page): Promise<string[]> {
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "USD", exact: true }) });
  return (await row.locator("th, td").allTextContents()).map((text) => text.trim());
}

describe("identity verification", () => {
  it(
    "a new customer uploads a government ID and a proof of address, the admin approves them, and the customer's limits rise",
    async () => {
      const email = uniqueEmail("kyc");
      await withPage(browserOf(), "kyc-customer", async (customer) => {
        trackRequests(customer);
        await signUpAndSignIn(customer, email);
        await verifyEmail(customer, email);
        await customer.goto("/profile");
        await customer.getByRole("button", { name: "Submit for review" }).waitFor();
        await waitUntilSettled(customer);
        expect(await usdLimits(customer)).toEqual(["USD", "1,000.00", "10,000.00"]);
        await expectAccessible(customer, "/profile before verification");
        await screenshotFromTop(customer, "kyc-profile-pending-desktop");

        // Submitting without files says what is missing, next to each input.
        await customer.getByRole("button", { name: "Submit for review" }).click();
        await customer.getByText("Upload a government ID", { exact: true }).waitFor();
        await customer.getByText("Upload a proof of address", { exact: true }).waitFor();

        const passport = await customer.screenshot({ clip: { x: 0, y: 0, width: 320, height: 200 } });
        await customer.getByLabel("Government ID").setInputFiles({
          name: "passport.png",
          mimeType: "image/png",
          buffer: passport,
        });
        await customer.getByLabel("Proof of address").setInputFiles({
          name: "bill.pdf",
          mimeType: "application/pdf",
          buffer: BILL_PDF,
        });
        await customer.getByRole("button", { name: "Submit for review" }).click();
        await customer.getByText("Documents submitted").first().waitFor();
        await customer.getByText("Your documents are under review.", { exact: false }).waitFor();
        await waitUntilSettled(customer);
        await screenshotFromTop(customer, "kyc-profile-under-review-desktop");
      });

      await withPage(browserOf(), "kyc-admin", async (admin) => {
        trackRequests(admin);
        await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
        await admin.goto("/admin/users");
        await admin.getByRole("searchbox").fill(email);
        await admin
          .getByRole("link", { name: new RegExp(email.split("@")[0]) })
          .first()
          .click();
        const review = admin.getByRole("button", { name: "Approve" });
        await review.waitFor();
        await admin.getByRole("link", { name: /Government ID: passport\.png/ }).waitFor();
        await admin.getByRole("link", { name: /Proof of address: bill\.pdf/ }).waitFor();
        await waitUntilSettled(admin);
        await screenshotFromTop(admin, "kyc-admin-review-desktop");
        await review.click();
        await admin.getByText("Identity approved").first().waitFor();
      });

      await withPage(browserOf(), "kyc-customer-approved", async (customer) => {
        trackRequests(customer);
        await signIn(customer, email, "Harbour#2026");
        await customer.goto("/profile");
        await customer.getByText("Your identity is verified.").waitFor();
        await waitUntilSettled(customer);
        expect(await usdLimits(customer)).toEqual(["USD", "10,000.00", "10,000.00"]);
        expect(await customer.getByRole("button", { name: "Submit for review" }).count()).toBe(0);
        await expectAccessible(customer, "/profile once verified");
        await screenshotFromTop(customer, "kyc-profile-approved-desktop");
        await customer.setViewportSize(PHONE);
        await waitUntilSettled(customer);
        await expectAccessible(customer, "/profile on a phone");
        await screenshotFromTop(customer, "kyc-profile-approved-phone");
        await customer.setViewportSize(DESKTOP);
        await customer.goto("/notifications");
        await customer.getByText("Identity verified").first().waitFor();
      });
    },
    STORY_TIMEOUT_MS,
  );
});
