// The authenticator app (TOTP, RFC 6238; issue 27): enrolment with a confirming code and ten backup
// codes shown once, removal with a current code, sign-in and transfer confirmation with its codes, the
// e-mailed code refused for an enrolled account, a code refused when replayed, backup codes single use,
// wrong codes counted on the account's budget. Codes are computed here (node:crypto), not by the server.
import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Clock } from "../../apps/server/src/clock.ts";
import { countHits } from "../../apps/server/src/http/throttle.ts";
import { sealTotpSecret } from "../../apps/server/src/modules/auth/authenticator.ts";
import { THROTTLE_KEYS } from "../../apps/server/src/modules/auth/limit-rules.ts";
import {
  buildTestApp,
  createSignedInUser,
  fundWallet,
  issueCode,
  mailTo,
  mergeCookies,
  send,
  submitPassword,
  type TestApp,
  type TestUser,
} from "./helpers.ts";
import { base32Decode, clearOfStepEdge, totp } from "./totp.ts";

/** RFC 6238 Appendix B's SHA-1 secret, and its times with the last 6 digits of their 8-digit codes. */
const RFC_SECRET = "12345678901234567890";
const RFC_VECTORS = [
  { seconds: 59, code: "287082" }, // 94287082
  { seconds: 1111111109, code: "081804" }, // 07081804
  { seconds: 1111111111, code: "050471" }, // 14050471
  { seconds: 1234567890, code: "005924" }, // 89005924
  { seconds: 2000000000, code: "279037" }, // 69279037
  { seconds: 20000000000, code: "353130" }, // 65353130
] as const;

/** The clock the server checks codes by: set to RFC 6238's times, or to now. */
class SettableClock implements Clock {
  #at: Date | undefined;
  now(): Date {
    return this.#at ?? new Date();
  }
  set(seconds: number | undefined): void {
    this.#at = seconds === undefined ? undefined : new Date(seconds * 1000);
  }
}

const clock = new SettableClock();
let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp({}, { totpClock: clock });
});

afterAll(async () => {
  await ferry?.close();
});

type SignedIn = TestUser & { cookie: string };

async function post(user: SignedIn, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return send(ferry.app, { method: "POST", url, ip: user.ip, cookie: user.cookie, payload, headers });
}

async function status(user: SignedIn) {
  return send(ferry.app, { method: "GET", url: "/api/v1/auth/authenticator", ip: user.ip, cookie: user.cookie });
}

/** Starts enrolment and returns the secret's bytes as the QR code's URI carries them. */
async function startEnrolment(user: SignedIn): Promise<{ key: Buffer; uri: URL }> {
  const response = await post(user, "/api/v1/auth/authenticator", { password: user.password });
  expect(response.statusCode, response.body).toBe(200);
  const { totpUri, secret } = response.json() as { totpUri: string; secret: string };
  const uri = new URL(totpUri);
  expect(uri.searchParams.get("secret")).toBe(secret);
  return { key: base32Decode(secret), uri };
}

/** Replaces the pending secret with RFC 6238's, encrypted as Better Auth keeps it. */
async function useRfcSecret(userId: string): Promise<void> {
  const secret = await sealTotpSecret({ secret: ferry.config.authSecret }, RFC_SECRET);
  await ferry.db.updateTable("twoFactor").set({ secret }).where("userId", "=", userId).execute();
}

/** A signed-in user with an enrolled app whose secret is `key`'s (their own) and the backup codes. */
async function enrolledUser(label: string): Promise<SignedIn & { key: Buffer; backupCodes: string[] }> {
  const user = await createSignedInUser(ferry, { label });
  const { key } = await startEnrolment(user);
  clock.set(undefined);
  // The previous step's code (still within the window), so the current one is left for the test to use.
  await clearOfStepEdge();
  const code = totp(key, Date.now() / 1000 - 30);
  const confirmed = await post(user, "/api/v1/auth/authenticator/confirm", { code });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { ...user, key, backupCodes: (confirmed.json() as { backupCodes: string[] }).backupCodes };
}

