import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { MAX_WEBHOOK_ENDPOINTS_PER_APP, type WebhookEventType } from "@ferry/core/contracts/connect";
import { sql } from "kysely";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { WEBHOOK_DELIVERY_JOB } from "../../apps/server/src/jobs/webhook-delivery.ts";
import { creditDeposit } from "../../apps/server/src/modules/deposits/service.ts";
import { payDueReturns } from "../../apps/server/src/modules/investments/returns.ts";
import { fundYieldReserve } from "../../apps/server/src/modules/investments/service.ts";
import { MAX_WEBHOOK_ATTEMPTS, RETRY_DELAYS_SECONDS } from "../../apps/server/src/modules/webhooks/attempts.ts";
import {
  type AttemptRecord,
  claimDueDeliveries,
  recordAttempt,
} from "../../apps/server/src/modules/webhooks/service.ts";
import {
  buildTestApp,
  createIsolatedDatabase,
  createSessionUser,
  fundWallet,
  issueCode,
  type SessionUser,
  send,
  type TestApp,
} from "./helpers.ts";
import { buildAppWithClock, invest, ManualClock } from "./money-helpers-investments.ts";

/*
 * Issue 28: webhooks as Standard Webhooks describes them, against a real local HTTP receiver: signed
 * so the standardwebhooks package verifies them, retried with one webhook-id, 410 disabling the
 * endpoint, Retry-After honoured, redirects not followed, the address checked again on every attempt,
 * and events written in the money change's own transaction. An isolated database: the delivery job
 * delivers every due webhook it finds.
 */

let ferry: TestApp;
let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await createIsolatedDatabase("webhooks");
  ferry = await buildTestApp({}, { databaseUrl });
});

afterAll(async () => {
  await ferry?.close();
});

