// The database going away is survived (issue 7, item 4): PostgreSQL cutting every connection or
// stopping under traffic never ends the process, the API answers 503 `unavailable` meanwhile, health
// says so, and everything (pool, mail delivery on pg-boss) recovers by itself when PostgreSQL returns.
// This file runs its own throwaway cluster, because it stops it.
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { LightMyRequestResponse } from "fastify";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase } from "../../apps/server/src/db/database.ts";
import { type EmbeddedDatabase, startEmbeddedDatabase } from "../../apps/server/src/db/embedded.ts";
import { findFreePort } from "../../apps/server/src/db/free-port.ts";
import { migrate } from "../../apps/server/src/db/migrate.ts";
import { MAIL_DELIVERY_JOB } from "../../apps/server/src/jobs/mail-delivery.ts";
import { enqueueMail } from "../../apps/server/src/modules/mail/service.ts";
import {
  buildTestApp,
  createSessionUser,
  fundWallet,
  issueCode,
  type SessionUser,
  send,
  type TestApp,
  uniqueEmail,
} from "./helpers.ts";

const DATABASE_NAME = "ferry_outage";
/** Generous: on a busy 2-core machine a cluster start or a reconnect can take a few seconds. */
const RECOVERY_TIMEOUT_MS = 45_000;

/** An SMTP server that only counts what it is given, so mail delivery has somewhere to deliver. */
async function startSmtpServer(): Promise<{ server: SMTPServer; port: number; recipients: string[] }> {
  const recipients: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        recipients.push(...session.envelope.rcptTo.map((recipient) => recipient.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.server.address() as AddressInfo).port, recipients };
}

/** Polls `check` until it returns true, or fails with `what` after `timeoutMs`. */
async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = RECOVERY_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) {
      return;
    }
    await sleep(100);
  }
  throw new Error(`Timed out waiting until ${what}`);
}

interface TrafficResult {
  readonly statuses: Map<number, number>;
  /** Every answer that was neither a success nor the 503 `unavailable` error shape. */
  readonly unexpected: string[];
  readonly unavailable: LightMyRequestResponse[];
}

/**
 * Streams reads and Ferry-user transfers from `lanes` concurrent clients until `stop` resolves.
 * Each transfer gets a fresh code and Idempotency-Key; codes are issued straight into the database,
 * so while it is down that step fails and the lane simply tries again.
 */
async function streamTraffic(
  ferry: TestApp,
  sender: SessionUser,
  recipient: SessionUser,
  lanes: number,
  stop: Promise<void>,
): Promise<TrafficResult> {
  const result: TrafficResult = { statuses: new Map(), unexpected: [], unavailable: [] };
  let isStopped = false;
  void stop.then(() => {
    isStopped = true;
  });
  function record(response: LightMyRequestResponse): void {
    result.statuses.set(response.statusCode, (result.statuses.get(response.statusCode) ?? 0) + 1);
    if (response.statusCode < 300) {
      return;
    }
    if (response.statusCode === 503) {
      result.unavailable.push(response);
      return;
    }
    result.unexpected.push(`${response.statusCode} ${response.body}`);
  }
  let sequence = 0;
  async function lane(index: number): Promise<void> {
    while (!isStopped) {
      record(await send(ferry.app, { method: "GET", url: "/api/v1/balances", ip: sender.ip, cookie: sender.cookie }));
      sequence += 1;
      const amountMinor = BigInt(index * 100_000 + sequence);
      const code = await issueCode(ferry, {
        userId: sender.userId,
        recipientKey: `user:${recipient.userId}`,
        amountMinor,
        currency: "USD",
      }).catch(() => null);
      if (code === null) {
        await sleep(20);
        continue;
      }
      record(
        await send(ferry.app, {
          method: "POST",
          url: "/api/v1/transfers",
          ip: sender.ip,
          cookie: sender.cookie,
          headers: { "idempotency-key": `outage-${index}-${sequence}-${amountMinor}` },
          payload: {
            target: { method: "ferry_user", recipientEmail: recipient.email },
            amount: (Number(amountMinor) / 100).toFixed(2),
            currency: "USD",
            code,
          },
        }),
      );
    }
  }
  await Promise.all(Array.from({ length: lanes }, (_, index) => lane(index + 1)));
  return result;
}

function expectUnavailableShape(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(503);
  expect(response.headers["retry-after"]).toMatch(/^\d+$/);
  const body = response.json() as { error: { code: string; message: string } };
  expect(body.error.code).toBe("unavailable");
  expect(body.error.message.length).toBeGreaterThan(0);
}