async function secondStep(cookie: string, ip: string, path: string, code: string): Promise<LightMyRequestResponse> {
  return send(ferry.app, { method: "POST", url: `/api/auth/two-factor/${path}`, ip, cookie, payload: { code } });
}

/** The answer to a right code whose time-step was already accepted: not a wrong code. */
const CODE_ALREADY_USED = {
  error: { code: "code_already_used", message: "This code was just used. Wait for the next code from your app." },
};

async function auditActions(userId: string): Promise<string[]> {
  const rows = await ferry.db.selectFrom("audit_log").select("action").where("subject_id", "=", userId).execute();
  return rows.map((row) => row.action);
}

test("the test's own TOTP reproduces RFC 6238 Appendix B (SHA-1)", () => {
  for (const vector of RFC_VECTORS) {
    expect(totp(Buffer.from(RFC_SECRET), vector.seconds)).toBe(vector.code);
  }
});

describe("enrolment and removal, on RFC 6238's test vectors", () => {
  test("password, QR URI, a confirming code, ten backup codes once; removal with a current code", async () => {
    const user = await createSignedInUser(ferry, { label: "totp-rfc" });
    const wrongPassword = await post(user, "/api/v1/auth/authenticator", { password: "Not-the#password1" });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error).toMatchObject({
      code: "validation_failed",
      fields: { password: expect.any(String) },
    });
    const { uri } = await startEnrolment(user);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe(`/Ferry:${user.email}`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ issuer: "Ferry", digits: "6", period: "30" });
    expect((await status(user)).json()).toEqual({ isEnrolled: false, backupCodesLeft: 0 });

    await useRfcSecret(user.userId);
    clock.set(RFC_VECTORS[0].seconds);
    const wrong = await post(user, "/api/v1/auth/authenticator/confirm", { code: RFC_VECTORS[1].code });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.code).toBe("invalid_code");
    const confirmed = await post(user, "/api/v1/auth/authenticator/confirm", { code: RFC_VECTORS[0].code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { backupCodes } = confirmed.json() as { backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    expect((await status(user)).json()).toEqual({ isEnrolled: true, backupCodesLeft: 10 });
    // Shown once: nothing answers them again.
    expect((await post(user, "/api/v1/auth/authenticator/confirm", { code: RFC_VECTORS[0].code })).statusCode).toBe(
      409,
    );
    expect((await post(user, "/api/v1/auth/authenticator", { password: user.password })).statusCode).toBe(409);

    clock.set(RFC_VECTORS[4].seconds);
    const stale = await post(user, "/api/v1/auth/authenticator/remove", { code: RFC_VECTORS[3].code });
    expect(stale.statusCode).toBe(422);
    expect((await status(user)).json()).toMatchObject({ isEnrolled: true });
    const removed = await post(user, "/api/v1/auth/authenticator/remove", { code: RFC_VECTORS[4].code });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await status(user)).json()).toEqual({ isEnrolled: false, backupCodesLeft: 0 });

    expect(await auditActions(user.userId)).toEqual(
      expect.arrayContaining(["authenticator.enrol", "authenticator.remove"]),
    );
    const subjects = (await mailTo(ferry.db, user.email)).map((mail) => mail.text_body);
    expect(subjects.some((text) => text.includes("An authenticator app was added"))).toBe(true);
    expect(subjects.some((text) => text.includes("An authenticator app was removed"))).toBe(true);
  });

  test("bad input is refused with field messages and changes nothing", async () => {
    const user = await createSignedInUser(ferry, { label: "totp-input" });
    for (const code of ["12345", "1234567", "abcdef", 123456, ""]) {
      const response = await post(user, "/api/v1/auth/authenticator/confirm", { code });
      expect(response.statusCode, String(code)).toBe(400);
      expect(response.json().error.fields.code).toBe("Enter the 6-digit code from your authenticator app");
    }
    expect((await post(user, "/api/v1/auth/authenticator", {})).statusCode).toBe(400);
    expect((await post(user, "/api/v1/auth/authenticator/remove", { code: "nope" })).statusCode).toBe(400);
    expect((await post(user, "/api/v1/auth/authenticator/remove", { code: "123456" })).statusCode).toBe(404);
    expect((await status(user)).json()).toEqual({ isEnrolled: false, backupCodesLeft: 0 });
  });

  test("Better Auth's own disable and backup-code routes stay unreachable", async () => {
    const user = await enrolledUser("totp-disable");
    for (const path of ["disable", "generate-backup-codes", "get-totp-uri", "enable"]) {
      const response = await post(user, `/api/auth/two-factor/${path}`, { password: user.password });
      expect(response.statusCode, path).toBe(404);
    }
    expect((await status(user)).json()).toMatchObject({ isEnrolled: true });
    const row = await ferry.db
      .selectFrom("user")
      .select("twoFactorEnabled")
      .where("id", "=", user.userId)
      .executeTakeFirst();
    expect(row?.twoFactorEnabled).toBe(true);
  });
});

