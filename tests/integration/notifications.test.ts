import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, createSignedInUser, createUser, readCodeFromMailbox, type TestApp } from "./helpers.ts";
import {
  balanceOf,
  fundWallet,
  notificationsOf,
  type SignedInUser,
  sendAs,
  setTransferStatus,
  signInWithUserAgent,
} from "./money-helpers-deposits.ts";

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp();
});

afterAll(async () => {
  await ferry?.close();
});

const FIREFOX_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const CHROME_ON_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

/** Writes a notification for `userId` at a chosen time, so the expected order does not hang on clock ticks. */
async function insertNotification(userId: string, title: string, createdAt: string, read = false): Promise<string> {
  const row = await ferry.db
    .insertInto("notifications")
    .values({
      user_id: userId,
      title,
      message: `${title} message`,
      type: "info",
      read,
      created_at: new Date(createdAt),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function markRead(user: SignedInUser, notificationId: string) {
  return sendAs(ferry.app, user, "POST", `/api/v1/notifications/${notificationId}/read`, {});
}

/** Sends `amount` USD from `sender` to another Ferry user, code and all. */
async function sendToFerryUser(sender: SignedInUser, recipientEmail: string, amount: string) {
  const details = { target: { method: "ferry_user", recipientEmail }, amount, currency: "USD" };
  const codeResponse = await sendAs(ferry.app, sender, "POST", "/api/v1/transfers/verification-code", details);
  expect(codeResponse.statusCode, codeResponse.body).toBe(200);
  const code = await readCodeFromMailbox(ferry.db, sender.email, "Your Ferry transfer code");
  const response = await sendAs(
    ferry.app,
    sender,
    "POST",
    "/api/v1/transfers",
    { ...details, code },
    { "idempotency-key": `p2p-${randomUUID()}` },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; status: string };
}

describe("reading notifications", () => {
  test("lists the user's notifications newest first with the unread count", async () => {
    const user = await createSignedInUser(ferry, { label: "notified" });
    await insertNotification(user.userId, "Middle", "2026-01-02T10:00:00Z", true);
    await insertNotification(user.userId, "Newest", "2026-01-03T10:00:00Z");
    await insertNotification(user.userId, "Oldest", "2026-01-01T10:00:00Z");

    const { notifications, unreadCount } = await notificationsOf(ferry, user);

    expect(notifications.map((notification) => notification.title)).toEqual(["Newest", "Middle", "Oldest"]);
    expect(notifications.map((notification) => notification.read)).toEqual([false, true, false]);
    expect(unreadCount).toBe(2);
  });

  test("pages through notifications with the cursor", async () => {
    const user = await createSignedInUser(ferry, { label: "paged" });
    for (const day of ["01", "02", "03"]) {
      await insertNotification(user.userId, `Day ${day}`, `2026-02-${day}T08:00:00Z`);
    }

    const first = await sendAs(ferry.app, user, "GET", "/api/v1/notifications?limit=2");
    const cursor = first.json().nextCursor;
    const second = await sendAs(ferry.app, user, "GET", `/api/v1/notifications?limit=2&cursor=${cursor}`);

    expect(first.json().items.map((item: { title: string }) => item.title)).toEqual(["Day 03", "Day 02"]);
    expect(second.json().items.map((item: { title: string }) => item.title)).toEqual(["Day 01"]);
    expect(second.json().nextCursor).toBeNull();
    expect(second.json().unreadCount).toBe(3);
  });

  test("answers 400 for a cursor it did not issue", async () => {
    const user = await createSignedInUser(ferry, { label: "bad-cursor" });
    await insertNotification(user.userId, "Only", "2026-02-01T08:00:00Z");
    const forged = Buffer.from("2026-03-01T00:00:00.000Z|not-a-uuid", "utf8").toString("base64url");

    const response = await sendAs(ferry.app, user, "GET", `/api/v1/notifications?cursor=${forged}`);

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({ code: "validation_failed", fields: { cursor: "Invalid cursor" } });
  });

  test("marks one notification read and leaves the others unread", async () => {
    const user = await createSignedInUser(ferry, { label: "mark-one" });
    const target = await insertNotification(user.userId, "Read me", "2026-03-01T08:00:00Z");
    await insertNotification(user.userId, "Leave me", "2026-03-02T08:00:00Z");

    const response = await markRead(user, target);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ read: true });
    const { notifications, unreadCount } = await notificationsOf(ferry, user);
    expect(notifications.map((notification) => [notification.title, notification.read])).toEqual([
      ["Leave me", false],
      ["Read me", true],
    ]);
    expect(unreadCount).toBe(1);
  });

  test("answers 404 for another user's notification and leaves it unread", async () => {
    const owner = await createSignedInUser(ferry, { label: "notif-owner" });
    const other = await createSignedInUser(ferry, { label: "notif-other" });
    const notificationId = await insertNotification(owner.userId, "Private", "2026-03-01T08:00:00Z");

    const response = await markRead(other, notificationId);

    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().error.code).toBe("not_found");
    const { notifications, unreadCount } = await notificationsOf(ferry, owner);
    expect(notifications).toEqual([expect.objectContaining({ id: notificationId, read: false })]);
    expect(unreadCount).toBe(1);
    expect((await notificationsOf(ferry, other)).notifications).toEqual([]);
  });

  test("marks all of the user's notifications read, and no one else's", async () => {
    const user = await createSignedInUser(ferry, { label: "read-all" });
    const other = await createSignedInUser(ferry, { label: "read-all-other" });
    await insertNotification(user.userId, "One", "2026-04-01T08:00:00Z");
    await insertNotification(user.userId, "Two", "2026-04-02T08:00:00Z");
    await insertNotification(user.userId, "Seen", "2026-04-03T08:00:00Z", true);
    await insertNotification(other.userId, "Theirs", "2026-04-01T08:00:00Z");

    const response = await sendAs(ferry.app, user, "POST", "/api/v1/notifications/read-all", {});

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ updated: 2 });
    const mine = await notificationsOf(ferry, user);
    expect(mine.unreadCount).toBe(0);
    expect(mine.notifications.every((notification) => notification.read)).toBe(true);
    expect((await notificationsOf(ferry, other)).unreadCount).toBe(1);
  });
});

