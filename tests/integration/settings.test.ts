import { DEFAULT_SETTINGS } from "@ferry/core/contracts/settings";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { notificationSettingsOf, sessionTimeoutMinutesOf } from "../../apps/server/src/modules/settings/service.ts";
import {
  buildTestApp,
  createSessionUser,
  createUser,
  mailTo,
  requestSignInCode,
  type SessionUser,
  send,
  submitPassword,
  type TestApp,
} from "./helpers.ts";

/*
 * Issue 27, /settings: one row per user, the spec's defaults for a user who never saved, each
 * section saved on its own (SPEC §7) without touching the others, and every field validated.
 */

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp();
});

afterAll(async () => {
  await ferry?.close();
});

function as(user: SessionUser, method: "GET" | "PUT", url: string, payload?: unknown) {
  return send(ferry.app, { method, url, ip: user.ip, cookie: user.cookie, payload });
}

const NOTIFICATIONS = {
  emailNotifications: false,
  pushNotifications: true,
  smsNotifications: true,
  marketingNotifications: true,
};
const PREFERENCES = { language: "de", currency: "JPY", timeZone: "Asia/Tokyo", theme: "dark" };

async function preferenceRows(userId: string) {
  return ferry.db.selectFrom("user_preferences").selectAll().where("user_id", "=", userId).execute();
}

describe("settings", () => {
  test("a user who never saved reads the spec's defaults, and has no row", async () => {
    const user = await createSessionUser(ferry, { label: "defaults" });

    const response = await as(user, "GET", "/api/v1/settings");

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      notifications: {
        emailNotifications: true,
        pushNotifications: false,
        smsNotifications: false,
        marketingNotifications: false,
      },
      security: { sessionTimeout: "30" },
      preferences: { language: "en", currency: "USD", timeZone: "UTC", theme: "system" },
    });
    expect(await preferenceRows(user.userId)).toEqual([]);
    expect(await sessionTimeoutMinutesOf(ferry.db, user.userId)).toBe(30);
    expect(await notificationSettingsOf(ferry.db, user.userId)).toEqual(DEFAULT_SETTINGS.notifications);
  });

  test("saving one section writes only its columns and leaves the other sections as saved", async () => {
    const user = await createSessionUser(ferry, { label: "sections" });

    const saved = await as(user, "PUT", "/api/v1/settings/preferences", PREFERENCES);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...DEFAULT_SETTINGS, preferences: PREFERENCES });

    const notifications = await as(user, "PUT", "/api/v1/settings/notifications", NOTIFICATIONS);
    expect(notifications.json()).toEqual({
      ...DEFAULT_SETTINGS,
      notifications: NOTIFICATIONS,
      preferences: PREFERENCES,
    });

    const security = await as(user, "PUT", "/api/v1/settings/security", { sessionTimeout: "never" });
    const expected = { notifications: NOTIFICATIONS, security: { sessionTimeout: "never" }, preferences: PREFERENCES };
    expect(security.json()).toEqual(expected);
    expect((await as(user, "GET", "/api/v1/settings")).json()).toEqual(expected);

    const rows = await preferenceRows(user.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ session_timeout_minutes: null, time_zone: "Asia/Tokyo", sms_notifications: true });
    expect(await sessionTimeoutMinutesOf(ferry.db, user.userId)).toBeNull();
  });

  test("a session timeout is stored in minutes and read back as the option chosen", async () => {
    const user = await createSessionUser(ferry, { label: "timeout" });

    for (const option of ["15", "60", "120", "30"] as const) {
      const response = await as(user, "PUT", "/api/v1/settings/security", { sessionTimeout: option });
      expect(response.json().security).toEqual({ sessionTimeout: option });
      expect(await sessionTimeoutMinutesOf(ferry.db, user.userId)).toBe(Number(option));
    }
  });

  test("saving security settings is written to the audit log with before and after", async () => {
    const user = await createSessionUser(ferry, { label: "audit" });

    await as(user, "PUT", "/api/v1/settings/security", { sessionTimeout: "120" });

    const rows = await ferry.db
      .selectFrom("audit_log")
      .select(["action", "subject_id", "before", "after", "client_address"])
      .where("actor_user_id", "=", user.userId)
      .execute();
    expect(rows).toEqual([
      {
        action: "security_settings.update",
        subject_id: user.userId,
        before: { sessionTimeout: "30" },
        after: { sessionTimeout: "120" },
        client_address: user.ip,
      },
    ]);
  });

  test("one user's save never changes another user's settings", async () => {
    const [first, second] = [
      await createSessionUser(ferry, { label: "first" }),
      await createSessionUser(ferry, { label: "second" }),
    ];

    await as(first, "PUT", "/api/v1/settings/preferences", PREFERENCES);

    expect((await as(second, "GET", "/api/v1/settings")).json()).toEqual(DEFAULT_SETTINGS);
  });
});

