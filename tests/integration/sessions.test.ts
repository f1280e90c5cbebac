// Sessions (issue 27, decision 038): the idle timeout every signed-in request obeys, measured on an
// injected clock; the active-sessions list and its "Sign out" buttons; a password change signing out
// every other session.
import { createHmac } from "node:crypto";
import { BACKGROUND_REQUEST_HEADER, SESSION_EXPIRES_IN_HEADER } from "@ferry/core/session-headers";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { Clock } from "../../apps/server/src/clock.ts";
import {
  buildTestApp,
  createSessionUser,
  createSignedInUser,
  mergeCookies,
  randomIp,
  readMail,
  type SessionUser,
  send,
  signIn,
  type TestApp,
} from "./helpers.ts";

const MINUTE_MS = 60_000;

/** The machine's clock moved forward by what a test says: sessions created now start on it. */
class MovableClock implements Clock {
  #offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }

  advanceMinutes(minutes: number): void {
    this.#offsetMs += minutes * MINUTE_MS;
  }

  /** Back to the machine's time, where the database stamps each new session. */
  reset(): void {
    this.#offsetMs = 0;
  }
}

const CHROME_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

let ferry: TestApp;
const clock = new MovableClock();

beforeAll(async () => {
  ferry = await buildTestApp({}, { sessionClock: clock });
});

afterAll(async () => {
  await ferry.close();
});

beforeEach(() => {
  clock.reset();
});

/** GET /api/v1/me as the person (activity) or as the app's polling (background). */
function getMe(user: { ip: string }, cookie: string, options: { isBackground?: boolean } = {}) {
  return send(ferry.app, {
    method: "GET",
    url: "/api/v1/me",
    ip: user.ip,
    cookie,
    headers: options.isBackground ? { [BACKGROUND_REQUEST_HEADER]: "1" } : {},
  });
}

