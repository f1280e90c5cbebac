// Crash recovery (issue 7): Ferry started with the plain start command, transfers and cash-outs
// streaming from a few clients, and the server and its embedded PostgreSQL killed with SIGKILL again
// and again. Every acknowledged operation must be in the ledger exactly once, a retry with the same
// Idempotency-Key must answer with the original transfer, and the ledger must reconcile.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { systemClock } from "../../apps/server/src/clock.ts";
import { DEVELOPMENT_AUTH_SECRET } from "../../apps/server/src/config.ts";
import { type DatabaseHandle, openDatabase } from "../../apps/server/src/db/database.ts";
import { embeddedDatabaseUrl } from "../../apps/server/src/db/embedded.ts";
import { findFreePort } from "../../apps/server/src/db/free-port.ts";
import { reconcileLedger } from "../../apps/server/src/modules/ledger/reconcile.ts";
import { applyLedger, ensureUserAccount, systemAccountId } from "../../apps/server/src/modules/ledger/service.ts";
import { issueTransferCode } from "../../apps/server/src/modules/transfers/codes.ts";
import { recordHardening } from "../support/hardening-results.ts";
import { expectOk, readCodeFromMailbox, request, signInOverHttp } from "./ferry-http.ts";
import { FerryProcess } from "./ferry-process.ts";

const PASSWORD = "Ferry#Crash2026";
const SENDERS = 3;
/**
 * Each sender starts with 10,000,000.00 USD, far more than a run can spend: operation n sends
 * 1.00 + n cents, so even 20,000 operations by one sender (a fast machine manages ~1,300 in a run,
 * which spent a 10,000.00 start) cost about 2,200,000.00.
 */
const FUNDING_MINOR = 1_000_000_000n;
/** Every sixth operation of a sender is a cash-out; the code endpoint allows 10 codes per account per 15 minutes. */
const CASHOUT_EVERY = 6;
const MAX_CASHOUTS_PER_SENDER = 4;
/**
 * What is killed, in order: the server alone (its PostgreSQL is left running as an orphan), the
 * postmaster alone (Ferry restarts it), and both at once (a stale pid file and crash recovery).
 */
const KILL_PLAN = ["server", "postgres", "server", "both", "postgres", "server"] as const;
/** Traffic flows this long between recoveries and kills. */
const TRAFFIC_BETWEEN_KILLS_MS = 2_500;
/** Generous bounds on a 2-core machine shared with other work; outcomes are asserted, not durations. */
const RECOVERY_TIMEOUT_MS = 120_000;
const OPERATION_TIMEOUT_MS = 150_000;

interface Customer {
  readonly userId: string;
  readonly email: string;
  readonly cookie: string;
}

/** Sign-up and the full two-step sign-in over HTTP, the code read from the development mailbox. */
async function signUpAndSignIn(baseUrl: string, db: DatabaseHandle["db"], email: string): Promise<Customer> {
  expectOk(
    await request(baseUrl, "POST", "/api/v1/auth/sign-up", { body: { email, password: PASSWORD } }),
    `Sign-up for ${email}`,
  );
  const cookie = await signInOverHttp(baseUrl, email, PASSWORD);
  const user = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return { userId: user.id, email, cookie };
}

/** Credits a wallet from the bank-deposits account, as an approved deposit would. */
async function fund(db: DatabaseHandle["db"], userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await applyLedger(trx, {
      create: [
        {
          transferKey: `crash-test:funding:${userId}`,
          debitAccountId: await systemAccountId(trx, "USD", "bank_deposits"),
          creditAccountId: await ensureUserAccount(trx, userId, "USD"),
          amountMinor: FUNDING_MINOR,
          currency: "USD",
          kind: "deposit",
          state: "posted",
        },
      ],
    });
  });
}

interface Operation {
  readonly kind: "transfer" | "cashout";
  readonly sender: Customer;
  readonly idempotencyKey: string;
  readonly body: Record<string, unknown>;
}

