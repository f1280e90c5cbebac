import { randomInt, randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ConfigError } from "../../apps/server/src/config.ts";
import { createAuth } from "../../apps/server/src/modules/auth/auth.ts";
import { resolveSignInChallenge, twoFactorCookieName } from "../../apps/server/src/modules/auth/challenge.ts";
import { THROTTLE_KEYS } from "../../apps/server/src/modules/auth/limit-rules.ts";
import {
  buildTestApp,
  createSessionUser,
  createSignedInUser,
  createUser,
  GOOD_PASSWORD,
  getMe,
  mailTo,
  randomIp,
  requestSignInCode,
  send,
  signIn,
  signUp,
  submitCode,
  submitPassword,
  type TestApp,
  testConfig,
  uniqueEmail,
} from "./helpers.ts";

// The limits of modules/auth/limits.ts these attacks run into.
const CODE_SENDS_PER_ACCOUNT = 5;
const WRONG_CODES_PER_ACCOUNT = 10;
const SIGN_IN_PER_ADDRESS = 30;
const FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
const FIRST_BACKOFF_SECONDS = 30;
const FAILURES_BEFORE_ALERT = 5;
const WRONG_CURRENT_PASSWORDS = 5;

const WRONG_PASSWORD = "Wrong#Pass2026";
const ALERT_SUBJECT = "Failed sign-in attempts on your Ferry account";
const EXISTING_ACCOUNT_SUBJECT = "You already have a Ferry account";

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp({}, { maxConnections: 10 });
});

afterAll(async () => {
  await ferry?.close();
});

function anotherCode(code: string): string {
  return code === "000000" ? "111111" : "000000";
}

function statusesOf(responses: readonly LightMyRequestResponse[]): number[] {
  return responses.map((response) => response.statusCode);
}

function countOf(statuses: readonly number[], status: number): number {
  return statuses.filter((candidate) => candidate === status).length;
}

async function signInCodeMailCount(email: string): Promise<number> {
  return (await mailTo(ferry.db, email)).filter((mail) => mail.subject === "Your Ferry sign-in code").length;
}

async function sendCode(cookie: string, ip: string): Promise<LightMyRequestResponse> {
  return send(ferry.app, { method: "POST", url: "/api/auth/two-factor/send-otp", ip, cookie, payload: {} });
}

/** Moves every hit of `key` back in time, as if `seconds` had passed (no waiting in tests). */
async function ageHits(key: string, seconds: number): Promise<void> {
  await sql`UPDATE rate_limit_hits SET hit_at = hit_at - make_interval(secs => ${seconds}) WHERE key = ${key}`.execute(
    ferry.db,
  );
}

async function countHitsOf(key: string): Promise<number> {
  const rows = await ferry.db.selectFrom("rate_limit_hits").select("key").where("key", "=", key).execute();
  return rows.length;
}

/** The challenge cookie's name and (still encoded) value among the cookies after the password step. */
function challengeCookieOf(cookie: string): { name: string; value: string } {
  for (const pair of cookie.split("; ")) {
    const [name, value] = pair.split(/=(.*)/s);
    if (name === "better-auth.two_factor") {
      return { name, value };
    }
  }
  throw new Error(`No challenge cookie in ${cookie}`);
}

function retryAfterOf(response: LightMyRequestResponse): number {
  return Number(response.headers["retry-after"]);
}

