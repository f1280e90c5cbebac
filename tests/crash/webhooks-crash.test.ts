// Webhook delivery across a crash (issue 28): Ferry started with the plain start command delivers
// 1,000 events to a local receiver, is killed with SIGKILL in the middle, and started again. Every
// event must reach the receiver (counted by distinct webhook-id, since a delivery cut short by the kill
// is sent again: at least once), and every delivery must end `succeeded`.
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEVELOPMENT_AUTH_SECRET } from "../../apps/server/src/config.ts";
import { type DatabaseHandle, openDatabase } from "../../apps/server/src/db/database.ts";
import { embeddedDatabaseUrl } from "../../apps/server/src/db/embedded.ts";
import { findFreePort } from "../../apps/server/src/db/free-port.ts";
import { creditDeposit } from "../../apps/server/src/modules/deposits/service.ts";
import {
  encryptWebhookSecret,
  generateWebhookSecret,
  secretLast4Of,
  webhookSecretKeyOf,
} from "../../apps/server/src/modules/webhooks/signing.ts";
import { FerryProcess } from "./ferry-process.ts";

const EVENTS = 1_000;
/** The receiver takes this long per request, so the kill lands while deliveries are in flight. */
const RECEIVER_DELAY_MS = 40;
/** The server is killed once the receiver has seen this many distinct events. */
const KILL_AFTER_EVENTS = 250;
/**
 * A receiver has 2 s to answer here (10 s by default), so a delivery the killed process held is free
 * again after its 9 s lease, and the run at the next start, which waits for what falls due within 10 s,
 * takes it; with the default 25 s lease it would wait for the next minute's run.
 */
const WEBHOOK_TIMEOUT_SECONDS = "2";
/** Long enough for the next minute's run too, should the run at start miss a delivery. */
const ALL_DELIVERED_TIMEOUT_MS = 240_000;

/** A local receiver that answers 200 after a short delay and counts each webhook-id it is sent. */
async function startReceiver() {
  const seen = new Map<string, number>();
  const server = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const id = String(request.headers["webhook-id"]);
      seen.set(id, (seen.get(id) ?? 0) + 1);
      setTimeout(() => response.writeHead(200).end(), RECEIVER_DELAY_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A user, a connected app and its endpoint on `url`, written as the API would write them. */
async function insertSubscriber(db: DatabaseHandle["db"], url: string): Promise<string> {
  const userId = randomUUID();
  const email = `webhooks-crash-${userId}@ferry.test`;
  await db
    .insertInto("user")
    .values({ id: userId, name: email, email, emailVerified: true, twoFactorEnabled: true, role: "user" })
    .execute();
  await db.insertInto("profiles").values({ user_id: userId }).execute();
  const credential = await db
    .insertInto("api_credentials")
    .values({
      user_id: userId,
      app_id: `app_${userId.replaceAll("-", "").slice(0, 8)}`,
      name: "Crash app",
      scopes: ["webhooks:write"],
      secret_hash: randomUUID(),
      secret_last4: "abcd",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const endpointId = randomUUID();
  const secret = generateWebhookSecret();
  await db
    .insertInto("webhook_endpoints")
    .values({
      id: endpointId,
      credential_id: credential.id,
      user_id: userId,
      url,
      events: ["deposit.credited"],
      secret_encrypted: encryptWebhookSecret(webhookSecretKeyOf(DEVELOPMENT_AUTH_SECRET), endpointId, secret),
      secret_last4: secretLast4Of(secret),
    })
    .execute();
  return userId;
}

describe("webhook delivery across a crash", () => {
  let dataDir: string;
  let ferry: FerryProcess;
  let database: DatabaseHandle;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "ferry-webhooks-crash-"));
    const embeddedPgPort = await findFreePort();
    ferry = new FerryProcess({
      port: await findFreePort(),
      embeddedPgPort,
      dataDir,
      env: { WEBHOOK_TIMEOUT_SECONDS },
    });
    // Started once to create and migrate its cluster; the test writes the events with the server down.
    await ferry.start();
    database = openDatabase(embeddedDatabaseUrl(embeddedPgPort, "ferry"), 4);
    receiver = await startReceiver();
  }, 180_000);

  afterAll(async () => {
    await database?.close();
    await ferry?.stop();
    await receiver?.close();
    if (dataDir) {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  test("1,000 events are each delivered at least once across a SIGKILL of Ferry", async () => {
    const db = database.db;
    // Killed (its PostgreSQL left running), so no delivery starts before every event is written.
    await ferry.killServer();
    const userId = await insertSubscriber(db, receiver.url);
    for (let index = 0; index < EVENTS; index += 1) {
      await db
        .transaction()
        .execute((trx) =>
          creditDeposit(trx, { transferKey: `webhooks-crash:${index}`, userId, currency: "USD", amountMinor: 100n }),
        );
    }
    const events = await db.selectFrom("webhook_deliveries").select("message_id").execute();
    expect(events).toHaveLength(EVENTS);

    // The run at start delivers what is due; kill it mid-way.
    await ferry.start();
    const killDeadline = Date.now() + ALL_DELIVERED_TIMEOUT_MS;
    while (receiver.seen.size < KILL_AFTER_EVENTS && Date.now() < killDeadline) {
      await sleep(20);
    }
    await ferry.killServer();
    const seenAtKill = receiver.seen.size;
    expect(seenAtKill).toBeGreaterThanOrEqual(KILL_AFTER_EVENTS);
    expect(seenAtKill).toBeLessThan(EVENTS);

    await ferry.start();
    const deadline = Date.now() + ALL_DELIVERED_TIMEOUT_MS;
    let waiting = EVENTS;
    while (Date.now() < deadline) {
      const row = await db
        .selectFrom("webhook_deliveries")
        .select((eb) => eb.fn.countAll<string>().as("count"))
        .where("status", "!=", "succeeded")
        .executeTakeFirstOrThrow();
      waiting = Number(row.count);
      if (waiting === 0) {
        break;
      }
      await sleep(500);
    }
    expect(waiting).toBe(0);
    expect(new Set(receiver.seen.keys())).toEqual(new Set(events.map((event) => event.message_id)));
    expect(ferry.unexpectedExits).toEqual([]);
  });
});