interface Acknowledged extends Operation {
  readonly transferId: string;
}

interface Figures {
  readonly acknowledged: Acknowledged[];
  /** Answers that are not part of riding out a crash (neither 2xx, 503, nor a dropped connection). */
  readonly refused: string[];
  retries: number;
}

describe("crash recovery of npm start", () => {
  let dataDir: string;
  let ferry: FerryProcess;
  let database: DatabaseHandle;

  beforeAll(async () => {
    // Ferry's embedded cluster lives right in this folder, which it opens up for PostgreSQL's own user.
    dataDir = await mkdtemp(path.join(os.tmpdir(), "ferry-crash-"));
    const embeddedPgPort = await findFreePort();
    ferry = new FerryProcess({ port: await findFreePort(), embeddedPgPort, dataDir });
    await ferry.start();
    // The test reads the ledger and issues Ferry-user transfer codes straight from the database.
    database = openDatabase(embeddedDatabaseUrl(embeddedPgPort, "ferry"), 4);
  }, 180_000);

  afterAll(async () => {
    await database?.close();
    await ferry?.stop();
    if (dataDir) {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  test("every acknowledged transfer and cash-out survives SIGKILLs of the server and of PostgreSQL, exactly once", async () => {
    const startedAt = Date.now();
    const db = database.db;
    const runId = Date.now().toString(36);
    const recipient = await signUpAndSignIn(ferry.baseUrl, db, `crash-recipient-${runId}@ferry.test`);
    const senders: Customer[] = [];
    const paymentMethodIds = new Map<string, string>();
    for (let index = 0; index < SENDERS; index += 1) {
      const sender = await signUpAndSignIn(ferry.baseUrl, db, `crash-sender-${index}-${runId}@ferry.test`);
      await fund(db, sender.userId);
      const method = await request(ferry.baseUrl, "POST", "/api/v1/payment-methods", {
        cookie: sender.cookie,
        body: {
          addressType: "bank",
          name: "Crash test checking",
          currency: "USD",
          bankName: "Barclays",
          accountNumber: "GB33 BUKB 2020 1555 5555 55",
          swiftCode: "BUKBGB22",
          country: "GB",
          accountHolderName: "Crash Test",
        },
      });
      expect(method?.status, method?.body).toBe(201);
      paymentMethodIds.set(sender.userId, (JSON.parse(method?.body ?? "{}") as { id: string }).id);
      senders.push(sender);
    }

    const figures: Figures = { acknowledged: [], refused: [], retries: 0 };
    let isTrafficStopping = false;

    /** Sends `operation` until it is acknowledged (riding out kills), or refused for good. */
    async function sendUntilAnswered(operation: Operation): Promise<void> {
      const deadline = Date.now() + OPERATION_TIMEOUT_MS;
      while (Date.now() < deadline) {
        const answer = await request(ferry.baseUrl, "POST", "/api/v1/transfers", {
          cookie: operation.sender.cookie,
          idempotencyKey: operation.idempotencyKey,
          body: operation.body,
        });
        if (answer && answer.status >= 200 && answer.status < 300) {
          const transfer = JSON.parse(answer.body) as { id: string };
          figures.acknowledged.push({ ...operation, transferId: transfer.id });
          return;
        }
        if (answer && answer.status !== 503) {
          figures.refused.push(`${operation.idempotencyKey}: ${answer.status} ${answer.body}`);
          return;
        }
        figures.retries += 1;
        await sleep(200);
      }
      figures.refused.push(`${operation.idempotencyKey}: no answer within ${OPERATION_TIMEOUT_MS} ms`);
    }

    /** A code for a Ferry-user transfer, issued as the code endpoint would (its limit is for people). */
    async function issueCodeWhenUp(sender: Customer, amountMinor: bigint): Promise<string> {
      const deadline = Date.now() + OPERATION_TIMEOUT_MS;
      for (;;) {
        try {
          const { code } = await issueTransferCode(
            db,
            { secret: DEVELOPMENT_AUTH_SECRET, clock: systemClock },
            {
              userId: sender.userId,
              recipientKey: `user:${recipient.userId}`,
              amountMinor,
              currency: "USD",
            },
          );
          return code;
        } catch (error) {
          if (Date.now() > deadline) {
            throw error;
          }
          await sleep(200);
        }
      }
    }

    /** A cash-out's code, through the real endpoint and mailbox: it binds the payment method's details. */
    async function requestCashoutCode(sender: Customer, details: Record<string, unknown>): Promise<string> {
      const deadline = Date.now() + OPERATION_TIMEOUT_MS;
      while (Date.now() < deadline) {
        const answer = await request(ferry.baseUrl, "POST", "/api/v1/transfers/verification-code", {
          cookie: sender.cookie,
          body: details,
        });
        if (answer?.status === 200) {
          const code = await readCodeFromMailbox(ferry.baseUrl, sender.email, "transfer code").catch(() => null);
          if (code) {
            return code;
          }
        } else if (answer && answer.status !== 503) {
          throw new Error(`The cash-out code request answered ${answer.status}: ${answer.body}`);
        }
        await sleep(200);
      }
      throw new Error("No cash-out code within the time limit");
    }

    async function client(sender: Customer, index: number): Promise<void> {
      let cashouts = 0;
      for (let sequence = 1; !isTrafficStopping; sequence += 1) {
        // A distinct amount per operation: a code is bound to the amount, and only the newest code counts.
        const amountMinor = BigInt(100 + sequence);
        const amount = (Number(amountMinor) / 100).toFixed(2);
        const idempotencyKey = `crash-${runId}-${index}-${sequence}`;
        if (sequence % CASHOUT_EVERY === 0 && cashouts < MAX_CASHOUTS_PER_SENDER) {
          cashouts += 1;
          const details = {
            target: { method: "withdrawal", paymentMethodId: paymentMethodIds.get(sender.userId) },
            amount,
            currency: "USD",
          };
          const code = await requestCashoutCode(sender, details);
          await sendUntilAnswered({ kind: "cashout", sender, idempotencyKey, body: { ...details, code } });
        } else {
          const code = await issueCodeWhenUp(sender, amountMinor);
          const body = {
            target: { method: "ferry_user", recipientEmail: recipient.email },
            amount,
            currency: "USD",
            code,
          };
          await sendUntilAnswered({ kind: "transfer", sender, idempotencyKey, body });
        }
      }
    }

    const clients = Promise.all(
      senders.map((sender, index) =>
        client(sender, index).catch((error: Error) => {
          figures.refused.push(`client ${index} stopped: ${error.message}`);
        }),
      ),
    );
    let crashKills = 0;
    let serverKills = 0;
    let postgresKills = 0;
    try {
      for (const target of KILL_PLAN) {
        await sleep(TRAFFIC_BETWEEN_KILLS_MS);
        if (target === "postgres") {
          const killedPid = await ferry.killPostgres();
          postgresKills += 1;
          crashKills += 1;
          // Ferry supervises its cluster: it must come back without anyone restarting Ferry.
          const deadline = Date.now() + RECOVERY_TIMEOUT_MS;
          while (!(await ferry.isHealthy()) || (await ferry.postgresPid().catch(() => killedPid)) === killedPid) {
            if (Date.now() > deadline) {
              throw new Error(`Ferry did not restart its PostgreSQL:\n${ferry.output.join("\n")}`);
            }
            await sleep(200);
          }
        } else {
          const postgresPid = await ferry.postgresPid();
          await ferry.killServer();
          serverKills += 1;
          crashKills += 1;
          if (target === "both") {
            process.kill(postgresPid, "SIGKILL");
            postgresKills += 1;
            crashKills += 1;
          }
          // Restarted with the plain start command, as a person (or a supervisor) would.
          await ferry.start(RECOVERY_TIMEOUT_MS);
        }
      }
      await sleep(TRAFFIC_BETWEEN_KILLS_MS);
    } finally {
      isTrafficStopping = true;
      await clients;
    }

    // Retries with the same Idempotency-Key answer with the original transfer and move nothing.
    const replayMismatches: string[] = [];
    for (const operation of figures.acknowledged) {
      const replay = await request(ferry.baseUrl, "POST", "/api/v1/transfers", {
        cookie: operation.sender.cookie,
        idempotencyKey: operation.idempotencyKey,
        body: operation.body,
      });
      const replayedId = replay?.status === 200 ? (JSON.parse(replay.body) as { id: string }).id : null;
      if (replayedId !== operation.transferId) {
        replayMismatches.push(`${operation.idempotencyKey}: ${replay?.status} ${replay?.body}`);
      }
    }

    // Every acknowledged operation is in the ledger exactly once.
    const senderIds = senders.map((sender) => sender.userId);
    const rows = await db
      .selectFrom("transfers")
      .select(["id", "sender_user_id", "idempotency_key"])
      .where("sender_user_id", "in", senderIds)
      .execute();
    const transfersByKey = new Map<string, string[]>();
    for (const row of rows) {
      const key = `${row.sender_user_id}|${row.idempotency_key}`;
      transfersByKey.set(key, [...(transfersByKey.get(key) ?? []), row.id]);
    }
    const principalLegs = await db
      .selectFrom("ledger_transfers")
      .select(["reference_id", "transfer_key"])
      .where("reference_type", "=", "transfer")
      .where(
        "reference_id",
        "in",
        rows.map((row) => row.id),
      )
      .where("kind", "in", ["p2p", "withdrawal"])
      .execute();
    const legsByTransfer = new Map<string, number>();
    for (const leg of principalLegs) {
      legsByTransfer.set(String(leg.reference_id), (legsByTransfer.get(String(leg.reference_id)) ?? 0) + 1);
    }
    let acknowledgedLost = 0;
    let duplicated = 0;
    for (const operation of figures.acknowledged) {
      const ids = transfersByKey.get(`${operation.sender.userId}|${operation.idempotencyKey}`) ?? [];
      if (!ids.includes(operation.transferId) || (legsByTransfer.get(operation.transferId) ?? 0) === 0) {
        acknowledgedLost += 1;
      }
    }
    for (const [, ids] of transfersByKey) {
      if (ids.length > 1) {
        duplicated += ids.length - 1;
      }
    }
    for (const row of rows) {
      const legs = legsByTransfer.get(row.id) ?? 0;
      if (legs > 1) {
        duplicated += legs - 1;
      }
    }
    // No transfer row without its money movement, and no movement without its row (all or nothing).
    const transfersWithoutLegs = rows.filter((row) => (legsByTransfer.get(row.id) ?? 0) === 0).length;
    const report = await reconcileLedger(db);

    const cashouts = figures.acknowledged.filter((operation) => operation.kind === "cashout").length;
    recordHardening("crash", { crashKills, acknowledgedLost, duplicated });
    console.log(
      `[crash] ${serverKills} server and ${postgresKills} PostgreSQL SIGKILLs; ${figures.acknowledged.length} acknowledged ` +
        `(${cashouts} cash-outs), ${rows.length} transfers in the ledger, ${figures.retries} retries, ` +
        `${Math.round((Date.now() - startedAt) / 1000)} s`,
    );

    expect(ferry.unexpectedExits, ferry.output.join("\n")).toEqual([]);
    expect(figures.refused).toEqual([]);
    expect(serverKills).toBeGreaterThanOrEqual(3);
    expect(postgresKills).toBeGreaterThanOrEqual(2);
    expect(figures.acknowledged.length).toBeGreaterThan(0);
    expect(cashouts).toBeGreaterThan(0);
    expect(acknowledgedLost).toBe(0);
    expect(duplicated).toBe(0);
    expect(transfersWithoutLegs).toBe(0);
    expect(replayMismatches).toEqual([]);
    expect(report.violations).toEqual([]);
  }, 400_000);
});