describe("notifications of money events", () => {
  test("a transfer to a Ferry user tells the recipient 'Money received' and not the sender", async () => {
    const sender = await createSignedInUser(ferry, { label: "p2p-sender" });
    const recipient = await createSignedInUser(ferry, { label: "p2p-recipient" });
    await fundWallet(ferry.db, sender.userId, "USD", "100.00");

    const transfer = await sendToFerryUser(sender, recipient.email, "25.00");

    expect(transfer.status).toBe("sent");
    expect((await notificationsOf(ferry, recipient)).notifications).toEqual([
      expect.objectContaining({
        title: "Money received",
        message: `${sender.email} sent you USD 25.00.`,
        type: "success",
        read: false,
      }),
    ]);
    expect((await notificationsOf(ferry, sender)).notifications).toEqual([]);
    expect((await balanceOf(ferry, recipient, "USD")).balance).toBe("25.00");
  });

  test("an admin's status change tells the sender", async () => {
    const admin = await createSignedInUser(ferry, { label: "status-admin", isAdmin: true });
    const sender = await createSignedInUser(ferry, { label: "status-sender" });
    const recipient = await createUser(ferry, "status-recipient");
    await fundWallet(ferry.db, sender.userId, "USD", "100.00");
    const transfer = await sendToFerryUser(sender, recipient.email, "25.00");

    const response = await setTransferStatus(ferry, admin, transfer.id, "failed");

    expect(response.statusCode, response.body).toBe(200);
    const { notifications, unreadCount } = await notificationsOf(ferry, sender);
    expect(notifications).toEqual([
      expect.objectContaining({
        title: "Transfer failed",
        message: `Your transfer of USD 25.00 to ${recipient.email} is now failed.`,
        type: "error",
      }),
    ]);
    expect(unreadCount).toBe(1);
    expect((await balanceOf(ferry, sender, "USD")).balance).toBe("100.00");
  });
});

