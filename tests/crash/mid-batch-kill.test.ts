// A kill in the middle of a group-commit batch (batcher.ts, decision 055): the batch's transfer rows
// and notifications are written but its one ledger call waits on an account this test holds locked.
// The server, or its embedded PostgreSQL, is then killed with SIGKILL. Afterwards the batch is there
// whole or not at all (no transfer without its ledger legs, no legs or notification without their transfer),
// every acknowledged transfer is there exactly once, a retry of each unanswered request with its own
// Idempotency-Key and code makes it exactly once, and the ledger reconciles.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { systemClock } from "../../apps/server/src/clock.ts";
import { type Config, DEVELOPMENT_AUTH_SECRET } from "../../apps/server/src/config.ts";
import { type Database, type DatabaseHandle, openDatabase } from "../../apps/server/src/db/database.ts";
import { embeddedDatabaseUrl } from "../../apps/server/src/db/embedded.ts";
import { findFreePort } from "../../apps/server/src/db/free-port.ts";
import { THROTTLE_KEYS } from "../../apps/server/src/modules/auth/limit-rules.ts";
import { reconcileLedger } from "../../apps/server/src/modules/ledger/reconcile.ts";
import { applyLedger, ensureUserAccount, systemAccountId } from "../../apps/server/src/modules/ledger/service.ts";
import { batcherOf } from "../../apps/server/src/modules/transfers/batcher.ts";
import { issueTransferCode } from "../../apps/server/src/modules/transfers/codes.ts";
import { expectOk, type HttpAnswer, request, signInOverHttp } from "./ferry-http.ts";
import { FerryProcess } from "./ferry-process.ts";

const PASSWORD = "Ferry#MidBatch2026";
/** Each sender starts with 1,000.00 USD; a run moves a few dollars. */
const FUNDING_MINOR = 100_000n;
/** Senders whose transfers wait, together, in the batch that is killed. */
const BATCH_SENDERS = 4;
/** Sign-ups tried to find BATCH_SENDERS + 1 senders that share a batcher lane (4 lanes: ~14 expected). */
const MAX_SIGN_UPS = 60;
/** Generous bounds on a 2-core machine shared with other work; outcomes are asserted, not durations. */
const RECOVERY_TIMEOUT_MS = 120_000;
const REQUEST_TIMEOUT_MS = 60_000;
const WAIT_TIMEOUT_MS = 60_000;
const POLL_MS = 100;
/** How long every server connection but the blocked one must stay idle before the queued requests count as queued. */
const QUIET_MS = 1_000;
const QUIET_TIMEOUT_MS = 15_000;
/** The address Ferry sees the test's requests from (FerryProcess listens on 127.0.0.1). */
const TEST_ADDRESS = "127.0.0.1";

/**
 * Stands in for Ferry's database when asking which lane a sender's transfers take: `batcherOf` keys
 * its lanes by the database object and picks one by the sender alone, so the answer is Ferry's own.
 */
const LANE_PROBE = {} as Database;
const LANE_PROBE_CONFIG = {} as Config;

interface Person {
  readonly userId: string;
  readonly email: string;
}

interface Customer extends Person {
  readonly cookie: string;
  readonly accountId: string;
}

/**
 * Signs up over HTTP. The test signs up more people than one address may in an hour (it looks for
 * senders sharing a lane), so it first clears its own address's sign-up count, as a new hour would.
 */
async function signUp(baseUrl: string, db: Database, email: string): Promise<Person> {
  await db.deleteFrom("rate_limit_hits").where("key", "=", THROTTLE_KEYS.signUpsAddress(TEST_ADDRESS)).execute();
  expectOk(await request(baseUrl, "POST", "/api/v1/auth/sign-up", { body: { email, password: PASSWORD } }), "Sign-up");
  const user = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return { userId: user.id, email };
}

/** Credits a wallet from the bank-deposits account, as an approved deposit would; returns the wallet's id. */
async function fund(db: Database, userId: string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const walletId = await ensureUserAccount(trx, userId, "USD");
    await applyLedger(trx, {
      create: [
        {
          transferKey: `mid-batch-test:funding:${userId}`,
          debitAccountId: await systemAccountId(trx, "USD", "bank_deposits"),
          creditAccountId: walletId,
          amountMinor: FUNDING_MINOR,
          currency: "USD",
          kind: "deposit",
          state: "posted",
        },
      ],
    });
    return walletId;
  });
}

