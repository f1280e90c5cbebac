import { randomInt } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { deviceCookieName, issueDeviceCookie } from "../../apps/server/src/modules/auth/devices.ts";
import { THROTTLE_KEYS } from "../../apps/server/src/modules/auth/limit-rules.ts";
import {
  buildTestApp,
  createUser,
  getMe,
  mailTo,
  mergeCookies,
  randomIp,
  readCodeFromMailbox,
  readLinkToken,
  requestSignInCode,
  send,
  submitCode,
  type TestApp,
  type TestUser,
  uniqueEmail,
} from "./helpers.ts";

// The sign-in limits of modules/auth/limit-rules.ts these tests cross (docs/decisions/010-sign-in-throttling.md).
const ACCOUNT_CEILING = 100;
const DEVICE_FAILURES = 10;
const SIGN_IN_PER_ADDRESS = 30;
const FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
const CODE_SENDS_PER_ACCOUNT = 5;
const WRONG_CODES_PER_ACCOUNT = 10;
const WRONG_TRIES_PER_CODE = 5;

const WRONG_PASSWORD = "Wrong#Pass2026";
const DEVICE_COOKIE = "ferry.device";
const CODE_MAIL_SUBJECT = "Your Ferry sign-in code";
/** What every password step past the ceiling answers, right password or not. */
const UNCONFIRMED_CHALLENGE = { twoFactorRedirect: true, twoFactorMethods: ["otp"], isPasswordUnconfirmed: true };

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp({}, { maxConnections: 10 });
});

afterAll(async () => {
  await ferry?.close();
});

interface Step {
  readonly response: LightMyRequestResponse;
  /** The browser's cookies after the step: those it sent, updated by the answer. */
  readonly cookie: string;
}

/** The password step as a browser holding `cookie` sends it. */
async function submitPasswordWith(
  credentials: { email: string; password: string; ip: string },
  cookie = "",
): Promise<Step> {
  const response = await send(ferry.app, {
    method: "POST",
    url: "/api/auth/sign-in/email",
    ip: credentials.ip,
    cookie,
    payload: { email: credentials.email, password: credentials.password, rememberMe: false },
  });
  return { response, cookie: mergeCookies(cookie, response) };
}

/** Both steps from one browser; returns its cookies afterwards (session and device cookie). */
async function signInFrom(user: TestUser, ip: string, cookie = ""): Promise<string> {
  const step = await submitPasswordWith({ email: user.email, password: user.password, ip }, cookie);
  expect(step.response.statusCode, step.response.body).toBe(200);
  const code = await requestSignInCode(ferry, user.email, step.cookie, ip);
  const verified = await submitCode(ferry.app, step.cookie, code, ip);
  expect(verified.statusCode, verified.body).toBe(200);
  return mergeCookies(step.cookie, verified);
}

/** Only the device cookie of a browser's cookies: what a browser keeps after signing out. */
function deviceCookieOf(cookie: string): string {
  const pair = cookie.split("; ").find((candidate) => candidate.startsWith(`${DEVICE_COOKIE}=`));
  if (!pair) {
    throw new Error(`No device cookie in ${cookie}`);
  }
  return pair;
}

async function countHitsOf(key: string): Promise<number> {
  const rows = await ferry.db.selectFrom("rate_limit_hits").select("key").where("key", "=", key).execute();
  return rows.length;
}

/** `count` failures for the account from many addresses in the last half hour, the newest just now. */
async function recordAccountFailures(email: string, count: number): Promise<void> {
  const now = Date.now();
  await ferry.db
    .insertInto("rate_limit_hits")
    .values(
      Array.from({ length: count }, (_, index) => ({
        key: THROTTLE_KEYS.signInFailuresAccount(email),
        hit_at: new Date(now - (count - 1 - index) * 18_000),
      })),
    )
    .execute();
}

async function signInCodeMailCount(email: string): Promise<number> {
  return (await mailTo(ferry.db, email)).filter((mail) => mail.subject === CODE_MAIL_SUBJECT).length;
}

/** The `Set-Cookie` lines of an answer with the challenge cookie's value blanked (it differs per challenge). */
function cookieShapeOf(response: LightMyRequestResponse): string[] {
  const header = response.headers["set-cookie"] ?? [];
  const lines = Array.isArray(header) ? header : [String(header)];
  return lines.map((line) => line.replace(/^(better-auth\.two_factor=)[^;]*/, "$1…"));
}