describe("in the recipient's language (issue 29)", () => {
  /** Saves App Preferences in `language`, as the settings page does. */
  async function speak(user: SignedInUser, language: string) {
    const body = { language, currency: "USD", timeZone: "Europe/London", theme: "system" };
    const response = await sendAs(ferry.app, user, "PUT", "/api/v1/settings/preferences", body);
    expect(response.statusCode, response.body).toBe(200);
  }

  test("a German recipient and a German sender read their notices in German, amounts the German way", async () => {
    const admin = await createSignedInUser(ferry, { label: "de-status-admin", isAdmin: true });
    const sender = await createSignedInUser(ferry, { label: "de-sender" });
    const recipient = await createSignedInUser(ferry, { label: "de-recipient" });
    await speak(recipient, "de");
    await fundWallet(ferry.db, sender.userId, "USD", "2000.00");

    const transfer = await sendToFerryUser(sender, recipient.email, "1234.50");
    expect((await notificationsOf(ferry, recipient)).notifications).toEqual([
      expect.objectContaining({
        title: "Geld erhalten",
        message: `${sender.email} hat Ihnen 1.234,50\u00a0USD gesendet.`,
      }),
    ]);

    // The sender switches to German after sending (the transfer code's e-mail was English): the next notice is German.
    await speak(sender, "de");
    const response = await setTransferStatus(ferry, admin, transfer.id, "failed");
    expect(response.statusCode, response.body).toBe(200);
    expect((await notificationsOf(ferry, sender)).notifications).toEqual([
      expect.objectContaining({
        title: "Überweisung fehlgeschlagen",
        message: `Ihre Überweisung über 1.234,50\u00a0USD an ${recipient.email} ist jetzt fehlgeschlagen.`,
      }),
    ]);
  });

  test("a Chinese recipient reads Chinese while an English sender's own notices stay English", async () => {
    const admin = await createSignedInUser(ferry, { label: "zh-status-admin", isAdmin: true });
    const sender = await createSignedInUser(ferry, { label: "en-sender" });
    const recipient = await createSignedInUser(ferry, { label: "zh-recipient" });
    await speak(recipient, "zh");
    await fundWallet(ferry.db, sender.userId, "USD", "100.00");

    const transfer = await sendToFerryUser(sender, recipient.email, "25.00");
    expect((await notificationsOf(ferry, recipient)).notifications).toEqual([
      expect.objectContaining({ title: "已收到款项", message: `${sender.email} 向您发送了 USD\u00a025.00。` }),
    ]);
    await setTransferStatus(ferry, admin, transfer.id, "cancelled");
    expect((await notificationsOf(ferry, sender)).notifications).toEqual([
      expect.objectContaining({
        title: "Transfer cancelled",
        message: `Your transfer of USD 25.00 to ${recipient.email} is now cancelled.`,
      }),
    ]);
  });
});

describe("sign-in notices", () => {
  test("neither the first sign-in nor a repeat from the same browser creates 'New sign-in'", async () => {
    const user = await createUser(ferry, "same-browser");
    const first = await signInWithUserAgent(ferry, user, FIREFOX_ON_WINDOWS);

    await signInWithUserAgent(ferry, user, FIREFOX_ON_WINDOWS);

    const { notifications } = await notificationsOf(ferry, { ...user, cookie: first.cookie });
    expect(notifications).toEqual([]);
  });

  test("a sign-in from a second browser creates one 'New sign-in' naming it", async () => {
    const user = await createUser(ferry, "new-browser");
    await signInWithUserAgent(ferry, user, FIREFOX_ON_WINDOWS);

    const second = await signInWithUserAgent(ferry, user, CHROME_ON_MAC);
    await signInWithUserAgent(ferry, user, CHROME_ON_MAC);

    const { notifications } = await notificationsOf(ferry, { ...user, cookie: second.cookie });
    expect(notifications).toEqual([
      expect.objectContaining({
        title: "New sign-in",
        type: "warning",
        message: `Your account was signed in from a new device (Chrome on macOS, ${user.ip}). If this wasn't you, reset your password now.`,
      }),
    ]);
  });
});