describe("second factor: challenge identity", () => {
  test("decoy two_factor cookies do not reset the per-account send limit, nor do fresh challenges", async () => {
    const user = await createUser(ferry, "decoy");
    const step = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: user.ip });
    expect(step.response.statusCode).toBe(200);

    const statuses: number[] = [];
    for (let attempt = 1; attempt <= CODE_SENDS_PER_ACCOUNT + 3; attempt += 1) {
      // The decoy comes first and is new on every call, as in the reported attack.
      const decoy = `x_two_factor=${randomUUID()}; my_two_factor=${randomUUID()}`;
      const response = await sendCode(`${decoy}; ${step.cookie}`, randomIp());
      statuses.push(response.statusCode);
    }

    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    // A new password step is a new challenge, but the same account: still refused.
    const fresh = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: randomIp() });
    expect(fresh.response.statusCode).toBe(200);
    expect((await sendCode(fresh.cookie, randomIp())).statusCode).toBe(429);
    expect(await signInCodeMailCount(user.email)).toBe(CODE_SENDS_PER_ACCOUNT);
  });

  test("a cookie that only looks like the challenge (other name, or a forged signature) identifies nothing", async () => {
    const user = await createUser(ferry, "forged-cookie");
    const step = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: user.ip });
    const { name, value } = challengeCookieOf(step.cookie);
    const challengeId = decodeURIComponent(value).split(".")[0];

    const renamed = await sendCode(`x_${name}=${value}`, user.ip);
    const unsigned = await sendCode(`${name}=${challengeId}`, user.ip);
    const forged = await sendCode(`${name}=${encodeURIComponent(`${challengeId}.${"A".repeat(43)}=`)}`, user.ip);
    // Better Auth reads the first cookie of its name; so does Ferry, so a forged one first wins nothing.
    const forgedFirst = await sendCode(`${name}=${challengeId}; ${step.cookie}`, user.ip);

    expect(statusesOf([renamed, unsigned, forged, forgedFirst])).toEqual([401, 401, 401, 401]);
    expect(await signInCodeMailCount(user.email)).toBe(0);
  });

  test("the challenge is read from Better Auth's exact cookie name, __Secure- prefixed in production", async () => {
    const user = await createUser(ferry, "secure-name");
    const step = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: user.ip });
    const { value } = challengeCookieOf(step.cookie);
    const productionAuth = createAuth({ ...ferry.config, isProduction: true }, ferry.db, {
      countPasskeys: async () => 0,
    });

    expect(await twoFactorCookieName(ferry.auth)).toBe("better-auth.two_factor");
    expect(await twoFactorCookieName(productionAuth)).toBe("__Secure-better-auth.two_factor");
    const secure = await resolveSignInChallenge(productionAuth, `__Secure-better-auth.two_factor=${value}`);
    expect(secure?.userId).toBe(user.userId);
    expect(await resolveSignInChallenge(productionAuth, `better-auth.two_factor=${value}`)).toBeUndefined();
    expect(await resolveSignInChallenge(ferry.auth, `x__Secure-better-auth.two_factor=${value}`)).toBeUndefined();
  });

  test("wrong codes for one account are capped at 10 an hour across many addresses and fresh challenges", async () => {
    const user = await createUser(ferry, "guesses");
    // As many challenges as the account may have codes for, each good for 5 wrong tries of its own.
    const challenges: { cookie: string; code: string }[] = [];
    for (let index = 0; index < CODE_SENDS_PER_ACCOUNT; index += 1) {
      const step = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: randomIp() });
      const code = await requestSignInCode(ferry, user.email, step.cookie, randomIp());
      challenges.push({ cookie: step.cookie, code });
    }

    // 25 wrong guesses at once, 5 per challenge, each from its own address.
    const guesses = await Promise.all(
      Array.from({ length: 25 }, (_, index) => {
        const challenge = challenges[index % challenges.length];
        return submitCode(ferry.app, challenge.cookie, anotherCode(challenge.code), randomIp());
      }),
    );

    const statuses = statusesOf(guesses);
    // Only 10 guesses reached Better Auth (wrong code, or a code another guess was checking); the
    // other 15 were refused before it.
    expect(countOf(statuses, 429)).toBe(25 - WRONG_CODES_PER_ACCOUNT);
    expect(countOf(statuses, 401) + countOf(statuses, 400)).toBe(WRONG_CODES_PER_ACCOUNT);
    expect(await countHitsOf(THROTTLE_KEYS.wrongCodesAccount(user.userId))).toBe(WRONG_CODES_PER_ACCOUNT);
    // And the next guess, on any challenge, from any address, is refused too.
    const next = await submitCode(ferry.app, challenges[0].cookie, anotherCode(challenges[0].code), randomIp());
    expect(next.statusCode).toBe(429);
  });

  test("a right code is not counted as a wrong one", async () => {
    const user = await createUser(ferry, "right-code");

    await signIn(ferry, user.email, user.password, { ip: user.ip });
    await signIn(ferry, user.email, user.password, { ip: user.ip });

    expect(await countHitsOf(THROTTLE_KEYS.wrongCodesAccount(user.userId))).toBe(0);
  });
});

