import { PASSKEY_MESSAGES } from "@ferry/core/passkey-messages";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  buildTestApp,
  createSignedInUser,
  GOOD_PASSWORD,
  getMe,
  mailTo,
  mergeCookies,
  ORIGIN,
  randomIp,
  readLinkToken,
  readMail,
  send,
  type TestApp,
} from "./helpers.ts";
import { type CeremonyOptions, SoftwareAuthenticator } from "./software-authenticator.ts";

/*
 * Issue 27, passkeys (WebAuthn): register, list, rename, remove, and sign in — with genuine
 * signatures from a software authenticator, against the relying party PUBLIC_URL names. A passkey
 * signs in as both factors only with user verification; challenges are single use; another user's
 * passkey reads as missing.
 */

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp();
});

afterAll(async () => {
  await ferry?.close();
});

type Requester = { ip: string; cookie: string; password?: string };

const RP = { origin: ORIGIN, rpId: new URL(ORIGIN).hostname };
const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

function as(user: Requester, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) {
  return send(ferry.app, { method, url, ip: user.ip, cookie: user.cookie, payload });
}

function askRegistrationOptions(user: Requester, password = user.password ?? GOOD_PASSWORD) {
  return as(user, "POST", "/api/v1/passkeys/registration-options", { password });
}

