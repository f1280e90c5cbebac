// References checked once per statement (migration 039, decision 062): the rows every transfer writes
// — its transfer row, ledger legs, notification and live events — no longer carry per-row foreign keys
// to users and ledger accounts. Triggers check each INSERT statement's rows at once, refuse changing a
// reference, and refuse removing a user or a ledger account. These tests run on a database of their own:
// the refused DELETE and TRUNCATE would otherwise lock tables every other test file writes.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "../../apps/server/src/db/database.ts";
import { reconcileLedger } from "../../apps/server/src/modules/ledger/reconcile.ts";
import {
  buildTestApp,
  createIsolatedDatabase,
  createSessionUser,
  fundWallet,
  type SessionUser,
  sendUsdToFerryUser,
  type TestApp,
} from "./helpers.ts";

let ferry: TestApp;
let sender: SessionUser;
let payee: SessionUser;
/** A transfer made through the API, whose rows the tests copy with one reference changed. */
let transferId: string;

/** An account id and a user id that exist nowhere. */
const MISSING_ACCOUNT = "987654321";
const MISSING_USER = "no-such-user";

beforeAll(async () => {
  ferry = await buildTestApp({}, { databaseUrl: await createIsolatedDatabase("references") });
  sender = await createSessionUser(ferry, { label: "references-sender" });
  payee = await createSessionUser(ferry, { label: "references-payee" });
  await fundWallet(ferry.db, sender.userId, "USD", 100_00n);
  const answer = await sendUsdToFerryUser(ferry, sender, payee, "5.00");
  expect(answer.statusCode, answer.body).toBe(201);
  transferId = answer.json().id;
});

afterAll(async () => {
  await ferry?.close();
});

interface Refusal {
  readonly code: string | undefined;
  readonly message: string;
}

/**
 * Runs `work` in a transaction that is always rolled back, so that nothing it does outlives the test
 * even when a check it expects is missing. Answers the error it raised, or null when it raised none.
 */
async function refusalOf(work: (db: Database) => Promise<unknown>): Promise<Refusal | null> {
  return ferry.db.connection().execute(async (db) => {
    await sql`BEGIN`.execute(db);
    try {
      await work(db);
      return null;
    } catch (error) {
      const { code, message } = error as { code?: string; message: string };
      return { code, message };
    } finally {
      await sql`ROLLBACK`.execute(db);
    }
  });
}

/** The transfer's one ledger leg (a Ferry user's transfer without a fee moves money once). */
async function legOfTransfer() {
  return ferry.db
    .selectFrom("ledger_transfers")
    .selectAll()
    .where("reference_id", "=", transferId)
    .executeTakeFirstOrThrow();
}

/** Inserts a copy of the transfer's leg under a new key, with `changes` to its accounts. */
function copyLeg(db: Database, key: string, changes: { debit?: string; credit?: string }) {
  return sql`
    INSERT INTO ledger_transfers (transfer_key, debit_account_id, credit_account_id, amount, currency, kind, state, initial_state)
    SELECT ${key}, coalesce(${changes.debit ?? null}::bigint, debit_account_id), coalesce(${changes.credit ?? null}::bigint, credit_account_id),
           amount, currency, kind, state, initial_state
    FROM ledger_transfers WHERE reference_id = ${transferId}`.execute(db);
}

/** Inserts a copy of the transfer's row under a new Idempotency-Key, with `changes` to its references. */
function copyTransfer(
  db: Database,
  changes: { sender?: string; recipient?: string; senderAccount?: string; feeAccount?: string },
) {
  return sql`
    INSERT INTO transfers (sender_user_id, method, recipient_user_id, recipient_email, recipient_name, currency, amount, fee,
                           status, sender_account_id, destination_account_id, fee_account_id, idempotency_key, request_hash)
    SELECT coalesce(${changes.sender ?? null}, sender_user_id), method, coalesce(${changes.recipient ?? null}, recipient_user_id),
           recipient_email, recipient_name, currency, amount, fee, status,
           coalesce(${changes.senderAccount ?? null}::bigint, sender_account_id), destination_account_id,
           coalesce(${changes.feeAccount ?? null}::bigint, fee_account_id), gen_random_uuid()::text, request_hash
    FROM transfers WHERE id = ${transferId}`.execute(db);
}