describe("sign-in with the app", () => {
  test("the app's code replaces the e-mailed one, and is refused when replayed", async () => {
    const user = await enrolledUser("totp-sign-in");
    const step = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: user.ip });
    expect(step.response.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });

    const mailsBefore = (await mailTo(ferry.db, user.email)).length;
    const sendOtp = await send(ferry.app, {
      method: "POST",
      url: "/api/auth/two-factor/send-otp",
      ip: user.ip,
      cookie: step.cookie,
      payload: {},
    });
    expect(sendOtp.statusCode).toBe(403);
    expect((await mailTo(ferry.db, user.email)).length).toBe(mailsBefore);
    expect((await secondStep(step.cookie, user.ip, "verify-otp", "123456")).statusCode).toBe(403);

    // Better Auth checks the session's code by the machine's clock: the test's clock reads now.
    clock.set(undefined);
    const code = totp(user.key, Date.now() / 1000);
    const signedIn = await secondStep(step.cookie, user.ip, "verify-totp", code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = mergeCookies(step.cookie, signedIn);
    const me = await send(ferry.app, { method: "GET", url: "/api/v1/me", ip: user.ip, cookie: session });
    expect(me.statusCode).toBe(200);

    const again = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: user.ip });
    const replay = await secondStep(again.cookie, user.ip, "verify-totp", code);
    expect({ status: replay.statusCode, body: replay.json() }).toEqual({ status: 422, body: CODE_ALREADY_USED });
    // A right code already used is no guess: nothing is counted on the wrong-code budget.
    expect(await countHits(ferry.db, THROTTLE_KEYS.wrongCodesAccount(user.userId), 3600)).toBe(0);
  });

  test("a backup code signs in once", async () => {
    const user = await enrolledUser("totp-backup");
    const [backupCode] = user.backupCodes;
    const first = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: user.ip });
    const signedIn = await secondStep(first.cookie, user.ip, "verify-backup-code", backupCode);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await status(user)).json()).toEqual({ isEnrolled: true, backupCodesLeft: 9 });

    const second = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: user.ip });
    const reused = await secondStep(second.cookie, user.ip, "verify-backup-code", backupCode);
    expect(reused.statusCode).toBe(401);
  });

  test("wrong codes count on the account's wrong-code budget, which then refuses even a right one", async () => {
    const user = await enrolledUser("totp-wrong");
    const key = THROTTLE_KEYS.wrongCodesAccount(user.userId);
    const step = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: user.ip });
    const right = totp(user.key, Date.now() / 1000);
    const wrong = right === "000000" ? "000001" : "000000";
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await secondStep(
        step.cookie,
        user.ip,
        attempt % 2 ? "verify-totp" : "verify-backup-code",
        attempt % 2 ? wrong : "aaaaa-bbbbb",
      );
      expect(response.statusCode).toBe(401);
      expect(await countHits(ferry.db, key, 3600)).toBe(attempt);
    }
    const refused = await secondStep(step.cookie, user.ip, "verify-totp", right);
    expect(refused.statusCode).toBe(429);
  });

  test("an account without an app is refused the app's step, and gets its e-mailed code again after removal", async () => {
    const user = await enrolledUser("totp-removal");
    const removed = await post(user, "/api/v1/auth/authenticator/remove", { code: user.backupCodes[0] });
    expect(removed.statusCode, removed.body).toBe(200);
    const step = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: user.ip });
    expect(step.response.json()).toMatchObject({ twoFactorMethods: ["otp"] });
    expect((await secondStep(step.cookie, user.ip, "verify-totp", "123456")).statusCode).toBe(403);
    const sendOtp = await send(ferry.app, {
      method: "POST",
      url: "/api/auth/two-factor/send-otp",
      ip: user.ip,
      cookie: step.cookie,
      payload: {},
    });
    expect(sendOtp.statusCode).toBe(200);
  });
});

