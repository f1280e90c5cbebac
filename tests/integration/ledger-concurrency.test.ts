// The ledger under concurrency, against the real PostgreSQL with many connections at once: no
// overdraft slips through, no deadlock, and a duplicate (same key) never moves money twice.
import { randomInt, randomUUID } from "node:crypto";
import type { TransferStatus } from "@ferry/core/contracts/transfers";
import type { CurrencyCode } from "@ferry/core/currencies";
import { toDecimalString } from "@ferry/core/money";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { systemClock } from "../../apps/server/src/clock.ts";
import { type DatabaseHandle, openDatabase } from "../../apps/server/src/db/database.ts";
import { AppError } from "../../apps/server/src/errors.ts";
import { applyLedger, ensureUserAccount, type TransferLeg } from "../../apps/server/src/modules/ledger/service.ts";
import { changeTransferStatus, createTransfer } from "../../apps/server/src/modules/transfers/service.ts";
import {
  type BareUser,
  buildTestApp,
  createSessionUser,
  fundWallet,
  insertBareUsers,
  issueCode,
  readCodeFromMailbox,
  readWallet,
  send,
  type TestApp,
} from "./helpers.ts";

/** Connections for the concurrent calls, separate from the app's own pool. */
const CONCURRENT_CONNECTIONS = 40;

let database: DatabaseHandle;
let ferry: TestApp;

beforeAll(async () => {
  database = openDatabase(inject("databaseUrl"), CONCURRENT_CONNECTIONS);
  ferry = await buildTestApp({}, { maxConnections: 25 });
});

afterAll(async () => {
  await ferry?.close();
  await database?.close();
});

async function applyInTransaction(create: readonly TransferLeg[]) {
  return database.db.transaction().execute((trx) => applyLedger(trx, { create }));
}

/** The reason of every rejected promise, as "AppError:<code>" or the database error code and message. */
function rejectionsOf(results: readonly PromiseSettledResult<unknown>[]): string[] {
  return results.flatMap((result) => {
    if (result.status === "fulfilled") {
      return [];
    }
    const reason = result.reason as { code?: string; message?: string };
    return [reason instanceof AppError ? `AppError:${reason.code}` : `${reason.code ?? "?"}: ${reason.message}`];
  });
}

function countBy(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) {
    counts[value] = (counts[value] ?? 0) + 1;
  }
  return counts;
}

async function balancesOf(users: readonly BareUser[], currency: CurrencyCode): Promise<bigint[]> {
  return Promise.all(users.map(async (user) => (await readWallet(database.db, user.userId, currency)).balanceMinor));
}