describe("TRUST_PROXY", () => {
  test("with TRUST_PROXY=1 a forged left-most X-Forwarded-For cannot get past the per-address sign-in limit", async () => {
    const behindProxy = await buildTestApp({ TRUST_PROXY: "1" });
    try {
      const client = randomIp();
      const proxy = "127.0.0.1";
      const attempt = (forwardedFor: string) =>
        send(behindProxy.app, {
          method: "POST",
          url: "/api/auth/sign-in/email",
          ip: proxy,
          headers: { "x-forwarded-for": forwardedFor },
          payload: { email: uniqueEmail("forged-xff"), password: WRONG_PASSWORD, rememberMe: false },
        });

      const statuses: number[] = [];
      for (let index = 0; index <= SIGN_IN_PER_ADDRESS; index += 1) {
        // The client writes a new address each time; the proxy appends the one it really saw.
        statuses.push((await attempt(`${randomIp()}, ${client}`)).statusCode);
      }

      expect(countOf(statuses.slice(0, SIGN_IN_PER_ADDRESS), 401)).toBe(SIGN_IN_PER_ADDRESS);
      expect(statuses[SIGN_IN_PER_ADDRESS]).toBe(429);
      expect(await countHitsOf(THROTTLE_KEYS.signInAddress(client))).toBe(SIGN_IN_PER_ADDRESS);
      // Another client behind the same proxy is its own address, not the proxy's.
      expect((await attempt(`${randomIp()}, ${randomIp()}`)).statusCode).toBe(401);
    } finally {
      await behindProxy.close();
    }
  }, 120_000); // Dozens of password checks: CPU-bound, and slow while other files share the machine.

  test("with the proxy's address, only that proxy's X-Forwarded-For is believed", async () => {
    const behindProxy = await buildTestApp({ TRUST_PROXY: "10.254.0.1, 10.253.0.0/16" });
    try {
      // The direct client is outside 10/8, so it can never fall inside the trusted block by chance.
      const [client, forged, viaBlock] = [randomIp(), randomIp(), randomIp()];
      const direct = `203.0.113.${randomInt(1, 255)}`;
      const attempt = (ip: string, forwardedFor: string) =>
        send(behindProxy.app, {
          method: "POST",
          url: "/api/auth/sign-in/email",
          ip,
          headers: { "x-forwarded-for": forwardedFor },
          payload: { email: uniqueEmail("proxy-list"), password: WRONG_PASSWORD, rememberMe: false },
        });

      await attempt("10.254.0.1", `${forged}, ${client}`);
      await attempt("10.253.7.9", viaBlock);
      await attempt(direct, forged);

      expect(await countHitsOf(THROTTLE_KEYS.signInAddress(client))).toBe(1);
      expect(await countHitsOf(THROTTLE_KEYS.signInAddress(viaBlock))).toBe(1);
      // A client that connects directly is its socket address, whatever it writes.
      expect(await countHitsOf(THROTTLE_KEYS.signInAddress(direct))).toBe(1);
      expect(await countHitsOf(THROTTLE_KEYS.signInAddress(forged))).toBe(0);
    } finally {
      await behindProxy.close();
    }
  });

  test("TRUST_PROXY=true is refused at start, naming the setting and what to write instead", () => {
    let error: unknown;
    try {
      testConfig({ TRUST_PROXY: "true" });
    } catch (caught) {
      error = caught;
    }

    expect(error).toBeInstanceOf(ConfigError);
    expect(String((error as Error).message)).toMatch(/TRUST_PROXY: .*TRUST_PROXY=1.*TRUST_PROXY=10\.0\.0\.5/);
  });

  test("TRUST_PROXY takes a hop count or proxy addresses, and refuses anything else", () => {
    expect(testConfig({}).trustProxy).toBe(0);
    expect(testConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(0);
    expect(testConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(testConfig({ TRUST_PROXY: "10.0.0.5, 10.1.0.0/16,::1" }).trustProxy).toEqual([
      "10.0.0.5",
      "10.1.0.0/16",
      "::1",
    ]);
    for (const bad of ["yes", "-1", "10.0.0.0/33", "10.0.0.5,", "proxy.example"]) {
      expect(() => testConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe("password reset", () => {
  test("using one reset link invalidates every other outstanding link of the user", async () => {
    const user = await createUser(ferry, "reset-all");
    for (let index = 0; index < 3; index += 1) {
      const requested = await send(ferry.app, {
        method: "POST",
        url: "/api/auth/request-password-reset",
        ip: user.ip,
        payload: { email: user.email, redirectTo: "/forgot-password" },
      });
      expect(requested.statusCode).toBe(200);
    }
    // Newest first: [newer, middle, older].
    const tokens = (await mailTo(ferry.db, user.email))
      .filter((mail) => mail.subject === "Reset your password")
      .map((mail) => decodeURIComponent(/forgot-password\?token=(\S+)/.exec(mail.text_body)?.[1] ?? ""));
    expect(tokens).toHaveLength(3);
    const reset = (token: string, newPassword: string) =>
      send(ferry.app, {
        method: "POST",
        url: "/api/auth/reset-password",
        ip: user.ip,
        payload: { token, newPassword },
      });

    expect((await reset(tokens[1], "Middle#Pass2026")).statusCode).toBe(200);

    const older = await reset(tokens[2], "Older#Pass2026");
    const newer = await reset(tokens[0], "Newer#Pass2026");
    expect(statusesOf([older, newer])).toEqual([400, 400]);
    expect(older.json().error.code).toBe("invalid_token");
    expect(newer.json().error.code).toBe("invalid_token");
    const outstanding = await sql<{ count: string }>`
      SELECT count(*) FROM verification WHERE identifier LIKE 'reset-password:%' AND value = ${user.userId}`.execute(
      ferry.db,
    );
    expect(Number(outstanding.rows[0].count)).toBe(0);
    expect(
      (await submitPassword(ferry.app, { email: user.email, password: "Middle#Pass2026", ip: user.ip })).response
        .statusCode,
    ).toBe(200);
  });

  test("a reset lets the owner sign in at once although whoever had the old password burned the code limits", async () => {
    const user = await createUser(ferry, "reset-clears");
    for (let index = 0; index < CODE_SENDS_PER_ACCOUNT; index += 1) {
      const step = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: randomIp() });
      expect((await sendCode(step.cookie, randomIp())).statusCode).toBe(200);
    }
    const blocked = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: randomIp() });
    expect((await sendCode(blocked.cookie, randomIp())).statusCode).toBe(429);
    await send(ferry.app, {
      method: "POST",
      url: "/api/auth/request-password-reset",
      ip: user.ip,
      payload: { email: user.email, redirectTo: "/forgot-password" },
    });
    const resetMail = (await mailTo(ferry.db, user.email)).find((mail) => mail.subject === "Reset your password");
    const token = decodeURIComponent(/forgot-password\?token=(\S+)/.exec(resetMail?.text_body ?? "")?.[1] ?? "");

    const reset = await send(ferry.app, {
      method: "POST",
      url: "/api/auth/reset-password",
      ip: user.ip,
      payload: { token, newPassword: "Renewed#Pass2026" },
    });

    expect(reset.statusCode).toBe(200);
    const { cookie } = await signIn(ferry, user.email, "Renewed#Pass2026", { ip: user.ip });
    expect((await getMe(ferry.app, cookie, user.ip)).statusCode).toBe(200);
  });
});

describe("wrong passwords", () => {
  test("failures from one address slow only that address: the owner still signs in from theirs", async () => {
    const user = await createUser(ferry, "lockout");
    const attacker = randomIp();
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS + 1; attempt += 1) {
      const step = await submitPassword(ferry.app, { email: user.email, password: WRONG_PASSWORD, ip: attacker });
      statuses.push(step.response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

    // Even the right password is refused from the attacker's address, before it is checked…
    const fromAttacker = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: attacker });
    expect(fromAttacker.response.statusCode).toBe(429);
    expect(retryAfterOf(fromAttacker.response)).toBeGreaterThan(0);
    expect(retryAfterOf(fromAttacker.response)).toBeLessThanOrEqual(FIRST_BACKOFF_SECONDS);
    // …while the owner, from their own address, is not affected at all.
    const fromOwner = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: user.ip });
    expect(fromOwner.response.statusCode).toBe(200);
    expect(fromOwner.response.json()).toMatchObject({ twoFactorRedirect: true });
  });

  test("each further failure from the same address doubles the wait", async () => {
    const user = await createUser(ferry, "backoff");
    const attacker = randomIp();
    const pairKey = THROTTLE_KEYS.signInFailuresAccountAndAddress(user.email, attacker);
    const fail = async () =>
      (await submitPassword(ferry.app, { email: user.email, password: WRONG_PASSWORD, ip: attacker })).response;
    for (let attempt = 1; attempt <= FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS; attempt += 1) {
      expect((await fail()).statusCode).toBe(401);
    }
    const waits: number[] = [];

    for (const elapsedSeconds of [31, 61, 121]) {
      const refused = await fail();
      expect(refused.statusCode).toBe(429);
      waits.push(retryAfterOf(refused));
      await ageHits(pairKey, elapsedSeconds);
      expect((await fail()).statusCode).toBe(401);
    }

    // 30 s, then 60 s, then 120 s, each counted from the newest failure (so a slow machine may
    // report a little less, but never as little as the wait before it).
    expect(waits[0]).toBeGreaterThan(FIRST_BACKOFF_SECONDS / 2);
    expect(waits[0]).toBeLessThanOrEqual(FIRST_BACKOFF_SECONDS);
    expect(waits[1]).toBeGreaterThan(FIRST_BACKOFF_SECONDS);
    expect(waits[1]).toBeLessThanOrEqual(2 * FIRST_BACKOFF_SECONDS);
    expect(waits[2]).toBeGreaterThan(2 * FIRST_BACKOFF_SECONDS);
    expect(waits[2]).toBeLessThanOrEqual(4 * FIRST_BACKOFF_SECONDS);
  });

  test("the owner is e-mailed once per window about repeated failed sign-ins", async () => {
    const user = await createUser(ferry, "alert");
    const unknown = uniqueEmail("alert-unknown");
    const alerts = async () => (await mailTo(ferry.db, user.email)).filter((mail) => mail.subject === ALERT_SUBJECT);
    for (let attempt = 1; attempt < FAILURES_BEFORE_ALERT; attempt += 1) {
      await submitPassword(ferry.app, { email: user.email, password: WRONG_PASSWORD, ip: randomIp() });
      await submitPassword(ferry.app, { email: unknown, password: WRONG_PASSWORD, ip: randomIp() });
    }
    expect(await alerts()).toHaveLength(0);

    await submitPassword(ferry.app, { email: user.email, password: WRONG_PASSWORD, ip: randomIp() });
    await submitPassword(ferry.app, { email: unknown, password: WRONG_PASSWORD, ip: randomIp() });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await submitPassword(ferry.app, { email: user.email, password: WRONG_PASSWORD, ip: randomIp() });
    }

    const sent = await alerts();
    expect(sent).toHaveLength(1);
    expect(sent[0].text_body).toContain(`wrong password for your Ferry account ${FAILURES_BEFORE_ALERT} times`);
    expect(sent[0].text_body).toContain("http://localhost:3000/forgot-password");
    expect(await mailTo(ferry.db, unknown)).toEqual([]);
  });

  test("successful password steps never count toward the limits on failures", async () => {
    const user = await createUser(ferry, "successes");
    const statuses: number[] = [];
    // A typo first, then more right passwords than the free failures, all from the owner's address.
    await submitPassword(ferry.app, { email: user.email, password: WRONG_PASSWORD, ip: user.ip });
    for (let attempt = 1; attempt <= FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS + 2; attempt += 1) {
      const step = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: user.ip });
      statuses.push(step.response.statusCode);
    }

    expect(statuses).toEqual(Array(FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS + 2).fill(200));
    expect(await countHitsOf(THROTTLE_KEYS.signInFailuresAccountAndAddress(user.email, user.ip))).toBe(0);
    expect(await countHitsOf(THROTTLE_KEYS.signInFailuresAccount(user.email))).toBe(1);
  });
});