describe("a sign-in answered without a verdict (decision 010) for an account with an app", () => {
  test("sends no e-mailed code, takes the app's code, and answers a wrong password's decoy alike", async () => {
    const user = await enrolledUser("totp-ceiling");
    const now = Date.now();
    await ferry.db
      .insertInto("rate_limit_hits")
      .values(
        Array.from({ length: 100 }, (_, index) => ({
          key: THROTTLE_KEYS.signInFailuresAccount(user.email),
          hit_at: new Date(now - index * 10_000),
        })),
      )
      .execute();
    const right = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: user.ip });
    const wrong = await submitPassword(ferry.app, { email: user.email, password: "Wrong#Pass2026", ip: user.ip });
    const unconfirmed = { twoFactorRedirect: true, twoFactorMethods: ["otp"], isPasswordUnconfirmed: true };
    expect(right.response.json()).toEqual(unconfirmed);
    expect(wrong.response.json()).toEqual(unconfirmed);

    const mailsBefore = (await mailTo(ferry.db, user.email)).length;
    for (const step of [right, wrong]) {
      const sendOtp = await send(ferry.app, {
        method: "POST",
        url: "/api/auth/two-factor/send-otp",
        ip: user.ip,
        cookie: step.cookie,
        payload: {},
      });
      expect(sendOtp.statusCode).toBe(200);
      const guess = await secondStep(step.cookie, user.ip, "verify-totp", "000000");
      expect({ status: guess.statusCode, body: guess.json() }).toEqual({
        status: 401,
        body: { error: { code: "invalid_code", message: "Invalid code" } },
      });
    }
    expect((await mailTo(ferry.db, user.email)).length).toBe(mailsBefore);
    const decoy = await secondStep(wrong.cookie, user.ip, "verify-totp", totp(user.key, Date.now() / 1000));
    expect(decoy.statusCode).toBe(401);
    const signedIn = await secondStep(right.cookie, user.ip, "verify-totp", totp(user.key, Date.now() / 1000 + 30));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });
});

