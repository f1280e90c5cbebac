import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { ALERT_MESSAGES } from "@ferry/core/contracts/alerts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "../../apps/server/src/db/database.ts";
import { SMS_DELIVERY_JOB } from "../../apps/server/src/jobs/sms-delivery.ts";
import { listAlertRules } from "../../apps/server/src/modules/alerts/service.ts";
import { creditDeposit } from "../../apps/server/src/modules/deposits/service.ts";
import {
  buildTestApp,
  createIsolatedDatabase,
  createSessionUser,
  createUser,
  mailTo,
  profileForm,
  type SessionUser,
  send,
  type TestApp,
} from "./helpers.ts";
import { signInWithUserAgent } from "./money-helpers-deposits.ts";

/*
 * Issue 27: text messages (a provider interface, the development outbox, a real HTTP gateway), alert
 * rules offering and sending only by the methods that can reach the person, firings recording what
 * really happened, and the new-device security e-mail, which no setting stops.
 */

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp();
});

afterAll(async () => {
  await ferry?.close();
});

const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0";
const NOTIFICATIONS = {
  emailNotifications: true,
  pushNotifications: false,
  smsNotifications: false,
  marketingNotifications: false,
};
const RULE = { type: "transaction", currency: "USD", amount: "10", direction: "incoming" };

type Requester = { ip: string; cookie: string };

function as(app: TestApp, user: Requester, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) {
  return send(app.app, { method, url, ip: user.ip, cookie: user.cookie, payload });
}

