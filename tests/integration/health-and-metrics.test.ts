// Health probes, Prometheus metrics and graceful shutdown (issue 32, decision 057): readiness fails while
// the process stops, /metrics counts what happened in this app (its own registry), is guarded by
// METRICS_TOKEN and off in production without it, and closing the app answers every transfer it accepted.
import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { buildApp } from "../../apps/server/src/app.ts";
import { loadConfig } from "../../apps/server/src/config.ts";
import { openDatabase } from "../../apps/server/src/db/database.ts";
import { reconcileLedger } from "../../apps/server/src/modules/ledger/reconcile.ts";
import {
  buildTestApp,
  createSessionUser,
  fundWallet,
  issueCode,
  productionSettings,
  randomIp,
  type SessionUser,
  send,
  sendUsdToFerryUser,
  type TestApp,
  testConfig,
} from "./helpers.ts";

let ferry: TestApp;
let payee: SessionUser;

beforeAll(async () => {
  ferry = await buildTestApp();
  payee = await createSessionUser(ferry, { label: "metrics-payee" });
});

afterAll(async () => {
  await ferry?.close();
});

/** A sender holding USD 100.00 in `app`. */
async function fundedSender(app: TestApp, label: string): Promise<SessionUser> {
  const user = await createSessionUser(app, { label });
  await fundWallet(app.db, user.userId, "USD", 100_00n);
  return user;
}

/** A USD transfer to the payee with a code issued for it (or `code` instead), under `key`. */
async function transfer(
  app: TestApp,
  from: SessionUser,
  options: { amount?: string; code?: string; key?: string } = {},
): Promise<LightMyRequestResponse> {
  return sendUsdToFerryUser(app, from, payee, options.amount ?? "1.00", options);
}

/** The value of the one sample of `/metrics` text whose line starts with `series`. */
function sampleOf(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function readMetrics(app: TestApp, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return send(app.app, { method: "GET", url: "/metrics", ip: randomIp(), headers });
}

describe("health probes", () => {
  test("live and ready answer 200 while the database answers and every migration is applied", async () => {
    const live = await send(ferry.app, { method: "GET", url: "/health/live", ip: randomIp() });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: "ok" });
    const ready = await send(ferry.app, { method: "GET", url: "/health/ready", ip: randomIp() });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", process: "ok" },
      failed: [],
    });
  });
});