describe("transfer confirmation with the app", () => {
  test("the e-mailed code is refused; the app's code confirms these details once", async () => {
    const sender = await createSignedInUser(ferry, { label: "totp-sender" });
    const recipient = await createSignedInUser(ferry, { label: "totp-recipient" });
    await startEnrolment(sender);
    await useRfcSecret(sender.userId);
    clock.set(RFC_VECTORS[0].seconds);
    expect((await post(sender, "/api/v1/auth/authenticator/confirm", { code: RFC_VECTORS[0].code })).statusCode).toBe(
      200,
    );
    await fundWallet(ferry.db, sender.userId, "USD", 10_000n);
    const details = {
      target: { method: "ferry_user", recipientEmail: recipient.email },
      amount: "25.00",
      currency: "USD",
    };

    const codeRequest = await post(sender, "/api/v1/transfers/verification-code", details);
    expect(codeRequest.statusCode).toBe(409);
    const emailed = await issueCode(ferry, {
      userId: sender.userId,
      recipientKey: `user:${recipient.userId}`,
      amountMinor: 2_500n,
      currency: "USD",
    });
    const confirm = (code: string) =>
      post(sender, "/api/v1/transfers", { ...details, code }, { "idempotency-key": `totp-${randomUUID()}` });
    const wrongKey = THROTTLE_KEYS.wrongCodesAccount(sender.userId);
    const byEmail = await confirm(emailed);
    expect(byEmail.statusCode).toBe(422);
    expect(await countHits(ferry.db, wrongKey, 3600)).toBe(1);

    clock.set(RFC_VECTORS[1].seconds);
    const sent = await confirm(RFC_VECTORS[1].code);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ amount: "25.00", currency: "USD", status: "sent" });
    expect(await countHits(ferry.db, wrongKey, 3600)).toBe(1);

    const replayed = await confirm(RFC_VECTORS[1].code);
    expect({ status: replayed.statusCode, body: replayed.json() }).toEqual({ status: 422, body: CODE_ALREADY_USED });
    expect(await countHits(ferry.db, wrongKey, 3600)).toBe(1);

    clock.set(RFC_VECTORS[2].seconds);
    expect((await confirm(RFC_VECTORS[2].code)).statusCode).toBe(201);
    const transfers = await ferry.db
      .selectFrom("transfers")
      .select("amount")
      .where("sender_user_id", "=", sender.userId)
      .execute();
    expect(transfers).toHaveLength(2);
  });
});

describe("one step's code serves one action, whichever", () => {
  test("a sign-in's code is refused as used for a transfer in its step, uncounted; the next step's code works", async () => {
    const user = await enrolledUser("totp-step-reuse");
    const recipient = await createSignedInUser(ferry, { label: "totp-step-recipient" });
    await fundWallet(ferry.db, user.userId, "USD", 10_000n);
    clock.set(undefined);
    await clearOfStepEdge();
    const now = Date.now() / 1000;
    const code = totp(user.key, now);
    const step = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: user.ip });
    const signedIn = await secondStep(step.cookie, user.ip, "verify-totp", code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = { ...user, cookie: mergeCookies(step.cookie, signedIn) };

    const details = {
      target: { method: "ferry_user", recipientEmail: recipient.email },
      amount: "5.00",
      currency: "USD",
    };
    const confirm = (value: string) =>
      post(session, "/api/v1/transfers", { ...details, code: value }, { "idempotency-key": `step-${randomUUID()}` });
    const wrongKey = THROTTLE_KEYS.wrongCodesAccount(user.userId);
    const sameStep = await confirm(code);
    expect({ status: sameStep.statusCode, body: sameStep.json() }).toEqual({ status: 422, body: CODE_ALREADY_USED });
    const removal = await post(session, "/api/v1/auth/authenticator/remove", { code });
    expect({ status: removal.statusCode, body: removal.json() }).toEqual({ status: 422, body: CODE_ALREADY_USED });
    expect(await countHits(ferry.db, wrongKey, 3600)).toBe(0);
    expect((await status(session)).json()).toMatchObject({ isEnrolled: true });

    const nextStep = await confirm(totp(user.key, now + 30));
    expect(nextStep.statusCode, nextStep.body).toBe(201);
    expect(await countHits(ferry.db, wrongKey, 3600)).toBe(0);
    const sent = await ferry.db
      .selectFrom("transfers")
      .select("id")
      .where("sender_user_id", "=", user.userId)
      .execute();
    expect(sent).toHaveLength(1);
  });
});