async function saveNotifications(app: TestApp, user: Requester, changes: Partial<typeof NOTIFICATIONS>) {
  const saved = await as(app, user, "PUT", "/api/v1/settings/notifications", { ...NOTIFICATIONS, ...changes });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** A phone number no other test uses, saved on the user's profile. */
async function savePhone(app: TestApp, user: Requester): Promise<string> {
  const phone = `+44 20 7946 ${String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0")}`;
  const saved = await as(app, user, "PUT", "/api/v1/me/profile", profileForm({ phone }));
  expect(saved.statusCode, saved.body).toBe(200);
  return phone;
}

/** A USD 20 deposit, which fires the user's incoming rules, in a transaction of `db`. */
async function deposit(db: Database, userId: string): Promise<void> {
  await db
    .transaction()
    .execute((trx) =>
      creditDeposit(trx, { transferKey: `sms-deposit:${randomUUID()}`, userId, currency: "USD", amountMinor: 2000n }),
    );
}

async function firingsOf(userId: string) {
  return ferry.db
    .selectFrom("alert_firings")
    .select(["method", "delivery", "delivery_note"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
}

async function devSmsTo(phone: string): Promise<{ to: string; text: string }[]> {
  const response = await send(ferry.app, { method: "GET", url: "/dev/sms/messages.json", ip: "127.0.0.1" });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { to: string; text: string }[]).filter((message) => message.to === phone);
}

async function methodsOf(user: SessionUser) {
  return (await as(ferry, user, "GET", "/api/v1/alert-rules")).json().methods;
}

describe("alert methods follow the Notification Preferences", () => {
  test("SMS can be chosen only with SMS on and a phone set, and lands in the development outbox", async () => {
    const user = await createSessionUser(ferry, { label: "sms-outbox" });
    expect((await methodsOf(user))[1]).toMatchObject({
      method: "sms",
      isAvailable: false,
      unavailableBecause: "sms_off",
    });
    await saveNotifications(ferry, user, { smsNotifications: true });
    const noPhone = await as(ferry, user, "POST", "/api/v1/alert-rules", { ...RULE, method: "sms" });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().error.fields).toEqual({ method: ALERT_MESSAGES.methodRefusals.sms_no_phone });

    const phone = await savePhone(ferry, user);
    expect((await methodsOf(user))[1]).toMatchObject({ method: "sms", isAvailable: true, unavailableBecause: null });
    const created = await as(ferry, user, "POST", "/api/v1/alert-rules", { ...RULE, method: "sms" });
    expect(created.statusCode, created.body).toBe(201);
    await deposit(ferry.db, user.userId);

    const messages = await devSmsTo(phone);
    expect(messages).toHaveLength(1);
    expect(messages[0].text).toBe(
      "Ferry: A deposit of USD 20.00 was added to your balance. Alert rule: Incoming transactions of USD 10.00 or more.",
    );
    expect(await firingsOf(user.userId)).toEqual([{ method: "sms", delivery: "sms_queued", delivery_note: null }]);

    // Turned off after the rule was made: the next firing sends nothing, and says why.
    await saveNotifications(ferry, user, { smsNotifications: false });
    await deposit(ferry.db, user.userId);
    expect(await devSmsTo(phone)).toHaveLength(1);
    expect((await firingsOf(user.userId))[1]).toEqual({
      method: "sms",
      delivery: "sms_off",
      delivery_note: ALERT_MESSAGES.methodRefusals.sms_off,
    });
  });

  test("refuses a rule by e-mail while e-mail is off, and stores nothing", async () => {
    const user = await createSessionUser(ferry, { label: "email-off-rule" });
    await saveNotifications(ferry, user, { emailNotifications: false });
    expect((await methodsOf(user))[0]).toEqual({
      method: "email",
      isAvailable: false,
      unavailableBecause: "email_off",
      unavailableReason: ALERT_MESSAGES.methodRefusals.email_off,
    });
    const refused = await as(ferry, user, "POST", "/api/v1/alert-rules", { ...RULE, method: "email" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({
      code: "validation_failed",
      message: ALERT_MESSAGES.methodRefusals.email_off,
      fields: { method: ALERT_MESSAGES.methodRefusals.email_off },
    });
    expect((await as(ferry, user, "GET", "/api/v1/alert-rules")).json().items).toEqual([]);
  });

  test("a firing while e-mail is off is recorded as not sent, and no alert mail is queued", async () => {
    const user = await createSessionUser(ferry, { label: "email-off-firing" });
    const created = await as(ferry, user, "POST", "/api/v1/alert-rules", { ...RULE, method: "email" });
    expect(created.statusCode, created.body).toBe(201);
    await saveNotifications(ferry, user, { emailNotifications: false });
    await deposit(ferry.db, user.userId);
    await saveNotifications(ferry, user, { emailNotifications: true });
    await deposit(ferry.db, user.userId);

    expect((await firingsOf(user.userId)).map((firing) => firing.delivery)).toEqual(["email_off", "email_queued"]);
    const alertMails = (await mailTo(ferry.db, user.email)).filter((mail) => mail.subject.startsWith("Ferry alert:"));
    expect(alertMails).toHaveLength(1);
    const bell = await ferry.db
      .selectFrom("notifications")
      .select("title")
      .where("user_id", "=", user.userId)
      .where("title", "=", "Transaction alert")
      .execute();
    expect(bell).toHaveLength(2);
  });

  test("without an SMS provider (production without SMS_URL) SMS is offered as not available and never reported sent", async () => {
    const user = await createSessionUser(ferry, { label: "sms-no-provider" });
    await saveNotifications(ferry, user, { smsNotifications: true });
    const phone = await savePhone(ferry, user);
    expect((await as(ferry, user, "POST", "/api/v1/alert-rules", { ...RULE, method: "sms" })).statusCode).toBe(201);
    // The app's database carries its SMS channel (the development outbox here); without it, as in
    // production without SMS_URL, there is no way to send.
    const withoutProvider = ferry.db.withoutPlugins();
    const listed = await listAlertRules(withoutProvider, user.userId, { limit: 20 });
    expect(listed.methods[1]).toEqual({
      method: "sms",
      isAvailable: false,
      unavailableBecause: "sms_unavailable",
      unavailableReason: "Text messages are not available yet.",
    });
    await deposit(withoutProvider, user.userId);
    expect(await firingsOf(user.userId)).toEqual([
      { method: "sms", delivery: "sms_unavailable", delivery_note: "Text messages are not available yet." },
    ]);
    expect(await devSmsTo(phone)).toEqual([]);
  });
});

describe("the SMS provider (SMS_URL)", () => {
  test("delivers each text message once to the gateway, and the development outbox is off", async () => {
    const received: unknown[] = [];
    const gateway = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        received.push({ path: request.url, type: request.headers["content-type"], body: JSON.parse(body) });
        response.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
    const port = (gateway.address() as AddressInfo).port;
    const withProvider = await buildTestApp(
      { SMS_URL: `http://127.0.0.1:${port}/messages?token=test` },
      { databaseUrl: await createIsolatedDatabase("sms_provider") },
    );
    try {
      const user = await createSessionUser(withProvider, { label: "sms-gateway" });
      await saveNotifications(withProvider, user, { smsNotifications: true });
      const phone = await savePhone(withProvider, user);
      const created = await as(withProvider, user, "POST", "/api/v1/alert-rules", { ...RULE, method: "sms" });
      expect(created.statusCode, created.body).toBe(201);
      await deposit(withProvider.db, user.userId);

      expect(await withProvider.jobs.drain(SMS_DELIVERY_JOB)).toBe(1);
      expect(await withProvider.jobs.drain(SMS_DELIVERY_JOB)).toBe(0);
      expect(received).toEqual([
        {
          path: "/messages?token=test",
          type: "application/json",
          body: { to: phone, text: expect.stringContaining("Ferry: A deposit of USD 20.00") },
        },
      ]);
      const outbox = await withProvider.db.selectFrom("sms_outbox").select(["status", "attempts"]).execute();
      expect(outbox).toEqual([{ status: "sent", attempts: 1 }]);
      const devOutbox = await send(withProvider.app, { method: "GET", url: "/dev/sms/messages.json", ip: "127.0.0.1" });
      expect(devOutbox.statusCode).toBe(404);
    } finally {
      await withProvider.close();
      gateway.close();
    }
  });
});

describe("the new-device e-mail", () => {
  test("goes to the owner even with e-mail notifications off, once per device, never for the first sign-in", async () => {
    const user = await createUser(ferry, "new-device-mail");
    const first = await signInWithUserAgent(ferry, user, CHROME_LINUX);
    const newDeviceMails = async () =>
      (await mailTo(ferry.db, user.email)).filter((mail) => mail.subject === "New sign-in to your Ferry account");
    expect(await newDeviceMails()).toEqual([]);

    await saveNotifications(ferry, { ip: user.ip, cookie: first.cookie }, { emailNotifications: false });
    await signInWithUserAgent(ferry, user, FIREFOX_WINDOWS);
    await signInWithUserAgent(ferry, user, FIREFOX_WINDOWS);

    const mails = await newDeviceMails();
    expect(mails).toHaveLength(1);
    expect(mails[0].text_body).toContain(`Address: ${user.ip}`);
    expect(mails[0].text_body).toContain("Browser: Firefox on Windows");
    expect(mails[0].text_body).toMatch(/Time: \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC/);
    expect(mails[0].text_body).toContain("If this wasn't you, reset your password");
  });
});