/** Each field's bad values, with the section they are sent to and a valid rest of the body. */
const INVALID_FIELDS: { section: string; valid: Record<string, unknown>; field: string; values: unknown[] }[] = [
  ...Object.keys(NOTIFICATIONS).map((field) => ({
    section: "notifications",
    valid: NOTIFICATIONS,
    field,
    values: ["true", 1, null, undefined],
  })),
  {
    section: "security",
    valid: { sessionTimeout: "15" },
    field: "sessionTimeout",
    values: ["45", 30, "", null, undefined],
  },
  { section: "preferences", valid: PREFERENCES, field: "language", values: ["it", "EN", "", 1, undefined] },
  { section: "preferences", valid: PREFERENCES, field: "currency", values: ["GBP", "usd", "", undefined] },
  { section: "preferences", valid: PREFERENCES, field: "timeZone", values: ["EST", "Europe/Paris", "", undefined] },
  { section: "preferences", valid: PREFERENCES, field: "theme", values: ["blue", "Dark", "", undefined] },
];

describe("settings validation", () => {
  test.each(INVALID_FIELDS)(
    "refuses a bad $section.$field with a field message and changes nothing",
    async ({ section, valid, field, values }) => {
      const user = await createSessionUser(ferry, { label: `bad-${field}` });
      const before = (await as(user, "GET", "/api/v1/settings")).json();

      for (const value of values) {
        const response = await as(user, "PUT", `/api/v1/settings/${section}`, { ...valid, [field]: value });
        expect(response.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
        expect(response.json().error.code).toBe("validation_failed");
        expect(Object.keys(response.json().error.fields ?? {})).toContain(field);
      }
      expect((await as(user, "GET", "/api/v1/settings")).json()).toEqual(before);
      expect(await preferenceRows(user.userId)).toEqual([]);
    },
  );

  test("refuses an unknown field, so a section cannot write another's columns", async () => {
    const user = await createSessionUser(ferry, { label: "strict" });

    const response = await as(user, "PUT", "/api/v1/settings/notifications", { ...NOTIFICATIONS, theme: "dark" });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("validation_failed");
    expect(await preferenceRows(user.userId)).toEqual([]);
  });
});

describe("e-mail notifications", () => {
  /** The customer opens a help request and support replies: the reply is account-activity mail. */
  async function supportReplies(customer: SessionUser, admin: SessionUser): Promise<void> {
    const opened = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/help-requests",
      ip: customer.ip,
      cookie: customer.cookie,
      payload: { subject: "Card", message: "My card was declined twice." },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const reply = await send(ferry.app, {
      method: "POST",
      url: `/api/v1/admin/help-requests/${opened.json().id}/responses`,
      ip: admin.ip,
      cookie: admin.cookie,
      payload: { message: "We are looking into it." },
    });
    expect(reply.statusCode, reply.body).toBe(201);
  }

  async function helpMailsTo(email: string): Promise<number> {
    return (await mailTo(ferry.db, email)).filter((mail) => mail.subject.startsWith("Your help request")).length;
  }

  test("account-activity e-mail goes while e-mail notifications are on", async () => {
    const customer = await createSessionUser(ferry, { label: "mail-on" });
    const admin = await createSessionUser(ferry, { label: "mail-on-admin", isAdmin: true });

    await supportReplies(customer, admin);

    expect(await helpMailsTo(customer.email)).toBe(1);
  });

  test("account-activity e-mail is not sent when e-mail notifications are off; the in-app one still is", async () => {
    const customer = await createSessionUser(ferry, { label: "mail-off" });
    const admin = await createSessionUser(ferry, { label: "mail-off-admin", isAdmin: true });
    await as(customer, "PUT", "/api/v1/settings/notifications", { ...NOTIFICATIONS, emailNotifications: false });

    await supportReplies(customer, admin);

    expect(await helpMailsTo(customer.email)).toBe(0);
    const notifications = (await as(customer, "GET", "/api/v1/notifications")).json();
    expect(notifications.items.map((item: { title: string }) => item.title)).toContain("Support replied");
  });

  test("a security e-mail (the sign-in code) is sent whatever the notification settings say", async () => {
    const user = await createUser(ferry, "security-mail");
    await ferry.db
      .insertInto("user_preferences")
      .values({ user_id: user.userId, email_notifications: false })
      .execute();

    const step = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: user.ip });

    expect(step.response.statusCode, step.response.body).toBe(200);
    // requestSignInCode reads the code from the outbox, and fails when there is none.
    expect(await requestSignInCode(ferry, user.email, step.cookie, user.ip)).toMatch(/^\d{6}$/);
  });
});
