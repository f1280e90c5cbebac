// Property tests of the ledger against the real PostgreSQL: random sequences of ledger calls over
// fresh accounts, each checked against a small in-memory model of what the ledger must do.
import { randomUUID } from "node:crypto";
import type { TransferStatus } from "@ferry/core/contracts/transfers";
import type { CurrencyCode } from "@ferry/core/currencies";
import { toDecimalString } from "@ferry/core/money";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { systemClock } from "../../apps/server/src/clock.ts";
import type { Config } from "../../apps/server/src/config.ts";
import { type DatabaseHandle, openDatabase } from "../../apps/server/src/db/database.ts";
import { AppError } from "../../apps/server/src/errors.ts";
import {
  applyLedger,
  ensureUserAccount,
  type LedgerOutcome,
  type Settlement,
  systemAccountId,
  type TransferLeg,
} from "../../apps/server/src/modules/ledger/service.ts";
import { issueTransferCode } from "../../apps/server/src/modules/transfers/codes.ts";
import { changeTransferStatus, createTransfer } from "../../apps/server/src/modules/transfers/service.ts";
import { fundWallet, insertBareUsers, readWallet, testConfig } from "./helpers.ts";

/** Bounded so the whole file stays well under a minute on two cores (TIGER_STYLE: explicit limits). */
const SEQUENCE_RUNS = 60;
const MAX_OPERATIONS = 30;
const PROPERTY_TIMEOUT_MS = 180_000;

const CURRENCIES = ["USD", "EUR"] as const satisfies readonly CurrencyCode[];
type TestCurrency = (typeof CURRENCIES)[number];
const USERS_PER_RUN = 3;
/** Slot USERS_PER_RUN of each currency is Ferry's (non-external) fee account: it only ever receives. */
const FEES_SLOT = USERS_PER_RUN;

let database: DatabaseHandle;
let config: Config;

beforeAll(() => {
  database = openDatabase(inject("databaseUrl"), 4);
  config = testConfig();
});

afterAll(async () => {
  await database?.close();
});

/** Applies one ledger call in its own transaction, as every business operation does. */
async function applyInTransaction(request: {
  create?: readonly TransferLeg[];
  settle?: readonly Settlement[];
}): Promise<LedgerOutcome> {
  return database.db.transaction().execute((trx) => applyLedger(trx, request));
}

/** The AppError code a rejected call failed with; anything that is not an AppError fails the test. */
function appErrorCode(error: unknown): string {
  if (error instanceof AppError) {
    return error.code;
  }
  throw error;
}

type Outcome = ({ ok: true } & LedgerOutcome) | { ok: false; code: string };

/** What one ledger call did: the transfers it answered with, or the AppError code it was refused with. */
async function outcomeOf(request: {
  create?: readonly TransferLeg[];
  settle?: readonly Settlement[];
}): Promise<Outcome> {
  try {
    return { ok: true, ...(await applyInTransaction(request)) };
  } catch (error) {
    return { ok: false, code: appErrorCode(error) };
  }
}

// ---------------------------------------------------------------------------------------------
// The model.
// ---------------------------------------------------------------------------------------------

interface ModelAccount {
  readonly id: string;
  readonly currency: TestCurrency;
  readonly isUser: boolean;
  balance: bigint;
  reserved: bigint;
}

interface ModelTransfer {
  readonly leg: TransferLeg;
  state: "pending" | "posted" | "voided";
}

/** What the ledger must hold: the run's wallets (and fee accounts, tracked only as deltas) and its keys. */
class LedgerModel {
  readonly transfers = new Map<string, ModelTransfer>();
  readonly keysInOrder: string[] = [];

  constructor(readonly accounts: Map<string, ModelAccount>) {}

  account(id: string): ModelAccount {
    const account = this.accounts.get(id);
    if (!account) {
      throw new Error(`unknown account ${id}`);
    }
    return account;
  }

  available(id: string): bigint {
    const account = this.account(id);
    return account.balance - account.reserved;
  }