type Answer = [status: number, body: string, headers: Record<string, unknown>];

/** What a request answered, as the client sees it: all but the request id, date and length. */
function answerOf(response: LightMyRequestResponse): Answer {
  const { "x-request-id": _id, date: _date, "content-length": _length, ...headers } = response.headers;
  return [response.statusCode, response.body, headers];
}

function statusAndBodyOf(answers: readonly Answer[]): [number, string][] {
  return answers.map(([status, body]) => [status, body]);
}

async function sendCodeFor(cookie: string): Promise<LightMyRequestResponse> {
  return send(ferry.app, { method: "POST", url: "/api/auth/two-factor/send-otp", ip: randomIp(), cookie, payload: {} });
}

/** A 6-digit code other than `code`. */
function otherCodeThan(code: string, offset: number): string {
  return String((Number(code) + offset) % 1_000_000).padStart(6, "0");
}

/** The user's new password, set with a reset link as the owner would. */
async function resetPassword(user: TestUser, newPassword: string): Promise<void> {
  const requested = await send(ferry.app, {
    method: "POST",
    url: "/api/auth/request-password-reset",
    ip: user.ip,
    payload: { email: user.email, redirectTo: "/forgot-password" },
  });
  expect(requested.statusCode).toBe(200);
  const token = await readLinkToken(ferry.db, user.email, "Reset your password", "/forgot-password");
  const reset = await send(ferry.app, {
    method: "POST",
    url: "/api/auth/reset-password",
    ip: user.ip,
    payload: { token, newPassword },
  });
  expect(reset.statusCode, reset.body).toBe(200);
}

function ipv6In(prefix: string): string {
  return `${prefix}:${randomInt(65536).toString(16)}:${randomInt(65536).toString(16)}:${randomInt(1, 65536).toString(16)}:${randomInt(1, 65536).toString(16)}`;
}

function randomIpv6Prefix(): string {
  return `2001:db8:${randomInt(65536).toString(16)}:${randomInt(65536).toString(16)}`;
}