describe("people who sign in often", () => {
  test("right passwords from one address never use up that address's limit", async () => {
    const user = await createUser(ferry, "office");
    const office = randomIp();
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= SIGN_IN_PER_ADDRESS + 5; attempt += 1) {
      const step = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: office });
      statuses.push(step.response.statusCode);
    }

    expect(statuses).toEqual(Array(SIGN_IN_PER_ADDRESS + 5).fill(200));
    expect(await countHitsOf(THROTTLE_KEYS.signInAddress(office))).toBe(0);
  });

  test("completed sign-ins clear the account's code e-mails: an owner may sign in more often than the cap", async () => {
    const user = await createUser(ferry, "frequent");
    for (let signInCount = 1; signInCount <= CODE_SENDS_PER_ACCOUNT + 2; signInCount += 1) {
      const { response } = await signIn(ferry, user.email, user.password, { ip: user.ip });
      expect(response.statusCode).toBe(200);
    }

    expect(await signInCodeMailCount(user.email)).toBe(CODE_SENDS_PER_ACCOUNT + 2);
    expect(await countHitsOf(THROTTLE_KEYS.codeSendsAccount(user.userId))).toBe(0);
  });
});

describe("change password", () => {
  test("wrong current passwords are throttled per account: the sixth try is refused even with the right one", async () => {
    const user = await createSignedInUser(ferry, { label: "change-throttle" });
    const change = (currentPassword: string) =>
      send(ferry.app, {
        method: "POST",
        url: "/api/auth/change-password",
        ip: randomIp(),
        cookie: user.cookie,
        payload: { currentPassword, newPassword: "Changed#Pass2026" },
      });
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= WRONG_CURRENT_PASSWORDS; attempt += 1) {
      statuses.push((await change(WRONG_PASSWORD)).statusCode);
    }

    const sixth = await change(user.password);

    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe("rate_limited");
    const step = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: user.ip });
    expect(step.response.statusCode).toBe(200);
  });

  test("a successful change is not counted as a wrong one", async () => {
    const user = await createSignedInUser(ferry, { label: "change-ok" });

    const changed = await send(ferry.app, {
      method: "POST",
      url: "/api/auth/change-password",
      ip: user.ip,
      cookie: user.cookie,
      payload: { currentPassword: user.password, newPassword: "Changed#Pass2026" },
    });

    expect(changed.statusCode).toBe(200);
    expect(await countHitsOf(THROTTLE_KEYS.wrongCurrentPasswordsAccount(user.userId))).toBe(0);
  });
});