  /** The outcome the ledger must report for new legs (all or nothing), applying them when accepted. */
  create(legs: readonly TransferLeg[]): "ok" | "conflict" | "insufficient_funds" {
    const existing = legs.map((leg) => this.transfers.get(leg.transferKey));
    const isSameAsExisting = (leg: TransferLeg, found: ModelTransfer | undefined) =>
      found !== undefined &&
      found.leg.debitAccountId === leg.debitAccountId &&
      found.leg.creditAccountId === leg.creditAccountId &&
      found.leg.amountMinor === leg.amountMinor &&
      found.leg.currency === leg.currency &&
      found.leg.kind === leg.kind &&
      found.leg.state === leg.state;
    if (legs.some((leg, index) => existing[index] !== undefined && !isSameAsExisting(leg, existing[index]))) {
      return "conflict";
    }
    const fresh = legs.filter((_leg, index) => existing[index] === undefined);
    if (fresh.length === 0) {
      return "ok";
    }
    if (fresh.length < legs.length) {
      return "conflict";
    }
    const draft = new Map([...this.accounts].map(([id, account]) => [id, { ...account }]));
    for (const leg of fresh) {
      const debit = draft.get(leg.debitAccountId);
      const credit = draft.get(leg.creditAccountId);
      if (!debit || !credit) {
        throw new Error("model legs only use model accounts");
      }
      if (leg.state === "pending") {
        debit.reserved += leg.amountMinor;
      } else {
        debit.balance -= leg.amountMinor;
        credit.balance += leg.amountMinor;
      }
    }
    // Only user wallets are checked: the fee accounts here only ever receive.
    if ([...draft.values()].some((account) => account.isUser && account.balance - account.reserved < 0n)) {
      return "insufficient_funds";
    }
    for (const [id, account] of draft) {
      const target = this.account(id);
      target.balance = account.balance;
      target.reserved = account.reserved;
    }
    for (const leg of fresh) {
      this.transfers.set(leg.transferKey, { leg, state: leg.state });
      this.keysInOrder.push(leg.transferKey);
    }
    return "ok";
  }

  settle(transferKey: string, outcome: "post" | "void"): "ok" | "conflict" {
    const transfer = this.transfers.get(transferKey);
    if (!transfer) {
      throw new Error("the model settles only known keys");
    }
    const wanted = outcome === "post" ? "posted" : "voided";
    if (transfer.state === wanted) {
      return "ok";
    }
    if (transfer.state !== "pending") {
      return "conflict";
    }
    const debit = this.account(transfer.leg.debitAccountId);
    const credit = this.account(transfer.leg.creditAccountId);
    debit.reserved -= transfer.leg.amountMinor;
    if (outcome === "post") {
      debit.balance -= transfer.leg.amountMinor;
      credit.balance += transfer.leg.amountMinor;
    }
    transfer.state = wanted;
    return "ok";
  }
}

// ---------------------------------------------------------------------------------------------
// The operations, as plain data so fast-check can shrink a failing sequence.
// ---------------------------------------------------------------------------------------------

type Operation =
  | {
      type: "transfer";
      state: "posted" | "pending";
      currency: TestCurrency;
      from: number;
      toChoice: number;
      amountMinor: bigint;
    }
  | {
      type: "overdraw";
      state: "posted" | "pending";
      currency: TestCurrency;
      from: number;
      toChoice: number;
      extraMinor: bigint;
    }
  | {
      /** A transfer and its fee in one call, as a bank transfer is booked; with `replayPick`, an earlier leg rides along. */
      type: "pair";
      state: "posted" | "pending";
      currency: TestCurrency;
      from: number;
      toChoice: number;
      amountMinor: bigint;
      feeMinor: bigint;
      replayPick: number | null;
    }
  | { type: "settle"; outcome: "post" | "void"; pick: number }
  | { type: "replay"; pick: number; change: "none" | "amount" | "debit" | "credit" | "kind" };

const currencyArb = fc.constantFrom(...CURRENCIES);
const stateArb = fc.constantFrom<"posted" | "pending">("posted", "pending");
const fromArb = fc.nat(USERS_PER_RUN - 1);
/** Index among the other slots of the currency (the other users and the fee account). */
const toChoiceArb = fc.nat(USERS_PER_RUN - 1);