describe("metrics", () => {
  test("count requests by route pattern, transfers by outcome and batch sizes, in this app only", async () => {
    const sender = await fundedSender(ferry, "metrics-sender");
    const made = await transfer(ferry, sender);
    expect(made.statusCode, made.body).toBe(201);
    const transferId = (made.json() as { id: string }).id;
    const issued = await issueCode(ferry, {
      userId: sender.userId,
      recipientKey: `user:${payee.userId}`,
      amountMinor: 2_00n,
      currency: "USD",
    });
    const wrong = await transfer(ferry, sender, { amount: "2.00", code: issued === "999999" ? "111111" : "999999" });
    expect(wrong.statusCode, wrong.body).toBe(422);
    const read = await send(ferry.app, {
      method: "GET",
      url: `/api/v1/transfers/${transferId}`,
      ip: sender.ip,
      cookie: sender.cookie,
    });
    expect(read.statusCode, read.body).toBe(200);

    const response = await readMetrics(ferry);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(sampleOf(text, 'ferry_transfers_total{outcome="created"}')).toBe(1);
    expect(sampleOf(text, 'ferry_transfers_total{outcome="wrong_code"}')).toBe(1);
    // Sent one after the other: two batches of one.
    expect(sampleOf(text, "ferry_transfer_batch_size_count")).toBe(2);
    expect(sampleOf(text, "ferry_transfer_batch_size_sum")).toBe(2);
    expect(
      sampleOf(text, 'http_request_duration_seconds_count{method="POST",route="/api/v1/transfers",status_code="201"}'),
    ).toBe(1);
    // The route's pattern, never the URL with the transfer's id.
    expect(
      sampleOf(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/v1/transfers/:transferId",status_code="200"}',
      ),
    ).toBe(1);
    expect(text).not.toContain(transferId);
    expect(sampleOf(text, 'ferry_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(sampleOf(text, "ferry_ledger_reconciled")).toBe(1);
    expect(sampleOf(text, "ferry_ledger_reconciled_timestamp_seconds")).toBeGreaterThan(0);
    expect(sampleOf(text, "ferry_live_streams")).toBe(0);
    expect(text).toContain("process_cpu_seconds_total");
  });

  test("ask for the token when METRICS_TOKEN is set", async () => {
    const token = `metrics-${randomUUID()}`;
    const guarded = await buildTestApp({ METRICS_TOKEN: token });
    try {
      const anonymous = await readMetrics(guarded);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ error: { code: "unauthenticated" } });
      const wrong = await readMetrics(guarded, { authorization: `Bearer ${token}x` });
      expect(wrong.statusCode).toBe(401);
      const right = await readMetrics(guarded, { authorization: `Bearer ${token}` });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain("# TYPE http_request_duration_seconds histogram");
    } finally {
      await guarded.close();
    }
  });

  test("are off (404, not the web app) in production without METRICS_TOKEN", async () => {
    const production = loadConfig(productionSettings());
    expect(production.metricsAccess).toEqual({ kind: "disabled" });
    // The production setting on the test configuration: no SMTP, no scheduled jobs on the shared database.
    const database = openDatabase(inject("databaseUrl"), 2);
    const { app } = await buildApp({
      config: { ...testConfig(), metricsAccess: production.metricsAccess },
      db: database.db,
      pool: database.pool,
    });
    try {
      const response = await app.inject({ method: "GET", url: "/metrics" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: "not_found" } });
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe("graceful shutdown", () => {
  test("readiness fails at once, and closing answers every transfer it accepted before the pool closes", async () => {
    const stopping = await buildTestApp({}, { maxConnections: 3 });
    const senders = await Promise.all(Array.from({ length: 8 }, (_, index) => fundedSender(stopping, `stop-${index}`)));
    const codes = await Promise.all(
      senders.map((sender) =>
        issueCode(stopping, {
          userId: sender.userId,
          recipientKey: `user:${payee.userId}`,
          amountMinor: 3_00n,
          currency: "USD",
        }),
      ),
    );

    stopping.app.shutdown.begin();
    const ready = await send(stopping.app, { method: "GET", url: "/health/ready", ip: randomIp() });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers["retry-after"]).toBeDefined();
    expect(ready.json()).toMatchObject({ status: "unavailable", failed: ["process"] });

    const keys = senders.map(() => `stop-${randomUUID()}`);
    const answers = senders.map((sender, index) =>
      transfer(stopping, sender, { amount: "3.00", code: codes[index], key: keys[index] }),
    );
    // Every request has reached the app (its onRequest hook) before closing begins.
    while (stopping.app.shutdown.inFlight().length < senders.length) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    // Closes the app, then its pool: nothing in flight may be left needing a connection.
    await stopping.close();

    for (const answer of await Promise.all(answers)) {
      expect(answer.statusCode, answer.body).toBe(201);
    }
    const made = await ferry.db
      .selectFrom("transfers")
      .select(["idempotency_key", "status"])
      .where("idempotency_key", "in", keys)
      .execute();
    expect(made.map((row) => row.idempotency_key).sort()).toEqual([...keys].sort());
    const report = await reconcileLedger(ferry.db);
    expect(report.violations).toEqual([]);
  });
});

describe("graceful shutdown of a listening server", () => {
  test("closing ends the open live streams, which /metrics counted until then", async () => {
    const served = await buildTestApp();
    const baseUrl = await served.app.listen({ port: 0, host: "127.0.0.1" });
    const user = await createSessionUser(served, { label: "stream-at-close" });
    const response = await fetch(`${baseUrl}/api/v1/events`, { headers: { cookie: user.cookie } });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let received = decoder.decode((await reader.read()).value);
    let openStreams: number | undefined;
    for (let attempt = 0; attempt < 100 && openStreams !== 1; attempt += 1) {
      openStreams = sampleOf((await readMetrics(served)).body, "ferry_live_streams");
      if (openStreams !== 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    expect(openStreams).toBe(1);

    // Resolves only once every connection has ended: the stream's included.
    await served.close();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      received += decoder.decode(chunk.value);
    }
    expect(received).toMatch(/retry: \d+/);
  });
});
