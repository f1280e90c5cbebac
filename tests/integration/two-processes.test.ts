// Several Ferry processes on one database behave as one (issue 32): what a limit counts is kept in
// PostgreSQL, so requests spread across processes by a load balancer share it, and scheduled work is
// pg-boss's, which hands each job to one process. (Sessions: see session-read.test.ts; live updates:
// live-updates.test.ts; both use two apps the same way.)
import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase } from "../../apps/server/src/db/database.ts";
import { createJobRunner } from "../../apps/server/src/jobs/runner.ts";
import { buildTestApp, createIsolatedDatabase, createSessionUser, fundWallet, send, type TestApp } from "./helpers.ts";

/** A logger that drops everything: the runners' own lines are not what this test reads. */
const SILENT_LOG = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

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

  test("a job both processes schedule at start runs once", async () => {
    const url = await createIsolatedDatabase("two_jobs");
    const first = openDatabase(url, 4);
    const handles = [first, openDatabase(url, 4)];
    let runs = 0;
    const job = {
      name: "catch-up-once",
      isRunAtStart: true,
      pollingIntervalSeconds: 1,
      run: async () => {
        runs += 1;
        return {};
      },
    };
    const runners = handles.map((handle) => createJobRunner({ pool: handle.pool, log: SILENT_LOG, jobs: [job] }));
    try {
      await Promise.all(runners.map((runner) => runner.start({ isWorking: true })));
      const jobsOf = async () =>
        (
          await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE name = ${job.name}`.execute(
            handles[0]?.db as never,
          )
        ).rows;
      // Both queued it; pg-boss kept one, and one process runs it.
      const deadline = Date.now() + 20_000;
      while ((await jobsOf()).some((row) => row.state !== "completed") && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await jobsOf()).toEqual([{ state: "completed" }]);
      expect(runs).toBe(1);
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
      await Promise.all(handles.map((handle) => handle.close()));
    }
  }, 40_000);
});