const operationArb: fc.Arbitrary<Operation> = fc.oneof(
  {
    arbitrary: fc.record({
      type: fc.constant("transfer" as const),
      state: stateArb,
      currency: currencyArb,
      from: fromArb,
      toChoice: toChoiceArb,
      amountMinor: fc.bigInt(1n, 4_000n),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      type: fc.constant("overdraw" as const),
      state: stateArb,
      currency: currencyArb,
      from: fromArb,
      toChoice: toChoiceArb,
      extraMinor: fc.bigInt(1n, 1_000n),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      type: fc.constant("pair" as const),
      state: stateArb,
      currency: currencyArb,
      from: fromArb,
      toChoice: toChoiceArb,
      amountMinor: fc.bigInt(1n, 4_000n),
      feeMinor: fc.bigInt(1n, 100n),
      replayPick: fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: fc.nat(), weight: 1 }),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      type: fc.constant("settle" as const),
      outcome: fc.constantFrom<"post" | "void">("post", "void"),
      pick: fc.nat(),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      type: fc.constant("replay" as const),
      pick: fc.nat(),
      change: fc.constantFrom<"none" | "amount" | "debit" | "credit" | "kind">(
        "none",
        "amount",
        "debit",
        "credit",
        "kind",
      ),
    }),
    weight: 2,
  },
);

/** One run's fresh accounts: per currency, USERS_PER_RUN wallets then the fee account. */
interface RunAccounts {
  readonly runId: string;
  readonly slots: Record<TestCurrency, string[]>;
  readonly walletIds: string[];
  readonly feeAccountIds: Record<TestCurrency, string>;
  readonly depositAccountIds: Record<TestCurrency, string>;
}

async function createRunAccounts(): Promise<RunAccounts> {
  const users = await insertBareUsers(database.db, USERS_PER_RUN, "prop");
  const slots = { USD: [] as string[], EUR: [] as string[] };
  const feeAccountIds = { USD: "", EUR: "" };
  const depositAccountIds = { USD: "", EUR: "" };
  for (const currency of CURRENCIES) {
    for (const user of users) {
      slots[currency].push(await ensureUserAccount(database.db, user.userId, currency));
    }
    feeAccountIds[currency] = await systemAccountId(database.db, currency, "fees");
    depositAccountIds[currency] = await systemAccountId(database.db, currency, "bank_deposits");
    slots[currency].push(feeAccountIds[currency]);
  }
  return {
    runId: randomUUID(),
    slots,
    walletIds: [...slots.USD.slice(0, FEES_SLOT), ...slots.EUR.slice(0, FEES_SLOT)],
    feeAccountIds,
    depositAccountIds,
  };
}

function receiverSlot(from: number, toChoice: number): number {
  const candidates = Array.from({ length: USERS_PER_RUN + 1 }, (_value, index) => index).filter(
    (index) => index !== from,
  );
  return candidates[toChoice % candidates.length];
}

/** Every wallet of the run as the database holds it, compared with the model. */
async function expectWalletsMatchModel(run: RunAccounts, model: LedgerModel, step: string): Promise<void> {
  const rows = await database.db
    .selectFrom("ledger_accounts")
    .select(["id", "balance", "reserved"])
    .where("id", "in", run.walletIds)
    .execute();
  const actual = Object.fromEntries(rows.map((row) => [row.id, `${row.balance}/${row.reserved}`]));
  const expected = Object.fromEntries(
    run.walletIds.map((id) => [id, `${model.account(id).balance}/${model.account(id).reserved}`]),
  );
  expect(actual, step).toEqual(expected);
}

/**
 * Conservation restricted to this run (the ledger is shared with tests running in parallel): per
 * currency, the run's wallets plus what its transfers credited to the fee account equal what its
 * deposits brought in; and each wallet's balance and reserve equal its transfer history.
 */