function insertNotification(db: Database, userId: string) {
  return sql`INSERT INTO notifications (user_id, title, message, type) VALUES (${userId}, 'Hello', 'Hello', 'info')`.execute(
    db,
  );
}

function insertLiveEvent(db: Database, userId: string) {
  return sql`INSERT INTO live_events (user_id, type) VALUES (${userId}, 'balance')`.execute(db);
}

describe("references are checked once per statement", () => {
  test("a copy of a real transfer's rows with every reference intact is written", async () => {
    const refusal = await refusalOf(async (db) => {
      await copyLeg(db, "references:intact", {});
      await copyTransfer(db, {});
      await insertNotification(db, payee.userId);
      await insertLiveEvent(db, payee.userId);
    });
    expect(refusal).toBeNull();
  });

  test("a ledger leg naming a missing account is refused, and so is its whole statement", async () => {
    for (const changes of [{ debit: MISSING_ACCOUNT }, { credit: MISSING_ACCOUNT }]) {
      const refusal = await refusalOf((db) => copyLeg(db, "references:missing-account", changes));
      expect(refusal).toEqual({
        code: "23503",
        message: `A row refers to ledger account ${MISSING_ACCOUNT}, which does not exist`,
      });
    }
    // Two legs in one statement, one of them sound: neither is written.
    let written: unknown = "not read";
    const refusal = await refusalOf(async (db) => {
      await sql`SAVEPOINT before_insert`.execute(db);
      const failed = await sql`
        INSERT INTO ledger_transfers (transfer_key, debit_account_id, credit_account_id, amount, currency, kind, state, initial_state)
        SELECT key, debit_account_id, credit, amount, currency, kind, state, initial_state
        FROM ledger_transfers CROSS JOIN LATERAL (VALUES ('references:sound', credit_account_id), ('references:unsound', ${MISSING_ACCOUNT}::bigint))
          AS pair (key, credit)
        WHERE reference_id = ${transferId}`
        .execute(db)
        .then(
          () => null,
          (error: { code?: string }) => error.code,
        );
      await sql`ROLLBACK TO SAVEPOINT before_insert`.execute(db);
      const { rows } = await sql<{ count: string }>`
        SELECT count(*)::text AS count FROM ledger_transfers WHERE transfer_key LIKE 'references:%'`.execute(db);
      written = rows[0]?.count;
      if (failed !== "23503") {
        throw new Error(`the two legs were not refused (${String(failed)})`);
      }
    });
    expect(refusal).toBeNull();
    expect(written).toBe("0");
  });

  test("a transfer naming a missing user or account is refused", async () => {
    const cases = [
      { changes: { sender: MISSING_USER }, kind: "user", id: MISSING_USER },
      { changes: { recipient: MISSING_USER }, kind: "user", id: MISSING_USER },
      { changes: { senderAccount: MISSING_ACCOUNT }, kind: "ledger account", id: MISSING_ACCOUNT },
      { changes: { feeAccount: MISSING_ACCOUNT }, kind: "ledger account", id: MISSING_ACCOUNT },
    ];
    for (const { changes, kind, id } of cases) {
      expect(await refusalOf((db) => copyTransfer(db, changes))).toEqual({
        code: "23503",
        message: `A row refers to ${kind} ${id}, which does not exist`,
      });
    }
  });

  test("a notification or a live event for a missing user is refused", async () => {
    const expected = { code: "23503", message: `A row refers to user ${MISSING_USER}, which does not exist` };
    expect(await refusalOf((db) => insertNotification(db, MISSING_USER))).toEqual(expected);
    expect(await refusalOf((db) => insertLiveEvent(db, MISSING_USER))).toEqual(expected);
  });

  test("the checks hold with replication's role, which skips a foreign key's own triggers", async () => {
    const refusal = await refusalOf(async (db) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(db);
      await insertNotification(db, MISSING_USER);
    });
    expect(refusal?.code).toBe("23503");
  });

  test("a reference, once written, never changes", async () => {
    const { id: legId } = await legOfTransfer();
    const { rows } = await sql<{ id: string }>`
      SELECT id::text FROM ledger_accounts WHERE owner_user_id IS NULL AND currency = 'EUR' AND purpose = 'fees'`.execute(
      ferry.db,
    );
    const otherAccount = rows[0]?.id as string;
    const changes = [
      sql`UPDATE ledger_transfers SET credit_account_id = ${otherAccount}::bigint WHERE id = ${legId}`,
      sql`UPDATE transfers SET fee_account_id = ${otherAccount}::bigint WHERE id = ${transferId}`,
      sql`UPDATE transfers SET recipient_user_id = ${sender.userId} WHERE id = ${transferId}`,
      sql`UPDATE notifications SET user_id = ${sender.userId} WHERE user_id = ${payee.userId}`,
    ];
    for (const change of changes) {
      const refusal = await refusalOf((db) => change.execute(db));
      expect(refusal?.code).toBe("23001");
      expect(refusal?.message).toMatch(/^A reference in \w+ never changes once written$/);
    }
    // What may change still does: a transfer's status, a notification read.
    expect(
      await refusalOf(async (db) => {
        await sql`UPDATE transfers SET status = 'sent' WHERE id = ${transferId}`.execute(db);
        await sql`UPDATE notifications SET read = true WHERE user_id = ${payee.userId}`.execute(db);
      }),
    ).toBeNull();
  });
});

