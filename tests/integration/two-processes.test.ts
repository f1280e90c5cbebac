// Several Ferry processes on one database behave as one (issue 32): what a limit counts is kept in
// PostgreSQL, so requests spread across processes by a load balancer share it. (Sessions: see
// session-read.test.ts; live updates: live-updates.test.ts; both use two apps the same way.)
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, createSessionUser, fundWallet, send, type TestApp } from "./helpers.ts";

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  [a, b] = await Promise.all([buildTestApp(), buildTestApp()]);
});

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

describe("two processes on one database", () => {
  test("share a rate limit: 10 transfer codes per 15 minutes, however the requests are spread", async () => {
    const [user, payee] = await Promise.all([
      createSessionUser(a, { label: "two-limit" }),
      createSessionUser(a, { label: "two-limit-payee" }),
    ]);
    await fundWallet(a.db, user.userId, "USD", 100_00n);
    const details = { target: { method: "ferry_user", recipientEmail: payee.email }, amount: "1.00", currency: "USD" };
    const ask = (app: TestApp) =>
      send(app.app, {
        method: "POST",
        url: "/api/v1/transfers/verification-code",
        ip: user.ip,
        cookie: user.cookie,
        payload: details,
      });
    // Ten codes, alternating between the processes, are all sent.
    for (let index = 0; index < 10; index += 1) {
      const response = await ask(index % 2 === 0 ? a : b);
      expect(response.statusCode, response.body).toBe(200);
    }
    // The eleventh is refused by either process, with when to try again.
    for (const app of [a, b]) {
      const refused = await ask(app);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
  });
});