async function expectRunConservesMoney(run: RunAccounts, model: LedgerModel): Promise<void> {
  const rows = await database.db
    .selectFrom("ledger_transfers")
    .select(["debit_account_id", "credit_account_id", "amount", "currency", "state"])
    .where("transfer_key", "like", `prop:${run.runId}:%`)
    .execute();
  expect(rows.length).toBe(model.transfers.size);
  for (const currency of CURRENCIES) {
    const inCurrency = rows.filter((row) => row.currency === currency && row.state === "posted");
    const sumOf = (predicate: (row: (typeof rows)[number]) => boolean) =>
      inCurrency.filter(predicate).reduce((sum, row) => sum + BigInt(row.amount), 0n);
    const deposited = sumOf((row) => row.debit_account_id === run.depositAccountIds[currency]);
    const toFees = sumOf((row) => row.credit_account_id === run.feeAccountIds[currency]);
    const wallets = run.slots[currency].slice(0, FEES_SLOT);
    const held = wallets.reduce((sum, id) => sum + model.account(id).balance, 0n);
    expect(held + toFees - deposited, `${currency} is conserved`).toBe(0n);
    const dbHeld = await database.db
      .selectFrom("ledger_accounts")
      .select(sql<string>`sum(balance)::text`.as("total"))
      .where("id", "in", wallets)
      .executeTakeFirstOrThrow();
    expect(BigInt(dbHeld.total)).toBe(held);
  }
  for (const id of run.walletIds) {
    const credited = rows
      .filter((row) => row.credit_account_id === id && row.state === "posted")
      .reduce((sum, row) => sum + BigInt(row.amount), 0n);
    const debited = rows
      .filter((row) => row.debit_account_id === id && row.state === "posted")
      .reduce((sum, row) => sum + BigInt(row.amount), 0n);
    const pending = rows
      .filter((row) => row.debit_account_id === id && row.state === "pending")
      .reduce((sum, row) => sum + BigInt(row.amount), 0n);
    expect({ balance: credited - debited, reserved: pending }).toEqual({
      balance: model.account(id).balance,
      reserved: model.account(id).reserved,
    });
  }
}

function expectOutcome(actual: Outcome, expected: string, step: string): void {
  expect(actual.ok ? "ok" : actual.code, step).toBe(expected);
}

