import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, createUser, randomIp, submitPassword, type TestApp, uniqueEmail } from "./helpers.ts";

// Limits of modules/auth/routes.ts on POST /api/auth/sign-in/email, both over 15 minutes.
const SIGN_IN_LIMIT_PER_ACCOUNT = 10;
const SIGN_IN_LIMIT_PER_IP = 30;
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
  test("after 10 attempts on one account from different addresses, the next is refused with 429 and Retry-After", async () => {
    const user = await createUser(ferry, "account-limit");
    for (let attempt = 1; attempt <= SIGN_IN_LIMIT_PER_ACCOUNT; attempt += 1) {
      const step = await submitPassword(ferry.app, { email: user.email, password: "Wrong#Pass2026", ip: randomIp() });
      expect(step.response.statusCode, `attempt ${attempt}`).toBe(401);
    }

    // Even the right password, from a fresh address, is refused while the account is limited.
    const limited = await submitPassword(ferry.app, { email: user.email, password: user.password, ip: randomIp() });

    expectRateLimited(limited.response);
    expect(limited.cookie).not.toMatch(/two_factor=/);
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

  // throttle.ts counts the hits in one query and records them in another, outside a transaction
  // or lock, so simultaneous requests all see the same count and all pass.
  test("simultaneous attempts on one account are counted too: at most 10 of 20 reach the password check", async () => {
    const user = await createUser(ferry, "burst");

    const steps = await Promise.all(
      Array.from({ length: 20 }, () =>
        submitPassword(ferry.app, { email: user.email, password: "Wrong#Pass2026", ip: randomIp() }),
      ),
    );

    const statuses = steps.map((step) => step.response.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(SIGN_IN_LIMIT_PER_ACCOUNT);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20 - SIGN_IN_LIMIT_PER_ACCOUNT);
  });
});
