import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { CONNECT_MESSAGES } from "@ferry/core/contracts/connect";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible } from "./axe.ts";
import {
  baseUrl,
  DEMO_ADMIN,
  PHONE,
  readCodeFromMailbox,
  saveScreenshot,
  screenshotFromTop,
  signIn,
  signUpAndSignIn,
  trackRequests,
  uniqueEmail,
  useBrowser,
  waitUntilSettled,
  withPage,
} from "./support.ts";

/*
 * Issue 28, /connect as a developer uses it: a fresh customer creates a credential, copies its secret,
 * calls the API with it from this test, sees "last used" change, regenerates (the old secret is
 * refused), adds a webhook endpoint pointing at a receiver this test runs, sees a delivery in its log
 * after a deposit is credited, and disconnects.
 */

const browserOf = useBrowser();

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A local webhook receiver (http to localhost is allowed outside production): answers 204 and keeps
 * each request. It listens on every address, so `localhost` reaches it as IPv4 or IPv6.
 */
const received: Received[] = [];
let receiver: Server;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, resolve));
});

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

function receiverUrl(): string {
  return `http://localhost:${(receiver.address() as AddressInfo).port}/ferry-webhooks`;
}

/**
 * Calls the API as a third-party app would (the credential as a bearer token, no cookie); answers the
 * status with the body, so a refusal says why.
 */
async function callApi(path: string, appId: string, secret: string): Promise<string> {
  const response = await fetch(`${baseUrl()}${path}`, { headers: { authorization: `Bearer ${appId}:${secret}` } });
  return `${response.status} ${await response.text()}`;
}