describe("sign-up with an existing address", () => {
  test("mails the owner at most once an hour and answers exactly as for a new address", async () => {
    const email = uniqueEmail("existing");
    const first = await signUp(ferry.app, email, GOOD_PASSWORD, randomIp());
    const repeats: LightMyRequestResponse[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      repeats.push(await signUp(ferry.app, email, "Another#Pass99", randomIp()));
    }
    const existingMails = async () =>
      (await mailTo(ferry.db, email)).filter((mail) => mail.subject === EXISTING_ACCOUNT_SUBJECT);

    expect(first.statusCode).toBe(200);
    for (const repeat of repeats) {
      expect(repeat.statusCode).toBe(first.statusCode);
      expect(repeat.body).toBe(first.body);
    }
    expect(await existingMails()).toHaveLength(1);

    // An hour later the owner hears about it again.
    await ageHits(THROTTLE_KEYS.existingAccountMail(email), 60 * 60 + 1);
    await signUp(ferry.app, email, "Another#Pass99", randomIp());
    expect(await existingMails()).toHaveLength(2);
  });
});

describe("banned users' sessions", () => {
  test("get-session answers signed out for a banned user's surviving session", async () => {
    const user = await createSessionUser(ferry, { label: "banned-get-session" });
    const getSession = () =>
      send(ferry.app, { method: "GET", url: "/api/auth/get-session", ip: user.ip, cookie: user.cookie });
    const before = await getSession();
    expect(before.statusCode).toBe(200);
    expect(before.json().user.id).toBe(user.userId);

    // A session row that outlived the ban (bans delete sessions; this one is left on purpose).
    await ferry.db.updateTable("user").set({ banned: true }).where("id", "=", user.userId).execute();

    const after = await getSession();
    expect(after.statusCode).toBe(200);
    expect(after.json()).toBeNull();
    expect((await getMe(ferry.app, user.cookie, user.ip)).statusCode).toBe(401);
  });

  test("a ban whose expiry has passed no longer signs the user out, on get-session and /api/v1 alike", async () => {
    const user = await createSessionUser(ferry, { label: "expired-ban" });
    await ferry.db
      .updateTable("user")
      .set({ banned: true, banExpires: new Date(Date.now() - 60_000) })
      .where("id", "=", user.userId)
      .execute();

    const session = await send(ferry.app, {
      method: "GET",
      url: "/api/auth/get-session",
      ip: user.ip,
      cookie: user.cookie,
    });

    expect(session.json()?.user?.id).toBe(user.userId);
    expect((await getMe(ferry.app, user.cookie, user.ip)).statusCode).toBe(200);
  });
});