interface Received {
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

/** A local receiver answering with the statuses it is given in turn (then 200), recording every request. */
interface Receiver {
  readonly url: string;
  readonly received: Received[];
  answers: { status: number; headers?: Record<string, string> }[];
  close(): Promise<void>;
}

const receivers: Receiver[] = [];

async function startReceiver(answers: Receiver["answers"] = []): Promise<Receiver> {
  const received: Received[] = [];
  const receiver: Receiver = { url: "", received, answers, close: async () => {} };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const answer = receiver.answers.shift() ?? { status: 200 };
      response.writeHead(answer.status, answer.headers ?? {});
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hooks`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
  receivers.push(receiver);
  return receiver;
}

afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

/** A connected app of the user's, written as modules/api-keys keeps one (its secret is not needed here). */
async function insertCredential(userId: string): Promise<string> {
  const row = await ferry.db
    .insertInto("api_credentials")
    .values({
      user_id: userId,
      app_id: `app_${randomBytes(6).toString("base64url").replace(/[-_]/g, "a").slice(0, 8)}`,
      name: "Test app",
      scopes: ["webhooks:write"],
      secret_hash: randomBytes(32).toString("hex"),
      secret_last4: "abcd",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function createEndpoint(
  user: SessionUser,
  body: { credentialId?: string; url: string; events: WebhookEventType[] },
) {
  return send(ferry.app, {
    method: "POST",
    url: "/api/v1/webhook-endpoints",
    ip: user.ip,
    cookie: user.cookie,
    payload: body,
  });
}

/** A user with a connected app and an endpoint on `receiver` for `events`; returns its id and secret. */
async function userWithEndpoint(receiver: Receiver, events: WebhookEventType[] = ["deposit.credited"]) {
  const user = await createSessionUser(ferry, { label: "webhooks" });
  const credentialId = await insertCredential(user.userId);
  const response = await createEndpoint(user, { credentialId, url: receiver.url, events });
  expect(response.statusCode, response.body).toBe(201);
  const endpoint = response.json() as { id: string; secret: string; secretLast4: string };
  return { user, credentialId, endpoint };
}

async function deliverOnce(): Promise<void> {
  await ferry.jobs.runNow(WEBHOOK_DELIVERY_JOB, { once: true });
}

/** Makes every waiting delivery due now: the retry schedule's minutes pass without sleeping through them. */
async function makeRetriesDue(): Promise<void> {
  await sql`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE status IN ('pending', 'retrying')`.execute(
    ferry.db,
  );
}

async function deliveriesOf(endpointId: string) {
  return ferry.db
    .selectFrom("webhook_deliveries")
    .selectAll()
    .select(sql<number>`EXTRACT(EPOCH FROM next_attempt_at - now())::float8`.as("due_in_seconds"))
    .where("endpoint_id", "=", endpointId)
    .execute();
}

function verified(secret: string, request: Received) {
  const headers = {
    "webhook-id": String(request.headers["webhook-id"]),
    "webhook-timestamp": String(request.headers["webhook-timestamp"]),
    "webhook-signature": String(request.headers["webhook-signature"]),
  };
  return new Webhook(secret).verify(request.body, headers) as { type: string; data: Record<string, unknown> };
}

describe("delivering events", () => {
  test("a deposit is delivered signed, and standardwebhooks verifies it with the secret shown once", async () => {
    const receiver = await startReceiver();
    const { user, endpoint } = await userWithEndpoint(receiver);
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(endpoint.secretLast4).toBe(endpoint.secret.slice(-4));

    await fundWallet(ferry.db, user.userId, "USD", 1_250n);
    await deliverOnce();

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request.headers["content-type"]).toBe("application/json");
    expect(String(request.headers["webhook-id"])).toMatch(/^msg_/);
    const payload = verified(endpoint.secret, request);
    expect(payload.type).toBe("deposit.credited");
    expect(payload.data).toMatchObject({ amount: "12.50", currency: "USD" });
    expect(() => verified(`whsec_${randomBytes(24).toString("base64")}`, request)).toThrow();

    const stored = await ferry.db.selectFrom("webhook_endpoints").selectAll().where("id", "=", endpoint.id).execute();
    expect(JSON.stringify(stored)).not.toContain(endpoint.secret.slice("whsec_".length));
    const listed = await send(ferry.app, {
      method: "GET",
      url: "/api/v1/webhook-endpoints",
      ip: user.ip,
      cookie: user.cookie,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(endpoint.secret);
    expect(listed.json().items).toEqual([expect.objectContaining({ id: endpoint.id, isEnabled: true })]);
  });

  test("a Ferry transfer reaches the sender and the payee, each with its direction, and a status change follows", async () => {
    const receiver = await startReceiver();
    const events: WebhookEventType[] = ["transfer.created", "transfer.status_changed"];
    const sender = await userWithEndpoint(receiver, events);
    const payee = await userWithEndpoint(receiver, events);
    await fundWallet(ferry.db, sender.user.userId, "USD", 10_000n);
    const code = await issueCode(ferry, {
      userId: sender.user.userId,
      recipientKey: `user:${payee.user.userId}`,
      amountMinor: 2_500n,
      currency: "USD",
    });
    const created = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/transfers",
      ip: sender.user.ip,
      cookie: sender.user.cookie,
      headers: { "idempotency-key": randomUUID() },
      payload: {
        target: { method: "ferry_user", recipientEmail: payee.user.email },
        amount: "25.00",
        currency: "USD",
        code,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const admin = await createSessionUser(ferry, { label: "webhooks-admin", isAdmin: true });
    const changed = await send(ferry.app, {
      method: "PATCH",
      url: `/api/v1/admin/transactions/${created.json().id}/status`,
      ip: admin.ip,
      cookie: admin.cookie,
      payload: { status: "failed" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await deliverOnce();

    const bySecret = (secret: string) =>
      receiver.received.flatMap((request) => {
        try {
          return [verified(secret, request)];
        } catch {
          return [];
        }
      });
    const senderEvents = bySecret(sender.endpoint.secret);
    const payeeEvents = bySecret(payee.endpoint.secret);
    expect(senderEvents.map((event) => [event.type, event.data.direction, event.data.status]).sort()).toEqual([
      ["transfer.created", "outgoing", "sent"],
      ["transfer.status_changed", "outgoing", "failed"],
    ]);
    expect(payeeEvents.map((event) => [event.type, event.data.direction]).sort()).toEqual([
      ["transfer.created", "incoming"],
      ["transfer.status_changed", "incoming"],
    ]);
    expect(senderEvents[0].data).toMatchObject({ amount: "25.00", currency: "USD", transferId: created.json().id });
  });

  test("an exchange and a day's investment return are delivered, amounts as decimal strings", async () => {
    const receiver = await startReceiver();
    const { user, endpoint } = await userWithEndpoint(receiver, ["exchange.completed", "investment.return_paid"]);
    await fundWallet(ferry.db, user.userId, "USD", 200_000n);
    const quote = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/exchange/quotes",
      ip: user.ip,
      cookie: user.cookie,
      payload: { from: "USD", to: "EUR", amount: "10.00" },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const exchanged = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/exchange",
      ip: user.ip,
      cookie: user.cookie,
      headers: { "idempotency-key": randomUUID() },
      payload: { quoteId: quote.json().id },
    });
    expect(exchanged.statusCode, exchanged.body).toBe(201);

    // Returns are paid for finished days, on the business clock: an app of its own moves it.
    const clock = new ManualClock("2031-06-01T10:00:00.000Z");
    const clocked = await buildAppWithClock(databaseUrl, clock);
    try {
      const invested = await invest(clocked, user, "1000.00");
      expect(invested.statusCode, invested.body).toBe(201);
      await clocked.db.transaction().execute((trx) =>
        fundYieldReserve(trx, {
          transferKey: `webhooks:${randomUUID()}`,
          amountMinor: 100_000n,
          referenceType: "test",
        }),
      );
      clock.set("2031-06-03T00:05:00.000Z");
      await payDueReturns(clocked.db, { clock, dailyRate: clocked.config.investDailyRate });
    } finally {
      await clocked.close();
    }
    await deliverOnce();

    const events = receiver.received.map((request) => verified(endpoint.secret, request));
    expect(events.map((event) => event.type).sort()).toEqual(["exchange.completed", "investment.return_paid"]);
    const exchange = events.find((event) => event.type === "exchange.completed");
    expect(exchange?.data).toMatchObject({ fromCurrency: "USD", fromAmount: "10.00", toCurrency: "EUR" });
    expect(String(exchange?.data.toAmount)).toMatch(/^\d+\.\d{2}$/);
    const paid = events.find((event) => event.type === "investment.return_paid");
    expect(paid?.data).toMatchObject({ day: "2031-06-02", amount: "20.00", currency: "USD" });
  });

  test("a receiver that fails twice then succeeds gets the event three times with one webhook-id", async () => {
    const receiver = await startReceiver([{ status: 500 }, { status: 503 }]);
    const { user, endpoint } = await userWithEndpoint(receiver);
    await fundWallet(ferry.db, user.userId, "EUR", 500n);

    await deliverOnce();
    const [afterFirst] = await deliveriesOf(endpoint.id);
    expect(afterFirst).toMatchObject({ status: "retrying", attempts: 1, response_status: 500 });
    // The schedule's first wait: 5 seconds (give or take the time the attempt took).
    expect(afterFirst.due_in_seconds).toBeGreaterThan(RETRY_DELAYS_SECONDS[0] - 3);
    expect(afterFirst.due_in_seconds).toBeLessThanOrEqual(RETRY_DELAYS_SECONDS[0]);
    await deliverOnce();
    expect(receiver.received).toHaveLength(1);

    await makeRetriesDue();
    await deliverOnce();
    const [afterSecond] = await deliveriesOf(endpoint.id);
    expect(afterSecond).toMatchObject({ status: "retrying", attempts: 2, response_status: 503 });
    expect(afterSecond.due_in_seconds).toBeGreaterThan(RETRY_DELAYS_SECONDS[1] - 3);

    await makeRetriesDue();
    await deliverOnce();
    const [afterThird] = await deliveriesOf(endpoint.id);
    expect(afterThird).toMatchObject({ status: "succeeded", attempts: 3, response_status: 200, next_attempt_at: null });
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((request) => request.headers["webhook-id"])).size).toBe(1);
    for (const request of receiver.received) {
      expect(verified(endpoint.secret, request).type).toBe("deposit.credited");
    }
    // Each attempt tells the owner's open Connect page at once (issue 32's live updates): three of them.
    const liveEvents = await ferry.db
      .selectFrom("live_events")
      .select("payload")
      .where("user_id", "=", user.userId)
      .where("type", "=", "webhook")
      .execute();
    expect(liveEvents.map((event) => event.payload)).toEqual([
      { endpointId: endpoint.id },
      { endpointId: endpoint.id },
      { endpointId: endpoint.id },
    ]);
  });

  test("a receiver's Retry-After is honoured when it asks for longer than the schedule", async () => {
    const receiver = await startReceiver([{ status: 429, headers: { "retry-after": "600" } }]);
    const { user, endpoint } = await userWithEndpoint(receiver);
    await fundWallet(ferry.db, user.userId, "USD", 100n);
    await deliverOnce();
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: "retrying", response_status: 429 });
    expect(delivery.due_in_seconds).toBeGreaterThan(590);
    expect(delivery.due_in_seconds).toBeLessThanOrEqual(600);
  });

  test("a delivery that keeps failing is given up after the last attempt of the schedule", async () => {
    // At once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: retried for about a day.
    expect(MAX_WEBHOOK_ATTEMPTS).toBe(8);
    expect(RETRY_DELAYS_SECONDS.reduce((sum, seconds) => sum + seconds, 0)).toBeGreaterThan(24 * 3600);
    const receiver = await startReceiver(Array.from({ length: MAX_WEBHOOK_ATTEMPTS }, () => ({ status: 500 })));
    const { user, endpoint } = await userWithEndpoint(receiver);
    await fundWallet(ferry.db, user.userId, "USD", 100n);
    for (let attempt = 0; attempt < MAX_WEBHOOK_ATTEMPTS; attempt += 1) {
      await makeRetriesDue();
      await deliverOnce();
    }
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({
      status: "failed",
      attempts: MAX_WEBHOOK_ATTEMPTS,
      next_attempt_at: null,
    });
    await makeRetriesDue();
    await deliverOnce();
    expect(receiver.received).toHaveLength(MAX_WEBHOOK_ATTEMPTS);
  });

  test("410 Gone disables the endpoint, and later events make no deliveries for it", async () => {
    const receiver = await startReceiver([{ status: 410 }]);
    const { user, endpoint } = await userWithEndpoint(receiver);
    await fundWallet(ferry.db, user.userId, "USD", 100n);
    await deliverOnce();
    const listed = await send(ferry.app, {
      method: "GET",
      url: "/api/v1/webhook-endpoints",
      ip: user.ip,
      cookie: user.cookie,
    });
    expect(listed.json().items[0]).toMatchObject({ isEnabled: false, disabledReason: expect.stringContaining("410") });
    expect(await deliveriesOf(endpoint.id)).toEqual([
      expect.objectContaining({ status: "failed", response_status: 410 }),
    ]);

    await fundWallet(ferry.db, user.userId, "USD", 100n);
    await makeRetriesDue();
    await deliverOnce();
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
    expect(receiver.received).toHaveLength(1);
  });

  test("no event is left when the money transaction rolls back", async () => {
    const receiver = await startReceiver();
    const { user, endpoint } = await userWithEndpoint(receiver);
    await expect(
      ferry.db.transaction().execute(async (trx) => {
        await creditDeposit(trx, {
          transferKey: `rollback:${randomUUID()}`,
          userId: user.userId,
          currency: "USD",
          amountMinor: 100n,
        });
        // The event and its delivery were written in this transaction:
        expect(
          await trx.selectFrom("webhook_events").select("id").where("user_id", "=", user.userId).execute(),
        ).toHaveLength(1);
        throw new Error("the money change fails after the event was recorded");
      }),
    ).rejects.toThrow("the money change fails");
    expect(
      await ferry.db.selectFrom("webhook_events").select("id").where("user_id", "=", user.userId).execute(),
    ).toEqual([]);
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
    await deliverOnce();
    expect(receiver.received).toEqual([]);
  });

  test("an attempt that outran its lease does not overwrite the newer attempt's result", async () => {
    const receiver = await startReceiver();
    const { user, endpoint } = await userWithEndpoint(receiver);
    await fundWallet(ferry.db, user.userId, "USD", 100n);
    const [delivery] = await deliveriesOf(endpoint.id);
    const claimOf = async () => {
      const claimed = await claimDueDeliveries(ferry.db, 1000, 30);
      const mine = claimed.find((row) => row.id === delivery.id);
      expect(mine).toBeDefined();
      return mine as NonNullable<typeof mine>;
    };
    const slow = await claimOf();
    // The slow attempt's lease runs out, and another run claims the delivery again and succeeds.
    await sql`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE id = ${delivery.id}`.execute(ferry.db);
    const fresh = await claimOf();
    expect(fresh.attempts).toBe(slow.attempts + 1);
    const succeeded: AttemptRecord = {
      status: "succeeded",
      responseStatus: 200,
      durationMs: 12,
      error: null,
      retryInSeconds: null,
    };
    expect(await recordAttempt(ferry.db, fresh, succeeded)).toBe(true);
    // The slow attempt ends at last, with a 500: too late, its result is dropped.
    const late: AttemptRecord = {
      status: "retrying",
      responseStatus: 500,
      durationMs: 31_000,
      error: null,
      retryInSeconds: 5,
    };
    expect(await recordAttempt(ferry.db, slow, late)).toBe(false);
    expect(await deliveriesOf(endpoint.id)).toEqual([
      expect.objectContaining({
        status: "succeeded",
        attempts: fresh.attempts,
        response_status: 200,
        next_attempt_at: null,
      }),
    ]);
    await makeRetriesDue();
  });
});

describe("endpoints, secrets and the delivery log", () => {
  test("a rotated secret signs beside the old one, so both verify during the overlap", async () => {
    const receiver = await startReceiver();
    const { user, endpoint } = await userWithEndpoint(receiver);
    const rotated = await send(ferry.app, {
      method: "POST",
      url: `/api/v1/webhook-endpoints/${endpoint.id}/rotate-secret`,
      ip: user.ip,
      cookie: user.cookie,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const newSecret = rotated.json().secret as string;
    expect(newSecret).not.toBe(endpoint.secret);
    expect(rotated.json().secretLast4).toBe(newSecret.slice(-4));

    await fundWallet(ferry.db, user.userId, "USD", 100n);
    await deliverOnce();
    const [request] = receiver.received;
    expect(String(request.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verified(newSecret, request).type).toBe("deposit.credited");
    expect(verified(endpoint.secret, request).type).toBe("deposit.credited");
  });

  test("the delivery log shows each delivery, and Resend sends it again with the same webhook-id", async () => {
    const receiver = await startReceiver();
    const { user, endpoint } = await userWithEndpoint(receiver);
    await fundWallet(ferry.db, user.userId, "USD", 100n);
    await deliverOnce();
    const logUrl = `/api/v1/webhook-endpoints/${endpoint.id}/deliveries`;
    const log = await send(ferry.app, { method: "GET", url: logUrl, ip: user.ip, cookie: user.cookie });
    expect(log.statusCode, log.body).toBe(200);
    const [delivery] = log.json().items;
    expect(delivery).toMatchObject({
      eventType: "deposit.credited",
      status: "succeeded",
      attempts: 1,
      responseStatus: 200,
      durationMs: expect.any(Number),
      messageId: receiver.received[0].headers["webhook-id"],
    });

    const resent = await send(ferry.app, {
      method: "POST",
      url: `${logUrl}/${delivery.id}/resend`,
      ip: user.ip,
      cookie: user.cookie,
    });
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json()).toMatchObject({ id: delivery.id, status: "pending", messageId: delivery.messageId });
    await deliverOnce();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1].headers["webhook-id"]).toBe(delivery.messageId);
  });

  test("another user's endpoint and its log read as missing", async () => {
    const receiver = await startReceiver();
    const { endpoint } = await userWithEndpoint(receiver);
    const stranger = await createSessionUser(ferry, { label: "webhooks-stranger" });
    const paths = [
      ["GET", `/api/v1/webhook-endpoints/${endpoint.id}/deliveries`],
      ["POST", `/api/v1/webhook-endpoints/${endpoint.id}/rotate-secret`],
      ["DELETE", `/api/v1/webhook-endpoints/${endpoint.id}`],
    ] as const;
    for (const [method, url] of paths) {
      const response = await send(ferry.app, { method, url, ip: stranger.ip, cookie: stranger.cookie });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const strangersApp = await createEndpoint(stranger, {
      credentialId: await insertCredential((await createSessionUser(ferry)).userId),
      url: receiver.url,
      events: ["deposit.credited"],
    });
    expect(strangersApp.statusCode).toBe(404);
    const listed = await send(ferry.app, {
      method: "GET",
      url: "/api/v1/webhook-endpoints",
      ip: stranger.ip,
      cookie: stranger.cookie,
    });
    expect(listed.json().items).toEqual([]);
  });

  test("an app has at most MAX_WEBHOOK_ENDPOINTS_PER_APP endpoints; deleting one makes room", async () => {
    const receiver = await startReceiver();
    const { user, credentialId, endpoint } = await userWithEndpoint(receiver);
    for (let count = 1; count < MAX_WEBHOOK_ENDPOINTS_PER_APP; count += 1) {
      const response = await createEndpoint(user, { credentialId, url: receiver.url, events: ["deposit.credited"] });
      expect(response.statusCode).toBe(201);
    }
    const tooMany = await createEndpoint(user, { credentialId, url: receiver.url, events: ["deposit.credited"] });
    expect(tooMany.statusCode).toBe(409);
    const deleted = await send(ferry.app, {
      method: "DELETE",
      url: `/api/v1/webhook-endpoints/${endpoint.id}`,
      ip: user.ip,
      cookie: user.cookie,
    });
    expect(deleted.statusCode).toBe(204);
    const again = await createEndpoint(user, { credentialId, url: receiver.url, events: ["deposit.credited"] });
    expect(again.statusCode).toBe(201);
    const audited = await ferry.db
      .selectFrom("audit_log")
      .select("action")
      .where("actor_user_id", "=", user.userId)
      .execute();
    expect(audited.map((row) => row.action)).toContain("webhook_endpoint.delete");
  });

  test("a disconnected app's endpoints are not called, and its new events make no deliveries", async () => {
    const receiver = await startReceiver();
    const { user, credentialId, endpoint } = await userWithEndpoint(receiver);
    await fundWallet(ferry.db, user.userId, "USD", 100n);
    await ferry.db
      .updateTable("api_credentials")
      .set({ revoked_at: new Date() })
      .where("id", "=", credentialId)
      .execute();
    await deliverOnce();
    expect(receiver.received).toEqual([]);
    expect(await deliveriesOf(endpoint.id)).toEqual([
      expect.objectContaining({ status: "failed", error: "The app was disconnected" }),
    ]);
    await fundWallet(ferry.db, user.userId, "USD", 100n);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
  });

  test("a banned account's apps are told nothing, and closing an account erases its webhooks", async () => {
    const receiver = await startReceiver();
    const banned = await userWithEndpoint(receiver);
    const closed = await userWithEndpoint(receiver);
    const admin = await createSessionUser(ferry, { label: "webhooks-admin", isAdmin: true });
    await fundWallet(ferry.db, banned.user.userId, "USD", 100n);
    const ban = await send(ferry.app, {
      method: "POST",
      url: `/api/v1/admin/users/${banned.user.userId}/ban`,
      ip: admin.ip,
      cookie: admin.cookie,
      payload: {},
    });
    expect(ban.statusCode, ban.body).toBe(200);
    await deliverOnce();
    expect(receiver.received).toEqual([]);
    expect(await deliveriesOf(banned.endpoint.id)).toEqual([
      expect.objectContaining({ status: "failed", error: "The account is suspended or closed" }),
    ]);

    const close = await send(ferry.app, {
      method: "DELETE",
      url: `/api/v1/admin/users/${closed.user.userId}`,
      ip: admin.ip,
      cookie: admin.cookie,
    });
    expect(close.statusCode, close.body).toBe(200);
    const left = await ferry.db
      .selectFrom("webhook_endpoints")
      .select("id")
      .where("user_id", "=", closed.user.userId)
      .execute();
    expect(left).toEqual([]);
  });

  test("bad input is refused with the field's message and saves nothing", async () => {
    const user = await createSessionUser(ferry, { label: "webhooks-invalid" });
    const credentialId = await insertCredential(user.userId);
    const cases = [
      [{ credentialId, url: "ftp://example.com/", events: ["deposit.credited"] }, "url"],
      [{ credentialId, url: "https://example.com/", events: [] }, "events"],
      [{ credentialId, url: "https://example.com/", events: ["money.printed"] }, "events"],
      [{ url: "http://127.0.0.1:9/hooks", events: ["deposit.credited"] }, "credentialId"],
    ] as const;
    for (const [body, field] of cases) {
      const response = await send(ferry.app, {
        method: "POST",
        url: "/api/v1/webhook-endpoints",
        ip: user.ip,
        cookie: user.cookie,
        payload: body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe("validation_failed");
      expect(Object.keys(response.json().error.fields ?? {}).some((key) => key.startsWith(field))).toBe(true);
    }
    expect(
      await ferry.db.selectFrom("webhook_endpoints").select("id").where("user_id", "=", user.userId).execute(),
    ).toEqual([]);
  });
});

describe("with an API credential", () => {
  async function newCredential(user: SessionUser, scopes: string[]) {
    const response = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/api-credentials",
      ip: user.ip,
      cookie: user.cookie,
      payload: { name: "Webhooks app", scopes },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as { id: string; appId: string; secret: string };
    return { id: created.id, authorization: `Bearer ${created.appId}:${created.secret}` };
  }

  function asApp(authorization: string, method: "GET" | "POST" | "DELETE", url: string, payload?: unknown) {
    return send(ferry.app, { method, url, ip: "203.0.113.9", origin: null, headers: { authorization }, payload });
  }

  test("an app manages only its own endpoints; the signed-in owner sees every app's", async () => {
    const receiver = await startReceiver();
    const user = await createSessionUser(ferry, { label: "webhooks-apps" });
    const first = await newCredential(user, ["webhooks:write"]);
    const second = await newCredential(user, ["webhooks:write", "balances:read"]);
    const created = await asApp(first.authorization, "POST", "/api/v1/webhook-endpoints", {
      url: receiver.url,
      events: ["deposit.credited"],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().credentialId).toBe(first.id);
    const endpointId = created.json().id as string;

    const seenBySecond = await asApp(second.authorization, "GET", "/api/v1/webhook-endpoints");
    expect(seenBySecond.statusCode).toBe(200);
    expect(seenBySecond.json().items).toEqual([]);
    for (const [method, url] of [
      ["GET", `/api/v1/webhook-endpoints/${endpointId}/deliveries`],
      ["POST", `/api/v1/webhook-endpoints/${endpointId}/rotate-secret`],
      ["DELETE", `/api/v1/webhook-endpoints/${endpointId}`],
    ] as const) {
      expect((await asApp(second.authorization, method, url)).statusCode, `${method} ${url}`).toBe(404);
    }
    const intoOtherApp = await asApp(second.authorization, "POST", "/api/v1/webhook-endpoints", {
      credentialId: first.id,
      url: receiver.url,
      events: ["deposit.credited"],
    });
    expect(intoOtherApp.statusCode).toBe(400);

    const seenByFirst = await asApp(first.authorization, "GET", "/api/v1/webhook-endpoints");
    expect(seenByFirst.json().items.map((item: { id: string }) => item.id)).toEqual([endpointId]);
    const seenByOwner = await send(ferry.app, {
      method: "GET",
      url: "/api/v1/webhook-endpoints",
      ip: user.ip,
      cookie: user.cookie,
    });
    expect(seenByOwner.json().items.map((item: { id: string }) => item.id)).toEqual([endpointId]);
  });

  test("a credential without webhooks:write is refused, naming the scope", async () => {
    const user = await createSessionUser(ferry, { label: "webhooks-scope" });
    const reader = await newCredential(user, ["balances:read"]);
    const response = await asApp(reader.authorization, "GET", "/api/v1/webhook-endpoints");
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toContain("webhooks:write");
  });

  test("disconnecting the app stops its endpoints at once", async () => {
    const receiver = await startReceiver();
    const user = await createSessionUser(ferry, { label: "webhooks-disconnect" });
    const app = await newCredential(user, ["webhooks:write"]);
    const created = await asApp(app.authorization, "POST", "/api/v1/webhook-endpoints", {
      url: receiver.url,
      events: ["deposit.credited"],
    });
    expect(created.statusCode, created.body).toBe(201);
    await fundWallet(ferry.db, user.userId, "USD", 100n);
    const disconnected = await send(ferry.app, {
      method: "DELETE",
      url: `/api/v1/api-credentials/${app.id}`,
      ip: user.ip,
      cookie: user.cookie,
    });
    expect(disconnected.statusCode).toBe(204);
    await deliverOnce();
    await fundWallet(ferry.db, user.userId, "USD", 100n);
    await makeRetriesDue();
    await deliverOnce();
    expect(receiver.received).toEqual([]);
    expect(await deliveriesOf(created.json().id)).toEqual([
      expect.objectContaining({ status: "failed", error: "The app was disconnected" }),
    ]);
    const listed = await send(ferry.app, {
      method: "GET",
      url: "/api/v1/webhook-endpoints",
      ip: user.ip,
      cookie: user.cookie,
    });
    expect(listed.json().items).toEqual([]);
  });
});