async function runSequence(funding: readonly bigint[], operations: readonly Operation[]): Promise<void> {
  const run = await createRunAccounts();
  const accounts = new Map<string, ModelAccount>();
  for (const currency of CURRENCIES) {
    run.slots[currency].forEach((id, slot) => {
      accounts.set(id, { id, currency, isUser: slot !== FEES_SLOT, balance: 0n, reserved: 0n });
    });
    accounts.set(run.depositAccountIds[currency], {
      id: run.depositAccountIds[currency],
      currency,
      isUser: false,
      balance: 0n,
      reserved: 0n,
    });
  }
  const model = new LedgerModel(accounts);
  let counter = 0;
  const nextKey = () => `prop:${run.runId}:${counter++}`;

  // Fund the wallets from the external deposit account (it may go negative).
  const fundingLegs: TransferLeg[] = run.walletIds.flatMap((walletId, index) => {
    const amountMinor = funding[index] ?? 0n;
    if (amountMinor === 0n) {
      return [];
    }
    const currency = model.account(walletId).currency;
    return [
      {
        transferKey: nextKey(),
        debitAccountId: run.depositAccountIds[currency],
        creditAccountId: walletId,
        amountMinor,
        currency,
        kind: "deposit",
        state: "posted" as const,
      },
    ];
  });
  if (fundingLegs.length > 0) {
    expectOutcome(await outcomeOf({ create: fundingLegs }), model.create(fundingLegs), "funding");
  }
  await expectWalletsMatchModel(run, model, "after funding");

  for (const [index, operation] of operations.entries()) {
    const step = `operation ${index}: ${JSON.stringify(operation, (_key, value) => (typeof value === "bigint" ? `${value}n` : value))}`;
    if (operation.type === "transfer" || operation.type === "overdraw") {
      const slots = run.slots[operation.currency];
      const debitAccountId = slots[operation.from];
      const creditAccountId = slots[receiverSlot(operation.from, operation.toChoice)];
      const amountMinor =
        operation.type === "transfer" ? operation.amountMinor : model.available(debitAccountId) + operation.extraMinor;
      const leg: TransferLeg = {
        transferKey: nextKey(),
        debitAccountId,
        creditAccountId,
        amountMinor,
        currency: operation.currency,
        kind: "test",
        state: operation.state,
      };
      const expected = model.create([leg]);
      if (operation.type === "overdraw") {
        expect(expected, "the model agrees an overdraft is refused").toBe("insufficient_funds");
      }
      const actual = await outcomeOf({ create: [leg] });
      expectOutcome(actual, expected, step);
      if (actual.ok) {
        expect(actual.transfers.map((transfer) => transfer.state)).toEqual([leg.state]);
        expect(actual.isReplay, "a new leg is no replay").toBe(false);
      }
    } else if (operation.type === "pair") {
      const slots = run.slots[operation.currency];
      const debitAccountId = slots[operation.from];
      const principal: TransferLeg = {
        transferKey: nextKey(),
        debitAccountId,
        creditAccountId: slots[receiverSlot(operation.from, operation.toChoice)],
        amountMinor: operation.amountMinor,
        currency: operation.currency,
        kind: "test",
        state: operation.state,
      };
      const fee: TransferLeg = {
        ...principal,
        transferKey: nextKey(),
        creditAccountId: run.feeAccountIds[operation.currency],
        amountMinor: operation.feeMinor,
        kind: "test-fee",
      };
      const earlier =
        operation.replayPick === null || model.keysInOrder.length === 0
          ? undefined
          : model.transfers.get(model.keysInOrder[operation.replayPick % model.keysInOrder.length]);
      // An earlier leg (same content) next to a new one: half replayed, half new, which the ledger refuses.
      const legs = earlier ? [earlier.leg, principal] : [principal, fee];
      const expected = model.create(legs);
      if (earlier) {
        expect(expected, "the model refuses a half-replayed call").toBe("conflict");
      }
      const actual = await outcomeOf({ create: legs });
      expectOutcome(actual, expected, step);
      if (actual.ok) {
        expect(actual.transfers.map((transfer) => transfer.transferKey).sort()).toEqual(
          legs.map((leg) => leg.transferKey).sort(),
        );
        expect(actual.isReplay, "new legs are no replay").toBe(false);
      }
    } else if (operation.type === "settle") {
      const pendingKeys = model.keysInOrder.filter((key) => model.transfers.get(key)?.leg.state === "pending");
      if (pendingKeys.length === 0) {
        continue;
      }
      const transferKey = pendingKeys[operation.pick % pendingKeys.length];
      const wasSettled = model.transfers.get(transferKey)?.state !== "pending";
      const expected = model.settle(transferKey, operation.outcome);
      const actual = await outcomeOf({ settle: [{ transferKey, outcome: operation.outcome }] });
      expectOutcome(actual, expected, step);
      if (actual.ok) {
        expect(actual.transfers.map((transfer) => transfer.state)).toEqual([model.transfers.get(transferKey)?.state]);
        expect(actual.isReplay, "settling again the same way is a replay").toBe(wasSettled);
      }
    } else {
      const userKeys = model.keysInOrder;
      const original = model.transfers.get(userKeys[operation.pick % userKeys.length]);
      if (!original) {
        continue;
      }
      const { leg } = original;
      const slots = run.slots[leg.currency as TestCurrency];
      const otherThan = (...ids: string[]) => slots.slice(0, FEES_SLOT).find((id) => !ids.includes(id)) ?? slots[0];
      const replayed: TransferLeg = {
        ...leg,
        amountMinor: operation.change === "amount" ? leg.amountMinor + 1n : leg.amountMinor,
        debitAccountId:
          operation.change === "debit" ? otherThan(leg.debitAccountId, leg.creditAccountId) : leg.debitAccountId,
        creditAccountId:
          operation.change === "credit" ? otherThan(leg.debitAccountId, leg.creditAccountId) : leg.creditAccountId,
        kind: operation.change === "kind" ? `${leg.kind}-changed` : leg.kind,
      };
      const expected = model.create([replayed]);
      expect(expected, "a replay never moves money in the model").toBe(operation.change === "none" ? "ok" : "conflict");
      const actual = await outcomeOf({ create: [replayed] });
      expectOutcome(actual, expected, step);
      if (actual.ok) {
        // A replay answers with the first transfer as it stands now, and says it moved nothing.
        expect(actual.isReplay).toBe(true);
        expect(actual.transfers).toEqual([
          expect.objectContaining({
            transferKey: leg.transferKey,
            amountMinor: leg.amountMinor,
            state: original.state,
          }),
        ]);
      }
    }
    await expectWalletsMatchModel(run, model, step);
  }
  await expectRunConservesMoney(run, model);
}