async function registrationOptions(user: Requester) {
  const response = await askRegistrationOptions(user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { challenge: string; user: { id: string }; rp: { id: string } };
}

async function registerWith(
  user: Requester,
  authenticator: SoftwareAuthenticator,
  name = "My laptop",
  ceremony: CeremonyOptions = {},
): Promise<LightMyRequestResponse> {
  const options = await registrationOptions(user);
  const response = authenticator.register(options, ceremony);
  return as(user, "POST", "/api/v1/passkeys", { name, response });
}

async function registerPasskey(user: Requester, name = "My laptop") {
  const authenticator = new SoftwareAuthenticator(RP);
  const response = await registerWith(user, authenticator, name);
  expect(response.statusCode, response.body).toBe(201);
  return { authenticator, passkey: response.json() as { id: string; name: string } };
}

async function signInOptions(ip: string): Promise<{ challenge: string }> {
  const response = await send(ferry.app, { method: "POST", url: "/api/v1/auth/passkey/options", ip });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function submitSignIn(ip: string, response: unknown, userAgent = CHROME_MAC) {
  return send(ferry.app, {
    method: "POST",
    url: "/api/v1/auth/passkey/sign-in",
    ip,
    payload: { response },
    headers: { "user-agent": userAgent },
  });
}

async function signInWith(authenticator: SoftwareAuthenticator, ip: string, ceremony: CeremonyOptions = {}) {
  return submitSignIn(ip, authenticator.authenticate(await signInOptions(ip), ceremony));
}

describe("managing passkeys", () => {
  test("registers a passkey under its name, lists it, renames it and removes it", async () => {
    const user = await createSignedInUser(ferry, { label: "passkey-crud" });
    const options = await registrationOptions(user);
    expect(options.rp.id).toBe("localhost");
    expect(options).toMatchObject({
      authenticatorSelection: { userVerification: "required", residentKey: "required" },
    });
    const authenticator = new SoftwareAuthenticator(RP);
    const created = await as(user, "POST", "/api/v1/passkeys", {
      name: "  Work laptop ",
      response: authenticator.register(options),
    });
    expect(created.statusCode, created.body).toBe(201);
    const passkey = created.json();
    expect(passkey).toMatchObject({ name: "Work laptop", lastUsedAt: null });

    const listed = await as(user, "GET", "/api/v1/passkeys");
    expect(listed.json()).toEqual({ items: [passkey] });

    const renamed = await as(user, "PATCH", `/api/v1/passkeys/${passkey.id}`, { name: "Old laptop" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: passkey.id, name: "Old laptop" });

    const removed = await as(user, "DELETE", `/api/v1/passkeys/${passkey.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await as(user, "GET", "/api/v1/passkeys")).json()).toEqual({ items: [] });
  });

  test("tells the owner by e-mail and writes the audit log when a passkey is added or removed", async () => {
    const user = await createSignedInUser(ferry, { label: "passkey-mail" });
    const { passkey } = await registerPasskey(user, "Phone");
    await as(user, "PATCH", `/api/v1/passkeys/${passkey.id}`, { name: "Old phone" });
    await as(user, "DELETE", `/api/v1/passkeys/${passkey.id}`);
    const subjects = (await mailTo(ferry.db, user.email)).map((mail) => mail.subject);
    expect(subjects).toContain("A sign-in method was added to your Ferry account");
    expect(subjects).toContain("A sign-in method was removed from your Ferry account");
    const audit = await ferry.db
      .selectFrom("audit_log")
      .select(["action", "actor_user_id", "before", "after"])
      .where("subject_id", "=", passkey.id)
      .orderBy("created_at")
      .execute();
    expect(audit).toMatchObject([
      { action: "passkey.add", actor_user_id: user.userId, after: { name: "Phone" } },
      { action: "passkey.rename", actor_user_id: user.userId, before: { name: "Phone" }, after: { name: "Old phone" } },
      { action: "passkey.remove", actor_user_id: user.userId, before: { name: "Old phone" } },
    ]);
    // Renaming is audited but is no new way in: no e-mail for it.
    expect(subjects).toHaveLength(new Set(subjects).size);
  });

  test("a rename of another user's passkey writes no audit row", async () => {
    const owner = await createSignedInUser(ferry, { label: "passkey-rename-owner" });
    const other = await createSignedInUser(ferry, { label: "passkey-rename-other" });
    const { passkey } = await registerPasskey(owner);
    expect((await as(other, "PATCH", `/api/v1/passkeys/${passkey.id}`, { name: "Mine" })).statusCode).toBe(404);
    const renames = await ferry.db
      .selectFrom("audit_log")
      .select("action")
      .where("subject_id", "=", passkey.id)
      .where("action", "=", "passkey.rename")
      .execute();
    expect(renames).toEqual([]);
  });

  test("refuses a name that is empty or too long, and changes nothing", async () => {
    const user = await createSignedInUser(ferry, { label: "passkey-name" });
    const options = await registrationOptions(user);
    const response = new SoftwareAuthenticator(RP).register(options);
    const empty = await as(user, "POST", "/api/v1/passkeys", { name: "   ", response });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({
      code: "validation_failed",
      fields: { name: PASSKEY_MESSAGES.nameRequired },
    });
    const long = await as(user, "POST", "/api/v1/passkeys", { name: "x".repeat(65), response });
    expect(long.json().error.fields).toEqual({ name: PASSKEY_MESSAGES.nameTooLong });
    const control = await as(user, "POST", "/api/v1/passkeys", { name: "Key\u0000one", response });
    expect(control.statusCode).toBe(400);
    expect(control.json().error.fields).toEqual({
      name: "Passkey name cannot contain line breaks, tabs or other control characters",
    });
    expect((await as(user, "GET", "/api/v1/passkeys")).json()).toEqual({ items: [] });
  });

  test("another user's passkey cannot be renamed or removed: it reads as missing", async () => {
    const owner = await createSignedInUser(ferry, { label: "passkey-owner" });
    const other = await createSignedInUser(ferry, { label: "passkey-other" });
    const { passkey } = await registerPasskey(owner);
    const removed = await as(other, "DELETE", `/api/v1/passkeys/${passkey.id}`);
    expect(removed.statusCode).toBe(404);
    const renamed = await as(other, "PATCH", `/api/v1/passkeys/${passkey.id}`, { name: "Mine now" });
    expect(renamed.statusCode).toBe(404);
    expect((await as(other, "GET", "/api/v1/passkeys")).json()).toEqual({ items: [] });
    expect((await as(owner, "GET", "/api/v1/passkeys")).json().items).toMatchObject([{ name: "My laptop" }]);
  });

  test("refuses a registration without user verification", async () => {
    const user = await createSignedInUser(ferry, { label: "passkey-reg-uv" });
    const response = await registerWith(user, new SoftwareAuthenticator(RP), "Key", { isUserVerified: false });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(PASSKEY_MESSAGES.registrationFailed);
    expect((await as(user, "GET", "/api/v1/passkeys")).json()).toEqual({ items: [] });
  });

  test("refuses a registration made for another origin or relying party", async () => {
    const user = await createSignedInUser(ferry, { label: "passkey-reg-origin" });
    const elsewhere = await registerWith(user, new SoftwareAuthenticator(RP), "Key", {
      origin: "https://ferry.example.net",
    });
    expect(elsewhere.statusCode).toBe(400);
    const otherRp = await registerWith(user, new SoftwareAuthenticator(RP), "Key", { rpId: "example.net" });
    expect(otherRp.statusCode).toBe(400);
    expect((await as(user, "GET", "/api/v1/passkeys")).json()).toEqual({ items: [] });
  });

  test("a registration challenge is single use and bound to the session that asked for it", async () => {
    const user = await createSignedInUser(ferry, { label: "passkey-reg-replay" });
    const options = await registrationOptions(user);
    const first = await as(user, "POST", "/api/v1/passkeys", {
      name: "First",
      response: new SoftwareAuthenticator(RP).register(options),
    });
    expect(first.statusCode, first.body).toBe(201);
    const replay = await as(user, "POST", "/api/v1/passkeys", {
      name: "Second",
      response: new SoftwareAuthenticator(RP).register(options),
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe(PASSKEY_MESSAGES.challengeExpired);

    const other = await createSignedInUser(ferry, { label: "passkey-reg-thief" });
    const stolen = await as(other, "POST", "/api/v1/passkeys", {
      name: "Stolen",
      response: new SoftwareAuthenticator(RP).register(await registrationOptions(user)),
    });
    expect(stolen.statusCode).toBe(400);
    expect((await as(other, "GET", "/api/v1/passkeys")).json()).toEqual({ items: [] });
  });

  test("the same authenticator cannot be registered twice", async () => {
    const user = await createSignedInUser(ferry, { label: "passkey-twice" });
    const { authenticator } = await registerPasskey(user);
    const again = await registerWith(user, authenticator, "Again");
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(PASSKEY_MESSAGES.alreadyRegistered);
  });
});

describe("asking to add a passkey", () => {
  async function challengesOf(userId: string): Promise<number> {
    const row = await ferry.db
      .selectFrom("passkey_challenges")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  test("needs the current password: none or a wrong one is refused, stores no challenge", async () => {
    const user = await createSignedInUser(ferry, { label: "passkey-reg-password" });
    const missing = await as(user, "POST", "/api/v1/passkeys/registration-options", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      code: "validation_failed",
      fields: { password: "Password is required" },
    });
    const noBody = await as(user, "POST", "/api/v1/passkeys/registration-options");
    expect(noBody.statusCode).toBe(400);
    const wrong = await askRegistrationOptions(user, "Wrong#Pass2026");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: "validation_failed",
      message: "Incorrect password",
      fields: { password: "Incorrect password" },
    });
    expect(await challengesOf(user.userId)).toBe(0);
    expect((await askRegistrationOptions(user)).statusCode).toBe(200);
    expect(await challengesOf(user.userId)).toBe(1);
  });

  test("wrong passwords spend the budget the authenticator app's set-up spends: 5 per 15 minutes", async () => {
    const user = await createSignedInUser(ferry, { label: "passkey-reg-budget" });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await askRegistrationOptions(user, "Wrong#Pass2026")).statusCode).toBe(400);
    }
    // The same account's authenticator set-up shares the budget: two more wrong ones there…
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const setup = await as(user, "POST", "/api/v1/auth/authenticator", { password: "Wrong#Pass2026" });
      expect(setup.statusCode).toBe(400);
    }
    // …and now even the right password waits, here and there.
    const refused = await askRegistrationOptions(user);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect((await as(user, "POST", "/api/v1/auth/authenticator", { password: GOOD_PASSWORD })).statusCode).toBe(429);
    expect(await challengesOf(user.userId)).toBe(0);
  });

  test("a right password gives its hit back: repeated right ones are never refused by the budget", async () => {
    const user = await createSignedInUser(ferry, { label: "passkey-reg-refund" });
    for (let attempt = 0; attempt < 6; attempt += 1) {
      expect((await askRegistrationOptions(user)).statusCode).toBe(200);
    }
  });

  test("is limited per user, and keeps one pending registration per user", async () => {
    const user = await createSignedInUser(ferry, { label: "passkey-reg-throttle" });
    const first = await registrationOptions(user);
    const second = await registrationOptions(user);
    expect(await challengesOf(user.userId)).toBe(1);
    // The earlier challenge was replaced: answering it fails, answering the latest works.
    const stale = await as(user, "POST", "/api/v1/passkeys", {
      name: "Stale",
      response: new SoftwareAuthenticator(RP).register(first),
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.message).toBe(PASSKEY_MESSAGES.challengeExpired);
    const fresh = await as(user, "POST", "/api/v1/passkeys", {
      name: "Fresh",
      response: new SoftwareAuthenticator(RP).register(second),
    });
    expect(fresh.statusCode, fresh.body).toBe(201);
    for (let attempt = 2; attempt < 30; attempt += 1) {
      expect((await askRegistrationOptions(user)).statusCode).toBe(200);
    }
    const refused = await askRegistrationOptions(user);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    // Another user is not slowed by this one.
    const other = await createSignedInUser(ferry, { label: "passkey-reg-throttle-other" });
    expect((await askRegistrationOptions(other)).statusCode).toBe(200);
  });
});

describe("signing in with a passkey", () => {
  test("starts a session as both factors, records the use and the device", async () => {
    const user = await createSignedInUser(ferry, { label: "passkey-sign-in" });
    const { authenticator, passkey } = await registerPasskey(user);
    const ip = randomIp();
    const response = await signInWith(authenticator, ip);
    expect(response.statusCode, response.body).toBe(200);
    const cookie = mergeCookies("", response);
    expect(cookie).toMatch(/session_token=/);
    expect(cookie).toMatch(/ferry\.device=/);
    const me = await getMe(ferry.app, cookie, ip);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ email: user.email });
    const listed = (await as({ ip, cookie }, "GET", "/api/v1/passkeys")).json();
    expect(listed.items[0]).toMatchObject({ id: passkey.id });
    expect(listed.items[0].lastUsedAt).not.toBeNull();
    // A device the account had not signed in on: the owner is told, as after a password and code.
    const notices = await ferry.db
      .selectFrom("notifications")
      .select("title")
      .where("user_id", "=", user.userId)
      .execute();
    expect(notices.map((notice) => notice.title)).toContain("New sign-in");
  });

  test("refuses a passkey without user verification, with a clear message and no session", async () => {
    const user = await createSignedInUser(ferry, { label: "passkey-no-uv" });
    const { authenticator } = await registerPasskey(user);
    const response = await signInWith(authenticator, randomIp(), { isUserVerified: false });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({ code: "unauthenticated", message: PASSKEY_MESSAGES.userNotVerified });
    expect(mergeCookies("", response)).not.toMatch(/session_token=/);
  });

  test("refuses an assertion made for another origin or relying party", async () => {
    const user = await createSignedInUser(ferry, { label: "passkey-origin" });
    const { authenticator } = await registerPasskey(user);
    const wrongOrigin = await signInWith(authenticator, randomIp(), { origin: "https://ferry.example.net" });
    expect(wrongOrigin.statusCode).toBe(401);
    expect(wrongOrigin.json().error.message).toBe(PASSKEY_MESSAGES.signInFailed);
    const wrongRp = await signInWith(authenticator, randomIp(), { rpId: "example.net" });
    expect(wrongRp.statusCode).toBe(401);
    // A request's Host header does not make another relying party: PUBLIC_URL alone names it.
    const ip = randomIp();
    const options = await signInOptions(ip);
    const forged = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/auth/passkey/sign-in",
      ip,
      payload: { response: authenticator.authenticate(options, { origin: "http://evil.test", rpId: "evil.test" }) },
      headers: { host: "evil.test", "x-forwarded-host": "evil.test" },
    });
    expect(forged.statusCode).toBe(401);
  });

  test("refuses a replayed challenge: the same assertion signs in once", async () => {
    const user = await createSignedInUser(ferry, { label: "passkey-replay" });
    const { authenticator } = await registerPasskey(user);
    const ip = randomIp();
    const assertion = authenticator.authenticate(await signInOptions(ip));
    expect((await submitSignIn(ip, assertion)).statusCode).toBe(200);
    const replay = await submitSignIn(ip, assertion);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toBe(PASSKEY_MESSAGES.challengeExpired);
  });

  test("refuses a challenge the server never issued, and a passkey that was removed", async () => {
    const user = await createSignedInUser(ferry, { label: "passkey-removed" });
    const { authenticator, passkey } = await registerPasskey(user);
    const invented = await submitSignIn(randomIp(), authenticator.authenticate({ challenge: "bm90LWlzc3VlZA" }));
    expect(invented.statusCode).toBe(401);
    await as(user, "DELETE", `/api/v1/passkeys/${passkey.id}`);
    const removed = await signInWith(authenticator, randomIp());
    expect(removed.statusCode).toBe(401);
    expect(removed.json().error.message).toBe(PASSKEY_MESSAGES.signInFailed);
  });

  test("a banned account gets no session", async () => {
    const user = await createSignedInUser(ferry, { label: "passkey-banned" });
    const { authenticator } = await registerPasskey(user);
    await ferry.db.updateTable("user").set({ banned: true }).where("id", "=", user.userId).execute();
    const response = await signInWith(authenticator, randomIp());
    expect(response.statusCode).toBe(403);
    expect(mergeCookies("", response)).not.toMatch(/session_token=/);
  });

  test("a closed account's passkeys are gone and sign in no more", async () => {
    const user = await createSignedInUser(ferry, { label: "passkey-closed" });
    const admin = await createSignedInUser(ferry, { label: "passkey-closer", isAdmin: true });
    const { authenticator } = await registerPasskey(user);
    const closed = await as(admin, "DELETE", `/api/v1/admin/users/${user.userId}`);
    expect(closed.statusCode, closed.body).toBe(200);
    const rows = await ferry.db.selectFrom("passkeys").select("id").where("user_id", "=", user.userId).execute();
    expect(rows).toEqual([]);
    const response = await signInWith(authenticator, randomIp());
    expect(response.statusCode).toBe(401);
    expect(mergeCookies("", response)).not.toMatch(/session_token=/);
  });

  test("sign-in attempts are limited per address, like the password step", async () => {
    const user = await createSignedInUser(ferry, { label: "passkey-throttle" });
    const { authenticator } = await registerPasskey(user);
    const ip = randomIp();
    const guess = authenticator.authenticate({ challenge: "bm90LWlzc3VlZA" });
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await submitSignIn(ip, guess)).statusCode).toBe(401);
    }
    const refused = await signInWith(authenticator, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    // Another address is not slowed by this one.
    expect((await signInWith(authenticator, randomIp())).statusCode).toBe(200);
  });

  test("malformed answers are refused as validation errors", async () => {
    const ip = randomIp();
    const response = await submitSignIn(ip, { id: "x", type: "public-key", response: { clientDataJSON: "%%" } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("validation_failed");
  });
});

describe("a password reset keeps passkeys, and its e-mail says so", () => {
  async function resetPasswordOf(user: { email: string; ip: string }) {
    const asked = await send(ferry.app, {
      method: "POST",
      url: "/api/auth/request-password-reset",
      ip: user.ip,
      payload: { email: user.email, redirectTo: "/forgot-password" },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const token = await readLinkToken(ferry.db, user.email, "Reset your password", "/forgot-password");
    const reset = await send(ferry.app, {
      method: "POST",
      url: "/api/auth/reset-password",
      ip: user.ip,
      payload: { token, newPassword: "Ferry#Reset2026" },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    return readMail(ferry.db, user.email, "password was changed");
  }

  test("lists how many passkeys still sign in, with the way to remove them; they still sign in", async () => {
    const user = await createSignedInUser(ferry, { label: "passkey-reset" });
    const { authenticator } = await registerPasskey(user, "Phone");
    await registerPasskey(user, "Laptop");
    const mail = await resetPasswordOf(user);
    expect(mail.text_body).toContain(
      "Your account has 2 passkeys, which still sign you in: a password reset does not remove passkeys.",
    );
    expect(mail.text_body).toContain(`Settings: ${ORIGIN}/settings`);
    expect((await signInWith(authenticator, randomIp())).statusCode).toBe(200);
  });

  test("says nothing of passkeys when the account has none", async () => {
    const user = await createSignedInUser(ferry, { label: "passkey-reset-none" });
    const mail = await resetPasswordOf(user);
    expect(mail.text_body).toContain("The password of your Ferry account was just changed");
    expect(mail.text_body).not.toContain("passkey");
  });
});