async function saveTimeout(user: SessionUser, sessionTimeout: string): Promise<void> {
  const response = await send(ferry.app, {
    method: "PUT",
    url: "/api/v1/settings/security",
    ip: user.ip,
    cookie: user.cookie,
    payload: { sessionTimeout },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Another session of the same user, as Better Auth creates one at sign-in, from the given browser. */
async function anotherSession(userId: string, userAgent: string): Promise<{ id: string; cookie: string }> {
  const context = await ferry.auth.$context;
  const session = await context.internalAdapter.createSession(userId, false, { userAgent, ipAddress: "192.0.2.7" });
  const signature = createHmac("sha256", context.secret).update(session.token).digest("base64");
  return {
    id: session.id,
    cookie: `${context.authCookies.sessionToken.name}=${encodeURIComponent(`${session.token}.${signature}`)}`,
  };
}

async function lastActiveAtOf(sessionCookieOwner: string): Promise<Date> {
  const row = await ferry.db
    .selectFrom("session")
    .select("lastActiveAt")
    .where("userId", "=", sessionCookieOwner)
    .executeTakeFirstOrThrow();
  return new Date(row.lastActiveAt);
}

async function sessionIdsOf(userId: string): Promise<string[]> {
  const rows = await ferry.db.selectFrom("session").select("id").where("userId", "=", userId).execute();
  return rows.map((row) => row.id).sort();
}

describe("idle session timeout", () => {
  test("a session idle past its owner's 15 minutes is deleted and refused; background polling does not extend it", async () => {
    const user = await createSessionUser(ferry, { label: "idle-15" });
    await saveTimeout(user, "15");

    clock.advanceMinutes(14);
    const poll = await getMe(user, user.cookie, { isBackground: true });
    expect(poll.statusCode).toBe(200);
    expect(poll.headers[SESSION_EXPIRES_IN_HEADER]).toBeUndefined();

    clock.advanceMinutes(1.1);
    const late = await getMe(user, user.cookie, { isBackground: true });
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe("unauthenticated");
    expect(await sessionIdsOf(user.userId)).toEqual([]);
  });

  test("a user who never saved a timeout is signed out after the default 30 idle minutes", async () => {
    const user = await createSessionUser(ferry, { label: "idle-default" });

    clock.advanceMinutes(29);
    expect((await getMe(user, user.cookie, { isBackground: true })).statusCode).toBe(200);
    clock.advanceMinutes(1.1);
    expect((await getMe(user, user.cookie)).statusCode).toBe(401);
  });

  test("a request the person makes keeps the session alive past the timeout", async () => {
    const user = await createSessionUser(ferry, { label: "idle-active" });
    await saveTimeout(user, "15");

    clock.advanceMinutes(10);
    const active = await getMe(user, user.cookie);
    expect(active.statusCode).toBe(200);
    expect(active.headers[SESSION_EXPIRES_IN_HEADER]).toBe(String(15 * 60));
    clock.advanceMinutes(10);
    const later = await getMe(user, user.cookie);
    expect(later.statusCode).toBe(200);
    expect(later.headers[SESSION_EXPIRES_IN_HEADER]).toBe(String(15 * 60));
  });

  test('"never" never ends an idle session', async () => {
    const user = await createSessionUser(ferry, { label: "idle-never" });
    await saveTimeout(user, "never");

    clock.advanceMinutes(24 * 60);
    const response = await getMe(user, user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers[SESSION_EXPIRES_IN_HEADER]).toBe("never");
  });

  test("activity is written at most once a minute per session", async () => {
    const user = await createSessionUser(ferry, { label: "idle-writes" });
    const created = await lastActiveAtOf(user.userId);

    clock.advanceMinutes(0.5);
    expect((await getMe(user, user.cookie)).statusCode).toBe(200);
    expect(await lastActiveAtOf(user.userId)).toEqual(created);

    clock.advanceMinutes(1);
    const written = clock.now();
    const answers = await Promise.all([getMe(user, user.cookie), getMe(user, user.cookie), getMe(user, user.cookie)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const afterBurst = await lastActiveAtOf(user.userId);
    expect(afterBurst.getTime()).toBeGreaterThanOrEqual(written.getTime());
    expect(afterBurst.getTime()).toBeLessThan(written.getTime() + 10_000);

    clock.advanceMinutes(0.5);
    expect((await getMe(user, user.cookie)).statusCode).toBe(200);
    expect(await lastActiveAtOf(user.userId)).toEqual(afterBurst);

    clock.advanceMinutes(2);
    expect((await getMe(user, user.cookie, { isBackground: true })).statusCode).toBe(200);
    expect(await lastActiveAtOf(user.userId)).toEqual(afterBurst);
  });

  test("Better Auth's get-session answers null for an idle session, and deletes it", async () => {
    const user = await createSessionUser(ferry, { label: "idle-get-session" });
    await saveTimeout(user, "15");
    const live = await send(ferry.app, {
      method: "GET",
      url: "/api/auth/get-session",
      ip: user.ip,
      cookie: user.cookie,
    });
    expect(live.json().session.userId).toBe(user.userId);

    clock.advanceMinutes(16);
    const ended = await send(ferry.app, {
      method: "GET",
      url: "/api/auth/get-session",
      ip: user.ip,
      cookie: user.cookie,
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.body).toBe("null");
    expect(await sessionIdsOf(user.userId)).toEqual([]);
  });
});

describe("active sessions", () => {
  test("lists the user's own sessions with device, address and last seen, this one marked", async () => {
    const user = await createSessionUser(ferry, { label: "list" });
    const phone = await anotherSession(user.userId, SAFARI_ON_IPHONE);
    const stranger = await createSessionUser(ferry, { label: "list-stranger" });

    const response = await send(ferry.app, {
      method: "GET",
      url: "/api/v1/sessions",
      ip: user.ip,
      cookie: user.cookie,
    });

    expect(response.statusCode, response.body).toBe(200);
    const items = response.json().items as { id: string; device: string; ipAddress: string; isCurrent: boolean }[];
    expect(items).toHaveLength(2);
    expect(items.filter((item) => item.isCurrent)).toHaveLength(1);
    expect(items.find((item) => item.id === phone.id)).toMatchObject({
      device: "Safari on iOS",
      browser: "Safari",
      system: "iOS",
      ipAddress: "192.0.2.7",
      isCurrent: false,
    });
    expect(await sessionIdsOf(stranger.userId)).not.toContain(items[0].id);
    expect(response.body).not.toMatch(/token/i);
  });

  test("a revoked session is refused on its very next request, and the revocation is audited", async () => {
    const user = await createSessionUser(ferry, { label: "revoke-one" });
    const laptop = await anotherSession(user.userId, CHROME_ON_WINDOWS);
    expect((await getMe(user, laptop.cookie)).statusCode).toBe(200);

    const revoke = await send(ferry.app, {
      method: "DELETE",
      url: `/api/v1/sessions/${laptop.id}`,
      ip: user.ip,
      cookie: user.cookie,
    });

    expect(revoke.statusCode, revoke.body).toBe(204);
    expect((await getMe(user, laptop.cookie)).statusCode).toBe(401);
    expect((await getMe(user, user.cookie)).statusCode).toBe(200);
    const audit = await ferry.db
      .selectFrom("audit_log")
      .select(["action", "actor_user_id", "client_address"])
      .where("subject_id", "=", laptop.id)
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: "session.revoke", actor_user_id: user.userId, client_address: user.ip });
  });

  test("another user's session cannot be revoked: 404, and it stays signed in", async () => {
    const owner = await createSessionUser(ferry, { label: "revoke-owner" });
    const ownerSession = await anotherSession(owner.userId, CHROME_ON_WINDOWS);
    const intruder = await createSessionUser(ferry, { label: "revoke-intruder" });

    const response = await send(ferry.app, {
      method: "DELETE",
      url: `/api/v1/sessions/${ownerSession.id}`,
      ip: intruder.ip,
      cookie: intruder.cookie,
    });

    expect(response.statusCode).toBe(404);
    expect((await getMe(owner, ownerSession.cookie)).statusCode).toBe(200);
  });

  test('"Sign out everywhere else" ends every other session and keeps this one', async () => {
    const user = await createSessionUser(ferry, { label: "revoke-others" });
    const laptop = await anotherSession(user.userId, CHROME_ON_WINDOWS);
    const phone = await anotherSession(user.userId, SAFARI_ON_IPHONE);
    const bystander = await createSessionUser(ferry, { label: "revoke-bystander" });

    const response = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/sessions/revoke-others",
      ip: user.ip,
      cookie: user.cookie,
      payload: {},
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ revoked: 2 });
    expect((await getMe(user, laptop.cookie)).statusCode).toBe(401);
    expect((await getMe(user, phone.cookie)).statusCode).toBe(401);
    expect((await getMe(user, user.cookie)).statusCode).toBe(200);
    expect((await getMe(bystander, bystander.cookie)).statusCode).toBe(200);
    const audited = await ferry.db
      .selectFrom("audit_log")
      .select("subject_id")
      .where("action", "=", "session.revoke")
      .where("actor_user_id", "=", user.userId)
      .execute();
    expect(audited.map((row) => row.subject_id).sort()).toEqual([laptop.id, phone.id].sort());
  });

  test.each([
    ["too long", "x".repeat(101)],
    ["with a NUL byte, which PostgreSQL refuses in text", "a%00b"],
    ["with a quote", "a'b"],
  ])("refuses a session id %s with 400, signing nobody out", async (_, sessionId) => {
    const user = await createSessionUser(ferry, { label: "revoke-bad-id" });
    const laptop = await anotherSession(user.userId, CHROME_ON_WINDOWS);
    const response = await send(ferry.app, {
      method: "DELETE",
      url: `/api/v1/sessions/${sessionId}`,
      ip: user.ip,
      cookie: user.cookie,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("validation_failed");
    expect(await sessionIdsOf(user.userId)).toContain(laptop.id);
  });
});

describe("password change", () => {
  test("signs out every other session, keeps this browser signed in and sends the security e-mail", async () => {
    const user = await createSignedInUser(ferry, { label: "change-password" });
    const other = await signIn(ferry, user.email, user.password, { ip: randomIp() });
    expect((await getMe(user, other.cookie)).statusCode).toBe(200);

    const change = await send(ferry.app, {
      method: "POST",
      url: "/api/auth/change-password",
      ip: user.ip,
      cookie: user.cookie,
      // The client asks to keep the others: the server signs them out all the same.
      payload: { currentPassword: user.password, newPassword: "Changed#Pass2026", revokeOtherSessions: false },
    });

    expect(change.statusCode, change.body).toBe(200);
    const thisBrowser = mergeCookies(user.cookie, change);
    expect((await getMe(user, thisBrowser)).statusCode).toBe(200);
    expect((await getMe(user, other.cookie)).statusCode).toBe(401);
    expect(await sessionIdsOf(user.userId)).toHaveLength(1);
    const mail = await readMail(ferry.db, user.email, "password was changed");
    expect(mail.text_body).toContain("every other signed-in device was signed out");
  });
});