describe("ledger properties", () => {
  test(
    "random sequences of posted, pending, settled, replayed and overdrawing transfers match the model",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.bigInt(0n, 10_000n), { minLength: USERS_PER_RUN * 2, maxLength: USERS_PER_RUN * 2 }),
          fc.array(operationArb, { minLength: 1, maxLength: MAX_OPERATIONS, size: "max" }),
          runSequence,
        ),
        { numRuns: SEQUENCE_RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  test(
    "a two-leg call whose other leg overdraws applies neither leg",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            fundingMinor: fc.bigInt(1n, 10_000n),
            otherFundingMinor: fc.bigInt(0n, 10_000n),
            firstShare: fc.double({ min: 0, max: 1, noNaN: true }),
            overdrawMinor: fc.bigInt(1n, 5_000n),
            /** Whether the overdrawing leg debits the same wallet as the good leg, or another one. */
            isSameDebit: fc.boolean(),
            isOverdrawFirst: fc.boolean(),
            goodState: stateArb,
            badState: stateArb,
          }),
          async (input) => {
            const [payer, other, payee] = await insertBareUsers(database.db, 3, "atomic");
            const payerWallet = await fundWallet(database.db, payer.userId, "USD", input.fundingMinor);
            const otherWallet =
              input.otherFundingMinor > 0n
                ? await fundWallet(database.db, other.userId, "USD", input.otherFundingMinor)
                : await ensureUserAccount(database.db, other.userId, "USD");
            const payeeWallet = await ensureUserAccount(database.db, payee.userId, "USD");
            // The good leg alone always fits: between 1 and the whole funding.
            const goodMinor = 1n + BigInt(Math.floor(Number(input.fundingMinor - 1n) * input.firstShare));
            const badDebit = input.isSameDebit ? payerWallet : otherWallet;
            const badMinor = input.isSameDebit
              ? input.fundingMinor - goodMinor + input.overdrawMinor
              : input.otherFundingMinor + input.overdrawMinor;
            const runId = randomUUID();
            const good: TransferLeg = {
              transferKey: `atomic:${runId}:good`,
              debitAccountId: payerWallet,
              creditAccountId: payeeWallet,
              amountMinor: goodMinor,
              currency: "USD",
              kind: "test",
              state: input.goodState,
            };
            const bad: TransferLeg = {
              transferKey: `atomic:${runId}:bad`,
              debitAccountId: badDebit,
              creditAccountId: payeeWallet,
              amountMinor: badMinor,
              currency: "USD",
              kind: "test",
              state: input.badState,
            };
            const before = await Promise.all(
              [payer, other, payee].map((user) => readWallet(database.db, user.userId, "USD")),
            );

            const outcome = await outcomeOf({ create: input.isOverdrawFirst ? [bad, good] : [good, bad] });

            expectOutcome(outcome, "insufficient_funds", "the call is refused");
            const after = await Promise.all(
              [payer, other, payee].map((user) => readWallet(database.db, user.userId, "USD")),
            );
            expect(after).toEqual(before);
            const written = await database.db
              .selectFrom("ledger_transfers")
              .select("transfer_key")
              .where("transfer_key", "like", `atomic:${runId}:%`)
              .execute();
            expect(written).toEqual([]);
            // The good leg alone still goes through: it was refused only because of its partner.
            expectOutcome(await outcomeOf({ create: [good] }), "ok", "the good leg alone");
          },
        ),
        { numRuns: 20 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  test(
    "any sequence of admin status changes leaves the transfer's money exactly where its status says",
    async () => {
      const [admin] = await insertBareUsers(database.db, 1, "prop-admin");
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom<"bank" | "ferry_user">("bank", "ferry_user"),
          fc.bigInt(1n, 5_000n),
          fc.array(fc.constantFrom<TransferStatus>("pending", "processed", "sent", "failed", "cancelled"), {
            minLength: 1,
            maxLength: 8,
          }),
          async (method, amountMinor, statuses) => {
            const [sender, receiver] = await insertBareUsers(database.db, 2, "lifecycle");
            const fundingMinor = 10_000n;
            await fundWallet(database.db, sender.userId, "USD", fundingMinor);
            let recipientKey = `user:${receiver.userId}`;
            let target: { method: "bank"; recipientId: string } | { method: "ferry_user"; recipientEmail: string } = {
              method: "ferry_user",
              recipientEmail: receiver.email,
            };
            if (method === "bank") {
              const recipient = await database.db
                .insertInto("recipients")
                .values({
                  user_id: sender.userId,
                  type: "bank",
                  name: "Erika Mustermann",
                  email: "erika@example.com",
                  currency: "USD",
                  bank_name: "Deutsche Bank",
                  country: "DE",
                  account_number: "DE89370400440532013000",
                  swift_code: "DEUTDEFF",
                })
                .returning("id")
                .executeTakeFirstOrThrow();
              recipientKey = `recipient:${recipient.id}`;
              target = { method: "bank", recipientId: recipient.id };
            }
            const feeMinor = method === "bank" ? (amountMinor * 50n + 9_999n) / 10_000n : 0n; // 0.5 %, rounded up
            const amount = toDecimalString(amountMinor, "USD");
            const { code } = await issueTransferCode(
              database.db,
              { secret: config.authSecret, clock: systemClock },
              { userId: sender.userId, recipientKey, amountMinor, currency: "USD" },
            );
            const {
              transfer: { id: transferId },
            } = await createTransfer(database.db, config, systemClock, sender, `prop-${randomUUID()}`, {
              target,
              amount,
              currency: "USD",
              code,
            });

            /** Where a status leaves the money (DESIGN.md, deliberate difference 7). */
            const expectedWallets = (status: string) => {
              const isReserved = status === "pending" || status === "processed";
              const isPosted = status === "sent";
              return {
                sender: {
                  balanceMinor: isPosted ? fundingMinor - amountMinor - feeMinor : fundingMinor,
                  reservedMinor: isReserved ? amountMinor + feeMinor : 0n,
                },
                receiver: { balanceMinor: isPosted && method === "ferry_user" ? amountMinor : 0n, reservedMinor: 0n },
              };
            };
            let current: TransferStatus = method === "ferry_user" ? "sent" : "pending";
            let changes = 0;
            for (const status of statuses) {
              const result = await changeTransferStatus(
                database.db,
                config,
                { userId: admin.userId, clientAddress: null },
                transferId,
                status,
              );
              expect(result.isChanged, `${current} -> ${status}`).toBe(status !== current);
              if (status !== current) {
                changes += 1;
              }
              current = status;
              const wallets = {
                sender: await readWallet(database.db, sender.userId, "USD"),
                receiver: await readWallet(database.db, receiver.userId, "USD"),
              };
              expect(wallets, `after -> ${status}`).toEqual(expectedWallets(status));
            }
            const audit = await database.db
              .selectFrom("transfer_status_changes")
              .select(["from_status", "to_status"])
              .where("transfer_id", "=", transferId)
              .execute();
            expect(audit).toHaveLength(changes);
            // Every ledger row of this transfer, netted, moved exactly what the final status says.
            const legs = await database.db
              .selectFrom("ledger_transfers")
              .select(["debit_account_id", "credit_account_id", "amount", "state"])
              .where("reference_type", "=", "transfer")
              .where("reference_id", "=", transferId)
              .execute();
            const senderWallet = await ensureUserAccount(database.db, sender.userId, "USD");
            const netOut = legs
              .filter((leg) => leg.state === "posted")
              .reduce(
                (sum, leg) =>
                  sum +
                  (leg.debit_account_id === senderWallet ? BigInt(leg.amount) : 0n) -
                  (leg.credit_account_id === senderWallet ? BigInt(leg.amount) : 0n),
                0n,
              );
            expect(netOut).toBe(current === "sent" ? amountMinor + feeMinor : 0n);
          },
        ),
        { numRuns: 15 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});

describe("ledger rules", () => {
  test("the database itself refuses an overdraft of a wallet, even without the ledger's check", async () => {
    const [user] = await insertBareUsers(database.db, 1, "check");
    const walletId = await fundWallet(database.db, user.userId, "USD", 100n);

    const overdraw = database.db
      .updateTable("ledger_accounts")
      .set({ balance: "-1" })
      .where("id", "=", walletId)
      .execute();
    await expect(overdraw).rejects.toMatchObject({ code: "23514", constraint: "ledger_accounts_no_overdraft" });
    const overReserve = database.db
      .updateTable("ledger_accounts")
      .set({ reserved: "101" })
      .where("id", "=", walletId)
      .execute();
    await expect(overReserve).rejects.toMatchObject({ code: "23514", constraint: "ledger_accounts_no_overdraft" });
    expect(await readWallet(database.db, user.userId, "USD")).toEqual({ balanceMinor: 100n, reservedMinor: 0n });
  });

  test("settling a transfer key that was never created is not_found and changes nothing", async () => {
    const outcome = await outcomeOf({ settle: [{ transferKey: `missing:${randomUUID()}`, outcome: "post" }] });

    expectOutcome(outcome, "not_found", "unknown key");
  });

  test("replaying a transferKey with a different state (posted instead of pending) is a conflict", async () => {
    const [payer, payee] = await insertBareUsers(database.db, 2, "replay-state");
    const payerWallet = await fundWallet(database.db, payer.userId, "USD", 1_000n);
    const payeeWallet = await ensureUserAccount(database.db, payee.userId, "USD");
    const pending: TransferLeg = {
      transferKey: `replay-state:${randomUUID()}`,
      debitAccountId: payerWallet,
      creditAccountId: payeeWallet,
      amountMinor: 400n,
      currency: "USD",
      kind: "test",
      state: "pending",
    };
    expectOutcome(await outcomeOf({ create: [pending] }), "ok", "the pending transfer");

    // A caller that asks for the money to be moved (posted) must not be told "done" while it is only reserved.
    const replay = await outcomeOf({ create: [{ ...pending, state: "posted" }] });

    expect(await readWallet(database.db, payer.userId, "USD")).toEqual({ balanceMinor: 1_000n, reservedMinor: 400n });
    expectOutcome(replay, "conflict", "the same key with another state");
  });

  test("replaying a posted transferKey as pending (a reserve) is a conflict", async () => {
    const [payer, payee] = await insertBareUsers(database.db, 2, "replay-state");
    const payerWallet = await fundWallet(database.db, payer.userId, "USD", 1_000n);
    const payeeWallet = await ensureUserAccount(database.db, payee.userId, "USD");
    const posted: TransferLeg = {
      transferKey: `replay-state:${randomUUID()}`,
      debitAccountId: payerWallet,
      creditAccountId: payeeWallet,
      amountMinor: 400n,
      currency: "USD",
      kind: "test",
      state: "posted",
    };
    expectOutcome(await outcomeOf({ create: [posted] }), "ok", "the posted transfer");

    // A caller that only wants the money reserved (and may void it later) must not be told "done"
    // by a transfer that already moved it.
    const replay = await outcomeOf({ create: [{ ...posted, state: "pending" }] });

    expect(await readWallet(database.db, payer.userId, "USD")).toEqual({ balanceMinor: 600n, reservedMinor: 0n });
    expectOutcome(replay, "conflict", "the same key asking for a reserve");
  });

  test("replaying a pending transferKey after it was posted or voided answers with it and moves nothing", async () => {
    const [payer, payee] = await insertBareUsers(database.db, 2, "replay-settled");
    const payerWallet = await fundWallet(database.db, payer.userId, "USD", 1_000n);
    const payeeWallet = await ensureUserAccount(database.db, payee.userId, "USD");
    const leg = (outcome: string): TransferLeg => ({
      transferKey: `replay-settled:${outcome}:${randomUUID()}`,
      debitAccountId: payerWallet,
      creditAccountId: payeeWallet,
      amountMinor: 100n,
      currency: "USD",
      kind: "test",
      state: "pending",
    });
    const toPost = leg("post");
    const toVoid = leg("void");
    expectOutcome(await outcomeOf({ create: [toPost, toVoid] }), "ok", "two reserves");
    expectOutcome(
      await outcomeOf({
        settle: [
          { transferKey: toPost.transferKey, outcome: "post" },
          { transferKey: toVoid.transferKey, outcome: "void" },
        ],
      }),
      "ok",
      "settled",
    );

    const replay = await outcomeOf({ create: [toPost, toVoid] });

    expect(replay.ok ? replay.transfers.map((transfer) => transfer.state).sort() : replay.code).toEqual([
      "posted",
      "voided",
    ]);
    expect(replay.ok && replay.isReplay, "the replay says it moved nothing").toBe(true);
    expect(await readWallet(database.db, payer.userId, "USD")).toEqual({ balanceMinor: 900n, reservedMinor: 0n });
    expect(await readWallet(database.db, payee.userId, "USD")).toEqual({ balanceMinor: 100n, reservedMinor: 0n });
  });
});