describe("ledger concurrency", () => {
  test("200 simultaneous 1.00 transfers from an account holding 50.00: exactly 50 succeed, nothing goes negative", async () => {
    const receivers = await insertBareUsers(database.db, 10, "receiver");
    const [sender] = await insertBareUsers(database.db, 1, "sender");
    // Half the receivers' accounts sort before the sender's and half after, so locks are taken in both orders.
    const receiverAccounts: string[] = [];
    for (const receiver of receivers.slice(0, 5)) {
      receiverAccounts.push(await ensureUserAccount(database.db, receiver.userId, "USD"));
    }
    const senderAccount = await fundWallet(database.db, sender.userId, "USD", 5_000n);
    for (const receiver of receivers.slice(5)) {
      receiverAccounts.push(await ensureUserAccount(database.db, receiver.userId, "USD"));
    }
    const runId = randomUUID();

    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_value, index) =>
        applyInTransaction([
          {
            transferKey: `race:${runId}:${index}`,
            debitAccountId: senderAccount,
            creditAccountId: receiverAccounts[index % receiverAccounts.length],
            amountMinor: 100n,
            currency: "USD",
            kind: "test",
            state: "posted",
          },
        ]),
      ),
    );

    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(50);
    expect(countBy(rejectionsOf(results))).toEqual({ "AppError:insufficient_funds": 150 });
    expect(await readWallet(database.db, sender.userId, "USD")).toEqual({ balanceMinor: 0n, reservedMinor: 0n });
    const received = await balancesOf(receivers, "USD");
    expect(received.every((balance) => balance >= 0n)).toBe(true);
    expect(received.reduce((sum, balance) => sum + balance, 0n)).toBe(5_000n);
    const rows = await database.db
      .selectFrom("ledger_transfers")
      .select(sql<string>`count(*)::text`.as("count"))
      .where("transfer_key", "like", `race:${runId}:%`)
      .executeTakeFirstOrThrow();
    expect(rows.count).toBe("50");
  });

  test("a ring of users paying both neighbours at once, over and over, never deadlocks and ends as the model says", async () => {
    const ringSize = 8;
    const rounds = 10;
    const fundingMinor = 10_000n;
    const users = await insertBareUsers(database.db, ringSize, "ring");
    const accounts: string[] = [];
    for (const user of users) {
      accounts.push(await fundWallet(database.db, user.userId, "EUR", fundingMinor));
    }
    const expected = accounts.map(() => fundingMinor);
    const runId = randomUUID();
    const calls: TransferLeg[][] = [];
    for (let round = 0; round < rounds; round += 1) {
      for (let index = 0; index < ringSize; index += 1) {
        const next = (index + 1) % ringSize;
        const previous = (index + ringSize - 1) % ringSize;
        // Each user sends at most 10 × 2 × 400 = 8,000 of their 10,000, so every call fits in any order.
        const toNext = BigInt(randomInt(1, 401));
        const toPrevious = BigInt(randomInt(1, 401));
        expected[index] -= toNext + toPrevious;
        expected[next] += toNext;
        expected[previous] += toPrevious;
        const leg = (to: number, amountMinor: bigint, name: string): TransferLeg => ({
          transferKey: `ring:${runId}:${round}:${index}:${name}`,
          debitAccountId: accounts[index],
          creditAccountId: accounts[to],
          amountMinor,
          currency: "EUR",
          kind: "test",
          state: "posted",
        });
        calls.push([leg(next, toNext, "next"), leg(previous, toPrevious, "previous")]);
      }
    }

    const results = await Promise.allSettled(calls.map((legs) => applyInTransaction(legs)));

    expect(rejectionsOf(results)).toEqual([]);
    expect(await balancesOf(users, "EUR")).toEqual(expected);
    expect(expected.reduce((sum, balance) => sum + balance, 0n)).toBe(fundingMinor * BigInt(ringSize));
  });

  test("Ferry-user transfers in a ring, both directions at once, all go through createTransfer without a deadlock", async () => {
    const ringSize = 5;
    const rounds = 2;
    const fundingMinor = 100_000n;
    const users = await insertBareUsers(database.db, ringSize, "p2p-ring");
    for (const user of users) {
      await fundWallet(database.db, user.userId, "USD", fundingMinor);
    }
    const expected = users.map(() => fundingMinor);
    const sends: { sender: BareUser; recipient: BareUser; amountMinor: bigint; code: string }[] = [];
    for (let round = 0; round < rounds; round += 1) {
      for (let index = 0; index < ringSize; index += 1) {
        for (const to of [(index + 1) % ringSize, (index + ringSize - 1) % ringSize]) {
          // A distinct amount per (sender, recipient, round): one code per binding, so order does not matter.
          const amountMinor = BigInt(100 * (round + 1) + to);
          expected[index] -= amountMinor;
          expected[to] += amountMinor;
          const code = await issueCode(
            { db: database.db, config: ferry.config },
            { userId: users[index].userId, recipientKey: `user:${users[to].userId}`, amountMinor, currency: "USD" },
          );
          sends.push({ sender: users[index], recipient: users[to], amountMinor, code });
        }
      }
    }

    const results = await Promise.allSettled(
      sends.map((item) =>
        createTransfer(database.db, ferry.config, systemClock, item.sender, `ring-${randomUUID()}`, {
          target: { method: "ferry_user", recipientEmail: item.recipient.email },
          amount: toDecimalString(item.amountMinor, "USD"),
          currency: "USD",
          code: item.code,
        }),
      ),
    );

    expect(rejectionsOf(results)).toEqual([]);
    expect(await balancesOf(users, "USD")).toEqual(expected);
  });

  test("bank transfers of 6 different customers at the same moment all go through (they share Ferry's payout and fee accounts)", async () => {
    const senders = await insertBareUsers(database.db, 6, "bank-rush");
    const sends: { sender: BareUser; recipientId: string; code: string }[] = [];
    for (const sender of senders) {
      await fundWallet(database.db, sender.userId, "EUR", 10_000n);
      const recipient = await database.db
        .insertInto("recipients")
        .values({
          user_id: sender.userId,
          type: "bank",
          name: "Erika Mustermann",
          email: "erika@example.com",
          currency: "EUR",
          bank_name: "Deutsche Bank",
          country: "DE",
          account_number: "DE89370400440532013000",
          swift_code: "DEUTDEFF",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const code = await issueCode(
        { db: database.db, config: ferry.config },
        { userId: sender.userId, recipientKey: `recipient:${recipient.id}`, amountMinor: 1_000n, currency: "EUR" },
      );
      sends.push({ sender, recipientId: recipient.id, code });
    }

    const results = await Promise.allSettled(
      sends.map((item) =>
        createTransfer(database.db, ferry.config, systemClock, item.sender, `bank-rush-${randomUUID()}`, {
          target: { method: "bank", recipientId: item.recipientId },
          amount: "10.00",
          currency: "EUR",
          code: item.code,
        }),
      ),
    );

    expect(rejectionsOf(results)).toEqual([]);
    for (const sender of senders) {
      // 10.00 plus the 0.5 % fee (0.05) reserved, nothing posted yet.
      expect(await readWallet(database.db, sender.userId, "EUR")).toEqual({
        balanceMinor: 10_000n,
        reservedMinor: 1_005n,
      });
    }
  });

  test("8 customers paying one recipient who has no account yet, all at once, all go through", async () => {
    const senders = await insertBareUsers(database.db, 8, "first-pay");
    const [recipient] = await insertBareUsers(database.db, 1, "first-paid");
    const codes: string[] = [];
    for (const sender of senders) {
      await fundWallet(database.db, sender.userId, "GBP", 1_000n);
      codes.push(
        await issueCode(
          { db: database.db, config: ferry.config },
          { userId: sender.userId, recipientKey: `user:${recipient.userId}`, amountMinor: 250n, currency: "GBP" },
        ),
      );
    }

    const results = await Promise.allSettled(
      senders.map((sender, index) =>
        createTransfer(database.db, ferry.config, systemClock, sender, `first-pay-${randomUUID()}`, {
          target: { method: "ferry_user", recipientEmail: recipient.email },
          amount: "2.50",
          currency: "GBP",
          code: codes[index],
        }),
      ),
    );

    expect(rejectionsOf(results)).toEqual([]);
    expect(await readWallet(database.db, recipient.userId, "GBP")).toEqual({ balanceMinor: 2_000n, reservedMinor: 0n });
    const accounts = await database.db
      .selectFrom("ledger_accounts")
      .select("id")
      .where("owner_user_id", "=", recipient.userId)
      .execute();
    expect(accounts).toHaveLength(1);
  });

  test("20 admin status changes of one transfer at once leave its money where the final status says", async () => {
    const [sender, admin] = await insertBareUsers(database.db, 2, "status-race");
    await fundWallet(database.db, sender.userId, "CAD", 10_000n);
    const recipient = await database.db
      .insertInto("recipients")
      .values({
        user_id: sender.userId,
        type: "bank",
        name: "Jean Tremblay",
        email: "jean@example.com",
        currency: "CAD",
        bank_name: "Banque",
        country: "CA",
        account_number: "000123456789",
        bank_code: "000312345",
        swift_code: "ROYCCAT2",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const code = await issueCode(
      { db: database.db, config: ferry.config },
      { userId: sender.userId, recipientKey: `recipient:${recipient.id}`, amountMinor: 2_000n, currency: "CAD" },
    );
    const {
      transfer: { id: transferId },
    } = await createTransfer(database.db, ferry.config, systemClock, sender, `status-race-${randomUUID()}`, {
      target: { method: "bank", recipientId: recipient.id },
      amount: "20.00",
      currency: "CAD",
      code,
    });
    const cycle: TransferStatus[] = ["sent", "failed", "pending", "cancelled", "processed"];
    const statuses = Array.from({ length: 20 }, (_value, index) => cycle[(index * 3) % cycle.length]);

    const results = await Promise.allSettled(
      statuses.map((status) =>
        changeTransferStatus(
          database.db,
          ferry.config,
          { userId: admin.userId, clientAddress: null },
          transferId,
          status,
        ),
      ),
    );

    expect(rejectionsOf(results)).toEqual([]);
    const { status } = await database.db
      .selectFrom("transfers")
      .select("status")
      .where("id", "=", transferId)
      .executeTakeFirstOrThrow();
    // 20.00 plus its 0.5 % fee of 0.10.
    const expected =
      status === "sent"
        ? { balanceMinor: 7_990n, reservedMinor: 0n }
        : status === "pending" || status === "processed"
          ? { balanceMinor: 10_000n, reservedMinor: 2_010n }
          : { balanceMinor: 10_000n, reservedMinor: 0n };
    expect(await readWallet(database.db, sender.userId, "CAD")).toEqual(expected);
    const changed = results.filter((result) => result.status === "fulfilled" && result.value.isChanged).length;
    const audit = await database.db
      .selectFrom("transfer_status_changes")
      .select(["from_status", "to_status"])
      .where("transfer_id", "=", transferId)
      .orderBy("id")
      .execute();
    expect(audit).toHaveLength(changed);
    // The audit trail is one unbroken chain from pending to the final status.
    expect(audit.map((row) => row.from_status)).toEqual(["pending", ...audit.slice(0, -1).map((row) => row.to_status)]);
    expect(audit.at(-1)?.to_status ?? "pending").toBe(status);
  });

  test("the same transferKey applied 20 times at once moves the money once", async () => {
    const [payer, payee] = await insertBareUsers(database.db, 2, "same-key");
    const payerAccount = await fundWallet(database.db, payer.userId, "USD", 1_000n);
    const payeeAccount = await ensureUserAccount(database.db, payee.userId, "USD");
    const leg: TransferLeg = {
      transferKey: `same-key:${randomUUID()}`,
      debitAccountId: payerAccount,
      creditAccountId: payeeAccount,
      amountMinor: 300n,
      currency: "USD",
      kind: "test",
      state: "posted",
    };

    const results = await Promise.allSettled(Array.from({ length: 20 }, () => applyInTransaction([leg])));

    expect(rejectionsOf(results)).toEqual([]);
    const ids = results.map((result) => (result.status === "fulfilled" ? result.value.transfers[0]?.id : undefined));
    expect(new Set(ids).size).toBe(1);
    expect(await readWallet(database.db, payer.userId, "USD")).toEqual({ balanceMinor: 700n, reservedMinor: 0n });
    expect(await readWallet(database.db, payee.userId, "USD")).toEqual({ balanceMinor: 300n, reservedMinor: 0n });
  });

  test("posting and voiding one pending transfer 10 times each at once settles it exactly once", async () => {
    const [payer, payee] = await insertBareUsers(database.db, 2, "settle-race");
    const payerAccount = await fundWallet(database.db, payer.userId, "USD", 1_000n);
    const payeeAccount = await ensureUserAccount(database.db, payee.userId, "USD");
    const transferKey = `settle-race:${randomUUID()}`;
    await applyInTransaction([
      {
        transferKey,
        debitAccountId: payerAccount,
        creditAccountId: payeeAccount,
        amountMinor: 400n,
        currency: "USD",
        kind: "test",
        state: "pending",
      },
    ]);
    const outcomes = Array.from({ length: 20 }, (_value, index): "post" | "void" =>
      index % 2 === 0 ? "post" : "void",
    );

    const results = await Promise.allSettled(
      outcomes.map((outcome) =>
        database.db.transaction().execute((trx) => applyLedger(trx, { settle: [{ transferKey, outcome }] })),
      ),
    );

    const row = await database.db
      .selectFrom("ledger_transfers")
      .select("state")
      .where("transfer_key", "=", transferKey)
      .executeTakeFirstOrThrow();
    const winner = row.state === "posted" ? "post" : "void";
    expect(row.state).not.toBe("pending");
    results.forEach((result, index) => {
      // The winning outcome (and its repeats) succeed; every call of the other outcome is a conflict.
      expect(result.status === "fulfilled", `${outcomes[index]} #${index}`).toBe(outcomes[index] === winner);
    });
    expect(countBy(rejectionsOf(results))).toEqual({ "AppError:conflict": 10 });
    expect(await readWallet(database.db, payer.userId, "USD")).toEqual({
      balanceMinor: winner === "post" ? 600n : 1_000n,
      reservedMinor: 0n,
    });
    expect(await readWallet(database.db, payee.userId, "USD")).toEqual({
      balanceMinor: winner === "post" ? 400n : 0n,
      reservedMinor: 0n,
    });
  });
});

describe("transfers under concurrency (HTTP)", () => {
  async function requestCode(
    sender: { email: string; ip: string; cookie: string },
    details: Record<string, unknown>,
  ): Promise<string> {
    const response = await send(ferry.app, {
      method: "POST",
      url: "/api/v1/transfers/verification-code",
      ip: sender.ip,
      cookie: sender.cookie,
      payload: details,
    });
    expect(response.statusCode, response.body).toBe(200);
    return readCodeFromMailbox(ferry.db, sender.email, "Your Ferry transfer code");
  }

  test("the same Idempotency-Key sent 20 times at once moves the money once: one 201, nineteen 200s", async () => {
    const sender = await createSessionUser(ferry, { label: "idem-sender" });
    const [recipient] = await insertBareUsers(ferry.db, 1, "idem-recipient");
    await fundWallet(ferry.db, sender.userId, "USD", 5_000n);
    const details = {
      target: { method: "ferry_user", recipientEmail: recipient.email },
      amount: "12.34",
      currency: "USD",
    };
    const code = await requestCode(sender, details);
    const idempotencyKey = `idem-${randomUUID()}`;

    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(ferry.app, {
          method: "POST",
          url: "/api/v1/transfers",
          ip: sender.ip,
          cookie: sender.cookie,
          headers: { "idempotency-key": idempotencyKey },
          payload: { ...details, code },
        }),
      ),
    );

    expect(countBy(responses.map((response) => String(response.statusCode)))).toEqual({ "201": 1, "200": 19 });
    expect(new Set(responses.map((response) => response.json().id)).size).toBe(1);
    expect(await readWallet(ferry.db, sender.userId, "USD")).toEqual({ balanceMinor: 3_766n, reservedMinor: 0n });
    expect(await readWallet(ferry.db, recipient.userId, "USD")).toEqual({ balanceMinor: 1_234n, reservedMinor: 0n });
    const rows = await ferry.db
      .selectFrom("transfers")
      .select("id")
      .where("sender_user_id", "=", sender.userId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  test("one code sent with 10 different Idempotency-Keys at once pays once; the other nine are refused", async () => {
    const sender = await createSessionUser(ferry, { label: "code-race" });
    const [recipient] = await insertBareUsers(ferry.db, 1, "code-race-recipient");
    await fundWallet(ferry.db, sender.userId, "USD", 5_000n);
    const details = {
      target: { method: "ferry_user", recipientEmail: recipient.email },
      amount: "10.00",
      currency: "USD",
    };
    const code = await requestCode(sender, details);

    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        send(ferry.app, {
          method: "POST",
          url: "/api/v1/transfers",
          ip: sender.ip,
          cookie: sender.cookie,
          headers: { "idempotency-key": `code-race-${randomUUID()}` },
          payload: { ...details, code },
        }),
      ),
    );

    expect(countBy(responses.map((response) => String(response.statusCode)))).toEqual({ "201": 1, "422": 9 });
    expect(
      responses.filter((response) => response.statusCode === 422).every((r) => r.json().error.code === "invalid_code"),
    ).toBe(true);
    expect(await readWallet(ferry.db, sender.userId, "USD")).toEqual({ balanceMinor: 4_000n, reservedMinor: 0n });
  });

  test("one sender's transfers to 8 recipients at once all go through (no deadlock on shared accounts)", async () => {
    const sender = await createSessionUser(ferry, { label: "fan-out" });
    const recipients = await insertBareUsers(ferry.db, 8, "fan-out-recipient");
    await fundWallet(ferry.db, sender.userId, "USD", 100_000n);
    const codes: string[] = [];
    for (const recipient of recipients) {
      codes.push(
        await issueCode(ferry, {
          userId: sender.userId,
          recipientKey: `user:${recipient.userId}`,
          amountMinor: 1_000n,
          currency: "USD",
        }),
      );
    }

    const responses = await Promise.all(
      recipients.map((recipient, index) =>
        send(ferry.app, {
          method: "POST",
          url: "/api/v1/transfers",
          ip: sender.ip,
          cookie: sender.cookie,
          headers: { "idempotency-key": `fan-out-${randomUUID()}` },
          payload: {
            target: { method: "ferry_user", recipientEmail: recipient.email },
            amount: "10.00",
            currency: "USD",
            code: codes[index],
          },
        }),
      ),
    );

    expect(responses.map((response) => `${response.statusCode} ${response.json().error?.code ?? ""}`)).toEqual(
      recipients.map(() => "201 "),
    );
    expect(await readWallet(ferry.db, sender.userId, "USD")).toEqual({ balanceMinor: 92_000n, reservedMinor: 0n });
  });

  test("20 wrong codes sent at once are still only 5 tries: the rest are refused as too many attempts", async () => {
    const sender = await createSessionUser(ferry, { label: "guess-race" });
    const [recipient] = await insertBareUsers(ferry.db, 1, "guess-race-recipient");
    await fundWallet(ferry.db, sender.userId, "USD", 5_000n);
    const details = {
      target: { method: "ferry_user", recipientEmail: recipient.email },
      amount: "10.00",
      currency: "USD",
    };
    const code = await requestCode(sender, details);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");

    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(ferry.app, {
          method: "POST",
          url: "/api/v1/transfers",
          ip: sender.ip,
          cookie: sender.cookie,
          headers: { "idempotency-key": `guess-${randomUUID()}` },
          payload: { ...details, code: wrong },
        }),
      ),
    );

    const messages = responses.map((response) => response.json().error.message as string);
    expect(messages.every((message) => /verification code|attempts/i.test(message))).toBe(true);
    const checked = messages.filter((message) => message === "Invalid verification code").length;
    const attempts = await ferry.db
      .selectFrom("transfer_codes")
      .select("attempts")
      .where("user_id", "=", sender.userId)
      .executeTakeFirstOrThrow();
    expect({ checked, attempts: attempts.attempts }).toEqual({ checked: 5, attempts: 5 });
  });
});
