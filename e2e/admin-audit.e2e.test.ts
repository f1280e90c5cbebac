import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  baseUrl,
  DEMO_ADMIN,
  PHONE,
  saveScreenshot,
  signIn,
  signUpAndSignIn,
  trackRequests,
  uniqueEmail,
  useBrowser,
  waitUntilSettled,
  withPage,
} from "./support.ts";

const browserOf = useBrowser();

/** A new customer signs up; the admin and that customer each sign in through the pages. */
const STORY_TIMEOUT_MS = 120_000;

/** The admin bans and unbans `email`'s account through the API (the session is the page's); its user id. */
async function banAndUnban(admin: Page, email: string): Promise<string> {
  const list = await admin.request.get(`/api/v1/admin/users?search=${encodeURIComponent(email)}`);
  const userId = ((await list.json()) as { items: { userId: string }[] }).items[0]?.userId;
  expect(userId, `${email} in the admin's user list`).toBeTruthy();
  for (const action of ["ban", "unban"]) {
    const response = await admin.request.post(`/api/v1/admin/users/${userId}/${action}`, {
      headers: { origin: baseUrl() },
      data: {},
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  return userId as string;
}

describe("the admin's audit log", () => {
  it(
    "shows the admin's ban and unban of a customer, filtered to that customer, and exports the same rows",
    async () => {
      const email = uniqueEmail("audit-subject");
      await withPage(browserOf(), "admin-audit-customer", (customer) => signUpAndSignIn(customer, email));
      await withPage(browserOf(), "admin-audit", async (admin) => {
        trackRequests(admin);
        await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
        const userId = await banAndUnban(admin, email);

        await admin.getByRole("link", { name: "Audit Log" }).first().click();
        await admin.waitForURL("**/admin/audit");
        await admin.getByRole("heading", { level: 1, name: "Audit Log" }).waitFor();
        await admin.getByLabel("Subject type").fill("user");
        await admin.getByLabel("Subject id").fill(userId);
        await admin.getByRole("button", { name: "Apply filters" }).click();

        const rows = admin.getByTestId("audit-entry");
        await expect.poll(() => rows.count()).toBe(2);
        // Newest first: the unban, then the ban, each with its change and the admin who made it.
        await rows.nth(0).getByText("user.unban").waitFor();
        await rows.nth(0).getByText("status: banned → active").waitFor();
        await rows.nth(1).getByText("user.ban").waitFor();
        await rows.nth(1).getByText("status: active → banned").waitFor();
        await rows.nth(1).getByText(DEMO_ADMIN.email).waitFor();
        await waitUntilSettled(admin);
        await saveScreenshot(admin, "admin-audit-desktop");

        const href = await admin.getByRole("link", { name: "Export CSV" }).getAttribute("href");
        expect(href).toBe(`/api/v1/admin/audit-log/export.csv?subjectType=user&subjectId=${userId}`);
        const csv = await (await admin.request.get(href as string)).text();
        const lines = csv.trimEnd().split("\r\n");
        expect(lines).toHaveLength(3);
        expect(lines[1]).toContain('"user.unban","user"');
        expect(lines[2]).toContain('"user.ban","user"');

        await admin.setViewportSize(PHONE);
        await expect.poll(() => rows.count()).toBe(2);
        await waitUntilSettled(admin);
        await saveScreenshot(admin, "admin-audit-phone");
      });
    },
    STORY_TIMEOUT_MS,
  );
});