describe("sign-in that others cannot lock", () => {
  test("120 wrong passwords from 40 addresses: the owner's known device signs in at once, a new device is challenged, not refused", async () => {
    const user = await createUser(ferry, "lockout-120");
    const knownDevice = deviceCookieOf(await signInFrom(user, user.ip));
    const attackers = Array.from({ length: 40 }, () => randomIp());

    // Three wrong passwords from each of 40 addresses (within each address's own limits), 8 at a time.
    const attempts: Step[] = [];
    for (let batch = 0; batch < attackers.length; batch += 8) {
      const steps = await Promise.all(
        attackers.slice(batch, batch + 8).map(async (ip) => {
          const own: Step[] = [];
          for (let attempt = 0; attempt < 3; attempt += 1) {
            own.push(await submitPasswordWith({ email: user.email, password: WRONG_PASSWORD, ip }));
          }
          return own;
        }),
      );
      attempts.push(...steps.flat());
    }

    const statuses = attempts.map((step) => step.response.statusCode);
    // The first 100 were told the password was wrong; past the ceiling nobody is refused, and nobody is told.
    expect(statuses.filter((status) => status === 401)).toHaveLength(ACCOUNT_CEILING);
    expect(statuses.filter((status) => status === 200)).toHaveLength(120 - ACCOUNT_CEILING);
    for (const step of attempts.filter((candidate) => candidate.response.statusCode === 200)) {
      expect(step.response.json()).toEqual(UNCONFIRMED_CHALLENGE);
    }
    expect(await signInCodeMailCount(user.email)).toBe(1);

    // The owner's device, from an address it never used, is answered plainly and signs in at once.
    const ownerIp = randomIp();
    const typo = await submitPasswordWith({ email: user.email, password: WRONG_PASSWORD, ip: ownerIp }, knownDevice);
    expect(typo.response.statusCode).toBe(401);
    expect(typo.response.json().error.code).toBe("invalid_email_or_password");
    const owner = await submitPasswordWith({ email: user.email, password: user.password, ip: ownerIp }, knownDevice);
    expect(owner.response.statusCode).toBe(200);
    expect(owner.response.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["otp"] });
    const code = await requestSignInCode(ferry, user.email, owner.cookie, ownerIp);
    const verified = await submitCode(ferry.app, owner.cookie, code, ownerIp);
    expect(verified.statusCode).toBe(200);
    expect((await getMe(ferry.app, mergeCookies(owner.cookie, verified), ownerIp)).statusCode).toBe(200);

    // A device the account does not know, with the right password: challenged, and in with the code.
    const newDevice = randomIp();
    const challenged = await submitPasswordWith({ email: user.email, password: user.password, ip: newDevice });
    expect(challenged.response.statusCode).toBe(200);
    expect(challenged.response.json()).toEqual(UNCONFIRMED_CHALLENGE);
    const newCode = await requestSignInCode(ferry, user.email, challenged.cookie, newDevice);
    const newSession = await submitCode(ferry.app, challenged.cookie, newCode, newDevice);
    expect(newSession.statusCode).toBe(200);
    expect((await getMe(ferry.app, mergeCookies(challenged.cookie, newSession), newDevice)).statusCode).toBe(200);
  }, 180_000);

  test("past the ceiling a right and a wrong password get the same answer; only the right one's code is e-mailed", async () => {
    const user = await createUser(ferry, "unconfirmed");
    await recordAccountFailures(user.email, ACCOUNT_CEILING);

    const right = await submitPasswordWith({ email: user.email, password: user.password, ip: randomIp() });
    const wrong = await submitPasswordWith({ email: user.email, password: WRONG_PASSWORD, ip: randomIp() });
    // A request carrying leftovers of an old session: the answer must not depend on them either.
    const wrongWithLeftovers = await submitPasswordWith(
      { email: user.email, password: WRONG_PASSWORD, ip: randomIp() },
      "better-auth.session_data.0=stale; better-auth.dont_remember=stale",
    );

    for (const step of [right, wrong, wrongWithLeftovers]) {
      expect(step.response.statusCode).toBe(200);
      expect(step.response.body).toBe(right.response.body);
      expect(cookieShapeOf(step.response)).toEqual(cookieShapeOf(right.response));
    }
    expect(right.response.json()).toEqual(UNCONFIRMED_CHALLENGE);
    // Before a code is asked for, a guess is answered the same for both.
    const earlyRight = await submitCode(ferry.app, right.cookie, "123456", randomIp());
    const earlyWrong = await submitCode(ferry.app, wrong.cookie, "123456", randomIp());
    expect([earlyRight.statusCode, earlyRight.body]).toEqual([earlyWrong.statusCode, earlyWrong.body]);

    const sendFor = (cookie: string) =>
      send(ferry.app, { method: "POST", url: "/api/auth/two-factor/send-otp", ip: randomIp(), cookie, payload: {} });
    const sentRight = await sendFor(right.cookie);
    const sentWrong = await sendFor(wrong.cookie);
    expect([sentRight.statusCode, sentRight.body]).toEqual([200, '{"status":true}']);
    expect([sentWrong.statusCode, sentWrong.body]).toEqual([sentRight.statusCode, sentRight.body]);
    expect(await signInCodeMailCount(user.email)).toBe(1);

    // The wrong password's challenge takes no code: every guess is wrong, answered as for a real code.
    const wrongCodesBefore = await countHitsOf(THROTTLE_KEYS.wrongCodesAccount(user.userId));
    const guesses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      guesses.push((await submitCode(ferry.app, wrong.cookie, String(100000 + attempt), randomIp())).statusCode);
    }
    expect(guesses).toEqual([401, 401, 401, 401, 401, 400]);
    // None of them counted against the owner's own budget of wrong codes.
    expect(await countHitsOf(THROTTLE_KEYS.wrongCodesAccount(user.userId))).toBe(wrongCodesBefore);
    const code = await requestSignInCode(ferry, user.email, right.cookie, randomIp());
    expect((await submitCode(ferry.app, right.cookie, code, randomIp())).statusCode).toBe(200);
  });

  test("a completed password reset clears the account's failure counts", async () => {
    const user = await createUser(ferry, "reset-clears-ceiling");
    await recordAccountFailures(user.email, ACCOUNT_CEILING);
    const attacker = randomIp();
    for (let attempt = 0; attempt < FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS; attempt += 1) {
      await submitPasswordWith({ email: user.email, password: WRONG_PASSWORD, ip: attacker });
    }
    const slowed = await submitPasswordWith({ email: user.email, password: WRONG_PASSWORD, ip: attacker });
    expect(slowed.response.statusCode).toBe(429);

    await resetPassword(user, "Renewed#Pass2026");

    expect(await countHitsOf(THROTTLE_KEYS.signInFailuresAccount(user.email))).toBe(0);
    expect(await countHitsOf(THROTTLE_KEYS.signInFailuresAccountAndAddress(user.email, attacker))).toBe(0);
    // Plain answers again, from any address, the one that was slowed included.
    const typo = await submitPasswordWith({ email: user.email, password: WRONG_PASSWORD, ip: attacker });
    expect(typo.response.statusCode).toBe(401);
    const renewed = await submitPasswordWith({ email: user.email, password: "Renewed#Pass2026", ip: randomIp() });
    expect(renewed.response.statusCode).toBe(200);
    expect(renewed.response.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["otp"] });
  });
});