describe("PostgreSQL going away under traffic", () => {
  let dataDir: string;
  let port: number;
  let cluster: EmbeddedDatabase;
  let ferry: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let sender: SessionUser;
  let recipient: SessionUser;
  const processErrors: unknown[] = [];
  const onProcessError = (error: unknown) => processErrors.push(error);

  async function startCluster(): Promise<EmbeddedDatabase> {
    return startEmbeddedDatabase({ dataDir, port, databaseName: DATABASE_NAME, isThrowaway: true });
  }

  /** A message queued now reaches the SMTP server: the outbox, its delivery job and pg-boss all work. */
  async function expectMailDelivered(): Promise<void> {
    const to = uniqueEmail("outage-mail");
    await enqueueMail(ferry.db, { to, subject: "After the outage", text: "Still here.", html: "<p>Still here.</p>" });
    await waitUntil("a queued mail is delivered", async () => {
      await ferry.jobs.drain(MAIL_DELIVERY_JOB);
      return smtp.recipients.includes(to);
    });
  }

  beforeAll(async () => {
    process.on("uncaughtException", onProcessError);
    process.on("unhandledRejection", onProcessError);
    dataDir = await mkdtemp(path.join(os.tmpdir(), "ferry-outage-"));
    port = await findFreePort();
    cluster = await startCluster();
    const setup = openDatabase(cluster.url, 1);
    try {
      await migrate(setup.pool);
    } finally {
      await setup.close();
    }
    smtp = await startSmtpServer();
    ferry = await buildTestApp(
      { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
      { databaseUrl: cluster.url, maxConnections: 6 },
    );
    sender = await createSessionUser(ferry, { label: "outage-sender" });
    recipient = await createSessionUser(ferry, { label: "outage-recipient" });
    await fundWallet(ferry.db, sender.userId, "USD", 1_000_000_000n);
  });

  afterAll(async () => {
    await ferry?.close();
    await cluster?.stop();
    await new Promise<void>((resolve) => (smtp ? smtp.server.close(() => resolve()) : resolve()));
    if (dataDir) {
      await rm(dataDir, { recursive: true, force: true });
    }
    process.off("uncaughtException", onProcessError);
    process.off("unhandledRejection", onProcessError);
  });

  test("every connection terminated mid-traffic: no crash, no 500, and mail is still delivered", async () => {
    let endTraffic = () => {};
    const trafficDone = new Promise<void>((resolve) => {
      endTraffic = resolve;
    });
    const traffic = streamTraffic(ferry, sender, recipient, 3, trafficDone);
    const admin = new pg.Client({ connectionString: cluster.url.replace(`/${DATABASE_NAME}`, "/postgres") });
    admin.on("error", () => {});
    await admin.connect();
    let terminated = 0;
    try {
      for (let round = 0; round < 3; round += 1) {
        await sleep(400);
        const killed = await admin.query(
          "SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1",
          [DATABASE_NAME],
        );
        terminated += killed.rows[0].n as number;
      }
      await sleep(400);
    } finally {
      await admin.end();
      endTraffic();
    }
    const result = await traffic;

    expect(terminated).toBeGreaterThan(0);
    expect(processErrors).toEqual([]);
    expect(result.unexpected).toEqual([]);
    for (const response of result.unavailable) {
      expectUnavailableShape(response);
    }
    await expectMailDelivered();
    const balances = await send(ferry.app, {
      method: "GET",
      url: "/api/v1/balances",
      ip: sender.ip,
      cookie: sender.cookie,
    });
    expect(balances.statusCode).toBe(200);
  }, 90_000);

  test("PostgreSQL stopped mid-traffic: 503 unavailable and an unhealthy health check, then recovery when it returns", async () => {
    let endTraffic = () => {};
    const trafficDone = new Promise<void>((resolve) => {
      endTraffic = resolve;
    });
    const traffic = streamTraffic(ferry, sender, recipient, 3, trafficDone);
    await sleep(500);
    await cluster.stop();

    // While it is gone: every database-backed request is a retryable 503, and health says so.
    const balances = await send(ferry.app, {
      method: "GET",
      url: "/api/v1/balances",
      ip: sender.ip,
      cookie: sender.cookie,
    });
    expectUnavailableShape(balances);
    // Better Auth's own endpoints too: its session lookup fails, and Ferry answers 503, not its 500.
    const session = await send(ferry.app, {
      method: "GET",
      url: "/api/auth/get-session",
      ip: sender.ip,
      cookie: sender.cookie,
    });
    expectUnavailableShape(session);
    const health = await ferry.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: "unavailable" });
    await sleep(1_000);
    endTraffic();
    const during = await traffic;
    expect(processErrors).toEqual([]);
    expect(during.unexpected).toEqual([]);
    expect(during.unavailable.length).toBeGreaterThan(0);
    for (const response of during.unavailable) {
      expectUnavailableShape(response);
    }

    // It returns: the same app, untouched, answers again by itself.
    cluster = await startCluster();
    await waitUntil("health is ok again", async () => {
      const response = await ferry.app.inject({ method: "GET", url: "/api/health" });
      return response.statusCode === 200;
    });
    expect((await ferry.app.inject({ method: "GET", url: "/api/health" })).json()).toMatchObject({ status: "ok" });
    let recovered: LightMyRequestResponse | null = null;
    await waitUntil("the API answers 200 again", async () => {
      recovered = await send(ferry.app, {
        method: "GET",
        url: "/api/v1/balances",
        ip: sender.ip,
        cookie: sender.cookie,
      });
      return recovered.statusCode === 200;
    });
    const code = await issueCode(ferry, {
      userId: sender.userId,
      recipientKey: `user:${recipient.userId}`,
      amountMinor: 4242n,
      currency: "USD",
    });
    const transfer = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/transfers",
      ip: sender.ip,
      cookie: sender.cookie,
      headers: { "idempotency-key": "outage-after-recovery" },
      payload: {
        target: { method: "ferry_user", recipientEmail: recipient.email },
        amount: "42.42",
        currency: "USD",
        code,
      },
    });
    expect(transfer.statusCode, transfer.body).toBe(201);
    await expectMailDelivered();
    expect(processErrors).toEqual([]);
  }, 90_000);
});
