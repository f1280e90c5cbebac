// Keys that arrive in order (migration 037, decision 059): the rows every transfer writes take UUIDv7
// ids, which begin with their creation time, so their indexes grow at the right-hand edge instead of
// at random pages. PostgreSQL 18 makes them with uuidv7(); 15–17 with ferry_uuidv7(), checked here too.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, createSessionUser, fundWallet, sendUsdToFerryUser, type TestApp } from "./helpers.ts";

let ferry: TestApp;

beforeAll(async () => {
  ferry = await buildTestApp();
});

afterAll(async () => {
  await ferry?.close();
});

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The Unix milliseconds a UUIDv7 begins with. */
function millisecondsOf(id: string): number {
  return Number.parseInt(id.replaceAll("-", "").slice(0, 12), 16);
}

describe("time-ordered ids", () => {
  test("transfers and their notifications take UUIDv7 ids stamped when they were made", async () => {
    const sender = await createSessionUser(ferry, { label: "v7-sender" });
    const payee = await createSessionUser(ferry, { label: "v7-payee" });
    await fundWallet(ferry.db, sender.userId, "USD", 100_00n);
    const ids: string[] = [];
    for (const amount of ["1.00", "2.00", "3.00"]) {
      const answer = await sendUsdToFerryUser(ferry, sender, payee, amount);
      expect(answer.statusCode, answer.body).toBe(201);
      ids.push(answer.json().id);
    }
    const rows = await ferry.db
      .selectFrom("transfers")
      .select(["id", "created_at"])
      .where("id", "in", ids)
      .orderBy("created_at")
      .execute();
    expect(rows.map((row) => row.id)).toEqual(ids);
    for (const row of rows) {
      expect(row.id).toMatch(UUID_V7);
      // Stamped inside the transaction that made it (created_at is the transaction's start).
      const stamped = millisecondsOf(row.id) - row.created_at.getTime();
      expect(stamped).toBeGreaterThanOrEqual(0);
      expect(stamped).toBeLessThan(60_000);
    }
    // One after another, so each later id begins no earlier than the one before.
    const stamps = ids.map(millisecondsOf);
    expect([...stamps].sort((a, b) => a - b)).toEqual(stamps);

    const notifications = await ferry.db
      .selectFrom("notifications")
      .select("id")
      .where("user_id", "in", [sender.userId, payee.userId])
      .execute();
    expect(notifications.length).toBeGreaterThanOrEqual(ids.length);
    for (const notification of notifications) {
      expect(notification.id).toMatch(UUID_V7);
    }
  });

  test("ferry_uuidv7() (PostgreSQL 15–17) makes RFC 9562 version-7 ids of the current millisecond", async () => {
    const before = Date.now();
    const { rows } = await sql<{ id: string }>`SELECT ferry_uuidv7()::text AS id FROM generate_series(1, 500)`.execute(
      ferry.db,
    );
    const after = Date.now();
    expect(new Set(rows.map((row) => row.id)).size).toBe(500);
    for (const { id } of rows) {
      expect(id).toMatch(UUID_V7);
      // The database's clock and this process's are the same machine's.
      expect(millisecondsOf(id)).toBeGreaterThanOrEqual(before - 1_000);
      expect(millisecondsOf(id)).toBeLessThanOrEqual(after + 1_000);
    }
  });

  test("only unused transfer codes are indexed", async () => {
    const { rows } = await sql<{ definition: string }>`
      SELECT indexdef AS definition FROM pg_indexes WHERE tablename = 'transfer_codes' AND indexname = 'transfer_codes_open'
    `.execute(ferry.db);
    expect(rows.map((row) => row.definition)).toEqual([
      expect.stringContaining("(user_id, binding_hash, id DESC) WHERE (consumed_at IS NULL)"),
    ]);
  });
});