/** A Ferry-user transfer's code, issued as the code endpoint would (its limit is for people). */
async function issueCode(db: Database, sender: Person, recipient: Person, amountMinor: bigint): Promise<string> {
  const { code } = await issueTransferCode(
    db,
    { secret: DEVELOPMENT_AUTH_SECRET, clock: systemClock },
    { userId: sender.userId, recipientKey: `user:${recipient.userId}`, amountMinor, currency: "USD" },
  );
  return code;
}

/** One transfer request, as sent (and re-sent) with its Idempotency-Key. */
interface TransferRequest {
  readonly sender: Customer;
  readonly recipient: Person;
  readonly amountMinor: bigint;
  readonly idempotencyKey: string;
  readonly body: Record<string, unknown>;
}

async function prepareTransfer(
  db: Database,
  sender: Customer,
  recipient: Person,
  amountMinor: bigint,
  idempotencyKey: string,
): Promise<TransferRequest> {
  const body = {
    target: { method: "ferry_user", recipientEmail: recipient.email },
    amount: (Number(amountMinor) / 100).toFixed(2),
    currency: "USD",
    code: await issueCode(db, sender, recipient, amountMinor),
  };
  return { sender, recipient, amountMinor, idempotencyKey, body };
}

function send(baseUrl: string, transfer: TransferRequest): Promise<HttpAnswer | null> {
  return request(baseUrl, "POST", "/api/v1/transfers", {
    cookie: transfer.sender.cookie,
    idempotencyKey: transfer.idempotencyKey,
    body: transfer.body,
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
}

function isSuccess(answer: HttpAnswer | null): answer is HttpAnswer {
  return answer !== null && answer.status >= 200 && answer.status < 300;
}

function transferIdOf(answer: HttpAnswer): string {
  return (JSON.parse(answer.body) as { id: string }).id;
}

/** Polls `read` until it returns a value, failing after WAIT_TIMEOUT_MS with `what`. */
async function waitFor<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + WAIT_TIMEOUT_MS;
  for (;;) {
    const value = await read();
    if (value !== undefined) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out waiting for ${what}`);
    }
    await sleep(POLL_MS);
  }
}

/** The server backend waiting for a lock that `holderPid` holds, if there is one. */
async function backendBlockedBy(db: Database, holderPid: number): Promise<number | undefined> {
  const result = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE ${holderPid}::int = ANY(pg_blocking_pids(pid))`.execute(db);
  return result.rows[0]?.pid;
}

/** Ferry's connections doing something (not idle) other than the ones named, and other than this query's. */
async function countBusyBackends(db: Database, exceptPids: readonly number[]): Promise<number> {
  const result = await sql<{ count: string }>`
    SELECT count(*) AS count FROM pg_stat_activity
    WHERE datname = current_database() AND backend_type = 'client backend' AND state <> 'idle'
      AND pid <> pg_backend_pid() AND NOT (pid = ANY(${exceptPids}::int[]))`.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}

/** A transaction of the test's own that holds one ledger account as a transfer's ledger call would. */
interface AccountLock {
  readonly pid: number;
  /**
   * Rolls back and hands the connection back; a connection PostgreSQL's death took is thrown away.
   * Releasing again does nothing, so a failing test can always release what it holds.
   */
  release(): Promise<void>;
}

/**
 * Locks the account as `applyLedger` does (FOR NO KEY UPDATE): a transfer's row, whose references take
 * no lock (migration 039), is still written, and the ledger call that follows waits here.
 */
async function lockAccount(pool: DatabaseHandle["pool"], accountId: string): Promise<AccountLock> {
  const client = await pool.connect();
  await client.query("BEGIN");
  await client.query("SELECT id FROM ledger_accounts WHERE id = $1 FOR NO KEY UPDATE", [accountId]);
  const pidRow = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  const pid = Number(pidRow.rows[0]?.pid);
  let isReleased = false;
  return {
    pid,
    async release() {
      if (isReleased) {
        return;
      }
      isReleased = true;
      try {
        await client.query("ROLLBACK");
        client.release();
      } catch (error) {
        client.release(error instanceof Error ? error : true);
      }
    },
  };
}

/** The ledger legs of one transfer row. */
interface LegRow {
  readonly reference_id: string | null;
  readonly transfer_key: string;
  readonly kind: string;
  readonly amount: string;
  readonly debit_account_id: string;
  readonly credit_account_id: string;
}

/** What the database holds for the scenario's people: transfers, their legs and the recipients' notices. */
interface Stored {
  readonly transfers: { id: string; sender_user_id: string; idempotency_key: string; amount: string }[];
  readonly legs: LegRow[];
  readonly balances: Map<string, bigint>;
  readonly moneyReceivedNotices: Map<string, number>;
}

async function readStored(db: Database, senders: readonly Customer[], recipients: readonly Person[]): Promise<Stored> {
  const transfers = await db
    .selectFrom("transfers")
    .select(["id", "sender_user_id", "idempotency_key", "amount"])
    .where(
      "sender_user_id",
      "in",
      senders.map((sender) => sender.userId),
    )
    .execute();
  const accountIds = senders.map((sender) => sender.accountId);
  // Every leg touching a sender's wallet except its funding: each must belong to a transfer row.
  const legs = await db
    .selectFrom("ledger_transfers")
    .select(["reference_id", "transfer_key", "kind", "amount", "debit_account_id", "credit_account_id"])
    .where((eb) => eb.or([eb("debit_account_id", "in", accountIds), eb("credit_account_id", "in", accountIds)]))
    .where("kind", "<>", "deposit")
    .execute();
  const accounts = await db
    .selectFrom("ledger_accounts")
    .select(["owner_user_id", "balance"])
    .where("purpose", "=", "wallet")
    .where("currency", "=", "USD")
    .where(
      "owner_user_id",
      "in",
      [...senders, ...recipients].map((person) => person.userId),
    )
    .execute();
  const notices = await db
    .selectFrom("notifications")
    .select(["user_id", (eb) => eb.fn.countAll<string>().as("count")])
    .where(
      "user_id",
      "in",
      recipients.map((person) => person.userId),
    )
    .where("title", "=", "Money received")
    .groupBy("user_id")
    .execute();
  return {
    transfers,
    legs,
    balances: new Map(accounts.map((row) => [row.owner_user_id ?? "", BigInt(row.balance)])),
    moneyReceivedNotices: new Map(notices.map((row) => [row.user_id, Number(row.count)])),
  };
}

/**
 * What must hold whatever was killed: every transfer row has exactly its one p2p leg of its amount
 * (no fee on a Ferry-user transfer by default), every leg has its row, and each recipient has one
 * "Money received" notice per transfer to them: nothing of a batch is left without the rest of it.
 */
function partialBatchProblems(stored: Stored, recipients: readonly Person[], recipientOf: Map<string, string>) {
  const problems: string[] = [];
  const transferIds = new Set(stored.transfers.map((row) => row.id));
  for (const leg of stored.legs) {
    if (leg.reference_id === null || !transferIds.has(leg.reference_id)) {
      problems.push(`leg ${leg.transfer_key} has no transfer row`);
    }
  }
  for (const row of stored.transfers) {
    const legs = stored.legs.filter((leg) => leg.reference_id === row.id);
    if (legs.length !== 1 || legs[0]?.kind !== "p2p" || legs[0]?.amount !== row.amount) {
      problems.push(`transfer ${row.id} has legs ${JSON.stringify(legs)}`);
    }
  }
  for (const recipient of recipients) {
    const received = stored.transfers.filter((row) => recipientOf.get(row.id) === recipient.userId).length;
    const notices = stored.moneyReceivedNotices.get(recipient.userId) ?? 0;
    if (notices !== received) {
      problems.push(`${recipient.email} has ${notices} "Money received" notices for ${received} transfers`);
    }
  }
  return problems;
}

type KillTarget = "server" | "postgres";

describe("a SIGKILL in the middle of a group-commit batch", () => {
  let dataDir: string;
  let ferry: FerryProcess;
  let database: DatabaseHandle;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "ferry-mid-batch-"));
    const embeddedPgPort = await findFreePort();
    ferry = new FerryProcess({ port: await findFreePort(), embeddedPgPort, dataDir });
    await ferry.start();
    // The test locks accounts, watches Ferry's connections and reads the ledger straight from the database.
    database = openDatabase(embeddedDatabaseUrl(embeddedPgPort, "ferry"), 6);
  }, 180_000);

  afterAll(async () => {
    try {
      await database?.close();
    } finally {
      // Whatever the test left behind, no Ferry or PostgreSQL of it may outlive it.
      await ferry?.stop();
      if (dataDir) {
        await rm(dataDir, { recursive: true, force: true });
      }
    }
  }, 60_000);

  /**
   * Senders sharing one batcher lane: the first one's transfer (the gate) holds the lane while the
   * others' queue behind it, so they are then written together, as one batch.
   */
  async function signUpLaneMates(runId: string): Promise<Person[]> {
    const byLane = new Map<unknown, Person[]>();
    for (let index = 0; index < MAX_SIGN_UPS; index += 1) {
      const person = await signUp(ferry.baseUrl, database.db, `mid-batch-sender-${index}-${runId}@ferry.test`);
      const lane = batcherOf(LANE_PROBE, LANE_PROBE_CONFIG, systemClock, person.userId);
      const mates = [...(byLane.get(lane) ?? []), person];
      byLane.set(lane, mates);
      if (mates.length === BATCH_SENDERS + 1) {
        return mates;
      }
    }
    throw new Error(`No ${BATCH_SENDERS + 1} of ${MAX_SIGN_UPS} sign-ups share a lane`);
  }

  async function killMidBatchAndRecover(target: KillTarget): Promise<void> {
    const db = database.db;
    const runId = `${target}-${Date.now().toString(36)}`;
    const mates = await signUpLaneMates(runId);
    const senders: Customer[] = [];
    for (const person of mates) {
      const cookie = await signInOverHttp(ferry.baseUrl, person.email, PASSWORD);
      senders.push({ ...person, cookie, accountId: await fund(db, person.userId) });
    }
    // The recipients' wallets are made after the senders', so theirs have the highest ids: the batch's
    // ledger call locks in id order, and so has locked every sender's wallet when it waits on the recipient's.
    const recipient = await signUp(ferry.baseUrl, db, `mid-batch-recipient-${runId}@ferry.test`);
    const gateRecipient = await signUp(ferry.baseUrl, db, `mid-batch-gate-${runId}@ferry.test`);
    const recipientAccountId = await ensureUserAccount(db, recipient.userId, "USD");
    const gateAccountId = await ensureUserAccount(db, gateRecipient.userId, "USD");
    for (const sender of senders) {
      expect(BigInt(sender.accountId)).toBeLessThan(BigInt(recipientAccountId));
    }
    const [gateSender, ...batchSenders] = senders as [Customer, ...Customer[]];
    const recipients = [recipient, gateRecipient];
    const acknowledged = new Map<TransferRequest, string>();
    const recipientOf = new Map<string, string>();
    const acknowledge = (transfer: TransferRequest, answer: HttpAnswer) => {
      const id = transferIdOf(answer);
      acknowledged.set(transfer, id);
      recipientOf.set(id, transfer.recipient.userId);
    };

    // Acknowledged before anything is locked: each batch sender has one transfer to find afterwards.
    const earlier = await Promise.all(
      batchSenders.map((sender, index) =>
        prepareTransfer(db, sender, recipient, 100n + BigInt(index), `mid-batch-${runId}-earlier-${index}`),
      ),
    );
    for (const [index, answer] of (await Promise.all(earlier.map((item) => send(ferry.baseUrl, item)))).entries()) {
      const transfer = earlier[index] as TransferRequest;
      expect(answer?.status, answer?.body).toBe(201);
      acknowledge(transfer, answer as HttpAnswer);
    }

    // The gate: a transfer to the gate recipient, whose wallet the test holds, keeps the lane writing.
    const gateTransfer = await prepareTransfer(db, gateSender, gateRecipient, 250n, `mid-batch-${runId}-gate`);
    const batch = await Promise.all(
      batchSenders.map((sender, index) =>
        prepareTransfer(db, sender, recipient, 200n + BigInt(index), `mid-batch-${runId}-batch-${index}`),
      ),
    );
    const gateLock = await lockAccount(database.pool, gateAccountId);
    let recipientLock: AccountLock | null = null;
    let batchAnswers: Promise<(HttpAnswer | null)[]> = Promise.resolve([]);
    let lockedSenders: Customer[] = [];
    try {
      const gateAnswer = send(ferry.baseUrl, gateTransfer);
      const gateBackend = await waitFor("the gate transfer to wait on the gate recipient's wallet", () =>
        backendBlockedBy(db, gateLock.pid),
      );
      // Queued behind the gate, in memory: one per sender, so the lane takes them all as one batch.
      batchAnswers = Promise.all(batch.map((item) => send(ferry.baseUrl, item)));
      let quietSince = Date.now();
      const quietDeadline = Date.now() + QUIET_TIMEOUT_MS;
      while (Date.now() - quietSince < QUIET_MS && Date.now() < quietDeadline) {
        if ((await countBusyBackends(db, [gateBackend, gateLock.pid])) > 0) {
          quietSince = Date.now();
        }
        await sleep(POLL_MS);
      }
      recipientLock = await lockAccount(database.pool, recipientAccountId);
      await gateLock.release();
      const gateAnswered = await gateAnswer;
      expect(gateAnswered?.status, gateAnswered?.body).toBe(201);
      acknowledge(gateTransfer, gateAnswered as HttpAnswer);
      const lockPid = recipientLock.pid;
      const batchBackend = await waitFor("the batch's ledger call to wait on the recipient's wallet", () =>
        backendBlockedBy(db, lockPid),
      );
      // The wallets the waiting ledger call holds are the senders in its batch (SKIP LOCKED passes over them).
      const free = await sql<{ id: string }>`
        SELECT id FROM ledger_accounts WHERE id = ANY(${batchSenders.map((sender) => sender.accountId)}::bigint[])
        FOR NO KEY UPDATE SKIP LOCKED`.execute(db);
      const freeIds = new Set(free.rows.map((row) => String(row.id)));
      lockedSenders = batchSenders.filter((sender) => !freeIds.has(sender.accountId));
      // Mid-batch: a batch of several transfers has written its rows, uncommitted, and waits in its ledger call.
      expect(lockedSenders.length).toBeGreaterThanOrEqual(2);
      const visibleBeforeKill = await db
        .selectFrom("transfers")
        .select("id")
        .where(
          "idempotency_key",
          "in",
          batch.map((item) => item.idempotencyKey),
        )
        .execute();
      expect(visibleBeforeKill).toEqual([]);

      if (target === "server") {
        await ferry.killServer();
        await recipientLock.release();
        // The killed server's connection now gets its locks and finds no client to commit for: it rolls back.
        await waitFor("the killed server's batch connection to end", async () => {
          const row = await sql<{
            pid: number;
          }>`SELECT pid FROM pg_stat_activity WHERE pid = ${batchBackend}::int`.execute(db);
          return row.rows.length === 0 ? true : undefined;
        });
        await ferry.start(RECOVERY_TIMEOUT_MS);
      } else {
        const killedPid = await ferry.killPostgres();
        // Its connection died with PostgreSQL: release throws it away.
        await recipientLock.release();
        // Ferry supervises its cluster: it must come back without anyone restarting Ferry.
        const deadline = Date.now() + RECOVERY_TIMEOUT_MS;
        while (!(await ferry.isHealthy()) || (await ferry.postgresPid().catch(() => killedPid)) === killedPid) {
          if (Date.now() > deadline) {
            throw new Error(`Ferry did not restart its PostgreSQL:\n${ferry.output.join("\n")}`);
          }
          await sleep(200);
        }
      }
    } finally {
      // Released here too when the test fails before the kill, so that nothing keeps Ferry waiting.
      await gateLock.release();
      await recipientLock?.release();
    }

    // The killed batch's requests: no answer (server killed) or a failure (PostgreSQL killed), unless one
    // was made alone once PostgreSQL was back, and then it is acknowledged like any other.
    const unanswered: TransferRequest[] = [];
    const killedBatchAnswers = await batchAnswers;
    for (const [index, answer] of killedBatchAnswers.entries()) {
      const transfer = batch[index] as TransferRequest;
      if (isSuccess(answer)) {
        acknowledge(transfer, answer);
      } else {
        unanswered.push(transfer);
      }
    }
    if (target === "server") {
      expect(unanswered).toHaveLength(batch.length);
    }

    const afterKill = await readStored(db, senders, recipients);
    for (const row of afterKill.transfers) {
      if (!recipientOf.has(row.id)) {
        // A transfer nobody was told of: it can only be one of the unanswered, and must be complete.
        const transfer = unanswered.find((item) => item.idempotencyKey === row.idempotency_key);
        expect(transfer, `unexpected transfer ${row.idempotency_key}`).toBeDefined();
        recipientOf.set(row.id, transfer?.recipient.userId ?? "");
      }
    }
    expect(partialBatchProblems(afterKill, recipients, recipientOf)).toEqual([]);
    for (const [transfer, id] of acknowledged) {
      const rows = afterKill.transfers.filter((row) => row.idempotency_key === transfer.idempotencyKey);
      expect(rows.map((row) => row.id)).toEqual([id]);
    }
    const lockedKeys = new Set(
      batch.filter((item) => lockedSenders.includes(item.sender)).map((item) => item.idempotencyKey),
    );
    const survivorsOfBatch = afterKill.transfers.filter((row) => lockedKeys.has(row.idempotency_key));
    if (target === "server") {
      // Its COMMIT went out behind its statements (batcher.ts: nothing after the codes' check waits for an
      // answer), so once the lock is let go the batch may still commit with no server left to answer:
      // whole or not at all. A retry then finds what it made (below).
      expect([0, lockedKeys.size]).toContain(survivorsOfBatch.length);
    }
    expect((await reconcileLedger(db)).violations).toEqual([]);

    // Each unanswered request again, with its own Idempotency-Key and code: the code was consumed only in
    // the rolled-back batch, so it still confirms the transfer, which is now made (201) exactly once.
    for (const transfer of unanswered) {
      const wasMade = afterKill.transfers.some((row) => row.idempotency_key === transfer.idempotencyKey);
      const answer = await send(ferry.baseUrl, transfer);
      expect(answer?.status, answer?.body).toBe(wasMade ? 200 : 201);
      acknowledge(transfer, answer as HttpAnswer);
    }
    // And every acknowledged one again: answered with the original transfer, moving nothing.
    for (const [transfer, id] of acknowledged) {
      const replay = await send(ferry.baseUrl, transfer);
      expect(replay?.status, replay?.body).toBe(200);
      expect(transferIdOf(replay as HttpAnswer)).toBe(id);
    }

    const final = await readStored(db, senders, recipients);
    expect(partialBatchProblems(final, recipients, recipientOf)).toEqual([]);
    const everyRequest = [...earlier, gateTransfer, ...batch];
    for (const transfer of everyRequest) {
      const rows = final.transfers.filter((row) => row.idempotency_key === transfer.idempotencyKey);
      expect(rows.map((row) => row.id)).toEqual([acknowledged.get(transfer)]);
    }
    expect(final.transfers).toHaveLength(everyRequest.length);
    // The money moved is exactly what the acknowledged transfers say, no more, no less.
    for (const person of [...senders, ...recipients]) {
      const isSender = senders.some((sender) => sender.userId === person.userId);
      let expectedMinor = isSender ? FUNDING_MINOR : 0n;
      for (const transfer of acknowledged.keys()) {
        if (transfer.sender.userId === person.userId) {
          expectedMinor -= transfer.amountMinor;
        }
        if (transfer.recipient.userId === person.userId) {
          expectedMinor += transfer.amountMinor;
        }
      }
      expect(final.balances.get(person.userId), person.email).toBe(expectedMinor);
    }
    expect((await reconcileLedger(db)).violations).toEqual([]);
    expect(ferry.unexpectedExits, ferry.output.join("\n")).toEqual([]);
    console.log(
      `[mid-batch] ${target} killed with ${lockedSenders.length} of ${batch.length} transfers in the waiting batch; ` +
        `answered ${killedBatchAnswers.map((answer) => answer?.status ?? "nothing").join(", ")}; ` +
        `${unanswered.length} retried, ${survivorsOfBatch.length} had survived`,
    );
  }

  test("a server killed mid-batch leaves no part of the batch, and each retry makes its transfer once", async () => {
    await killMidBatchAndRecover("server");
  }, 300_000);

  test("a PostgreSQL killed mid-batch leaves no part of the batch, and each retry makes its transfer once", async () => {
    await killMidBatchAndRecover("postgres");
  }, 300_000);
});