describe("users and ledger accounts are never removed", () => {
  test("deleting or truncating either is refused, and changing an id too", async () => {
    const { credit_account_id: accountId } = await legOfTransfer();
    const removals = [
      { statement: sql`DELETE FROM "user" WHERE id = ${payee.userId}`, table: "user" },
      { statement: sql`DELETE FROM ledger_accounts WHERE id = ${accountId}`, table: "ledger_accounts" },
      { statement: sql`TRUNCATE "user" CASCADE`, table: "user" },
      { statement: sql`TRUNCATE ledger_accounts CASCADE`, table: "ledger_accounts" },
    ];
    for (const { statement, table } of removals) {
      expect(await refusalOf((db) => statement.execute(db))).toEqual({
        code: "23001",
        message: `Rows of ${table} are never removed: money records point at them`,
      });
    }
    for (const change of [
      sql`UPDATE "user" SET id = id || '-renamed' WHERE id = ${payee.userId}`,
      sql`UPDATE ledger_accounts SET id = id + 1000000 WHERE id = ${accountId}`,
    ]) {
      expect((await refusalOf((db) => change.execute(db)))?.code).toBe("23001");
    }
    const still = await ferry.db.selectFrom("user").select("id").where("id", "=", payee.userId).execute();
    expect(still).toHaveLength(1);
  });
});

describe("the reconciliation", () => {
  test("names a ledger transfer whose account does not exist, however it got there", async () => {
    expect((await reconcileLedger(ferry.db)).violations).toEqual([]);
    // Written past the checks, as a restore with triggers disabled could; then undone.
    await ferry.db.connection().execute(async (db) => {
      await sql`BEGIN`.execute(db);
      try {
        await sql`ALTER TABLE ledger_transfers DISABLE TRIGGER references_exist`.execute(db);
        await copyLeg(db, "references:orphan", { credit: MISSING_ACCOUNT });
        const report = await reconcileLedger(db);
        expect(report.violations).toContain(
          `ledger transfer references:orphan names account ${MISSING_ACCOUNT}, which does not exist`,
        );
      } finally {
        await sql`ROLLBACK`.execute(db);
      }
    });
    expect((await reconcileLedger(ferry.db)).violations).toEqual([]);
  });
});