/** What a copy button put on the clipboard. */
async function copiedFrom(page: Page, button: string): Promise<string> {
  await page.getByRole("dialog").getByRole("button", { name: button }).click();
  await page.getByText("Copied!").first().waitFor();
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Funds the customer as Ferry does: a reported bank deposit, approved by an admin (which fires `deposit.credited`). */
async function creditDeposit(page: Page, email: string): Promise<void> {
  await page.goto("/balance");
  await page.getByRole("button", { name: "Add Cash" }).click();
  await page.getByRole("button", { name: /Connect Bank/ }).click();
  const bank = page.getByRole("dialog", { name: "Deposit from your bank" });
  await bank.getByLabel("Currency").selectOption("USD");
  await bank.getByLabel("Amount sent").fill("40.00");
  await bank.getByRole("button", { name: "Report deposit" }).click();
  await bank.getByText("is waiting for review").waitFor();
  await withPage(browserOf(), "connect-admin-approves", async (admin) => {
    await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await admin.goto("/admin/deposits");
    const review = admin.getByRole("button", { name: `Review deposit of USD 40.00 from ${email}` });
    await review.click();
    await admin.getByRole("dialog", { name: "Review Deposit" }).getByRole("button", { name: "Approve" }).click();
    await review.waitFor({ state: "detached" });
  });
}

/** Creates a credential from the empty page; answers its app id and secret, copied from the shown-once dialog. */
async function createCredential(page: Page): Promise<{ appId: string; secret: string }> {
  await page.getByRole("button", { name: "Create credential" }).click();
  const dialog = page.getByRole("dialog", { name: "Create credential" });
  await dialog.getByRole("button", { name: "Create credential" }).click();
  await dialog.getByText("Please enter a name for the app").waitFor();
  await expectAccessible(page, "the create credential dialog, with errors");
  await dialog.getByLabel("App name").fill("Bookkeeping sync");
  await dialog.getByLabel("Description").fill("Copies my transactions to the books");
  await dialog.getByRole("checkbox", { name: /balances:read/ }).click();
  await dialog.getByRole("checkbox", { name: /transactions:read/ }).click();
  await dialog.getByRole("button", { name: "Create credential" }).click();

  const shown = page.getByRole("dialog", { name: "Credential created" });
  await shown.getByText("You won't see this secret again.", { exact: false }).waitFor();
  await expectAccessible(page, "the credential's shown-once dialog");
  await shown.getByRole("button", { name: "Show secret key" }).click();
  await shown.getByRole("button", { name: "Hide secret key" }).waitFor();
  const appId = await copiedFrom(page, "Copy App ID");
  const secret = await copiedFrom(page, "Copy Secret Key");
  expect(appId).toMatch(/^app_[A-Za-z0-9]{8}$/);
  expect(secret).toMatch(/^sk_[A-Za-z0-9]{32}$/);
  await shown.getByText(secret).waitFor();
  await saveScreenshot(page, "connect-secret-shown-once", { fullPage: false });
  await shown.getByRole("button", { name: "Done" }).click();
  await shown.waitFor({ state: "detached" });
  return { appId, secret };
}

/** Regenerates behind its confirmation; answers the new secret. */
async function regenerate(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Regenerate Bookkeeping sync" }).click();
  await page
    .getByRole("dialog", { name: "Regenerate credentials" })
    .getByRole("button", { name: "Regenerate" })
    .click();
  await page.getByText("Credentials Regenerated").first().waitFor();
  const shown = page.getByRole("dialog", { name: "New secret key" });
  const secret = await copiedFrom(page, "Copy Secret Key");
  await shown.getByRole("button", { name: "Done" }).click();
  await shown.waitFor({ state: "detached" });
  return secret;
}

/** Adds an endpoint for every event at the local receiver; the signing secret is shown once. */
async function addWebhookEndpoint(page: Page): Promise<void> {
  const app = page.getByRole("article", { name: "Bookkeeping sync" });
  await app.getByRole("button", { name: "Add endpoint" }).click();
  const dialog = page.getByRole("dialog", { name: "Add webhook endpoint" });
  await dialog.getByLabel("Endpoint URL").fill(receiverUrl());
  await expectAccessible(page, "the add webhook endpoint dialog");
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  const shown = page.getByRole("dialog", { name: "Webhook signing secret" });
  expect(await copiedFrom(page, "Copy Signing Secret")).toMatch(/^whsec_/);
  await shown.getByRole("button", { name: "Done" }).click();
  await app.getByText(receiverUrl()).waitFor();
}

describe("/connect", () => {
  it("creates a credential the API accepts, regenerates and disconnects it, and logs a webhook delivery", async () => {
    const email = uniqueEmail("connect");
    await withPage(browserOf(), "connect", async (page) => {
      trackRequests(page);
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
      await signUpAndSignIn(page, email);
      await page.goto("/connect");
      await page.getByText("No connected apps").waitFor();
      await waitUntilSettled(page);
      await expectAccessible(page, "/connect with no apps");
      await saveScreenshot(page, "connect-empty");

      const { appId, secret } = await createCredential(page);
      const app = page.getByRole("article", { name: "Bookkeeping sync" });
      await app.getByText(`Secret ending in ····${secret.slice(-4)}`).waitFor();
      expect(await page.textContent("body")).not.toContain(secret);
      await app.getByText("Never").waitFor();

      expect(await callApi("/api/v1/balances", appId, secret)).toMatch(/^200 /);
      await expect
        .poll(async () => {
          await page.reload();
          await app.getByText("Secret ending in", { exact: false }).waitFor();
          return app.getByText("Never").count();
        })
        .toBe(0);

      const newSecret = await regenerate(page);
      expect(newSecret).not.toBe(secret);
      expect(await callApi("/api/v1/balances", appId, secret)).toMatch(/^401 /);
      expect(await callApi("/api/v1/balances", appId, newSecret)).toMatch(/^200 /);

      await addWebhookEndpoint(page);
      await creditDeposit(page, email);
      await page.goto("/connect");
      await app.getByRole("button", { name: "Deliveries" }).click();
      // The open log refreshes itself: the delivery shows as it is made, with the receiver's answer.
      const log = app.getByRole("list", { name: `Deliveries to ${receiverUrl()}` });
      await log.getByText("deposit.credited").waitFor();
      await log.getByText("HTTP 204").waitFor();
      expect(received.map((request) => JSON.parse(request.body).type)).toContain("deposit.credited");
      expect(received[0]?.headers["webhook-signature"]).toMatch(/^v1,/);
      await waitUntilSettled(page);
      await expectAccessible(page, "/connect with an app, an endpoint and its deliveries");
      await screenshotFromTop(page, "connect-desktop");
      await page.setViewportSize(PHONE);
      await waitUntilSettled(page);
      await screenshotFromTop(page, "connect-phone");

      await app.getByRole("button", { name: "Disconnect Bookkeeping sync" }).click();
      await page.getByRole("dialog", { name: "Disconnect app" }).getByRole("button", { name: "Disconnect" }).click();
      await page.getByText("App Disconnected").first().waitFor();
      await page.getByText("No connected apps").waitFor();
      expect(await callApi("/api/v1/balances", appId, newSecret)).toMatch(/^401 /);
    });
  }, 180_000);

  it("the API reference (/api/docs) takes a credential under Authorize and tries a call with it", async () => {
    const email = uniqueEmail("connect-docs");
    let key = "";
    await withPage(browserOf(), "connect-docs-credential", async (page) => {
      await signUpAndSignIn(page, email);
      const answer = await page.request.post("/api/v1/api-credentials", {
        headers: { origin: baseUrl() },
        data: { name: "Docs trial", scopes: ["balances:read"] },
      });
      expect(answer.status()).toBe(201);
      const created = (await answer.json()) as { appId: string; secret: string };
      key = `${created.appId}:${created.secret}`;
    });
    // A fresh browser with no session: only the credential typed under Authorize can make the call work.
    await withPage(browserOf(), "connect-docs", async (page) => {
      await page.goto("/api/docs");
      await page.getByRole("button", { name: "Authorize" }).first().click();
      const modal = page.locator(".modal-ux");
      // The bearer scheme's form: its value, then its own "Authorize" (named "Apply credentials").
      const bearer = modal.locator("form").filter({ has: page.locator("input[aria-label='auth-bearer-value']") });
      await bearer.locator("input[aria-label='auth-bearer-value']").fill(key);
      await bearer.getByRole("button", { name: "Apply credentials" }).click();
      // Once authorized, the form shows the scheme as "Authorized" in place of its input.
      await modal.getByText("Authorized", { exact: true }).first().waitFor();
      await saveScreenshot(modal, "api-docs-authorize");
      await modal.locator("button.btn-done").first().click();
      await modal.waitFor({ state: "detached" });
      const operation = page.locator("#operations-balances-getBalances");
      await operation.locator(".opblock-summary").first().click();
      // "Try it out" is on from the start (tryItOutEnabled): Execute is there at once.
      await operation.getByRole("button", { name: "Execute" }).click();
      await operation.locator(".live-responses-table tbody .response-col_status").first().waitFor();
      expect(
        await operation.locator(".live-responses-table tbody .response-col_status").first().textContent(),
      ).toContain("200");
      await operation.getByText('"balances"').first().waitFor();
      await saveScreenshot(page, "api-docs-try-it", { fullPage: false });
    });
  }, 120_000);

  it("an app that sends money needs a daily limit and the e-mailed code", async () => {
    const email = uniqueEmail("connect-payer");
    await withPage(browserOf(), "connect-transfers-write", async (page) => {
      await signUpAndSignIn(page, email);
      await page.goto("/connect");
      await page.getByRole("button", { name: "Create credential" }).click();
      const dialog = page.getByRole("dialog", { name: "Create credential" });
      await dialog.getByLabel("App name").fill("Payroll");
      await dialog.getByRole("checkbox", { name: /transfers:write/ }).click();
      await dialog.getByLabel("Daily limit currency").selectOption("EUR");
      await dialog.getByLabel("Daily limit", { exact: true }).fill("250");
      await dialog.getByLabel("Verification code").fill("000000");
      await dialog.getByRole("button", { name: "Create credential" }).click();
      // A code never sent is no code: the server refuses it and nothing is created.
      await page.getByText("Failed to create credentials").first().waitFor();

      await dialog.getByRole("button", { name: "Send code" }).click();
      await page.getByText("Verification code sent to your email").first().waitFor();
      const code = await readCodeFromMailbox(email, "connect an app that sends money");
      await dialog.getByLabel("Verification code").fill(code);
      await saveScreenshot(dialog, "connect-create-transfers-write");
      await dialog.getByRole("button", { name: "Create credential" }).click();
      const shown = page.getByRole("dialog", { name: "Credential created" });
      await shown.getByRole("button", { name: "Done" }).click();
      const app = page.getByRole("article", { name: "Payroll" });
      await app.getByText("transfers:write").waitFor();
      await app.getByText("EUR 250.00").waitFor();

      // A new secret for an app that sends money asks for a fresh code, e-mailed for this app.
      await app.getByRole("button", { name: "Regenerate Payroll" }).click();
      const confirm = page.getByRole("dialog", { name: "Regenerate credentials" });
      await confirm.getByRole("button", { name: "Regenerate" }).click();
      await confirm.getByText(CONNECT_MESSAGES.codeRequired).waitFor();
      await confirm.getByRole("button", { name: "Send code" }).click();
      const renewal = await readCodeFromMailbox(email, "regenerate a connected app's secret");
      await confirm.getByLabel("Verification code").fill(renewal);
      await saveScreenshot(confirm, "connect-regenerate-transfers-write");
      await confirm.getByRole("button", { name: "Regenerate" }).click();
      await page.getByText("Credentials Regenerated").first().waitFor();
      await page.getByRole("dialog", { name: "New secret key" }).getByRole("button", { name: "Done" }).click();
    });
  }, 120_000);
});