describe("code steps past the ceiling", () => {
  test("asking for a code 6 times: a right password's challenge is answered as a decoy's, the owner e-mailed 5 codes at most", async () => {
    const user = await createUser(ferry, "unconfirmed-sends");
    const knownDevice = deviceCookieOf(await signInFrom(user, user.ip));
    await recordAccountFailures(user.email, ACCOUNT_CEILING);
    const right = await submitPasswordWith({ email: user.email, password: user.password, ip: randomIp() });
    const wrong = await submitPasswordWith({ email: user.email, password: WRONG_PASSWORD, ip: randomIp() });
    const mailsBefore = await signInCodeMailCount(user.email);

    const rightAnswers: Answer[] = [];
    const wrongAnswers: Answer[] = [];
    for (let attempt = 0; attempt <= CODE_SENDS_PER_ACCOUNT; attempt += 1) {
      rightAnswers.push(answerOf(await sendCodeFor(right.cookie)));
      wrongAnswers.push(answerOf(await sendCodeFor(wrong.cookie)));
    }

    expect(rightAnswers).toEqual(wrongAnswers);
    expect(statusAndBodyOf(rightAnswers)).toEqual(Array(CODE_SENDS_PER_ACCOUNT + 1).fill([200, '{"status":true}']));
    expect(await signInCodeMailCount(user.email)).toBe(mailsBefore + CODE_SENDS_PER_ACCOUNT);
    // The unsent 6th replaced the code of the 5th, as a sent one would: it is now wrong on both.
    const fifthCode = await readCodeFromMailbox(ferry.db, user.email, "sign-in code");
    const guessOnRight = await submitCode(ferry.app, right.cookie, fifthCode, randomIp());
    const guessOnWrong = await submitCode(ferry.app, wrong.cookie, fifthCode, randomIp());
    expect(answerOf(guessOnRight)).toEqual(answerOf(guessOnWrong));
    expect(guessOnRight.statusCode).toBe(401);

    // The owner's known device has a budget of its own: it gets its code and signs in at once.
    const owner = await submitPasswordWith({ email: user.email, password: user.password, ip: randomIp() }, knownDevice);
    expect(owner.response.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["otp"] });
    const code = await requestSignInCode(ferry, user.email, owner.cookie, randomIp());
    expect((await submitCode(ferry.app, owner.cookie, code, randomIp())).statusCode).toBe(200);
  });

  test("11 wrong codes: a right password's challenge is answered as a decoy's, its right code then refused as wrong", async () => {
    const user = await createUser(ferry, "unconfirmed-guesses");
    const knownDevice = deviceCookieOf(await signInFrom(user, user.ip));
    await recordAccountFailures(user.email, ACCOUNT_CEILING);
    const right = await submitPasswordWith({ email: user.email, password: user.password, ip: randomIp() });
    const wrong = await submitPasswordWith({ email: user.email, password: WRONG_PASSWORD, ip: randomIp() });

    // A new code after every 5 wrong tries (a code dies after 5), until one past the account's budget.
    const rightAnswers: Answer[] = [];
    const guesses: string[] = [];
    let code = "";
    for (let wrongCodes = 0; wrongCodes <= WRONG_CODES_PER_ACCOUNT; wrongCodes += 1) {
      if (wrongCodes % WRONG_TRIES_PER_CODE === 0) {
        rightAnswers.push(answerOf(await sendCodeFor(right.cookie)));
        code = await readCodeFromMailbox(ferry.db, user.email, "sign-in code");
        guesses.push("send");
      }
      const guess = otherCodeThan(code, wrongCodes + 1);
      rightAnswers.push(answerOf(await submitCode(ferry.app, right.cookie, guess, randomIp())));
      guesses.push(guess);
    }
    // The newest e-mailed code, right, but past the budget.
    rightAnswers.push(answerOf(await submitCode(ferry.app, right.cookie, code, randomIp())));
    guesses.push(code);
    const wrongAnswers: Answer[] = [];
    for (const guess of guesses) {
      const response =
        guess === "send"
          ? await sendCodeFor(wrong.cookie)
          : await submitCode(ferry.app, wrong.cookie, guess, randomIp());
      wrongAnswers.push(answerOf(response));
    }

    expect(rightAnswers).toEqual(wrongAnswers);
    const invalid = [401, '{"error":{"code":"invalid_code","message":"Invalid code"}}'];
    const sent = [200, '{"status":true}'];
    expect(statusAndBodyOf(rightAnswers)).toEqual([
      sent,
      ...Array(WRONG_TRIES_PER_CODE).fill(invalid),
      sent,
      ...Array(WRONG_TRIES_PER_CODE).fill(invalid),
      sent,
      invalid,
      invalid,
    ]);

    // The owner's known device has a budget of its own: its right code signs in at once.
    const owner = await submitPasswordWith({ email: user.email, password: user.password, ip: randomIp() }, knownDevice);
    const ownerCode = await requestSignInCode(ferry, user.email, owner.cookie, randomIp());
    expect((await submitCode(ferry.app, owner.cookie, ownerCode, randomIp())).statusCode).toBe(200);
  });
});

