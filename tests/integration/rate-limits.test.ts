import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, createUser, randomIp, submitPassword, type TestApp, uniqueEmail } from "./helpers.ts";

// Limits of modules/auth/limits.ts on POST /api/auth/sign-in/email: every attempt from one address
// (30 in 15 minutes), and wrong passwords for one account from one address (5 free in an hour, then
// a wait of 30 s that doubles with each further failure). See docs/decisions/010-sign-in-throttling.md.
const SIGN_IN_LIMIT_PER_IP = 30;
const FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
const FIRST_BACKOFF_SECONDS = 30;
const WINDOW_SECONDS = 15 * 60;

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp();
});

afterAll(async () => {
  await ferry?.close();
});

function expectRateLimited(response: Awaited<ReturnType<typeof submitPassword>>["response"]): void {
  expect(response.statusCode).toBe(429);
  expect(response.json().error.code).toBe("rate_limited");
  const retryAfterSeconds = Number(response.headers["retry-after"]);
  expect(retryAfterSeconds).toBeGreaterThanOrEqual(1);
  expect(retryAfterSeconds).toBeLessThanOrEqual(WINDOW_SECONDS);
}

describe("sign-in rate limits", () => {
  test("after 5 wrong passwords for one account from one address, that address waits, even with the right password", async () => {
    const user = await createUser(ferry, "account-limit");
    const attacker = randomIp();
    for (let attempt = 1; attempt <= FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS; attempt += 1) {
      const step = await submitPassword(ferry.app, { email: user.email, password: "Wrong#Pass2026", ip: attacker });
      expect(step.response.statusCode, `attempt ${attempt}`).toBe(401);
    }

    const limited = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: attacker });

    expectRateLimited(limited.response);
    expect(Number(limited.response.headers["retry-after"])).toBeLessThanOrEqual(FIRST_BACKOFF_SECONDS);
    expect(limited.cookie).not.toMatch(/two_factor=/);
  });

  // Ten wrong passwords from anywhere used to lock the account for 15 minutes: anyone could lock the owner out.
  test("10 wrong passwords for one account from 10 addresses do not lock the owner out", async () => {
    const user = await createUser(ferry, "no-lockout");
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const step = await submitPassword(ferry.app, { email: user.email, password: "Wrong#Pass2026", ip: randomIp() });
      expect(step.response.statusCode, `attempt ${attempt}`).toBe(401);
    }

    const owner = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: user.ip });

    expect(owner.response.statusCode).toBe(200);
    expect(owner.cookie).toMatch(/two_factor=/);
  });

  test("after 30 attempts from one address, the next is refused with 429 and Retry-After", async () => {
    const ip = randomIp();
    for (let attempt = 1; attempt <= SIGN_IN_LIMIT_PER_IP; attempt += 1) {
      const step = await submitPassword(ferry.app, { email: uniqueEmail("ip-limit"), password: "Wrong#Pass2026", ip });
      expect(step.response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const user = await createUser(ferry, "ip-limit-victim");

    const limited = await submitPassword(ferry.app, { email: user.email, password: user.password, ip });

    expectRateLimited(limited.response);
    // Another address is not affected.
    const elsewhere = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: randomIp() });
    expect(elsewhere.response.statusCode).toBe(200);
  });

  // throttle.ts counts and records under an advisory lock per key, and a wrong password's hit is
  // recorded before the password is checked, so simultaneous requests cannot all see the same count.
  test("simultaneous wrong passwords for one account from one address are counted too: only 5 of 20 reach the password check", async () => {
    const user = await createUser(ferry, "burst");
    const attacker = randomIp();

    const steps = await Promise.all(
      Array.from({ length: 20 }, () =>
        submitPassword(ferry.app, { email: user.email, password: "Wrong#Pass2026", ip: attacker }),
      ),
    );

    const statuses = steps.map((step) => step.response.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBe(FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS);
    expect(statuses.filter((status) => status === 429).length).toBe(20 - FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS);
  });
});