describe("device cookies", () => {
  test("a completed sign-in sets a long-lived, httpOnly device cookie; the password step alone does not", async () => {
    const user = await createUser(ferry, "device-cookie");
    const step = await submitPasswordWith({ email: user.email, password: user.password, ip: user.ip });
    expect(step.cookie).not.toContain(`${DEVICE_COOKIE}=`);
    const code = await requestSignInCode(ferry, user.email, step.cookie, user.ip);

    const verified = await submitCode(ferry.app, step.cookie, code, user.ip);

    const header = verified.headers["set-cookie"] ?? [];
    const line = (Array.isArray(header) ? header : [String(header)]).find((candidate) =>
      candidate.startsWith(`${DEVICE_COOKIE}=`),
    );
    expect(line).toMatch(/; Max-Age=31536000; Path=\/api\/auth; HttpOnly; SameSite=Lax$/);
    // Production names it __Secure- and marks it Secure, as Better Auth does its own cookies.
    const production = { isProduction: true, authSecret: ferry.config.authSecret };
    expect(deviceCookieName(production)).toBe(`__Secure-${DEVICE_COOKIE}`);
    expect(issueDeviceCookie(production, user.userId, 0)).toMatch(/^__Secure-ferry\.device=.*; Secure; SameSite=Lax$/);
  });

  test("a device cookie that keeps failing loses its exemption: past 10 wrong passwords it is an unknown device", async () => {
    const user = await createUser(ferry, "device-lockout");
    const device = deviceCookieOf(await signInFrom(user, user.ip));
    await recordAccountFailures(user.email, ACCOUNT_CEILING);

    const statuses: number[] = [];
    for (let attempt = 0; attempt < DEVICE_FAILURES; attempt += 1) {
      const step = await submitPasswordWith({ email: user.email, password: WRONG_PASSWORD, ip: randomIp() }, device);
      statuses.push(step.response.statusCode);
    }
    const afterLimit = await submitPasswordWith({ email: user.email, password: user.password, ip: randomIp() }, device);

    expect(statuses).toEqual(Array(DEVICE_FAILURES).fill(401));
    expect(afterLimit.response.statusCode).toBe(200);
    expect(afterLimit.response.json()).toEqual(UNCONFIRMED_CHALLENGE);
  });

  test("a device cookie counts only for its own account and only with the server's signature", async () => {
    const [owner, other] = [await createUser(ferry, "device-owner"), await createUser(ferry, "device-other")];
    const device = deviceCookieOf(await signInFrom(owner, owner.ip));
    await recordAccountFailures(other.email, ACCOUNT_CEILING);
    await recordAccountFailures(owner.email, ACCOUNT_CEILING);
    const [name, value] = device.split("=");
    const signature = decodeURIComponent(value).split(".")[3] ?? "";
    const forgedSignature = `${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    const forged = `${name}=${encodeURIComponent(`${decodeURIComponent(value).split(".").slice(0, 3).join(".")}.${forgedSignature}`)}`;

    const onOtherAccount = await submitPasswordWith(
      { email: other.email, password: WRONG_PASSWORD, ip: randomIp() },
      device,
    );
    const withForgery = await submitPasswordWith(
      { email: owner.email, password: WRONG_PASSWORD, ip: randomIp() },
      forged,
    );
    const genuine = await submitPasswordWith({ email: owner.email, password: WRONG_PASSWORD, ip: randomIp() }, device);

    expect(onOtherAccount.response.json()).toEqual(UNCONFIRMED_CHALLENGE);
    expect(withForgery.response.json()).toEqual(UNCONFIRMED_CHALLENGE);
    expect(genuine.response.statusCode).toBe(401);
  });
});

describe("device cookies and password changes", () => {
  test("a password reset ends the device cookies issued before it; the next sign-in issues one that counts", async () => {
    const user = await createUser(ferry, "device-reset");
    const oldDevice = deviceCookieOf(await signInFrom(user, user.ip));
    const newPassword = "Renewed#Pass2026";
    await resetPassword(user, newPassword);
    await recordAccountFailures(user.email, ACCOUNT_CEILING);

    const typoWithOld = await submitPasswordWith(
      { email: user.email, password: WRONG_PASSWORD, ip: randomIp() },
      oldDevice,
    );
    const withOld = await submitPasswordWith({ email: user.email, password: newPassword, ip: randomIp() }, oldDevice);

    // The old cookie is no known device: no plain answer, no exemption from the ceiling.
    expect(typoWithOld.response.json()).toEqual(UNCONFIRMED_CHALLENGE);
    expect(withOld.response.json()).toEqual(UNCONFIRMED_CHALLENGE);
    // The owner signs in with the code, and the browser gets a device cookie that counts.
    const code = await requestSignInCode(ferry, user.email, withOld.cookie, randomIp());
    const verified = await submitCode(ferry.app, withOld.cookie, code, randomIp());
    expect(verified.statusCode).toBe(200);
    const freshDevice = deviceCookieOf(mergeCookies(withOld.cookie, verified));
    expect(freshDevice).not.toBe(oldDevice);
    const typo = await submitPasswordWith({ email: user.email, password: WRONG_PASSWORD, ip: randomIp() }, freshDevice);
    const owner = await submitPasswordWith({ email: user.email, password: newPassword, ip: randomIp() }, freshDevice);
    expect(typo.response.statusCode).toBe(401);
    expect(owner.response.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["otp"] });
  });

  test("a password change ends the other browsers' device cookies; the browser that changed it keeps one that counts", async () => {
    const user = await createUser(ferry, "device-change");
    const changer = await signInFrom(user, user.ip);
    const otherDevice = deviceCookieOf(await signInFrom(user, randomIp()));
    const newPassword = "Changed#Pass2026";
    const changed = await send(ferry.app, {
      method: "POST",
      url: "/api/auth/change-password",
      ip: user.ip,
      cookie: changer,
      payload: { currentPassword: user.password, newPassword },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const changerDevice = deviceCookieOf(mergeCookies(changer, changed));
    await recordAccountFailures(user.email, ACCOUNT_CEILING);

    const fromOther = await submitPasswordWith(
      { email: user.email, password: newPassword, ip: randomIp() },
      otherDevice,
    );
    const fromChanger = await submitPasswordWith(
      { email: user.email, password: newPassword, ip: randomIp() },
      changerDevice,
    );

    expect(fromOther.response.json()).toEqual(UNCONFIRMED_CHALLENGE);
    expect(fromChanger.response.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["otp"] });
  });
});

describe("IPv6 clients", () => {
  test("addresses in one /64 share a per-address limit; another /64 does not", async () => {
    const prefix = randomIpv6Prefix();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < SIGN_IN_PER_ADDRESS; attempt += 1) {
      const step = await submitPasswordWith({
        email: uniqueEmail("ipv6-spray"),
        password: WRONG_PASSWORD,
        ip: ipv6In(prefix),
      });
      statuses.push(step.response.statusCode);
    }
    const user = await createUser(ferry, "ipv6");

    const sameSubnet = await submitPasswordWith({ email: user.email, password: user.password, ip: ipv6In(prefix) });
    const otherSubnet = await submitPasswordWith({
      email: user.email,
      password: user.password,
      ip: ipv6In(randomIpv6Prefix()),
    });

    expect(statuses).toEqual(Array(SIGN_IN_PER_ADDRESS).fill(401));
    expect(sameSubnet.response.statusCode).toBe(429);
    expect(otherSubnet.response.statusCode).toBe(200);
    expect(await countHitsOf(`sign-in:ip:${prefix}::/64`)).toBe(SIGN_IN_PER_ADDRESS);
  }, 90_000);
});
